/** Merging below the blocks: what came in, keys and their order, lists of plain values and of items without a type, and inputs left as they were. */
import { describe, expect, it } from 'vitest';
import { type JsonObject, merge } from '../../src/content/merge';
import { type Block, banner, base, cards, edit, headings, page, valueAt } from './merge-pages';

describe('merge', () => {
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
