import type { KeptChanges } from './changes-state';

/** Where Changes keeps what the person would miss after leaving it: per browser, like a draft. */
const CHANGES_KEY = 'page-editor:changes';

/** What Changes kept last in this browser; null when nothing (or nothing readable). */
export function storedChanges(): KeptChanges | null {
  try {
    const value = JSON.parse(localStorage.getItem(CHANGES_KEY) ?? 'null') as KeptChanges | null;
    return value && typeof value.message === 'string' && typeof value.edited === 'boolean' && typeof value.choices === 'object'
      ? value
      : null;
  } catch {
    return null;
  }
}

/** Keeps `kept` for the next visit to Changes in this browser; null forgets it. */
export function keepChanges(kept: KeptChanges | null): void {
  try {
    if (kept) localStorage.setItem(CHANGES_KEY, JSON.stringify(kept));
    else localStorage.removeItem(CHANGES_KEY);
  } catch {
    // A full or refused storage keeps nothing: the screen works as before.
  }
}
