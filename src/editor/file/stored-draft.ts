import type { Json, Snapshot } from './snapshot';

/** What the browser keeps of a draft until it is saved or discarded. */
export interface StoredDraft {
  /** The hash of the file the draft started from; null for a file not yet on disk. */
  base: string | null;
  present: Snapshot;
  past: Snapshot[];
  future: Snapshot[];
  /**
   * The stored draft this one was made from (absent: none, so its changes start from the file).
   * Another tab merges this draft from here: the draft stored just before may be one its writer
   * had not taken in yet, as when two tabs write at once.
   */
  seen?: Json;
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
