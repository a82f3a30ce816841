import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonObject, merge, type Side } from '../../src/content/merge';
import { type Block, blocks, edit, page, sameText, valueAt } from './merge-pages';

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
