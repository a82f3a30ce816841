/**
 * What a merge needs from the editor around it: the keys of the merged draft's blocks (a block
 * that is the draft's own keeps its key, so its selection and its form stay; a block that came
 * from disk gets a new one), and the titles a merge is told in, from the schemas.
 */
import type { BlockType, JsonSchema } from '../content/api-types';
import { type Json, newKey, type Snapshot } from './history';
import type { Titles } from '../content/merge-words';

/** The keys of `merged`'s blocks: each takes the key of the draft block it is, or is equal to, else a new one. */
export function keysAfterMerge(draft: Snapshot, merged: Json): string[] {
  const before = Array.isArray(draft.value.blocks) ? (draft.value.blocks as unknown[]) : [];
  const after = Array.isArray(merged.blocks) ? (merged.blocks as unknown[]) : [];
  const taken = new Set<number>();
  const find = (block: unknown): number => {
    const same = before.findIndex((candidate, index) => !taken.has(index) && candidate === block);
    if (same >= 0) return same;
    const text = JSON.stringify(block);
    return before.findIndex((candidate, index) => !taken.has(index) && JSON.stringify(candidate) === text);
  };
  return after.map((block) => {
    const index = find(block);
    if (index < 0 || draft.keys[index] === undefined) return newKey();
    taken.add(index);
    return draft.keys[index];
  });
}

const titleIn = (schema: JsonSchema | undefined, field: string): string | undefined => {
  const property = (schema?.properties as Record<string, JsonSchema> | undefined)?.[field];
  return typeof property?.title === 'string' ? property.title : undefined;
};

/** The words of a merge: block types by their titles, fields by their schema's titles (the field's own name when it has none). */
export function titlesOf(types: Map<string, BlockType>, fileSchema: JsonSchema | undefined): Titles {
  return {
    block: (type) => types.get(type)?.title ?? type,
    field: (field, blockType) => (blockType ? titleIn(types.get(blockType)?.schema, field) : titleIn(fileSchema, field)) ?? field,
  };
}
