/**
 * A file's History as one reducer: its versions, what is shown (one version, or two compared),
 * the compare form's two sides, a Restore waiting to be confirmed, an undo whose conflicts wait
 * for the person's choices, and what the page says. Pure: the page reads from the server and
 * says here what came back.
 */
import type { Comparison, EditorModel, History, Version } from '../../../content/api-types';
import type { Side } from '../../../content/merge';
import type { Undone } from '../../../content/undo-types';

/** The file as saved now, in the compare form's "To". */
export const NOW = 'disk';

/** An undo a later change met: the answer with its conflicts, and the side chosen for each so far. */
export interface UndoAsked {
  version: Version;
  answer: Undone;
  /** For each conflict: 'mine' keeps the later change (chosen until the person picks), 'theirs' takes it back. */
  choices: Side[];
  /** The editor's model, for the fields' titles. */
  model: EditorModel;
}

/** What the page draws: one version as the site draws it, or two compared (null until read). */
export type Shown =
  | { kind: 'version'; version: Version; value: Record<string, unknown> | null }
  | { kind: 'compare'; from: string; to: string; comparison: Comparison | null; values: [unknown, unknown] | null };

export interface HistoryState {
  /** The versions as read; null until the first answer. */
  history: History | null;
  /** The file's title in its newest version ("Home" for the home page); empty until read, or when it has none. */
  title: string;
  /** Why the history could not be read. */
  error: string;
  shown: Shown | null;
  /** A version is being restored, or a change undone. */
  busy: boolean;
  /** The version whose Restore waits for the person to confirm, having been told what it takes back. */
  confirming: Version | null;
  /** The file has changes saved here and not yet published, which restoring takes back too. */
  savedHere: boolean;
  /** An undo waiting for the person's choices. */
  undo: UndoAsked | null;
  /** What the page says in its status line. */
  status: string;
  /** The compare form's two sides: commits, or NOW. */
  from: string;
  to: string;
  /** The file is on disk (false: it was deleted). */
  onDisk: boolean;
  /** Opened from Changes (?compare=<commit>): that version is compared with the file as saved once the history is read, then forgotten. */
  compareFirst: string | null;
}

export type HistoryAction =
  | { type: 'read'; history: History; onDisk: boolean }
  | { type: 'readFailed'; message: string }
  | { type: 'newestRead'; path: string; version: Version; value: Record<string, unknown> | null; show: boolean }
  | { type: 'showStarted'; version: Version }
  | { type: 'versionRead'; version: Version; value: Record<string, unknown> | null }
  | { type: 'compareStarted'; from: string; to: string }
  | { type: 'compared'; from: string; to: string; comparison: Comparison; values: [unknown, unknown] }
  | { type: 'failed'; message: string }
  | { type: 'restoreAsked'; version: Version; savedHere: boolean }
  | { type: 'restoreCancelled' }
  | { type: 'restoreStarted' }
  | { type: 'restoreFailed'; message: string }
  | { type: 'undoStarted'; version: Version }
  | { type: 'undoAsked'; version: Version; answer: Undone; model: EditorModel }
  | { type: 'undoPicked'; index: number; side: Side }
  | { type: 'undoCancelled' }
  | { type: 'undoFailed'; message: string }
  | { type: 'fromChosen'; commit: string }
  | { type: 'toChosen'; commit: string };

/** History before anything is read; `compareFirst`: the version ?compare= names, if any. */
export const initialHistory = (compareFirst: string | null): HistoryState => ({
  history: null,
  title: '',
  error: '',
  shown: null,
  busy: false,
  confirming: null,
  savedHere: false,
  undo: null,
  status: '',
  from: '',
  to: NOW,
  onDisk: true,
  compareFirst,
});

/** The versions a person can show, compare and restore: every one but a deletion. */
export const versionsOf = (history: History | null): Version[] =>
  (history?.versions ?? []).filter((version) => version.change !== 'deleted');

/** History: the state after `action`. */
export function historyState(state: HistoryState, action: HistoryAction): HistoryState {
  switch (action.type) {
    case 'read': {
      const kept = versionsOf(action.history);
      return {
        ...state,
        history: action.history,
        onDisk: action.onDisk,
        // The form starts on the newest change: the version before the newest, to the file as saved (or, deleted, its last version).
        from: kept[1]?.commit ?? kept[0]?.commit ?? '',
        to: action.onDisk ? NOW : (kept[0]?.commit ?? ''),
        compareFirst: null,
      };
    }
    case 'readFailed':
      return { ...state, error: action.message };
    case 'newestRead': {
      const named = action.value?.title ?? action.value?.name;
      const title = action.path === 'pages/index.json' ? 'Home' : typeof named === 'string' ? named : '';
      return action.show
        ? { ...state, title, shown: { kind: 'version', version: action.version, value: action.value } }
        : { ...state, title };
    }
    case 'showStarted':
      return { ...state, shown: { kind: 'version', version: action.version, value: null } };
    case 'versionRead':
      return { ...state, shown: { kind: 'version', version: action.version, value: action.value } };
    case 'compareStarted':
      return {
        ...state,
        from: action.from,
        to: action.to,
        shown: { kind: 'compare', from: action.from, to: action.to, comparison: null, values: null },
      };
    case 'compared': {
      const current = state.shown;
      // An answer for a comparison no longer shown is dropped.
      if (current?.kind !== 'compare' || current.from !== action.from || current.to !== action.to) return state;
      return { ...state, shown: { ...current, comparison: action.comparison, values: action.values } };
    }
    case 'failed':
      return { ...state, status: action.message };
    case 'restoreAsked':
      return { ...state, confirming: action.version, savedHere: action.savedHere, undo: null, status: '' };
    case 'restoreCancelled':
      return { ...state, confirming: null, status: 'Nothing was restored.' };
    case 'restoreStarted':
      return { ...state, busy: true, confirming: null, undo: null, status: 'Restoring…' };
    case 'restoreFailed':
      return { ...state, busy: false, status: `That version could not be restored: ${action.message}` };
    case 'undoStarted':
      return { ...state, busy: true, confirming: null, undo: null, status: `Taking back “${action.version.subject}”…` };
    case 'undoAsked': {
      const count = action.answer.conflicts.length;
      return {
        ...state,
        busy: false,
        undo: {
          version: action.version,
          answer: action.answer,
          choices: action.answer.conflicts.map((conflict) => conflict.chosen),
          model: action.model,
        },
        status: `${count === 1 ? 'One field' : `${count} fields`} of “${action.version.subject}” changed again since: choose what to keep.`,
      };
    }
    case 'undoPicked': {
      const undo = state.undo;
      if (!undo || action.index < 0 || action.index >= undo.choices.length) return state;
      return { ...state, undo: { ...undo, choices: undo.choices.map((side, index) => (index === action.index ? action.side : side)) } };
    }
    case 'undoCancelled':
      return { ...state, busy: false, undo: null, status: 'Nothing was undone.' };
    case 'undoFailed':
      return { ...state, busy: false, status: `That change could not be undone: ${action.message}` };
    case 'fromChosen':
      return { ...state, from: action.commit };
    case 'toChosen':
      return { ...state, to: action.commit };
  }
}
