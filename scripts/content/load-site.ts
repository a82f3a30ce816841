/**
 * The content model's one reader: loadSite reads and checks every content file, as
 * `npm run validate`, the build, the dev server and the editor all need it. It runs as named
 * stages over one SiteContext (load-site/site-context.ts), each a pass that needs what the
 * ones before it found: the entries before the templates that use them, every route and
 * anchor before the links that lead to them.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { Page, Site } from '../../src/generated/schema-types';
import type { Entries } from './resolve-page';
import { checkIdsAcrossCollections } from './load-site/check-ids-across-collections';
import { listFiles } from './load-site/list-files';
import { readEntries } from './load-site/read-entries';
import { readSiteFile } from './load-site/read-site-file';
import { reportFilesNotJson } from './load-site/report-files-not-json';
import { checkLinks } from './load-site/check-links';
import { readPages } from './load-site/read-pages';
import { resolveReferences } from './load-site/resolve-references';
import { warnSameTexts } from './load-site/warn-same-texts';
import { openSite, type SiteContext } from './load-site/site-context';
import type { Problem } from './problems/problem-at';
import type { CheckCache } from './load-site/check-cache';
import { filesInside } from './real-path-inside';

export interface LoadedPage {
  route: string;
  file: string;
  /** The page as its blocks receive it: references replaced by their entries. */
  page: Page;
  /**
   * The content files the page is made of, as problems name them: its own file (a template's,
   * then the entry it is made for) and every entry it names (resolve-page.ts, namedEntries).
   */
  sources: string[];
  /** What search engines are shown of it, when known without the page (a kept check's). */
  summary?: PageSummary;
  /** Its hash (pageHashOf), when known without the page. */
  hash?: string;
}

/** What a page shows search engines: what the sitemap and the check for two pages alike read. */
export type PageSummary = Pick<Page, 'title' | 'description' | 'hiddenFromSearch'>;

/** What a page is rendered from besides what all pages share: its route and the page as its blocks receive it. */
export const pageHashOf = (route: string, page: Page): string =>
  createHash('sha256')
    .update(JSON.stringify([route, page]))
    .digest('hex')
    .slice(0, 32);

export interface LoadedSite {
  site: Site | undefined;
  pages: LoadedPage[];
  /** What must be fixed: the build refuses a site with any. */
  problems: Problem[];
  /** What is worth a look but breaks nothing (two pages with the same title). */
  warnings: Problem[];
  /** Every collection's entries, by collection and id. */
  entries: Entries;
  /** The anchors a link may name on each page that resolved, by route. */
  anchors: Map<string, string[]>;
  /** Every file under the pages' folder, relative to it and sorted. */
  files: string[];
}

export interface LoadOptions {
  /** Leave out the check that the schemas' fingerprint was recorded (npm run migrate -- --record checks before recording). */
  ignoreFingerprint?: boolean;
  /**
   * Files as they would be, by absolute path: a text stands in for the file (which need not exist
   * yet), null for a file deleted. The visual editor checks its drafts this way, with the same code.
   */
  overlay?: ReadonlyMap<string, string | null>;
  /** Each file's check as kept by an earlier run, found by its content (load-site/check-cache.ts): the build passes one. */
  checkCache?: CheckCache;
  /**
   * Where the schemas' validators are kept as code between runs, and the key of the code and
   * packages that check (schema/kept-validators.ts): the build passes one, and so compiles the
   * schemas only when they or the code change.
   */
  keptValidators?: { path: string; key: string };
}

/** Every .json file under `dir`, at any depth, leaving out links that lead out of it or nowhere (filesInside). */
export function listJsonFiles(dir: string): string[] {
  return filesInside(dir)
    .files.filter((path) => path.endsWith('.json'))
    .map((path) => join(dir, path));
}

/** The stages, in the order they run: each reads what the ones before it left in the context. */
const STAGES: ((site: SiteContext) => void)[] = [
  listFiles,
  readSiteFile,
  readEntries,
  checkIdsAcrossCollections,
  readPages,
  resolveReferences,
  reportFilesNotJson,
  checkLinks,
  warnSameTexts,
];

/** Each problem once, sorted by file, line and column (problems at one place keep the order they were found in). */
function inOrder(list: Problem[]): Problem[] {
  const unique = list.filter((found, i) => list.findIndex((other) => JSON.stringify(other) === JSON.stringify(found)) === i);
  return unique.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

/**
 * Reads every content file under `pagesDir`: the site file, the pages, the collections'
 * entries (pages/_collections/<collection>/<id>.json) and the page templates that make one
 * page per entry (pages/careers/[jobs].json). Checks each against its schema and its schema
 * version, every reference to an entry, every route (well formed, and claimed once), every
 * internal link, anchor and file, and reports every problem found, sorted by file and line.
 * Pages come back with their references replaced by the entries they name.
 */
export function loadSite(root: string, pagesDir = join(root, 'pages'), options: LoadOptions = {}): LoadedSite {
  const site = openSite(root, pagesDir, options);
  if (Array.isArray(site))
    return { site: undefined, pages: [], problems: site, warnings: [], entries: new Map(), anchors: new Map(), files: [] };
  for (const stage of STAGES) stage(site);
  return siteLoaded(site);
}

/** What the stages found, as loadSite gives it. */
export function siteLoaded(site: SiteContext): LoadedSite {
  return {
    site: site.site,
    pages: site.pages.map(({ loaded }) => loaded),
    problems: inOrder(site.problems),
    warnings: inOrder(site.warnings),
    entries: site.entries,
    anchors: site.anchors,
    files: site.names,
  };
}
