/** Where a change or a conflict is, in the words the forms show (the schemas' titles); blocks count from 1. */
import type { Conflict } from './merge';
import type { Titles } from './titles';

/** Where a change or conflict is: "Block 2 (Card grid), Heading", or a field of the file, "Title". */
export function placeOf(place: Pick<Conflict, 'block' | 'field'>, titles: Titles): string {
  const field = place.field === undefined ? undefined : titles.field(place.field, place.block?.type);
  if (!place.block) return field ?? 'The file';
  const block = `Block ${place.block.number} (${titles.block(place.block.type)})`;
  return field ? `${block}, ${field}` : block;
}
