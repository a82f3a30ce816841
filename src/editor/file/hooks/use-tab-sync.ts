import { type Dispatch, useLayoutEffect } from 'react';
import { draftStorageKey, type StoredDraft } from '../stored-draft';
import { type Json, keysFor, type Snapshot } from '../snapshot';
import { merge } from '../../../content/merge';
import type { SessionAction } from '../session';
import { changeWords } from '../../../content/incoming-words';
import type { Titles } from '../../../content/titles';

export interface TabSyncOptions {
  path: string;
  present: Snapshot;
  /** The file as this tab last read or wrote it; null for a file not on disk yet. */
  saved: Json | null;
  /** Takes the merged draft as a step of this tab's history. */
  dispatch: Dispatch<SessionAction>;
  /** Writes this tab's draft to the storage again. */
  persist: () => void;
  /** Opens the file again from disk. */
  reload: () => void;
  titles: Titles;
  announce: (message: string) => void;
}

const presentOf = (text: string | null): Json | undefined => {
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as StoredDraft).present?.value;
  } catch {
    return undefined;
  }
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Two tabs on one file share its draft, and never overwrite each other's changes. The browser
 * keeps one draft per file; when another tab writes it, this tab merges that draft with its own
 * (merge.ts: the base is the draft as stored before the other tab wrote, so only the other
 * tab's new changes come in; where both changed the same field since, this tab's value is kept
 * and goes back to the other with this tab's next write). When the other tab saved or discarded
 * and the draft left the storage, a tab with no change of its own opens the file again; one
 * with changes of its own puts its draft back, so a reload still finds it.
 */
export function useTabSync({ path, present, saved, dispatch, persist, reload, titles, announce }: TabSyncOptions): void {
  // The listener is made again with each render's draft, so that it reads the draft as it is now:
  // as the render is put on screen (a layout effect), before another tab's write can come in.
  useLayoutEffect(() => {
    const listen = (event: StorageEvent): void => {
      if (event.storageArea !== localStorage || event.key !== draftStorageKey(path)) return;
      const mine = present.value;
      const before = presentOf(event.oldValue) ?? saved ?? mine;
      const theirs = presentOf(event.newValue);
      if (!theirs) {
        if (same(mine, before)) reload();
        else persist();
        return;
      }
      if (same(theirs, mine)) return;
      const { merged, incoming, conflicts } = merge(before, theirs, mine);
      if (same(merged, mine)) return;
      dispatch({ type: 'merged', value: merged, fresh: keysFor(merged) });
      const words = changeWords(incoming, titles);
      announce(
        `Changes from your other tab on this page came in${words ? `: ${words}` : ''}.${
          conflicts.length > 0 ? ' Where both tabs changed the same field, this tab’s value is kept.' : ''
        }`,
      );
    };
    window.addEventListener('storage', listen);
    return () => window.removeEventListener('storage', listen);
  }, [path, present, saved, dispatch, persist, reload, titles, announce]);
}
