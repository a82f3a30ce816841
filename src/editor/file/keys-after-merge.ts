/**
 * What a merge needs from the editor around it: the keys of the merged draft's blocks (a block
 * that is the draft's own keeps its key, so its selection and its form stay; a block that came
 * from disk gets a new one). The words it is told in are src/content/titles.ts's.
 */
import { type Json, newKey, type Snapshot } from './snapshot';

/**
 * The keys of `merged`'s blocks: each takes the key of the draft block it is, or is equal to,
 * else a new one: the one of `fresh` at its place, where given (so a reducer stays pure).
 */
export function keysAfterMerge(draft: Snapshot, merged: Json, fresh: string[] = []): string[] {
  const before = Array.isArray(draft.value.blocks) ? (draft.value.blocks as unknown[]) : [];
  const after = Array.isArray(merged.blocks) ? (merged.blocks as unknown[]) : [];
  const taken = new Set<number>();
  const find = (block: unknown): number => {
    const same = before.findIndex((candidate, index) => !taken.has(index) && candidate === block);
    if (same >= 0) return same;
    const text = JSON.stringify(block);
    return before.findIndex((candidate, index) => !taken.has(index) && JSON.stringify(candidate) === text);
  };
  return after.map((block, at) => {
    const index = find(block);
    if (index < 0 || draft.keys[index] === undefined) return fresh[at] ?? newKey();
    taken.add(index);
    return draft.keys[index];
  });
}
