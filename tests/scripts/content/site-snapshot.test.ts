/**
 * The site as the build's last load left it (scripts/content/load-site/site-snapshot.ts): a load
 * from it after pages changed is the full load, problems, warnings, summaries, hashes and
 * values, and wherever it could differ (an entry, the site file, a file added or gone, a page
 * with a problem or other anchors, a snapshot changed or another code's) it gives way to one.
 */
import { appendFileSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writePageSet } from '../../../scripts/bench/write-page-set';
import { type LoadedSite, loadSite } from '../../../scripts/content/load-site';
import { checkCache } from '../../../scripts/content/load-site/check-cache';
import { siteSnapshot } from '../../../scripts/content/load-site/site-snapshot';
import { sha256Hex } from '../../../scripts/content/load-site/stat-index';
import { root, scratchFolder } from '../../helpers/project';

const scratch = scratchFolder('site-snapshot');
const pagesDir = writePageSet(root, scratch, 0, []);
const snapshotFile = join(scratch, 'site-snapshot');
const about = join(pagesDir, 'about.json');
const careers = join(pagesDir, 'careers.json');

/** What a load reports and gives the build, comparable between loads: the values too, and what is kept apart from them. */
const said = (site: LoadedSite) =>
  JSON.parse(
    JSON.stringify({
      ...site,
      entries: [...site.entries.values()].flatMap((entries) => [...entries.values()]),
      anchors: [...site.anchors],
      pages: site.pages.map((page) => ({ ...page, summary: page.summary, hash: page.hash })),
    }),
  ) as unknown;

/** A full load with kept checks, kept as the snapshot, as a build makes it. */
function fullLoadKept(key = 'code-1'): LoadedSite {
  const cache = checkCache(join(scratch, 'checked-files'), key);
  const loaded = loadSite(root, pagesDir, { checkCache: cache });
  expect(loaded.problems).toEqual([]);
  siteSnapshot(snapshotFile, key).save(root, pagesDir, loaded, cache.stamps(), cache.textHash);
  return loaded;
}

/** A load from the snapshot, kept as the build keeps it. */
function fromSnapshot(key = 'code-1') {
  const load = siteSnapshot(snapshotFile, key).load(root, pagesDir, {});
  load?.keep();
  return load;
}

/** Runs `change` on `file`, then puts its text back. */
function withChange(file: string, change: (text: string) => string, then: () => void): void {
  const text = readFileSync(file, 'utf8');
  try {
    writeFileSync(file, change(text));
    then();
  } finally {
    writeFileSync(file, text);
  }
}

