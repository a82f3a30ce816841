import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonObject, type JsonPath, merge, type Side } from '../../src/content/merge';

type Block = JsonObject & { type: string };

/** A page of the given blocks, as pages/*.json holds it. */
const page = (...blocks: Block[]): JsonObject => ({
  $schema: '../schemas/page.schema.json',
  schemaVersion: 1,
  title: 'Services',
  description: 'What we do',
  blocks,
});
const banner = (heading: string, more: JsonObject = {}): Block => ({ type: 'banner', heading, text: `About ${heading}`, ...more });
const prose = (heading: string, more: JsonObject = {}): Block => ({ type: 'prose', heading, text: `On ${heading}`, ...more });
const cards = (heading: string, more: JsonObject = {}): Block => ({ type: 'cardGrid', heading, intro: `All ${heading}`, ...more });

/** A copy of `value` changed by `change`. */
const edit = (value: JsonObject, change: (copy: JsonObject & { blocks: Block[] }) => void): JsonObject => {
  const copy = structuredClone(value) as JsonObject & { blocks: Block[] };
  change(copy);
  return copy;
};
const blocks = (value: JsonObject): Block[] => value.blocks as Block[];
const headings = (value: JsonObject): string[] => blocks(value).map((block) => String(block.heading));
const valueAt = (value: unknown, path: JsonPath): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], value);
/** Equal, keys in the same order: what a saved file's text would show. */
const sameText = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const base = page(banner('Welcome'), prose('Our story'), cards('Services'), prose('Team'), cards('Clients'));

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

  it('tells what came in from the file: blocks moved, fields changed, blocks added and removed', () => {
    const theirs = edit(base, (file) => {
      file.blocks.unshift(...file.blocks.splice(4, 1));
      (file.blocks[3] as Block).heading = 'What we offer';
      file.blocks.splice(2, 1);
      file.blocks.push(banner('Contact'));
    });
    const mine = edit(base, (file) => {
      file.title = 'Our services';
    });
    const { merged, conflicts, incoming } = merge(base, theirs, mine);
    expect(headings(merged)).toEqual(['Clients', 'Welcome', 'What we offer', 'Team', 'Contact']);
    expect(merged.title).toBe('Our services');
    expect(conflicts).toEqual([]);
    expect(incoming).toEqual([
      { change: 'moved', path: ['blocks', 0], block: { number: 1, type: 'cardGrid' }, from: 5 },
      { change: 'changed', path: ['blocks', 2, 'heading'], block: { number: 3, type: 'cardGrid' }, field: 'heading' },
      { change: 'added', path: ['blocks', 4], block: { number: 5, type: 'banner' } },
      { change: 'removed', path: ['blocks', 1], block: { number: 2, type: 'prose' } },
    ]);
  });

  it('names the field of a block that a change inside a list of the block came in by', () => {
    const card = (title: string) => ({ icon: 'star', title, content: `All about ${title}` });
    const grid = page(cards('Services', { cards: [card('Cloud'), card('Data')] }));
    const theirs = edit(grid, (file) => Object.assign(valueAt(file, ['blocks', 0, 'cards', 1]) as JsonObject, { title: 'AI' }));
    expect(merge(grid, theirs, structuredClone(grid)).incoming).toEqual([
      { change: 'changed', path: ['blocks', 0, 'cards', 1, 'title'], block: { number: 1, type: 'cardGrid' }, field: 'cards' },
    ]);
  });

  it('keeps the file’s key order; a key only the draft has follows the key before it in the draft', () => {
    const start = { a: 1, b: 2, c: 3 };
    const theirs = { c: 3, a: 1, b: 20 };
    const mine = { a: 1, x: 9, b: 2, c: 3, z: 0 };
    expect(Object.keys(merge(start, theirs, mine).merged)).toEqual(['c', 'z', 'a', 'x', 'b']);
  });

  it('reports a field removed on one side and changed on the other as a conflict, the removed side undefined', () => {
    const theirs = edit(base, (file) => delete file.description);
    const mine = edit(base, (file) => {
      file.description = 'New words';
    });
    const { merged, conflicts } = merge(base, theirs, mine);
    expect(conflicts).toEqual([
      { path: ['description'], field: 'description', base: 'What we do', theirs: undefined, mine: 'New words', chosen: 'mine' },
    ]);
    expect(merged.description).toBe('New words');
    expect('description' in merge(base, theirs, mine, ['theirs']).merged).toBe(false);
  });

  it('merges the site file’s nav items, which have no type, item by item', () => {
    const link = (label: string) => ({ label, href: `/${label.toLowerCase()}` });
    const site = {
      name: 'Nuvora Systems',
      nav: {
        label: 'Main',
        items: [
          { label: 'Solutions', groups: [{ links: [link('Desk'), link('Documents'), link('Cloud')] }] },
          link('Digital'),
          link('Careers'),
        ],
      },
    };
    const theirs = edit(site, (file) => {
      (valueAt(file, ['nav', 'items', 0, 'groups', 0, 'links']) as JsonObject[]).push(link('Automation'));
      (valueAt(file, ['nav', 'items']) as JsonObject[]).splice(1, 0, link('Agentic AI'));
    });
    const mine = edit(site, (file) => {
      Object.assign(valueAt(file, ['nav', 'items', 0, 'groups', 0, 'links', 1]) as JsonObject, { label: 'Document processing' });
      Object.assign(valueAt(file, ['nav', 'items', 2]) as JsonObject, { href: '/careers/' });
    });
    const { merged, conflicts, incoming } = merge(site, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(merged.nav).toEqual({
      label: 'Main',
      items: [
        {
          label: 'Solutions',
          groups: [{ links: [link('Desk'), { label: 'Document processing', href: '/documents' }, link('Cloud'), link('Automation')] }],
        },
        link('Agentic AI'),
        link('Digital'),
        { label: 'Careers', href: '/careers/' },
      ],
    });
    expect(incoming).toEqual([
      { change: 'added', path: ['nav', 'items', 0, 'groups', 0, 'links', 3], field: 'nav' },
      { change: 'added', path: ['nav', 'items', 1], field: 'nav' },
    ]);
  });

  it('merges lists of plain values element by element when the lengths agree, else by runs', () => {
    const start = { paragraphs: ['One', 'Two', 'Three', 'Four'] };
    const sameLength = merge(start, { paragraphs: ['1', 'Two', 'Three', 'Four'] }, { paragraphs: ['One', '2', 'Three', 'Four'] });
    expect(sameLength.merged).toEqual({ paragraphs: ['1', '2', 'Three', 'Four'] });
    const runs = merge(start, { paragraphs: ['Zero', 'One', 'Two', 'Three', 'Four'] }, { paragraphs: ['One', 'Two', 'Three', '4'] });
    expect(runs).toEqual({
      merged: { paragraphs: ['Zero', 'One', 'Two', 'Three', '4'] },
      conflicts: [],
      incoming: [{ change: 'changed', path: ['paragraphs'], field: 'paragraphs' }],
    });
  });

  it('makes a whole list of plain values one conflict when both sides changed the same run differently', () => {
    const start = { points: ['One', 'Two', 'Three'] };
    const theirs = { points: ['One', 'Deux', 'Three', 'Four'] };
    const mine = { points: ['One', 'Zwei', 'Three'] };
    const { merged, conflicts } = merge(start, theirs, mine);
    expect(conflicts).toEqual([
      { path: ['points'], field: 'points', base: start.points, theirs: theirs.points, mine: mine.points, chosen: 'mine' },
    ]);
    expect(merged).toEqual(mine);
    expect(merge(start, theirs, mine, ['theirs']).merged).toEqual(theirs);
  });

  it('takes an item rewritten in place for the same item: both sides rewriting one link differently is a conflict per field', () => {
    const start = {
      links: [
        { label: 'Home', href: '/' },
        { label: 'Jobs', href: '/jobs' },
        { label: 'Contact', href: '/contact' },
      ],
    };
    const theirs = edit(start, (file) => Object.assign(valueAt(file, ['links', 1]) as JsonObject, { label: 'Careers', href: '/careers' }));
    const mine = edit(start, (file) => Object.assign(valueAt(file, ['links', 1]) as JsonObject, { label: 'Work with us', href: '/work' }));
    const { merged, conflicts } = merge(start, theirs, mine);
    expect(conflicts.map((conflict) => conflict.path)).toEqual([
      ['links', 1, 'label'],
      ['links', 1, 'href'],
    ]);
    expect(merged).toEqual(mine);
    expect(merge(start, theirs, mine, ['theirs', 'theirs']).merged).toEqual(theirs);
  });

  it('never changes its inputs, and reads keys like "constructor" and "__proto__" as plain keys', () => {
    const freeze = <T>(value: T): T => {
      if (typeof value === 'object' && value !== null) Object.values(Object.freeze(value)).forEach(freeze);
      return value;
    };
    const start = freeze(JSON.parse('{"constructor":1,"blocks":[{"type":"prose","heading":"A"}]}') as JsonObject);
    const theirs = freeze(JSON.parse('{"constructor":2,"blocks":[{"type":"prose","heading":"B"}]}') as JsonObject);
    const mine = freeze(
      JSON.parse('{"constructor":1,"__proto__":{"x":1},"blocks":[{"type":"prose","heading":"A","text":"T"}]}') as JsonObject,
    );
    const { merged } = merge(start, theirs, mine);
    expect(JSON.stringify(merged)).toBe('{"constructor":2,"__proto__":{"x":1},"blocks":[{"type":"prose","heading":"B","text":"T"}]}');
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});

/** Random edits of a page, applied in turn to a copy: the kinds of change a person, a hand edit or a pull makes. */
const editArb = fc.record({
  kind: fc.constantFrom('title', 'heading', 'remove', 'insert', 'move', 'card', 'paragraph', 'dropKey', 'addKey'),
  at: fc.nat(9),
  to: fc.nat(9),
  text: fc.string({ maxLength: 4 }),
});
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

const blockArb: fc.Arbitrary<Block> = fc.record(
  {
    type: fc.constantFrom('banner', 'prose', 'cardGrid'),
    heading: fc.string({ maxLength: 3 }),
    text: fc.string({ maxLength: 3 }),
    cards: fc.array(fc.record({ title: fc.string({ maxLength: 2 }), icon: fc.constantFrom('a', 'b') }), { maxLength: 3 }),
    paragraphs: fc.array(fc.string({ maxLength: 2 }), { maxLength: 3 }),
  },
  { requiredKeys: ['type'] },
);
const pageArb = fc.record({
  title: fc.string({ maxLength: 3 }),
  description: fc.string({ maxLength: 3 }),
  blocks: fc.array(blockArb, { maxLength: 6 }),
});

function applyEdits(start: JsonObject, edits: Edit[]): JsonObject {
  return edit(start, (file) => {
    const list = file.blocks;
    for (const { kind, at, to, text } of edits) {
      if (kind === 'title') file.title = text;
      else if (kind === 'insert') list.splice(to % (list.length + 1), 0, { type: 'prose', heading: text });
      const block = list[at % Math.max(list.length, 1)];
      if (!block) continue;
      if (kind === 'heading') block.heading = text;
      if (kind === 'remove') list.splice(at % list.length, 1);
      if (kind === 'move') list.splice(to % list.length, 0, ...list.splice(at % list.length, 1));
      if (kind === 'card') block.cards = [...((block.cards as JsonObject[] | undefined) ?? []), { title: text, icon: 'a' }].reverse();
      if (kind === 'paragraph') block.paragraphs = [text, ...((block.paragraphs as string[] | undefined) ?? [])].slice(0, to % 4);
      if (kind === 'dropKey') delete block.text;
      if (kind === 'addKey') block[`k${text}`] = to;
    }
  });
}

/** A page and two versions of it, each changed by its own random edits. */
const editedPages = pageArb.chain((start) =>
  fc.tuple(fc.array(editArb, { maxLength: 6 }), fc.array(editArb, { maxLength: 6 })).map(([a, b]) => ({
    start,
    one: applyEdits(start, a),
    other: applyEdits(start, b),
  })),
);
const anyObject = fc.dictionary(fc.string({ maxLength: 3 }), fc.jsonValue({ maxDepth: 3 })) as fc.Arbitrary<JsonObject>;

describe('merge, for random edits', () => {
  it('gives the draft when only the draft changed, and the file when only the file changed, exactly', () => {
    const check = (start: JsonObject, changed: JsonObject) => {
      const onlyMine = merge(start, structuredClone(start), changed);
      const onlyTheirs = merge(start, changed, structuredClone(start));
      expect(sameText(onlyMine.merged, changed)).toBe(true);
      expect(sameText(onlyTheirs.merged, changed)).toBe(true);
      expect([...onlyMine.conflicts, ...onlyTheirs.conflicts, ...onlyMine.incoming]).toEqual([]);
    };
    fc.assert(fc.property(editedPages, ({ start, one }) => check(start, one)));
    fc.assert(fc.property(anyObject, anyObject, check));
  });

  it('gives either side when both made the same changes, with nothing in conflict or come in', () => {
    fc.assert(
      fc.property(editedPages, ({ start, one }) => {
        expect(merge(start, one, structuredClone(one))).toEqual({ merged: one, conflicts: [], incoming: [] });
      }),
    );
  });

  it('reports the same conflicts whatever is chosen, each path holding the chosen value', () => {
    fc.assert(
      fc.property(editedPages, fc.array(fc.constantFrom<Side>('mine', 'theirs'), { maxLength: 20 }), ({ start, one, other }, picks) => {
        const first = merge(start, one, other);
        const choices = first.conflicts.map((_, index) => picks[index] ?? 'theirs');
        const again = merge(start, one, other, choices);
        const values = (result: typeof first) => result.conflicts.map(({ base, theirs, mine }) => ({ base, theirs, mine }));
        expect(values(again)).toEqual(values(first));
        expect(again.conflicts.map((conflict) => conflict.chosen)).toEqual(choices);
        for (const conflict of again.conflicts) {
          const chosen = conflict[conflict.chosen];
          if (chosen !== undefined) expect(valueAt(again.merged, conflict.path)).toEqual(chosen);
        }
      }),
    );
  });

  /**
   * A page of numbered blocks (each with its own heading, text and note, so each is told apart),
   * the blocks whose note one side edits and whose text the other edits, and how the side that
   * also reorders does it: the blocks it keeps, in its order, and where it adds new ones.
   */
  const scenario = fc.integer({ min: 1, max: 7 }).chain((count) => {
    const indexes = Array.from({ length: count }, (_, index) => index);
    return fc.record({
      start: fc.constant(
        page(
          ...indexes.map((index) => ({
            type: ['banner', 'prose', 'cardGrid'][index % 3] as string,
            heading: `B${index}`,
            text: `t${index}`,
            note: `n${index}`,
          })),
        ),
      ),
      noted: fc.subarray(indexes),
      texted: fc.subarray(indexes),
      kept: fc.shuffledSubarray(indexes),
      added: fc.array(fc.nat(count), { maxLength: 3 }),
    });
  });
  const reorder = (file: { blocks: Block[] }, kept: number[], added: number[]): void => {
    file.blocks = kept.map((index) => file.blocks[index] as Block);
    for (const [number, at] of added.entries()) {
      file.blocks.splice(at % (file.blocks.length + 1), 0, { type: 'faq', heading: `N${number}`, note: `new ${number}` });
    }
  };
  const byHeading = (file: JsonObject, field: string) => new Map(blocks(file).map((block) => [block.heading, block[field]]));

  it('combines the file’s edits of notes with the draft’s moves, additions, removals and edits of texts', () => {
    fc.assert(
      fc.property(scenario, ({ start, noted, texted, kept, added }) => {
        const theirs = edit(start, (file) => {
          for (const index of noted) (file.blocks[index] as Block).note = `theirs ${index}`;
        });
        const mine = edit(start, (file) => {
          for (const index of texted) (file.blocks[index] as Block).text = `mine ${index}`;
          reorder(file, kept, added);
        });
        const { merged, conflicts } = merge(start, theirs, mine);
        const notes = byHeading(theirs, 'note');
        expect(blocks(merged)).toEqual(blocks(mine).map((block) => ({ ...block, note: notes.get(block.heading) ?? block.note })));
        const removedButNoted = noted.filter((index) => !kept.includes(index)).map((index) => `B${index}`);
        expect(conflicts.map((conflict) => (conflict.theirs as Block).heading).sort()).toEqual(removedButNoted.sort());
      }),
    );
  });

  it('combines the file’s moves, additions, removals and edits of notes with the draft’s edits of texts', () => {
    fc.assert(
      fc.property(scenario, ({ start, noted, texted, kept, added }) => {
        const theirs = edit(start, (file) => {
          for (const index of noted) (file.blocks[index] as Block).note = `theirs ${index}`;
          reorder(file, kept, added);
        });
        const mine = edit(start, (file) => {
          for (const index of texted) (file.blocks[index] as Block).text = `mine ${index}`;
        });
        const { merged, conflicts } = merge(start, theirs, mine);
        const texts = byHeading(mine, 'text');
        const removedButTexted = texted.filter((index) => !kept.includes(index)).map((index) => `B${index}`);
        expect(conflicts.map((conflict) => (conflict.mine as Block).heading).sort()).toEqual(removedButTexted.sort());
        const inTheirs = blocks(merged).filter((block) => !removedButTexted.includes(String(block.heading)));
        expect(inTheirs).toEqual(blocks(theirs).map((block) => ({ ...block, text: texts.get(block.heading) ?? block.text })));
      }),
    );
  });
});
