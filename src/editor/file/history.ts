import { useCallback, useEffect, useReducer, useRef } from 'react';

export type Json = Record<string, unknown>;

/** One state of the draft: the file's value, and a stable key per block for the sortable list. */
export interface Snapshot {
  value: Json;
  keys: string[];
}

export interface State {
  present: Snapshot;
  past: Snapshot[];
  future: Snapshot[];
  /** The field last typed in, and when: typing on in the same field stays one step. */
  lastKey: string | null;
  lastAt: number;
}

export type Action =
  | { type: 'change'; next: Snapshot; key: string | null; at: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; state: Pick<State, 'present' | 'past' | 'future'> };

/** How many steps are kept per file. */
const HISTORY_LIMIT = 200;
/** Changes to one field closer together than this are one step. */
const TYPING_PAUSE_MS = 1000;

/** The draft's history: exported for its tests. */
export function historyReducer(state: State, action: Action): State {
  switch (action.type) {
    case 'change': {
      const typingOn = action.key !== null && action.key === state.lastKey && action.at - state.lastAt < TYPING_PAUSE_MS;
      return {
        present: action.next,
        past: typingOn ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT),
        future: [],
        lastKey: action.key,
        lastAt: action.at,
      };
    }
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { present: previous, past: state.past.slice(0, -1), future: [state.present, ...state.future], lastKey: null, lastAt: 0 };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      return { present: next, past: [...state.past, state.present], future: state.future.slice(1), lastKey: null, lastAt: 0 };
    }
    case 'reset':
      return { ...action.state, lastKey: null, lastAt: 0 };
  }
}

let counter = 0;
/** A new key for a block, unique in this tab. */
export const newKey = (): string => `b${Date.now().toString(36)}${(counter++).toString(36)}`;

export const keysFor = (value: Json): string[] => (Array.isArray(value.blocks) ? value.blocks.map(() => newKey()) : []);

/** What the browser keeps of a draft until it is saved or discarded. */
export interface StoredDraft {
  /** The hash of the file the draft started from; null for a file not yet on disk. */
  base: string | null;
  present: Snapshot;
  past: Snapshot[];
  future: Snapshot[];
}

/** Where the browser keeps the draft of `path` (one per file, shared by every tab of the editor). */
export const draftStorageKey = (path: string): string => `page-editor:draft:${path}`;

export function readDraft(path: string): StoredDraft | undefined {
  try {
    const text = localStorage.getItem(draftStorageKey(path));
    return text ? (JSON.parse(text) as StoredDraft) : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(path: string, draft: StoredDraft): void {
  try {
    localStorage.setItem(draftStorageKey(path), JSON.stringify(draft));
  } catch {
    // Storage full or refused: the draft still lives in this tab until it is saved.
  }
}

export function clearDraft(path: string): void {
  localStorage.removeItem(draftStorageKey(path));
}

/**
 * The draft of one file with its undo and redo history. Each change is a step, except that
 * typing on in one field is one step; the history and the draft are kept in the browser's
 * storage as they change, so a reload brings them back until the file is saved or the
 * draft discarded. A draft that came back to `saved` (the file as last read or written; null
 * for a file not on disk yet) by this tab's own steps is no draft: it leaves the storage.
 */
export function useDraftHistory(path: string, base: string | null, initial: Omit<StoredDraft, 'base'>, saved: Json | null = null) {
  const [state, dispatch] = useReducer(historyReducer, { ...initial, lastKey: null, lastAt: 0 });
  const baseRef = useRef(base);
  baseRef.current = base;
  const stateRef = useRef(state);
  stateRef.current = state;
  const stepped = state.past.length > 0 || state.future.length > 0;
  const unsaved = saved === null || JSON.stringify(saved) !== JSON.stringify(state.present.value);

  const persist = useCallback(() => {
    const { present, past, future } = stateRef.current;
    writeDraft(path, { base: baseRef.current, present, past: past.slice(-HISTORY_LIMIT), future });
  }, [path]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new state is written (persist reads it through a ref).
  useEffect(() => {
    if (!stepped) return;
    const timer = setTimeout(() => (unsaved ? persist() : clearDraft(path)), 200);
    return () => clearTimeout(timer);
  }, [path, stepped, unsaved, persist, state]);

  return {
    present: state.present,
    /** The draft an undo goes back to, and the one a redo brings. */
    previous: state.past.at(-1),
    next: state.future[0],
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    steps: state.past.length,
    change: useCallback((next: Snapshot, key: string | null = null) => dispatch({ type: 'change', next, key, at: Date.now() }), []),
    undo: useCallback(() => dispatch({ type: 'undo' }), []),
    redo: useCallback(() => dispatch({ type: 'redo' }), []),
    reset: useCallback((snapshot: Snapshot) => dispatch({ type: 'reset', state: { present: snapshot, past: [], future: [] } }), []),
    /** Writes the draft to the browser's storage now (another tab cleared it, and this one has changes of its own). */
    persist,
  };
}
