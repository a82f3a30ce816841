/**
 * What a build's output is made of, as hashes: the inputs every page and the bundles share
 * ("the code": the runtime, the build, the public files and the packages; the schemas; the form
 * endpoints the environment names), the site file every page shows, and, page by page, the
 * content files it is made of.
 * Hashes come from paths relative to the project and from contents alone, never from absolute
 * paths or modification times: the follower builds each commit in a worktree of its own, and
 * the same files there must give the same hashes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Site } from '../../../src/generated/schema-types';
import { type LoadedPage, pageHashOf } from '../../content/load-site';
import { SITE_FILE } from '../../content/content-file';
import { filesInside } from '../../content/real-path-inside';
import { siteWithEndpoints } from '../render/site-with-endpoints';
import type { StatIndex } from '../../content/load-site/stat-index';

/**
 * The version of the build's own record and of what it keeps beside the site: a build that
 * writes them differently raises it, so that it never trusts a record written by another.
 */
export const BUILD_FORMAT = 6;

/** The code: every file or folder whose change may change every page or the bundles. */
const CODE = ['src/', 'scripts/', 'public/', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.node.json'];

const hashOf = (content: string | Uint8Array): string => createHash('sha256').update(content).digest('hex').slice(0, 32);

/**
 * A file's hash; a folder's, from the relative paths and contents of every file in it; "none"
 * when there is nothing. With `stats`, a file whose stat is the one kept with its hash is not
 * read again (scripts/content/load-site/stat-index.ts): the code is 1,500 files.
 */
export function treeHash(path: string, stats?: StatIndex): string {
  if (!existsSync(path)) return 'none';
  const fileHash = (file: string): string => {
    const known = stats?.lookup(file);
    if (known && 'hash' in known) return known.hash;
    const hash = hashOf(readFileSync(file));
    if (known) stats?.record(file, known.stamp, hash);
    return hash;
  };
  if (!statSync(path).isDirectory()) return fileHash(path);
  const hash = createHash('sha256');
  for (const file of [...filesInside(path).files].sort()) hash.update(`${file}\0${fileHash(join(path, file))}\0`);
  return hash.digest('hex').slice(0, 32);
}

/**
 * The code and the schemas, each under the words a build names it by when it changed ("src/",
 * "schemas/"): every page and the bundles may change with any of them. Read before the site
 * is, as what each content file's check learned is kept under their hash (codeKey). With
 * `stats`, files unchanged since they were last hashed are not read.
 */
export function codeInputs(root: string, stats?: StatIndex): Record<string, string> {
  return {
    'the format of the build record': String(BUILD_FORMAT),
    'the Node.js version': process.version,
    ...Object.fromEntries(CODE.map((name) => [name, treeHash(join(root, name), stats)])),
    'schemas/': treeHash(join(root, 'schemas'), stats),
  };
}

/** The key of what checking the content files learned (scripts/content/load-site/check-cache.ts): the code that checks, and the schemas. */
export const codeKey = (code: Record<string, string>): string => hashOf(JSON.stringify(code));

/**
 * The inputs every page and the bundles share: the code (codeInputs), the mode and the
 * environment Vite and the forms read. Any difference from the last build's means a full build.
 * The site file is not among them: every page shows it, but the bundles and the server entry
 * do not hold it, so a change to it renders the pages again and builds nothing else (siteFileHash).
 */
export function sharedInputs(code: Record<string, string>, site: Site, development: boolean): Record<string, string> {
  // Variables Vite writes into the client bundle (import.meta.env.VITE_*).
  const viteVariables = Object.entries(process.env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  return {
    ...code,
    'the mode (--development)': development ? 'development' : 'production',
    'the VITE_ environment variables': hashOf(JSON.stringify(viteVariables)),
    // ENQUIRY_ENDPOINT and APPLY_ENDPOINT reach every page's forms (security-headers.ts, formEndpoints).
    'the form endpoints (ENQUIRY_ENDPOINT, APPLY_ENDPOINT)': hashOf(JSON.stringify(siteWithEndpoints(site).endpoints)),
  };
}

/** The site file, as a build names it ("pages/_site.json") and by the hash of its value. */
export const siteFileHash = (root: string, pagesDir: string, site: Site): { file: string; hash: string } => ({
  file: displayPath(root, join(pagesDir, SITE_FILE)),
  hash: hashOf(JSON.stringify(site)),
});

/** A path as loadSite names content files: from the project's root, with forward slashes. */
const displayPath = (root: string, path: string): string => relative(root, path).split(sep).join('/');

/**
 * Each content file some page is made of (LoadedPage.sources), by its hash: the hash of the text
 * it was checked from (`checked`), or of the file read again when it was not.
 */
export function sourceHashes(root: string, pages: LoadedPage[], checked: (file: string) => string | undefined): Record<string, string> {
  const files = [...new Set(pages.flatMap((page) => page.sources))].sort();
  return Object.fromEntries(files.map((file) => [file, checked(file)?.slice(0, 32) ?? hashOf(readFileSync(join(root, file), 'utf8'))]));
}

/** The key of the server entry built from `shared` inputs, in the build cache. */
export const serverEntryKey = (shared: Record<string, string>): string => hashOf(JSON.stringify(shared));

/** What a page is rendered from besides the shared inputs: its route and the page as its blocks receive it (known, or made now). */
export const pageHash = (loaded: LoadedPage): string => loaded.hash ?? pageHashOf(loaded.route, loaded.page);
