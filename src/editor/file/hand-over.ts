/**
 * A version restored in the History page becomes the draft in the file's editor: the page
 * hands it over through this tab's session storage and opens the editor, which takes it as one
 * step of the draft (Undo takes it back) and says what it is. A file no longer on disk (a
 * deleted page) gets it as the draft of a new file instead, saved like a new page.
 */
import type { Restored, Version } from '../../content/api-types';
import { keysFor } from './snapshot';
import { writeDraft } from './stored-draft';

/** What the editor says of a restored draft. */
export interface RestoredVersion {
  commit: string;
  date: string;
  author: string;
  subject: string;
  /** The schemas' version it was written for, when it was upgraded to today's. */
  upgradedFrom?: number;
  /** Not the version itself: the page as it is now with that version's change taken back (History's "Undo this change"). */
  undone?: true;
}

interface HandOff {
  value: Record<string, unknown>;
  version: RestoredVersion;
}

const keyOf = (path: string): string => `page-editor:restore:${path}`;

/**
 * Hands the restored version over to the editor of `path` (the next one this tab opens); `onDisk`:
 * the file exists now. `how` 'undone': the page with that version's change taken back instead.
 */
export function handOver(
  path: string,
  restored: Pick<Restored, 'value' | 'upgradedFrom'>,
  version: Pick<Version, 'commit' | 'date' | 'author' | 'subject'>,
  onDisk: boolean,
  how: 'restored' | 'undone' = 'restored',
): void {
  const value = restored.value;
  const note: RestoredVersion = {
    commit: version.commit,
    date: version.date,
    author: version.author.name,
    subject: version.subject,
    ...(restored.upgradedFrom === undefined ? {} : { upgradedFrom: restored.upgradedFrom }),
    ...(how === 'undone' ? { undone: true as const } : {}),
  };
  // A file not on disk opens from its draft alone (use-loaded.ts): the version is that draft.
  if (!onDisk) writeDraft(path, { base: null, present: { value, keys: keysFor(value) }, past: [], future: [] });
  sessionStorage.setItem(keyOf(path), JSON.stringify({ value, version: note } satisfies HandOff));
}

/** The version handed over to the editor of `path`, taken (it is given once); undefined when there is none. */
export function takeRestored(path: string): HandOff | undefined {
  const key = keyOf(path);
  try {
    const text = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    const handOff = text ? (JSON.parse(text) as HandOff) : undefined;
    return handOff && typeof handOff.value === 'object' && handOff.value !== null && typeof handOff.version?.commit === 'string'
      ? handOff
      : undefined;
  } catch {
    return undefined;
  }
}
