/**
 * A merge told in words a person reads: what came in from the file on disk, and where two
 * edits of the same field met. Field and block names come from the schemas' titles (the same
 * words the forms show); counting starts at 1.
 */
import { type Conflict, type Incoming, type JsonObject, merge } from './merge';
import type { Titles } from './titles';

/** Where a change or conflict is: "Block 2 (Card grid), Heading", or a field of the file, "Title". */
export function placeOf(place: Pick<Conflict, 'block' | 'field'>, titles: Titles): string {
  const field = place.field === undefined ? undefined : titles.field(place.field, place.block?.type);
  if (!place.block) return field ?? 'The file';
  const block = `Block ${place.block.number} (${titles.block(place.block.type)})`;
  return field ? `${block}, ${field}` : block;
}

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

/** One sentence for everything that came in from disk: "Merged with the file on disk: Block 2 (Card grid), Heading changed; Title changed." */
export function incomingWords(incoming: Incoming[], titles: Titles): string {
  if (incoming.length === 0) return 'Merged with the file on disk: it held your changes already.';
  return `Merged with the file on disk, where someone else changed it: ${changeWords(incoming, titles)}. Your own changes are kept.`;
}

/** A value as the choice shows it: text as it is, anything else as short JSON, a removal as such. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '(removed)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** What changed from one draft to another, in words ("Block 2 (Card grid), Heading changed"); empty when nothing did. */
export function differenceWords(from: JsonObject, to: JsonObject, titles: Titles): string {
  return changeWords(merge(from, to, from).incoming, titles);
}
