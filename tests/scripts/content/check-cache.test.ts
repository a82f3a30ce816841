/**
 * What checking each content file learned, kept between runs (scripts/content/load-site/check-cache.ts):
 * a site loaded with kept checks is the site loaded without them, problems, places and all,
 * and kept checks that are another code's, or changed, are not used.
 */
import { readdirSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePageSet } from '../../../scripts/bench/write-page-set';
import { type LoadedSite, loadSite } from '../../../scripts/content/load-site';
import { checkCache } from '../../../scripts/content/load-site/check-cache';
import { root, scratchFolder } from '../../helpers/project';

const scratch = scratchFolder('check-cache');
const pagesDir = writePageSet(root, scratch, 0, []);
const kept = join(scratch, 'checked-files');

/** The site loaded with the checks kept in `kept` under `key` (saved again after), and how many files it checked anew. */
function loadWithCache(key = 'code-1'): { site: LoadedSite; again: number; found: number; read: number; values: number } {
  const cache = checkCache(kept, key);
  const site = loadSite(root, pagesDir, { checkCache: cache });
  cache.save();
  const { kept: again, found, read, values } = cache.counts();
  return { site, again, found, read, values };
}

/** The kept lines, the first (the code's key) left out. */
const keptLines = (): string[] => readFileSync(kept, 'utf8').trim().split('\n').slice(1);

/** The kept checks of files among them: a file's value follows a tab, which a page's kept facts have none of. */
const keptChecks = (): string[] => keptLines().filter((line) => line.includes('\t'));

/** What a run reports and loads, comparable between runs. */
const said = ({ site, pages, problems, warnings }: LoadedSite) =>
  JSON.parse(JSON.stringify({ site, pages, problems, warnings })) as unknown;