describe("the site's snapshot", () => {
  beforeAll(async () => {
    // A stat is trusted once the file has settled (stat-index.ts): the page set was just written.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    fullLoadKept();
  });

  it('loads the site as a full load does, checking again only the pages that changed', () => {
    const unchanged = fromSnapshot();
    expect(unchanged?.checked).toBe(0);
    expect(said(unchanged?.loaded as LoadedSite)).toEqual(said(loadSite(root, pagesDir)));
    withChange(
      about,
      (text) => text.replace('"About us"', '"About us, changed"'),
      () => {
        const load = fromSnapshot();
        expect(load?.checked).toBe(1);
        expect(load?.files).toBeGreaterThan(50);
        const full = loadSite(root, pagesDir);
        expect(said(load?.loaded as LoadedSite)).toEqual(said(full));
        expect(load?.loaded.pages.find(({ route }) => route === '/about')?.page.title).toBe('About us, changed');
        expect(load?.textHash(relative(root, about))).toBe(sha256Hex(readFileSync(about, 'utf8')));
        // Twice: the change the first kept is read back, and the page is not checked again.
        const again = fromSnapshot();
        expect(again?.checked).toBe(0);
        expect(said(again?.loaded as LoadedSite)).toEqual(said(full));
      },
    );
    expect(said(fromSnapshot()?.loaded as LoadedSite)).toEqual(said(loadSite(root, pagesDir)));
  });

  it('compares the titles of every page again when one changes', () => {
    const { pages } = loadSite(root, pagesDir);
    const other = pages.find(({ route }) => route === '/about')?.summary?.title as string;
    expect(other).toBeTruthy();
    withChange(
      careers,
      (text) => text.replace(/"title": "[^"]+"/, `"title": ${JSON.stringify(other)}`),
      () => {
        const load = fromSnapshot();
        const full = loadSite(root, pagesDir);
        expect(full.warnings.some(({ code }) => code === 'samePageText')).toBe(true);
        expect(load?.loaded.warnings).toEqual(full.warnings);
      },
    );
    expect(fromSnapshot()?.loaded.warnings).toEqual(loadSite(root, pagesDir).warnings);
  });

  it('gives way to a full load wherever one could tell another site', () => {
    const refused = (what: string, file: string, change: (text: string) => string) =>
      withChange(file, change, () => expect(fromSnapshot(), what).toBeUndefined());
    refused('an entry changed', join(pagesDir, '_collections/case-studies/case-management.json'), (text) =>
      text.replace(/"title": "[^"]+"/, '"title": "Case handling"'),
    );
    refused('the site file changed', join(pagesDir, '_site.json'), (text) => text.replace(/"label": "([^"]+)"/, '"label": "$1!"'));
    refused('a page with a link to no page', join(pagesDir, 'digital.json'), (text) =>
      text.replace('"/resources/case-studies"', '"/no-such-page"'),
    );
    refused('a page that no longer parses', about, (text) => text.slice(0, 40));
    refused('a page with other anchors', about, (text) =>
      text.replace('"type": "cardGrid",', '"type": "cardGrid", "anchor": "who-we-are",'),
    );
    // A file added, then a file gone.
    writeFileSync(join(pagesDir, 'new-page.json'), readFileSync(about, 'utf8'));
    expect(fromSnapshot()).toBeUndefined();
    unlinkSync(join(pagesDir, 'new-page.json'));
    renameSync(careers, `${careers}.away`);
    expect(fromSnapshot()).toBeUndefined();
    renameSync(`${careers}.away`, careers);
    expect(fromSnapshot()?.loaded.problems).toEqual([]);
    // Another code's snapshot, one changed by a byte, and one cut short.
    expect(fromSnapshot('code-2')).toBeUndefined();
    const text = readFileSync(snapshotFile);
    try {
      writeFileSync(snapshotFile, Buffer.from(text.toString('latin1').replace('"About', '"Abouu'), 'latin1'));
      expect(fromSnapshot()).toBeUndefined();
      writeFileSync(snapshotFile, text.subarray(0, text.length - 10));
      expect(fromSnapshot()).toBeUndefined();
    } finally {
      writeFileSync(snapshotFile, text);
    }
    expect(fromSnapshot()?.checked).toBe(0);
  });

  it('trusts no change kept after one cut short or of another snapshot, and keeps every change once they grow', () => {
    const changes = `${snapshotFile}.changes`;
    withChange(
      about,
      (text) => text.replace('"About us"', '"About us, changed"'),
      () => {
        fromSnapshot();
        // A line cut short, then a whole one after it: neither is used.
        const line = readFileSync(changes, 'utf8').trim().split('\n').at(-1) as string;
        appendFileSync(changes, `${line.slice(0, -5)}\n${line}\n`);
        expect(said(fromSnapshot()?.loaded as LoadedSite)).toEqual(said(loadSite(root, pagesDir)));
      },
    );
    // Changes that grow past a tenth of the snapshot: it is written again whole, the changes in it.
    for (let round = 0; round < 40; round += 1)
      withChange(
        about,
        (text) => text.replace('"About us"', `"About us, round ${round}"`),
        () => {
          expect(fromSnapshot()?.checked).toBe(1);
        },
      );
    expect(readFileSync(changes, { flag: 'a+' }).length).toBeLessThan(readFileSync(snapshotFile).length / 10);
    expect(said(fromSnapshot()?.loaded as LoadedSite)).toEqual(said(loadSite(root, pagesDir)));
    rmSync(changes, { force: true });
    expect(said(fromSnapshot()?.loaded as LoadedSite)).toEqual(said(loadSite(root, pagesDir)));
  });
});
