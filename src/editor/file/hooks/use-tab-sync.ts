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

const parsed = (text: string | null): Partial<StoredDraft> | undefined => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as StoredDraft;
  } catch {
    return undefined;
  }
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * What another tab's write of the draft means for this tab's draft `mine`: the stored texts
 * before and after (null when there was none, or when it left the storage) and the file as this
 * tab last read or wrote it.
 */
export function fromOtherTab(
  { oldValue, newValue }: { oldValue: string | null; newValue: string | null },
  mine: Json,
  saved: Json | null,
): { to: 'reload' | 'persist' | 'keep' } | ({ to: 'merged' } & ReturnType<typeof merge>) {
  const draft = parsed(newValue);
  const theirs = draft?.present?.value;
  if (!theirs) return { to: same(mine, parsed(oldValue)?.present?.value ?? saved ?? mine) ? 'reload' : 'persist' };
  if (same(theirs, mine)) return { to: 'keep' };
  // What the other tab's draft was made from: not always the draft stored before it, which it
  // may not have seen yet (two tabs writing at once), so that that one's changes would look undone.
  const before = draft.seen ?? saved ?? mine;
  const result = merge(before, theirs, mine);
  return same(result.merged, mine) ? { to: 'keep' } : { to: 'merged', ...result };
}

/**
 * Two tabs on one file share its draft, and never overwrite each other's changes. The browser
 * keeps one draft per file; when another tab writes it, this tab merges that draft with its own
 * (merge.ts: the base is the stored draft the other tab's draft was made from, session.ts's
 * `shared`, so only its new changes come in; where both changed the same field since, this tab's value is kept
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
      const result = fromOtherTab(event, present.value, saved);
      const theirs = parsed(event.newValue)?.present?.value;
      // The storage holds the other tab's draft, or none, or (put back) this one.
      if (result.to === 'keep') dispatch({ type: 'shared', value: theirs ?? null });
      if (result.to === 'reload') reload();
      if (result.to === 'persist') persist();
      if (result.to !== 'merged') return;
      const { merged, incoming, conflicts } = result;
      dispatch({ type: 'merged', value: merged, fresh: keysFor(merged), shared: theirs });
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