describe('kept checks of content files', () => {
  it('load the same site as checking every file, and check again only a file that changed', () => {
    rmSync(kept, { force: true });
    const first = loadWithCache();
    expect(first.found).toBe(0);
    expect(said(first.site)).toEqual(said(loadSite(root, pagesDir)));
    const about = join(pagesDir, 'about.json');
    writeFileSync(about, readFileSync(about, 'utf8').replace('"About us"', '"About us, changed"'));
    const second = loadWithCache();
    expect(second.again).toBe(1);
    expect(second.found).toBe(first.again - 1);
    expect(said(second.site)).toEqual(said(loadSite(root, pagesDir)));
    expect(second.site.pages.find(({ route }) => route === '/about')?.page.title).toBe('About us, changed');
    // No kept page file is parsed again: only the values pages are made from (the site file, the entries and the templates).
    const madeFrom = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.json') && (name.startsWith('_collections') || name === '_site.json' || /\[[a-z-]+\]\.json$/.test(name)),
    );
    expect(madeFrom.length).toBeGreaterThan(10);
    expect(second.values).toBe(madeFrom.length);
  });

  it('resolve a page again when an entry it shows changes, and find a deleted entry it names', () => {
    loadWithCache();
    const entry = join(pagesDir, '_collections/case-studies/case-management.json');
    const text = readFileSync(entry, 'utf8');
    const about = (site: LoadedSite) => JSON.stringify(site.pages.find(({ route }) => route === '/about')?.page);
    try {
      writeFileSync(entry, text.replace(/"title": "[^"]+"/, '"title": "Case handling, renamed"'));
      const changed = loadWithCache();
      expect(about(changed.site)).toContain('Case handling, renamed');
      expect(said(changed.site)).toEqual(said(loadSite(root, pagesDir)));
      // Its hash, which the build plans by, is the page's as it is now, not as it was kept.
      const hashOf = (site: LoadedSite) => site.pages.find(({ route }) => route === '/about')?.hash;
      expect(hashOf(changed.site)).toMatch(/^[0-9a-f]{32}$/);
      expect(hashOf(changed.site)).toBe(hashOf(loadSite(root, pagesDir)));
      unlinkSync(entry);
      const gone = loadWithCache();
      expect(gone.site.problems.some(({ file, code }) => file.endsWith('pages-0/about.json') && code === 'unknownEntry')).toBe(true);
      expect(said(gone.site)).toEqual(said(loadSite(root, pagesDir)));
    } finally {
      writeFileSync(entry, text);
    }
  });

  it('still find, at its line and column, a link from an unchanged file to a page deleted since', () => {
    loadWithCache();
    const page = join(pagesDir, 'trust/privacy-and-data-handling.json');
    const text = readFileSync(page);
    unlinkSync(page);
    try {
      const { site, found } = loadWithCache();
      const fresh = loadSite(root, pagesDir);
      expect(found).toBeGreaterThan(0);
      // The menu and the procurement FAQ link to it: each is told where.
      expect(site.problems.map(({ file, code }) => [file.slice(file.indexOf('pages-0/')), code])).toEqual([
        ['pages-0/_site.json', 'deadLink'],
        ['pages-0/trust/procurement-faq.json', 'deadLink'],
      ]);
      expect(site.problems).toEqual(fresh.problems);
    } finally {
      writeFileSync(page, text);
    }
  });

  it('are not used when another code kept them, and a kept check changed since it was written is not used', () => {
    const all = loadWithCache();
    const files = all.found + all.again;
    expect(loadWithCache('code-2').found).toBe(0);
    // Kept again under code-2; a value in them changed by hand is no longer theirs, and the others still are.
    const forged = readFileSync(kept, 'utf8').replace('"title":"Testing services"', '"title":"Forged title"');
    expect(forged).not.toBe(readFileSync(kept, 'utf8'));
    writeFileSync(kept, forged);
    const { site, found } = loadWithCache('code-2');
    expect(found).toBe(files - 1);
    expect(site.pages.find(({ route }) => route === '/testing')?.page.title).toBe('Testing services');
    writeFileSync(kept, 'not what a cache holds');
    expect(loadWithCache('code-2').found).toBe(0);
  });

  it('add what a run checked anew to the end, and are written again with only those used once most are unused', () => {
    rmSync(kept, { force: true });
    const first = loadWithCache();
    const lines = keptLines();
    expect(keptChecks()).toHaveLength(first.again);
    // And what resolving each page file learned (templates' pages are filled in anew each time).
    const pageFacts = lines.length - first.again;
    expect(pageFacts).toBeGreaterThan(first.site.pages.length / 2);
    const about = join(pagesDir, 'about.json');
    const before = readFileSync(about, 'utf8');
    try {
      writeFileSync(about, before.replace('"About us', '"About us, appended'));
      loadWithCache();
      // The old lines as they were, and two more: the file's check and its page's facts.
      expect(keptLines()).toEqual([...lines, expect.stringContaining('About us, appended'), expect.stringContaining('About us, appended')]);
      // Another code's checks: the file is written again, with only its own.
      loadWithCache('code-3');
      expect(keptChecks()).toHaveLength(first.again);
      expect(keptLines()).toHaveLength(first.again + pageFacts);
      expect(keptLines().some((line) => line.includes('About us, appended'))).toBe(true);
    } finally {
      writeFileSync(about, before);
    }
  });

  it('read again only the files whose size, times or inode changed, once the files have settled', async () => {
    rmSync(kept, { force: true });
    rmSync(`${kept}.stats`, { force: true });
    const about = join(pagesDir, 'about.json');
    // A time to the millisecond, which utimes can set again exactly.
    const time = new Date(Date.now() - 60_000);
    utimesSync(about, time, time);
    const { mtimeNs } = statSync(about, { bigint: true });
    // A file changed less than 2 s before it is read may change again within one tick of the clock.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const first = loadWithCache();
    expect(first.read).toBe(first.again);
    // Only the files whose parse a check needs (a template is filled in for each entry from it).
    const steady = loadWithCache().read;
    expect(steady).toBeLessThan(first.read / 10);
    const before = readFileSync(about, 'utf8');
    try {
      // Same size, and its modification time set back as it was: its change time still tells.
      const same = before.replace('"title": "About', '"title": "Abort');
      expect(same).not.toBe(before);
      expect(same.length).toBe(before.length);
      writeFileSync(about, same);
      utimesSync(about, time, time);
      expect(statSync(about, { bigint: true }).mtimeNs).toBe(mtimeNs);
      const changed = loadWithCache();
      expect(changed.read).toBe(steady + 1);
      expect(changed.site.pages.find(({ route }) => route === '/about')?.page.title).toMatch(/^Abort/);
    } finally {
      writeFileSync(about, before);
    }
  });
});
