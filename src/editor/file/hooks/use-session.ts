import { useEffect, useReducer } from 'react';
import { blocksOf } from '../block-operations';
import { clearDraft, writeDraft } from '../stored-draft';
import { HISTORY_LIMIT, type SessionState, session } from '../session';
import type { Loaded } from './use-loaded';

/** The session of a file as it opens: its draft (or the one the browser kept), the file on disk, the first block chosen. */
const opening = (loaded: Loaded): SessionState => {
  const kind = loaded.opened?.kind ?? 'page';
  const hasBlocks = kind === 'page' || kind === 'template';
  return {
    ...loaded.initial,
    lastKey: null,
    lastAt: 0,
    base: loaded.base,
    savedValue: loaded.opened?.value ?? null,
    savedText: loaded.opened?.text ?? '',
    merging: null,
    conflict: null,
    selected: hasBlocks && blocksOf(loaded.initial.present.value).length > 0 ? 0 : 'file',
    shared: loaded.shared,
  };
};

/**
 * The editing session of one file (session.ts), with its draft and history kept in the browser's
 * storage as they change, so a reload brings them back until the file is saved or the draft
 * discarded. A draft that came back to the file as last read or written (or null, for a file
 * not on disk yet) by this tab's own steps is no draft: it leaves the storage.
 */
export function useSession(path: string, loaded: Loaded) {
  const [state, dispatch] = useReducer(session, loaded, opening);
  const { base, present, past, future, savedValue, shared } = state;
  const stepped = past.length > 0 || future.length > 0;
  const unsaved = savedValue === null || JSON.stringify(savedValue) !== JSON.stringify(present.value);

  /**
   * Writes the draft to the browser's storage now (another tab cleared it, and this one has
   * changes of its own), saying which stored draft it was made from.
   */
  const persist = (): void => {
    writeDraft(path, { base, present, past: past.slice(-HISTORY_LIMIT), future, ...(shared ? { seen: shared } : {}) });
    dispatch({ type: 'shared', value: present.value });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step of the draft is written, with the base it has then.
  useEffect(() => {
    if (!stepped) return;
    const timer = setTimeout(() => {
      if (unsaved) persist();
      else {
        clearDraft(path);
        dispatch({ type: 'shared', value: null });
      }
    }, 200);
    return () => clearTimeout(timer);
  }, [path, stepped, unsaved, present, past, future, state.lastKey, state.lastAt]);

  return { state, dispatch, persist };
}
