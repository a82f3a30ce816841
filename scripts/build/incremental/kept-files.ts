import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildSettings } from '../../settings/build-settings';
import { serverEntryFile } from '../render/build-server-entry';

/**
 * What a build keeps for the next build into the same folder. In the folder, beside the site:
 * Vite's manifest of the bundles and `.build/record.json` (build-record.ts), which the site
 * server never serves (it serves no file under a folder named with a dot). Outside it, as it
 * is no part of the site: the server entry the pages were rendered with, in the build cache
 * (node_modules/.cache/build, or BUILD_CACHE_DIR), one folder per set of shared inputs.
 */
export function keptFiles(outDir: string) {
  const dir = join(outDir, '.build');
  return { dir, record: join(dir, 'record.json'), manifest: join(outDir, '.vite/manifest.json') };
}

/** Where builds of the project at `root` keep their server entries. */
export const buildCache = (root: string, env: NodeJS.ProcessEnv = process.env): string =>
  buildSettings(env).cacheDir ?? join(root, 'node_modules/.cache/build');

/** Where a build leaves a page for the next build's first thread to warm up with (render/warm-up.ts). */
export const warmUpFile = (cacheDir: string): string => join(cacheDir, 'warm-up.json');

/** The folder of the server entry built from the shared inputs whose hash is `key`. */
export const serverEntryDir = (cacheDir: string, key: string): string => join(cacheDir, `ssr-${key}`);

/** Of a record's first bytes, this many are read for the server entry it names: the record of 10,000 pages is 10 MB. */
const RECORD_HEAD = 16 * 1024;

/**
 * The server entry a record names, found in its first bytes (recordOf writes it fourth, after
 * the shared inputs), or in the whole record when it is not among them.
 */
function serverEntryNamed(record: string): unknown {
  const head = Buffer.alloc(RECORD_HEAD);
  const file = openSync(record, 'r');
  let length: number;
  try {
    length = readSync(file, head, 0, RECORD_HEAD, 0);
  } finally {
    closeSync(file);
  }
  const found = /^\{"format":[0-9]+,.*?"serverEntry":"([0-9a-f]+)"/.exec(head.toString('utf8', 0, length));
  return found ? found[1] : (JSON.parse(readFileSync(record, 'utf8')) as { serverEntry?: unknown }).serverEntry;
}

/**
 * The server entry the last build into `outDir` rendered with, if the folder holds a record of
 * one and the entry is still in the cache. Read before anything else is loaded, to start a
 * prerendering thread early (scripts/build.ts): whether the build may be incremental at all is
 * decided later, from the whole record.
 */
export function keptServerEntry(outDir: string, cacheDir: string): string | undefined {
  const kept = keptFiles(outDir);
  try {
    const serverEntry = serverEntryNamed(kept.record);
    if (typeof serverEntry !== 'string' || !/^[0-9a-f]+$/.test(serverEntry) || !existsSync(kept.manifest)) return undefined;
    const file = serverEntryFile(serverEntryDir(cacheDir, serverEntry));
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Server entries kept in the cache beyond the one just built: builds of other commits, the checkout's and the follower's. */
const ENTRIES_KEPT = 4;

/**
 * Moves the server entry a full build wrote into `temporary` to its place in the cache, in one
 * step (a build that reads it meanwhile finds it whole or not at all); one there already is the
 * same, and stays. The oldest entries beyond ENTRIES_KEPT are removed.
 */
export function keepServerEntry(cacheDir: string, key: string, temporary: string): void {
  const target = serverEntryDir(cacheDir, key);
  if (existsSync(target)) rmSync(temporary, { recursive: true, force: true });
  else renameSync(temporary, target);
  const others = readdirSync(cacheDir)
    .filter((name) => /^ssr-[0-9a-f]+$/.test(name) && join(cacheDir, name) !== target)
    .map((name) => ({ path: join(cacheDir, name), time: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { path } of others.slice(ENTRIES_KEPT)) rmSync(path, { recursive: true, force: true });
}
