import { describe, expect, it } from 'vitest';
import { merge } from '../../src/content/merge';
import { type Block, banner, base, blocks, cards, edit, headings, page, prose, sameText } from './merge-pages';

describe('merge', () => {
  it('combines edits to different fields of one block', () => {
    const theirs = edit(base, (file) => Object.assign(file.blocks[1] as Block, { heading: 'Our history' }));
    const mine = edit(base, (file) => Object.assign(file.blocks[1] as Block, { text: 'Since 2019' }));
    const { merged, conflicts } = merge(base, theirs, mine);
    expect(blocks(merged)[1]).toEqual({ type: 'prose', heading: 'Our history', text: 'Since 2019' });
    expect(conflicts).toEqual([]);
  });

  it('combines edits to different blocks and to the page’s own fields', () => {
    const theirs = edit(base, (file) => {
      (file.blocks[0] as Block).heading = 'Hello';
      file.title = 'What we do';
    });
    const mine = edit(base, (file) => {
      (file.blocks[4] as Block).intro = 'Who trusts us';
      file.description = 'Services and clients';
    });
    const { merged, conflicts } = merge(base, theirs, mine);
    expect(merged).toEqual(
      edit(base, (file) => {
        (file.blocks[0] as Block).heading = 'Hello';
        (file.blocks[4] as Block).intro = 'Who trusts us';
        file.title = 'What we do';
        file.description = 'Services and clients';
      }),
    );
    expect(conflicts).toEqual([]);
  });

  it('reports a field both sides changed differently as one conflict with both values, and resolves it either way', () => {
    const theirs = edit(base, (file) => Object.assign(file.blocks[2] as Block, { heading: 'What we offer' }));
    const mine = edit(base, (file) => Object.assign(file.blocks[2] as Block, { heading: 'What we do' }));
    const { merged, conflicts } = merge(base, theirs, mine);
    expect(conflicts).toEqual([
      {
        path: ['blocks', 2, 'heading'],
        block: { number: 3, type: 'cardGrid' },
        field: 'heading',
        base: 'Services',
        theirs: 'What we offer',
        mine: 'What we do',
        chosen: 'mine',
      },
    ]);
    expect(merged).toEqual(mine);
    expect(merge(base, theirs, mine, ['mine']).merged).toEqual(mine);
    const { merged: resolved, conflicts: again } = merge(base, theirs, mine, ['theirs']);
    expect(resolved).toEqual(theirs);
    expect(again).toEqual([{ ...conflicts[0], chosen: 'theirs' }]);
  });

  it('takes identical edits once, without a conflict or anything reported as come in', () => {
    const both = edit(base, (file) => {
      (file.blocks[3] as Block).heading = 'People';
      file.blocks.push(banner('Contact'));
    });
    expect(merge(base, both, structuredClone(both))).toEqual({ merged: both, conflicts: [], incoming: [] });
  });

  it('gives the draft exactly, key order and all, when the file did not change', () => {
    const mine = { blocks: [{ heading: 'Hi', type: 'banner' }], title: 'Other', schemaVersion: 1 };
    const result = merge(base, structuredClone(base), mine);
    expect(result).toEqual({ merged: mine, conflicts: [], incoming: [] });
    expect(sameText(result.merged, mine)).toBe(true);
  });

  it('gives the file exactly, key order and all, when the draft did not change', () => {
    const theirs = edit(base, (file) => {
      file.blocks.reverse();
      file.blocks.splice(1, 1, banner('New', { extra: 1 }));
      delete file.description;
    });
    const reordered = Object.fromEntries(Object.entries(theirs).reverse());
    const { merged, conflicts } = merge(base, reordered, structuredClone(base));
    expect(sameText(merged, reordered)).toBe(true);
    expect(conflicts).toEqual([]);
  });

  it('merges a block moved on one side and edited on the other: it lands at its new place with the edit', () => {
    const moved = edit(base, (file) => file.blocks.push(...file.blocks.splice(1, 1)));
    const edited = edit(base, (file) => Object.assign(file.blocks[1] as Block, { text: 'Since 2019' }));
    const expected = ['Welcome', 'Services', 'Team', 'Clients', 'Our story'];
    for (const [theirs, mine] of [
      [moved, edited],
      [edited, moved],
    ] as const) {
      const { merged, conflicts } = merge(base, theirs, mine);
      expect(headings(merged)).toEqual(expected);
      expect(blocks(merged)[4]).toEqual(prose('Our story', { text: 'Since 2019' }));
      expect(conflicts).toEqual([]);
    }
  });

  it('keeps a block added on each side, theirs first where both added one at the same place', () => {
    const theirs = edit(base, (file) => file.blocks.splice(2, 0, banner('Offer')));
    const mine = edit(base, (file) => file.blocks.splice(2, 0, prose('Note')));
    expect(headings(merge(base, theirs, mine).merged)).toEqual(['Welcome', 'Our story', 'Offer', 'Note', 'Services', 'Team', 'Clients']);
    const first = edit(base, (file) => file.blocks.unshift(banner('Offer')));
    const last = edit(base, (file) => file.blocks.push(prose('Note')));
    expect(headings(merge(base, first, last).merged)).toEqual(['Offer', 'Welcome', 'Our story', 'Services', 'Team', 'Clients', 'Note']);
    expect(headings(merge(base, last, first).merged)).toEqual(['Offer', 'Welcome', 'Our story', 'Services', 'Team', 'Clients', 'Note']);
  });

  it('removes a block removed on one side and untouched on the other', () => {
    const removed = edit(base, (file) => file.blocks.splice(3, 1));
    const edited = edit(base, (file) => Object.assign(file.blocks[0] as Block, { heading: 'Hello' }));
    expect(headings(merge(base, removed, edited).merged)).toEqual(['Hello', 'Our story', 'Services', 'Clients']);
    expect(headings(merge(base, edited, removed).merged)).toEqual(['Hello', 'Our story', 'Services', 'Clients']);
  });

  it('reports a block removed on the file and edited in the draft as a conflict: kept until the removal is chosen', () => {
    const theirs = edit(base, (file) => file.blocks.splice(1, 1));
    const mine = edit(base, (file) => Object.assign(file.blocks[1] as Block, { text: 'Since 2019' }));
    const { merged, conflicts } = merge(base, theirs, mine);
    expect(conflicts).toEqual([
      {
        path: ['blocks', 1],
        block: { number: 2, type: 'prose' },
        base: prose('Our story'),
        theirs: undefined,
        mine: prose('Our story', { text: 'Since 2019' }),
        chosen: 'mine',
      },
    ]);
    expect(merged).toEqual(mine);
    expect(merge(base, theirs, mine, ['theirs']).merged).toEqual(theirs);
  });

  it('reports a block removed in the draft and edited on the file as a conflict: left out until the edit is chosen', () => {
    const theirs = edit(base, (file) => Object.assign(file.blocks[1] as Block, { text: 'Since 2019' }));
    const mine = edit(base, (file) => file.blocks.splice(1, 1));
    const { merged, conflicts } = merge(base, theirs, mine);
    expect(conflicts).toMatchObject([{ path: ['blocks', 1], block: { number: 2, type: 'prose' }, mine: undefined, chosen: 'mine' }]);
    expect(merged).toEqual(mine);
    expect(merge(base, theirs, mine, ['theirs']).merged).toEqual(theirs);
  });

  it('gives the conflicts in the same order whatever is chosen; a chosen removal moves the paths after it', () => {
    const theirs = edit(base, (file) => {
      file.blocks.splice(1, 1);
      (file.blocks[3] as Block).heading = 'Customers';
    });
    const mine = edit(base, (file) => {
      (file.blocks[1] as Block).text = 'Since 2019';
      (file.blocks[4] as Block).heading = 'Partners';
    });
    const kept = merge(base, theirs, mine);
    const removed = merge(base, theirs, mine, ['theirs', 'theirs']);
    expect(kept.conflicts.map((conflict) => conflict.path)).toEqual([
      ['blocks', 1],
      ['blocks', 4, 'heading'],
    ]);
    expect(removed.conflicts.map((conflict) => conflict.path)).toEqual([
      ['blocks', 1],
      ['blocks', 3, 'heading'],
    ]);
    expect(removed.merged).toEqual(theirs);
  });

  it('keeps the file’s order for blocks it moved, and the draft’s moves of other blocks, without a conflict', () => {
    const theirs = edit(base, (file) => file.blocks.unshift(...file.blocks.splice(4, 1)));
    const mine = edit(base, (file) => {
      file.blocks.push(...file.blocks.splice(0, 1));
      file.blocks.splice(0, 0, ...file.blocks.splice(3, 1));
    });
    expect(headings(mine)).toEqual(['Clients', 'Our story', 'Services', 'Team', 'Welcome']);
    const { merged, conflicts } = merge(base, theirs, mine);
    expect(headings(merged)).toEqual(['Clients', 'Our story', 'Services', 'Team', 'Welcome']);
    expect(conflicts).toEqual([]);
    const both = edit(base, (file) => file.blocks.push(...file.blocks.splice(4, 1), ...file.blocks.splice(0, 1)));
    expect(headings(merge(base, theirs, both).merged)).toEqual(['Clients', 'Our story', 'Services', 'Team', 'Welcome']);
  });

  it('does not take a new block of the same type for a removed one that shares a field or two with it', () => {
    const start = page(cards('Plans', { columns: 2, cards: [{ title: 'Basic' }] }), banner('End'));
    const theirs = edit(start, (file) => Object.assign(file.blocks[0] as Block, { heading: 'Pricing' }));
    const mine = edit(start, (file) => file.blocks.splice(0, 1, cards('Brand new', { columns: 2, cards: [] }), prose('Other')));
    const { merged, conflicts } = merge(start, theirs, mine);
    expect(headings(merged)).toEqual(['Brand new', 'Other', 'End']);
    expect(conflicts).toMatchObject([{ path: ['blocks', 2], theirs: blocks(theirs)[0], mine: undefined }]);
  });
});
