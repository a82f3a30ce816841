import type { Json, Snapshot } from './snapshot';

/**
 * The editor's changes to a page's list of blocks, as pure functions of a draft's snapshot:
 * each returns the next snapshot with every key still beside its block (the sortable list and
 * the form follow a block by its key), or the same snapshot where there is nothing to do.
 * New keys come from the caller, so that the same change gives the same result.
 */

/** The blocks of a file's value: none for a file without a list of blocks. */
export const blocksOf = (value: Json): Json[] => (Array.isArray(value.blocks) ? value.blocks : []) as Json[];

const inRange = (blocks: Json[], index: number): boolean => Number.isInteger(index) && index >= 0 && index < blocks.length;

const withBlocks = (snapshot: Snapshot, blocks: Json[], keys: string[]): Snapshot => ({ value: { ...snapshot.value, blocks }, keys });

/** Takes the block at `from` out and puts it back at `to`, counted in the list without it. */
export function moveBlock(snapshot: Snapshot, from: number, to: number): Snapshot {
  const blocks = [...blocksOf(snapshot.value)];
  if (!inRange(blocks, from) || !inRange(blocks, to) || from === to) return snapshot;
  const keys = [...snapshot.keys];
  const [block] = blocks.splice(from, 1);
  const [key] = keys.splice(from, 1);
  blocks.splice(to, 0, block as Json);
  keys.splice(to, 0, key as string);
  return withBlocks(snapshot, blocks, keys);
}

/** Puts a copy of `block` at `at` (before the first, or after the last, where `at` is outside the list), under a new key. */
export function insertBlock(snapshot: Snapshot, at: number, block: Json, key: string): Snapshot {
  const blocks = [...blocksOf(snapshot.value)];
  const keys = [...snapshot.keys];
  const position = Math.max(0, Math.min(at, blocks.length));
  blocks.splice(position, 0, structuredClone(block));
  keys.splice(position, 0, key);
  return withBlocks(snapshot, blocks, keys);
}

/** Puts a copy of the block at `index` right after it, under a new key. */
export function duplicateBlock(snapshot: Snapshot, index: number, key: string): Snapshot {
  const blocks = blocksOf(snapshot.value);
  if (!inRange(blocks, index)) return snapshot;
  return insertBlock(snapshot, index + 1, blocks[index] as Json, key);
}

/** Takes the block at `index` out, and its key with it. */
export function removeBlock(snapshot: Snapshot, index: number): Snapshot {
  const blocks = blocksOf(snapshot.value);
  if (!inRange(blocks, index)) return snapshot;
  return withBlocks(
    snapshot,
    blocks.filter((_, at) => at !== index),
    snapshot.keys.filter((_, at) => at !== index),
  );
}

/** Puts `block` in place of the block at `index`, which keeps its key: the same block, edited. */
export function replaceBlock(snapshot: Snapshot, index: number, block: Json): Snapshot {
  const blocks = [...blocksOf(snapshot.value)];
  if (!inRange(blocks, index)) return snapshot;
  blocks[index] = block;
  return withBlocks(snapshot, blocks, snapshot.keys);
}
