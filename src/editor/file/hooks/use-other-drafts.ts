import { useEffect, useState } from 'react';
import { draftStorageKey, readDraft } from '../stored-draft';

const PREFIX = draftStorageKey('');

/** A draft's own value, or undefined when the browser holds none for `path`. */
const draftValue = (path: string): unknown => readDraft(path)?.present.value;

/** Every draft this browser keeps (any tab's), but `path`'s own: by its file's path. */
function otherDrafts(path: string): Record<string, unknown> {
  const drafts: Record<string, unknown> = {};
  for (let index = 0; index < localStorage.length; index += 1) {
    const other = localStorage.key(index)?.slice(PREFIX.length);
    if (other === undefined || other === path || draftStorageKey(other) !== localStorage.key(index)) continue;
    const value = draftValue(other);
    if (value !== undefined) drafts[other] = value;
  }
  return drafts;
}

/**
 * The drafts of the other files this browser keeps, for the preview to draw the page as it
 * will be once they are saved too: the careers page lists each job as its draft has it (the
 * server uses the drafts of collection entries and leaves the rest). Read once, then again for
 * each draft another tab writes or clears (the storage event fires in every tab but the one
 * that wrote, and drafts of other files change only in other tabs).
 */
export function useOtherDrafts(path: string): Record<string, unknown> {
  const [drafts, setDrafts] = useState(() => otherDrafts(path));
  // The editor of a file is made anew for each file it opens: `path` stays the same while this runs.
  useEffect(() => {
    const changed = (event: StorageEvent): void => {
      if (event.storageArea !== localStorage) return;
      // null: the whole storage was cleared.
      if (event.key === null) {
        setDrafts(otherDrafts(path));
        return;
      }
      const other = event.key.slice(PREFIX.length);
      if (other === path || draftStorageKey(other) !== event.key) return;
      const value = draftValue(other);
      setDrafts(({ [other]: _old, ...rest }) => (value === undefined ? rest : { ...rest, [other]: value }));
    };
    window.addEventListener('storage', changed);
    return () => window.removeEventListener('storage', changed);
  }, [path]);
  return drafts;
}
