import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockForms, formSchema } from '../../../scripts/content/schema/form-schema';
import { loadSchemaSet } from '../../../scripts/content/schema/schema-set';
import { changeWords, type ChangeFacts } from '../../../scripts/publish/changes/change-words';
import { titlesOf } from '../../../src/content/titles';
import { root } from '../../helpers/project';

type Json = Record<string, unknown>;
const set = loadSchemaSet(join(root, 'schemas'));
/** The titles of a file with the schema `key`, as the list of changes tells it. */
const schemaTitles = (key: string) => titlesOf(blockForms(set), formSchema(set, key));
const pageTitles = schemaTitles('page.schema.json');
const home = JSON.parse(readFileSync(join(root, 'pages/index.json'), 'utf8')) as Json & { blocks: Json[] };
const copy = <T>(value: T): T => structuredClone(value);
const page = (before: unknown, after: unknown, more: Partial<ChangeFacts> = {}): string =>
  changeWords({ path: 'pages/index.json', kind: 'page', state: 'modified', before, after, ...more }, pageTitles);

/** The home page's blocks, by their heading. */
const at = (value: typeof home, heading: string): Json & { cards: Json[] } => {
  const found = value.blocks.find((block) => block.heading === heading);
  if (!found) throw new Error(`No block "${heading}" on the home page`);
  return found as Json & { cards: Json[] };
};

describe('changeWords', () => {
  it('tells a page block by block: fields edited with the list items they touch, and a block moved up', () => {
    const after = copy(home);
    const expertise = at(after, 'Our Expertise');
    expertise.heading = 'What we do';
    (expertise.cards[0] as Json).title = 'Strategy';
    (expertise.cards[2] as Json).content = 'Shorter words.';
    const call = after.blocks.pop() as Json;
    after.blocks.splice(2, 0, call);
    expect(page(home, after)).toBe('Home: "Schedule a Call" moved up; "What we do" edited (heading, 2 cards)');
  });

  it('names one item in the singular, the page’s own fields apart from its blocks, and blocks added and removed', () => {
    const after = copy(home);
    after.title = 'Home';
    (at(after, 'Our Expertise').cards[1] as Json).title = 'Cloud';
    after.blocks = after.blocks.filter((block) => block.heading !== 'Why Agentic AI');
    after.blocks.push({ type: 'prose', heading: 'A word from us', paragraphs: ['Hello.'] });
    expect(page(home, after)).toBe(
      'Home: edited (title); "Our Expertise" edited (1 card); "Why Agentic AI" removed; "A word from us" added',
    );
  });

  it('calls a block with no heading by its type and place', () => {
    const before = { title: 'T', blocks: [{ type: 'ticker', rows: [] }] };
    const after = { title: 'T', blocks: [{ type: 'ticker', rows: [], pauseLabel: 'Stop' }] };
    expect(page(before, after)).toBe('Home: Ticker (block 1) edited (pause button text)');
  });

  it('says a new, removed or renamed file as such, and a page moved by its addresses', () => {
    expect(page(undefined, home, { state: 'added' })).toBe('Home: new page');
    expect(page(home, undefined, { state: 'deleted' })).toBe('Home: removed');
    expect(
      changeWords(
        {
          path: 'pages/about-us.json',
          from: 'pages/about.json',
          kind: 'page',
          state: 'renamed',
          before: { title: 'About' },
          after: { title: 'About' },
        },
        pageTitles,
      ),
    ).toBe('About: moved from /about to /about-us');
  });

  it('tells a file that changed only in its layout, or that can no longer be read', () => {
    expect(page(home, copy(home))).toBe('Home: only its layout changed');
    expect(page(home, undefined)).toBe('Home: changed');
  });

  it('tells an entry by its fields and the site file by its name', () => {
    const jobs = schemaTitles('collections/jobs.schema.json');
    const before = { title: 'UX/UI Designer', location: 'Chennai', skills: ['Figma', 'Research'] };
    const after = { title: 'UX/UI Designer', location: 'Pune', skills: ['Figma', 'Research', 'Prototyping'] };
    expect(changeWords({ path: 'pages/_collections/jobs/ux.json', kind: 'entry', state: 'modified', before, after }, jobs)).toBe(
      'UX/UI Designer: edited (location, skills)',
    );
    const site = schemaTitles('site.schema.json');
    expect(
      changeWords({ path: 'pages/_site.json', kind: 'site', state: 'modified', before: { name: 'A' }, after: { name: 'B' } }, site),
    ).toBe('Menus, footer and site settings: edited (brand name)');
  });

  it('tells media by what they hold', () => {
    const media = (state: ChangeFacts['state'], path: string, from?: string) =>
      changeWords({ path, kind: 'media', state, ...(from ? { from } : {}) }, pageTitles);
    expect(media('added', 'public/media/team.jpg')).toBe('Picture team.jpg added');
    expect(media('modified', 'public/media/intro.mp4')).toBe('Video intro.mp4 replaced');
    expect(media('deleted', 'public/media/brochure.pdf')).toBe('File brochure.pdf removed');
    expect(media('renamed', 'public/media/b.png', 'public/media/a.png')).toBe('Picture b.png renamed from a.png');
  });
});
