/**
 * Prerendering on every core writes exactly what one thread writes: the site's pages rendered on
 * two worker threads (taking them from one queue ten at a time, so that both take some) and in
 * this thread, compared file by file, byte for byte.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../../scripts/build/bundles/page-assets';
import { prerenderOnCores, workerCount } from '../../../scripts/build/render/prerender-on-cores';
import { buildServerEntry, serverEntryFile } from '../../../scripts/build/render/build-server-entry';
import { keepWarmUpSample, warmUp } from '../../../scripts/build/render/warm-up';
import { warmUpFile } from '../../../scripts/build/incremental/kept-files';
import { loadSite } from '../../../scripts/content/load-site';
import { root } from '../../helpers/project';

const dir = mkdtempSync(join(tmpdir(), 'prerender-on-cores-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every file under a folder, by its path there. */
const filesOf = (folder: string): Map<string, Buffer> =>
  new Map(
    (readdirSync(folder, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(folder.length + 1), readFileSync(path)];
      }),
  );

describe('prerendering on every core', () => {
  it('writes the same files, byte for byte, on two threads as on one, and each page’s compressed copies as it writes it', async () => {
    const { site, pages } = loadSite(root);
    if (!site) throw new Error('The site file is invalid.');
    const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = await buildServerEntry(root, join(dir, 'ssr'));
    const one = await prerenderOnCores(entry, serverEntryFile(join(dir, 'ssr')), site, pages, manifest, join(dir, 'one'), 1);
    const two = await prerenderOnCores(entry, serverEntryFile(join(dir, 'ssr')), site, pages, manifest, join(dir, 'two'), 2, {
      compressLevel: 5,
      batch: 10,
    });
    expect(one.failures).toEqual([]);
    expect(two.failures).toEqual([]);
    expect([...two.files].sort()).toEqual([...one.files].sort());
    // Both threads took pages from the queue, and no page was written twice.
    expect(two.perThread).toHaveLength(2);
    expect(Math.min(...two.perThread)).toBeGreaterThan(0);
    expect(two.perThread.reduce((sum, count) => sum + count, 0)).toBe(pages.length + 1);
    expect(one.perThread).toEqual([pages.length + 1]);
    // Every page, the 404 page, the token stylesheet and the files beside them.
    expect(one.files).toHaveLength(pages.length + 1 + 1 + 4);
    const written = { one: filesOf(join(dir, 'one')), two: filesOf(join(dir, 'two')) };
    const copies = [...written.two.keys()].filter((file) => /\.(br|gz)$/.test(file));
    expect([...written.two.keys()].filter((file) => !copies.includes(file)).sort()).toEqual([...written.one.keys()].sort());
    for (const [file, bytes] of written.one) expect(Buffer.compare(bytes, written.two.get(file) ?? Buffer.alloc(0)), file).toBe(0);
    // Compressed on the threads: every page (and the 404 page) and nothing else, each copy its page.
    const html = one.files.filter((file) => file.endsWith('.html')).sort();
    expect(html).toHaveLength(pages.length + 1);
    expect([...two.compressed.files].sort()).toEqual(html);
    expect(copies.sort()).toEqual(html.flatMap((file) => [`${file}.br`, `${file}.gz`]).sort());
    for (const file of html) {
      const page = written.one.get(file) ?? Buffer.alloc(0);
      expect(brotliDecompressSync(written.two.get(`${file}.br`) ?? Buffer.alloc(0)).equals(page), file).toBe(true);
      expect(gunzipSync(written.two.get(`${file}.gz`) ?? Buffer.alloc(0)).equals(page), file).toBe(true);
    }
    expect(one.compressed.files).toEqual([]);
    // What each page loads first, as the build's size report reads it.
    expect(new Map(two.firstLoad)).toEqual(new Map(one.firstLoad));
    expect(new Map(one.firstLoad).get('/about')?.[0]).toMatch(/^assets\/boot-[\w-]+\.js$/);
    // A thread warms up on the sample a build keeps: it renders it whole and keeps nothing of it;
    // a sample that is not JSON, or names no page it can render, renders nothing.
    const cache = join(dir, 'cache');
    const home = pages.find(({ route }) => route === '/');
    if (!home) throw new Error('The site has no home page.');
    rmSync(cache, { recursive: true, force: true });
    keepWarmUpSample(cache, { site, manifest, route: '/', page: home.page, today: '2026-11-28' });
    expect(await warmUp(entry, warmUpFile(cache))).toBe(true);
    expect(readdirSync(cache)).toEqual(['warm-up.json']);
    expect(await warmUp(entry, join(cache, 'missing.json'))).toBe(false);
    writeFileSync(warmUpFile(cache), 'not JSON');
    expect(await warmUp(entry, warmUpFile(cache))).toBe(false);
    writeFileSync(warmUpFile(cache), JSON.stringify({ site, manifest, route: '/', page: { blocks: [{ type: 'nothing' }] }, today: 'x' }));
    expect(await warmUp(entry, warmUpFile(cache))).toBe(false);
    expect(readdirSync(cache)).toEqual(['warm-up.json']);
  });

  it('renders a small site in one thread, a large one on every core, or as many threads as PRERENDER_WORKERS says', () => {
    expect(workerCount(61, {})).toBe(1);
    // One per core, and never more threads than 250-page shares.
    expect(workerCount(10_000, {})).toBe(Math.min(availableParallelism(), 40));
    expect(workerCount(500, {})).toBe(Math.min(availableParallelism(), 2));
    expect(workerCount(61, { PRERENDER_WORKERS: '3' })).toBe(3);
    expect(workerCount(10_000, { PRERENDER_WORKERS: '1' })).toBe(1);
    expect(() => workerCount(61, { PRERENDER_WORKERS: 'lots' })).toThrow(
      'PRERENDER_WORKERS must be a whole number of threads, 1 or more; it is "lots".',
    );
  });
});
