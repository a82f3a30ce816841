import { describe, expect, it } from 'vitest';
import { blocksOf, duplicateBlock, insertBlock, moveBlock, removeBlock, replaceBlock } from '../../src/editor/file/block-operations';
import type { Snapshot } from '../../src/editor/file/snapshot';

/** A page of blocks named by their heading, each under the key k + its heading. */
const page = (...headings: string[]): Snapshot => ({
  value: { title: 'Services', blocks: headings.map((heading) => ({ type: 'prose', heading })) },
  keys: headings.map((heading) => `k${heading}`),
});
/** The blocks of a snapshot as "heading:key", so a test sees each block beside its key. */
const rows = (snapshot: Snapshot): string[] =>
  blocksOf(snapshot.value).map((block, index) => `${String(block.heading)}:${snapshot.keys[index]}`);

describe('blocksOf', () => {
  it('gives a page’s blocks, and none for a file without a list of blocks', () => {
    expect(blocksOf(page('A').value)).toEqual([{ type: 'prose', heading: 'A' }]);
    expect(blocksOf({ name: 'Nuvora' })).toEqual([]);
    expect(blocksOf({ blocks: 'not a list' })).toEqual([]);
  });
});

describe('moveBlock', () => {
  it('moves a block down and up, its key with it', () => {
    expect(rows(moveBlock(page('A', 'B', 'C'), 0, 2))).toEqual(['B:kB', 'C:kC', 'A:kA']);
    expect(rows(moveBlock(page('A', 'B', 'C'), 2, 0))).toEqual(['C:kC', 'A:kA', 'B:kB']);
    expect(rows(moveBlock(page('A', 'B', 'C'), 1, 2))).toEqual(['A:kA', 'C:kC', 'B:kB']);
  });

  it('keeps the rest of the file and leaves the snapshot it was given as it was', () => {
    const before = page('A', 'B');
    const after = moveBlock(before, 0, 1);
    expect(after.value.title).toBe('Services');
    expect(rows(before)).toEqual(['A:kA', 'B:kB']);
  });

  it('changes nothing for a move to the same place, above the first or below the last', () => {
    const before = page('A', 'B', 'C');
    expect(moveBlock(before, 1, 1)).toBe(before);
    expect(moveBlock(before, 0, -1)).toBe(before);
    expect(moveBlock(before, 2, 3)).toBe(before);
    expect(moveBlock(before, 3, 0)).toBe(before);
    expect(moveBlock(before, -1, 0)).toBe(before);
  });
});

describe('insertBlock', () => {
  it('puts a block at the start, in between and at the end, under the key it is given', () => {
    const added = { type: 'prose', heading: 'N' };
    expect(rows(insertBlock(page('A', 'B'), 0, added, 'kN'))).toEqual(['N:kN', 'A:kA', 'B:kB']);
    expect(rows(insertBlock(page('A', 'B'), 1, added, 'kN'))).toEqual(['A:kA', 'N:kN', 'B:kB']);
    expect(rows(insertBlock(page('A', 'B'), 2, added, 'kN'))).toEqual(['A:kA', 'B:kB', 'N:kN']);
  });

  it('puts the first block into an empty page, and into a file that had no list yet', () => {
    const added = { type: 'prose', heading: 'N' };
    expect(rows(insertBlock(page(), 0, added, 'kN'))).toEqual(['N:kN']);
    expect(rows(insertBlock({ value: { title: 'New' }, keys: [] }, 0, added, 'kN'))).toEqual(['N:kN']);
  });

  it('puts a block asked for outside the list first or last', () => {
    const added = { type: 'prose', heading: 'N' };
    expect(rows(insertBlock(page('A', 'B'), -3, added, 'kN'))).toEqual(['N:kN', 'A:kA', 'B:kB']);
    expect(rows(insertBlock(page('A', 'B'), 9, added, 'kN'))).toEqual(['A:kA', 'B:kB', 'N:kN']);
  });

  it('inserts a copy: a later change to the example does not reach the page', () => {
    const example = { type: 'prose', heading: 'N', items: ['one'] };
    const after = insertBlock(page(), 0, example, 'kN');
    example.items.push('two');
    expect(blocksOf(after.value)[0]).toEqual({ type: 'prose', heading: 'N', items: ['one'] });
  });
});

describe('duplicateBlock', () => {
  it('puts a copy right after the block, under the new key, for the first and the last block', () => {
    expect(rows(duplicateBlock(page('A', 'B'), 0, 'kA2'))).toEqual(['A:kA', 'A:kA2', 'B:kB']);
    expect(rows(duplicateBlock(page('A', 'B'), 1, 'kB2'))).toEqual(['A:kA', 'B:kB', 'B:kB2']);
  });

  it('makes a copy that does not share anything with the original', () => {
    const after = duplicateBlock(page('A'), 0, 'kA2');
    const [original, copy] = blocksOf(after.value);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
  });

  it('changes nothing for a block that is not there', () => {
    const before = page('A', 'B');
    expect(duplicateBlock(before, 2, 'kX')).toBe(before);
    expect(duplicateBlock(before, -1, 'kX')).toBe(before);
  });
});

describe('removeBlock', () => {
  it('takes the first, a middle and the last block out, each with its key', () => {
    expect(rows(removeBlock(page('A', 'B', 'C'), 0))).toEqual(['B:kB', 'C:kC']);
    expect(rows(removeBlock(page('A', 'B', 'C'), 1))).toEqual(['A:kA', 'C:kC']);
    expect(rows(removeBlock(page('A', 'B', 'C'), 2))).toEqual(['A:kA', 'B:kB']);
  });

  it('leaves an empty list after the only block', () => {
    const after = removeBlock(page('A'), 0);
    expect(after.value.blocks).toEqual([]);
    expect(after.keys).toEqual([]);
  });

  it('changes nothing for a block that is not there', () => {
    const before = page('A');
    expect(removeBlock(before, 1)).toBe(before);
    expect(removeBlock(before, -1)).toBe(before);
  });
});

describe('replaceBlock', () => {
  it('puts the edited block in its place under the same key', () => {
    const after = replaceBlock(page('A', 'B'), 1, { type: 'prose', heading: 'B, edited' });
    expect(rows(after)).toEqual(['A:kA', 'B, edited:kB']);
  });

  it('changes nothing for a block that is not there', () => {
    const before = page('A');
    expect(replaceBlock(before, 1, { type: 'prose' })).toBe(before);
  });
});
