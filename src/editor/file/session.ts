/**
 * One editing session of a file as one reducer: the draft with its undo and redo history, the
 * file as this editor last saw it on disk (its hash, value and text), a merge waiting for the
 * person's choice or a file on disk that could not be merged, and the block chosen. Pure: the
 * hooks around it (use-session.ts, use-save.ts, use-tab-sync.ts) call the server and the
 * browser's storage, say here what happened, and take new block keys from the caller.
 */
import type { MergeResult } from '../../content/merge';
import { blocksOf, duplicateBlock, insertBlock, moveBlock, removeBlock } from './block-operations';
import type { Json, Snapshot } from './snapshot';
import { keysAfterMerge } from './keys-after-merge';

/** Both sides changed the same field: the three versions, and what merging them gives so far. */
export interface Merging {
  base: Json;
  theirs: Json;
  mine: Json;
  result: MergeResult;
  /** Who made theirs, and when, in words, when that is known (a colleague's publish brought in). */
  source?: string;
}

/** What is on disk and this editor's draft. */
export interface SessionState {
  present: Snapshot;
  past: Snapshot[];
  future: Snapshot[];
  /** The field last typed in, and when: typing on in the same field stays one step. */
  lastKey: string | null;
  lastAt: number;
  /** The hash of the file the draft is based on; null for a file not on disk yet. */
  base: string | null;
  /** The file as last read or written; null for a file not on disk yet. */
  savedValue: Json | null;
  savedText: string;
  /** Edits to the same field on both sides, waiting for the person to choose. */
  merging: Merging | null;
  /** The file on disk that could not be merged (it is no JSON), with its hash, to show as a diff. */
  conflict: { text: string; hash: string } | null;
  /** The block chosen in the outline, or the file's own fields. */
  selected: number | 'file';
  /**
   * The draft in the browser's storage that this one was made from: read as the file opened,
   * taken in from another tab, or last written by this one (null: none). Each write says it, so
   * that a tab that had not taken in the draft stored before it is merged from the right one.
   */
  shared: Json | null;
}

export type SessionAction =
  /** A change typed in a field (`key` names it; null for a change that is a step on its own). */
  | { type: 'change'; next: Snapshot; key: string | null; at: number }
  | { type: 'move'; from: number; to: number }
  | { type: 'insert'; at: number; block: Json; key: string }
  | { type: 'duplicate'; index: number; key: string }
  | { type: 'remove'; index: number }
  /** The file on disk is now `value` (written by this editor, or read by a merge). */
  | { type: 'saved'; hash: string; value: Json; text: string }
  /**
   * The draft becomes `value` as one step (a merge, a discard, a restored version); a block that
   * is no draft's own takes the next of `fresh`. `shared`: the other tab's stored draft it took in.
   */
  | { type: 'merged'; value: Json; fresh: string[]; shared?: Json }
  /** The draft in the browser's storage is `value`, which this draft holds (written by it, or the same); null: none. */
  | { type: 'shared'; value: Json | null }
  /** A merge waiting for the person (null: chosen, or put aside), or a file on disk that could not be merged (null: closed). */
  | { type: 'conflict'; merging: Merging | null }
  | { type: 'conflict'; onDisk: { text: string; hash: string } | null }
  | { type: 'select'; selected: number | 'file' }
  | { type: 'undo' }
  | { type: 'redo' };

/** How many steps are kept per file. */
export const HISTORY_LIMIT = 200;
/** Changes to one field closer together than this are one step. */
const TYPING_PAUSE_MS = 1000;

/** `next` as a step of the history; typing on in one field (`key`) within a pause stays the step it began. */
const step = (state: SessionState, next: Snapshot, key: string | null, at: number): SessionState => {
  const typingOn = key !== null && key === state.lastKey && at - state.lastAt < TYPING_PAUSE_MS;
  return {
    ...state,
    present: next,
    past: typingOn ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT),
    future: [],
    lastKey: key,
    lastAt: at,
  };
};

/** A block operation as one step that chooses the block left in view; nothing where the operation changes nothing. */
const blockStep = (state: SessionState, next: Snapshot, selected: number | 'file'): SessionState =>
  next === state.present ? state : { ...step(state, next, null, 0), selected };

/** The next state of the session after `action`. */
export function session(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'change':
      return step(state, action.next, action.key, action.at);
    case 'move':
      return blockStep(state, moveBlock(state.present, action.from, action.to), action.to);
    case 'insert':
      return blockStep(state, insertBlock(state.present, action.at, action.block, action.key), action.at);
    case 'duplicate':
      return blockStep(state, duplicateBlock(state.present, action.index, action.key), action.index + 1);
    case 'remove': {
      const left = blocksOf(state.present.value).length - 1;
      return blockStep(state, removeBlock(state.present, action.index), left === 0 ? 'file' : Math.min(action.index, left - 1));
    }
    case 'saved':
      return { ...state, base: action.hash, savedValue: action.value, savedText: action.text };
    case 'merged': {
      const keys = keysAfterMerge(state.present, action.value, action.fresh);
      const next = step(state, { value: action.value, keys }, null, 0);
      return action.shared ? { ...next, shared: action.shared } : next;
    }
    case 'shared':
      return state.shared === action.value ? state : { ...state, shared: action.value };
    case 'conflict':
      return 'merging' in action ? { ...state, merging: action.merging } : { ...state, conflict: action.onDisk };
    case 'select':
      return { ...state, selected: action.selected };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        present: previous,
        past: state.past.slice(0, -1),
        future: [state.present, ...state.future],
        lastKey: null,
        lastAt: 0,
      };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      return { ...state, present: next, past: [...state.past, state.present], future: state.future.slice(1), lastKey: null, lastAt: 0 };
    }
  }
}
