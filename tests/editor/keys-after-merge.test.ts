import { describe, expect, it } from 'vitest';
import { newKey } from '../../src/editor/file/snapshot';
import { keysAfterMerge } from '../../src/editor/file/keys-after-merge';

describe('the keys of a merged draft', () => {
  it('keeps each block of the draft its key, wherever it moved, and gives a block from disk a new one', () => {
    const blocks = [
      { type: 'prose', paragraphs: ['a'] },
      { type: 'prose', paragraphs: ['b'] },
    ];
    const draft = { value: { blocks }, keys: [newKey(), newKey()] };
    const fromDisk = { type: 'quote', text: 'new' };
    const keys = keysAfterMerge(draft, { blocks: [blocks[1], fromDisk, { ...blocks[0] }] });
    expect(keys[0]).toBe(draft.keys[1]);
    expect(keys[2]).toBe(draft.keys[0]);
    expect(keys[1]).not.toBe(draft.keys[0]);
    expect(keys[1]).not.toBe(draft.keys[1]);
  });
});
