/**
 * What came in from the file on disk, told in words a person reads: the merge's sentence, the
 * list of changes it is built from, and what Undo or Redo changed. Blocks and fields are named
 * where place-of.ts says, from the schemas' titles (the same words the forms show).
 */
import { type Incoming, type JsonObject, merge } from './merge';
import { placeOf } from './place-of';
import type { Titles } from './titles';

const CHANGES: Record<Incoming['change'], string> = { added: 'added', removed: 'removed', moved: 'moved', changed: 'changed' };

/** The changes in a list of words: "Block 2 (Card grid), Heading changed; Title changed"; empty for none. */
export function changeWords(changes: Incoming[], titles: Titles): string {
  return [
    ...new Set(
      changes.map((change) => {
        // A block added, removed or moved is named as a whole; a changed field by its block and field.
        const place = change.change === 'changed' ? placeOf(change, titles) : placeOf({ block: change.block }, titles);
        return `${place} ${CHANGES[change.change]}`;
      }),
    ),
  ].join('; ');
}

/** One sentence for everything that came in from elsewhere: "Merged with the changes made elsewhere: Block 2 (Card grid), Heading changed; Title changed." */
export function incomingWords(incoming: Incoming[], titles: Titles): string {
  if (incoming.length === 0) return 'Merged with the changes made elsewhere: the page held yours already.';
  return `Merged with the changes made elsewhere: ${changeWords(incoming, titles)}. Your own changes are kept.`;
}

/** What changed from one draft to another, in words ("Block 2 (Card grid), Heading changed"); empty when nothing did. */
export function differenceWords(from: JsonObject, to: JsonObject, titles: Titles): string {
  return changeWords(merge(from, to, from).incoming, titles);
}
