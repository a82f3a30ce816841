/**
 * The plan an incremental build makes from the last build's record (build-record.ts), and the
 * hashes it compares (shared-inputs.ts): the same files give the same hash wherever they lie and
 * whenever they were written, as the follower builds each commit in a folder of its own.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { treeHash } from '../../../scripts/build/incremental/shared-inputs';
import { type BuildRecord, markDated, planBuild } from '../../../scripts/build/incremental/build-record';

const dir = mkdtempSync(join(tmpdir(), 'build-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the last build left in its folder: each page with its compressed copies, the 404 page, the sitemap, a bundle. */
const OUTPUTS: Record<string, string> = Object.fromEntries(
  ['index.html', 'about/index.html', 'careers/ux/index.html', '404.html', 'sitemap.xml']
    .flatMap((file) => [file, `${file}.br`, `${file}.gz`])
    .concat('assets/boot-1a2b.js', '.vite/manifest.json')
    .map((file, at) => [file, `${100 + at} 1764000000000000000`]),
);
/** The folder as it is now: the last build's outputs, with some changed (a new stamp), deleted (undefined) or added. */
const folder = (changes: Record<string, string | undefined> = {}) => ({
  stamps: Object.fromEntries(
    Object.entries({ ...OUTPUTS, ...changes }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ),
  shown: 'dist',
});
const NO_REPAIR = { remove: [], notFound: false };

/** A record of three pages: the home page lists the jobs, a job's page is made from its entry. */
const record = (changes: Partial<BuildRecord> = {}): BuildRecord => ({
  format: 1,
  shared: { 'src/': 'a1', 'schemas/': 'b1' },
  siteFile: { file: 'pages/_site.json', hash: 'c1' },
  serverEntry: 'e1',
  day: '2026-11-27',
  sources: {
    'pages/index.json': '11',
    'pages/about.json': '12',
    'pages/careers/[jobs].json': '13',
    'pages/_collections/jobs/ux.json': '14',
  },
  routes: {
    '/': { page: 'p1', sources: ['pages/index.json', 'pages/_collections/jobs/ux.json'] },
    '/about': { page: 'p2', sources: ['pages/about.json'] },
    '/careers/ux': { page: 'p3', sources: ['pages/careers/[jobs].json', 'pages/_collections/jobs/ux.json'] },
  },
  outputs: OUTPUTS,
  bodyRules: {},
  ...changes,
});

describe('the plan of a build', () => {
  it('is a full build, naming why, without a record or when an input every page shares changed', () => {
    expect(planBuild({ missing: 'there is no record of a finished build in the output folder' }, record())).toEqual({
      kind: 'full',
      reason: 'there is no record of a finished build in the output folder',
    });
    for (const [name, reason] of [
      ['src/', 'src/ changed'],
      ['schemas/', 'schemas/ changed'],
    ] as const)
      expect(planBuild(record(), record({ shared: { ...record().shared, [name]: 'new' } }))).toEqual({ kind: 'full', reason });
  });

  it('renders every page and the not-found page, and builds nothing else, when the site file changed', () => {
    expect(planBuild(record(), record({ siteFile: { file: 'pages/_site.json', hash: 'c2' } }))).toEqual({
      kind: 'pages',
      render: ['/', '/about', '/careers/ux'],
      removed: [],
      reason: 'pages/_site.json changed',
      repair: { remove: [], notFound: true },
    });
  });

  it('renders nothing when nothing changed', () => {
    expect(planBuild(record(), record(), folder())).toEqual({
      kind: 'pages',
      render: [],
      removed: [],
      reason: 'no page changed',
      repair: NO_REPAIR,
    });
  });

  it('renders the pages made of a changed entry, and only them', () => {
    const now = record({ sources: { ...record().sources, 'pages/_collections/jobs/ux.json': '99' } });
    expect(planBuild(record(), now)).toEqual({
      kind: 'pages',
      render: ['/', '/careers/ux'],
      removed: [],
      reason: 'pages/_collections/jobs/ux.json changed',
      repair: NO_REPAIR,
    });
  });

  it('renders a page whose content changed though no file did (an entry’s address, once its collection has pages)', () => {
    const now = record({ routes: { ...record().routes, '/about': { page: 'p2b', sources: ['pages/about.json'] } } });
    expect(planBuild(record(), now)).toMatchObject({ kind: 'pages', render: ['/about'], reason: 'no page changed' });
  });

  it('renders new routes, removes those gone, and names at most three files', () => {
    const { '/about': _gone, ...routes } = record().routes;
    const { 'pages/about.json': _removed, ...sources } = record().sources;
    const added = Object.fromEntries(['a', 'b', 'c'].map((name) => [`pages/${name}.json`, '1']));
    const now = record({
      routes: {
        ...routes,
        ...Object.fromEntries(['a', 'b', 'c'].map((name) => [`/${name}`, { page: name, sources: [`pages/${name}.json`] }])),
      },
      sources: { ...sources, ...added },
    });
    expect(planBuild(record(), now)).toEqual({
      kind: 'pages',
      render: ['/a', '/b', '/c'],
      removed: ['/about'],
      reason: 'pages/a.json is new, pages/about.json was removed, pages/b.json is new, 1 more files changed',
      repair: NO_REPAIR,
    });
  });

  it('renders on a new day the pages whose render read the day (a job post’s age), with those that changed, and no other', () => {
    const dated = (): BuildRecord => {
      const last = record();
      markDated(last, ['/careers/ux']);
      return last;
    };
    expect(planBuild(dated(), record({ day: '2026-11-28' }))).toEqual({
      kind: 'pages',
      render: ['/careers/ux'],
      removed: [],
      reason: 'a new day (1 page shows the age of a job post, counted to the day it is built)',
      repair: NO_REPAIR,
    });
    const changed = record({ day: '2026-11-28', sources: { ...record().sources, 'pages/about.json': '99' } });
    expect(planBuild(dated(), changed)).toMatchObject({ render: ['/about', '/careers/ux'] });
    // The same day: the dated page is as it was.
    expect(planBuild(dated(), record())).toMatchObject({ render: [], reason: 'no page changed' });
    // No page read the day: a new day is no reason to render any.
    expect(planBuild(record(), record({ day: '2026-11-28' }))).toMatchObject({ render: [], reason: 'no page changed' });
  });

  it('keeps a page’s mark of reading the day from the last build when this build did not render it', () => {
    const last = record();
    markDated(last, ['/', '/careers/ux']);
    const now = record();
    // Rendered now: /about (not dated) and / (no longer dated); /careers/ux keeps its mark.
    markDated(now, [], { routes: ['/', '/about'], previous: last });
    expect(Object.entries(now.routes).map(([route, entry]) => [route, entry.dated === true])).toEqual([
      ['/', false],
      ['/about', false],
      ['/careers/ux', true],
    ]);
    markDated(now, ['/about']);
    expect(Object.entries(now.routes).filter(([, entry]) => entry.dated)).toEqual([['/about', expect.anything()]]);
  });
});

describe('the plan of a build into a folder changed since the last build', () => {
  const family = (file: string): string[] => [file, `${file}.br`, `${file}.gz`];

  it('renders again a page whose file or compressed copy was changed or deleted, though no content file changed, naming it', () => {
    const plan = planBuild(record(), record(), folder({ 'about/index.html': undefined, 'careers/ux/index.html.br': '7 1' }));
    expect(plan).toEqual({
      kind: 'pages',
      render: ['/about', '/careers/ux'],
      removed: [],
      reason: 'dist/about/index.html is missing, dist/careers/ux/index.html.br differs from the last build',
      repair: { remove: [...family('about/index.html'), ...family('careers/ux/index.html')].sort(), notFound: false },
    });
  });

  it('renders the not-found page again, and writes a site file again, when theirs differ', () => {
    expect(planBuild(record(), record(), folder({ '404.html': '1 1', 'sitemap.xml.gz': undefined }))).toEqual({
      kind: 'pages',
      render: [],
      removed: [],
      reason: 'dist/404.html differs from the last build, dist/sitemap.xml.gz is missing',
      repair: { remove: [...family('404.html'), ...family('sitemap.xml')].sort(), notFound: true },
    });
  });

  it('is a full build when a file only a full build writes differs (a bundle, the manifest)', () => {
    expect(planBuild(record(), record(), folder({ 'assets/boot-1a2b.js': '5 5' }))).toEqual({
      kind: 'full',
      reason: 'dist/assets/boot-1a2b.js differs from the last build',
    });
    expect(planBuild(record(), record(), folder({ '.vite/manifest.json': undefined }))).toEqual({
      kind: 'full',
      reason: 'dist/.vite/manifest.json is missing',
    });
  });

  it('removes files the last build did not write, naming at most three', () => {
    const strays = ['a.html', 'about/index.html.123-0.tmp', 'b.txt', 'c.txt'];
    expect(planBuild(record(), record(), folder(Object.fromEntries(strays.map((file) => [file, '1 1']))))).toEqual({
      kind: 'pages',
      render: [],
      removed: [],
      reason:
        'dist/a.html was not written by the last build, dist/about/index.html.123-0.tmp was not written by the last build, dist/b.txt was not written by the last build, 1 more files of dist/ were not written by the last build',
      repair: { remove: strays, notFound: false },
    });
  });

  it('leaves alone the page of a route it removes, and counts differences beyond three', () => {
    const { '/about': _gone, ...routes } = record().routes;
    const now = record({ routes });
    expect(planBuild(record(), now, folder({ 'about/index.html': undefined }))).toMatchObject({
      render: [],
      removed: ['/about'],
      repair: NO_REPAIR,
    });
    const plan = planBuild(
      record(),
      record(),
      folder(Object.fromEntries([...family('index.html'), '404.html'].map((file) => [file, '1 1']))),
    );
    expect(plan).toMatchObject({
      render: ['/'],
      reason:
        'dist/404.html differs from the last build, dist/index.html differs from the last build, dist/index.html.br differs from the last build, 1 more files of dist/ differ from the last build',
    });
  });
});

describe('the hash of a folder', () => {
  it('is the same wherever the folder lies and whenever its files were written, and changes with a byte of it', () => {
    const first = join(dir, 'one/src');
    mkdirSync(join(first, 'blocks'), { recursive: true });
    writeFileSync(join(first, 'main.ts'), 'export const a = 1;\n');
    writeFileSync(join(first, 'blocks/card.tsx'), 'export const Card = () => null;\n');
    const second = join(dir, 'elsewhere/deeper/src');
    cpSync(first, second, { recursive: true });
    utimesSync(join(second, 'main.ts'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    expect(treeHash(second)).toBe(treeHash(first));
    writeFileSync(join(second, 'main.ts'), 'export const a = 2;\n');
    expect(treeHash(second)).not.toBe(treeHash(first));
    // A file moved is a change too, though no content changed.
    cpSync(first, join(dir, 'moved'), { recursive: true });
    cpSync(join(dir, 'moved/main.ts'), join(dir, 'moved/blocks/main.ts'));
    rmSync(join(dir, 'moved/main.ts'));
    expect(treeHash(join(dir, 'moved'))).not.toBe(treeHash(first));
  });
});
