import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJson } from '../../../scripts/content/fixing/migrate-tree';
import { editorModel } from '../../../scripts/editor/editor-model';
import { Workspace } from '../../../scripts/editor/workspace';
import { compareVersions } from '../../../scripts/publish/history/compare-versions';
import { history, versionAt } from '../../../scripts/publish/history/history';
import { titlesOf } from '../../../src/content/titles';
import { root } from '../../helpers/project';
import { BEN, versionRepo, type VersionRepo } from './version-repo';

const model = editorModel(new Workspace(root));
const titles = (form: string) => titlesOf(model.blocks, model.forms[form]);

type Block = Record<string, unknown> & { type: string; cards?: unknown[] };
type Page = Record<string, unknown> & { blocks: Block[] };

let repo: VersionRepo;
let older: Page;

beforeAll(async () => {
  repo = await versionRepo('compare');
  older = (await versionAt(repo.root, 'HEAD', 'pages/index.json')).value as Page;
});
afterAll(() => repo.remove());

describe('compareVersions', () => {
  it('compares two versions of the home page from git: a block moved and edited, a field changed, blocks added and removed', async () => {
    expect(older.blocks.map((block) => block.type)).toEqual([
      'banner',
      'counters',
      'logoCloud',
      'cardGrid',
      'ticker',
      'cardGrid',
      'productCarousel',
      'productCarousel',
      'callToAction',
    ]);
    const [banner, , logos, expertise, ...rest] = structuredClone(older.blocks) as Block[];
    const call = rest.pop() as Block;
    const fewerCards = {
      ...expertise,
      heading: 'What we do',
      cards: (expertise?.cards ?? []).filter((_, index) => index !== 3),
    };
    const added = { type: 'callToAction', heading: 'Talk to us', text: 'Write to us.', action: { label: 'Write', opens: 'enquiry' } };
    // Schedule a Call moves up under the banner and gets a new heading; the counters go; Our
    // Expertise gets a new heading and loses its fourth card; a block is added at the end.
    const page = { ...older, title: 'Home', blocks: [banner, { ...call, heading: 'Book a call' }, logos, fewerCards, ...rest, added] };
    const commit = await repo.commit('Home: a call first', { 'pages/index.json': formatJson(page) }, BEN, '2026-11-02T09:00:00+01:00');
    const { versions } = await history(repo.root, 'pages/index.json', { limit: 2 });
    expect(versions[0]?.commit).toBe(commit);
    const [before, after] = await Promise.all(
      versions.map((version) => versionAt(repo.root, version.commit, 'pages/index.json')).reverse(),
    );

    const comparison = compareVersions(before?.value ?? {}, after?.value ?? {}, titles('page'));
    expect(comparison.blocks.map(({ before: from, after: to, type, status, moved }) => [from, to, type, status, moved ?? ''])).toEqual([
      [1, 1, 'banner', 'unchanged', ''],
      [2, undefined, 'counters', 'removed', ''],
      [9, 2, 'callToAction', 'changed', 'up'],
      [3, 3, 'logoCloud', 'unchanged', ''],
      [4, 4, 'cardGrid', 'changed', ''],
      [5, 5, 'ticker', 'unchanged', ''],
      [6, 6, 'cardGrid', 'unchanged', ''],
      [7, 7, 'productCarousel', 'unchanged', ''],
      [8, 8, 'productCarousel', 'unchanged', ''],
      [undefined, 9, 'callToAction', 'added', ''],
    ]);
    // Each changed field with its value in each version, its place in the schemas' titles.
    expect(comparison.blocks[2]?.fields).toEqual([
      { change: 'changed', path: ['blocks', 1, 'heading'], place: 'Heading', before: 'Schedule a Call', after: 'Book a call' },
    ]);
    expect(comparison.blocks[4]?.fields).toEqual([
      { change: 'changed', path: ['blocks', 3, 'heading'], place: 'Heading', before: 'Our Expertise', after: 'What we do' },
      { change: 'removed', path: ['blocks', 3, 'cards', 3], place: 'Card 4', before: older.blocks[3]?.cards?.[3] },
    ]);
    expect(comparison.fields).toEqual([{ change: 'changed', path: ['title'], place: 'Title', before: older.title, after: 'Home' }]);
    expect(comparison.summary).toBe(
      'Block 2 (Counters) removed; Block 2 (Call to action) moved up and changed (Heading); Block 4 (Card grid) changed (Heading, Card 4 removed); Block 9 (Call to action) added; Title changed',
    );
    expect(comparison.same).toBe(false);
  });

  it('says when two versions are the same', () => {
    expect(compareVersions(older, structuredClone(older), titles('page'))).toEqual({
      same: true,
      summary: 'No differences.',
      blocks: expect.any(Array),
      fields: [],
    });
  });

  it('compares an entry and the site file field by field: a text changed, a list grown, a menu entry added', () => {
    const job = { title: 'Frontend Web Developer', location: 'Chennai', skills: ['React', 'CSS'], responsibilities: ['Build', 'Test'] };
    const changed = { ...job, location: 'Pune', skills: ['React', 'CSS', 'Kindness'], responsibilities: ['Build', 'Review'] };
    expect(compareVersions(job, changed, titles('collections/jobs'))).toEqual({
      same: false,
      summary: 'Location changed; Skills changed; Responsibility 2 changed',
      blocks: [],
      fields: [
        { change: 'changed', path: ['location'], place: 'Location', before: 'Chennai', after: 'Pune' },
        { change: 'changed', path: ['skills'], place: 'Skills', before: ['React', 'CSS'], after: ['React', 'CSS', 'Kindness'] },
        { change: 'changed', path: ['responsibilities', 1], place: 'Responsibility 2', before: 'Test', after: 'Review' },
      ],
    });
    const site = {
      nav: {
        items: [
          { label: 'Home', href: '/' },
          { label: 'About', href: '/about' },
        ],
      },
    };
    const grown = { nav: { items: [site.nav.items[0], { label: 'Cloud', href: '/services/cloud' }, site.nav.items[1]] } };
    expect(compareVersions(site, grown, titles('site')).fields).toEqual([
      {
        change: 'added',
        path: ['nav', 'items', 1],
        place: 'Navigation bar › Menu entry 2',
        after: { label: 'Cloud', href: '/services/cloud' },
      },
    ]);
  });
});
