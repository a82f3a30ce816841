import { describe, expect, it } from 'vitest';
import type { BlockType } from '../../src/content/api-types';
import { merge } from '../../src/content/merge';
import { differenceWords, incomingWords } from '../../src/content/incoming-words';
import { placeOf } from '../../src/content/place-of';
import { titlesOf } from '../../src/content/titles';

const cardGrid = {
  type: 'cardGrid',
  title: 'Card grid',
  schema: { properties: { heading: { title: 'Heading' } } },
} as unknown as BlockType;
const titles = titlesOf([cardGrid], { properties: { title: { title: 'Page title' } } });

describe('a merge told in words', () => {
  it('names blocks from 1 by their titles, and fields by their schema titles', () => {
    const base = {
      title: 'A',
      blocks: [
        { type: 'cardGrid', heading: 'One' },
        { type: 'cardGrid', heading: 'Two' },
      ],
    };
    const theirs = {
      title: 'A',
      blocks: [
        { type: 'cardGrid', heading: 'One' },
        { type: 'cardGrid', heading: 'Second' },
      ],
    };
    const mine = { title: 'B', blocks: base.blocks };
    const { incoming, merged, conflicts } = merge(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({ title: 'B', blocks: theirs.blocks });
    expect(incomingWords(incoming, titles)).toBe(
      'Merged with the changes made elsewhere: Block 2 (Card grid), Heading changed. Your own changes are kept.',
    );
    expect(placeOf({ field: 'title' }, titles)).toBe('Page title');
    expect(placeOf({ field: 'unknownField' }, titles)).toBe('unknownField');
  });

  it('says what changed from one draft to the next, for Undo and Redo', () => {
    const before = { title: 'A', blocks: [{ type: 'cardGrid', heading: 'One' }] };
    const after = {
      title: 'B',
      blocks: [
        { type: 'cardGrid', heading: 'One' },
        { type: 'cardGrid', heading: 'Two' },
      ],
    };
    expect(differenceWords(after, before, titles)).toBe('Page title changed; Block 2 (Card grid) removed');
    expect(differenceWords(before, after, titles)).toBe('Page title changed; Block 2 (Card grid) added');
    expect(differenceWords(before, structuredClone(before), titles)).toBe('');
  });
});
