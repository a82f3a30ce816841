import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page, Site } from '../../../src/generated/schema-types';
import type * as ServerEntryModule from '../../../src/render/entry-render';
import type { IslandMemo } from '../../../src/render/island-memo';
import type { LoadedPage } from '../../content/load-site';
import { pageAssets, type Manifest } from '../bundles/assets';
import { firstLoadScripts } from '../bundles/bundle-sizes';
import { compressedCopies } from '../output/compress';
import { inlineSmallImages } from './inline-images';
import { formEndpoints, headersFile, nginxSnippet, securityHeaders } from '../../site-server/security-headers';
import { replaceFile } from '../output/replace-file';
import { sitemapXml } from './sitemap';

/** The server entry's exports, typed by the module itself; the build loads it as Vite built it for Node. */
export type ServerEntry = typeof ServerEntryModule;

export interface PrerenderResult {
  files: string[];
  /** The scripts each page rendered loads before any interaction (bundle-sizes.ts, firstLoadScripts), by route. */
  firstLoad: [route: string, scripts: string[]][];
  /** The pages compressed as they were written (compressedCopies), and their bytes before and after. */
  compressed: { files: string[]; before: number; after: number };
  /** Blocks that threw while rendering, by route: the build refuses to ship them. */
  failures: { route: string; error: unknown }[];
  /** The routes whose render read the day it was rendered for (a job's age): a new day renders them again. */
  dated: string[];
}

/** The site file with the form endpoints the environment names (security-headers.ts). */
export const siteWithEndpoints = (siteFile: Site): Site => ({ ...siteFile, endpoints: formEndpoints(siteFile) });

/**
 * Renders pages one at a time into `outDir`, each at `<route>/index.html` with its own critical
 * CSS, preloading only its islands; remembers the files it wrote and the blocks that threw.
 * With `compressLevel`, it also writes each page's Brotli (at that level) and gzip copies from
 * the page in memory.
 */
export function pageRenderer(entry: ServerEntry, site: Site, manifest: Manifest, outDir: string, today: string, compressLevel?: number) {
  const files: string[] = [];
  const compressed: PrerenderResult['compressed'] = { files: [], before: 0, after: 0 };
  const firstLoad: PrerenderResult['firstLoad'] = [];
  const failures: PrerenderResult['failures'] = [];
  const dated: PrerenderResult['dated'] = [];
  // Each folder made once: a recursive mkdir per page cost about 7 % of a page's render time.
  const folders = new Set<string>();
  const folderOf = (file: string): string => {
    const path = join(outDir, file);
    const folder = dirname(path);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    return path;
  };
  const write = (file: string, content: string): void => {
    replaceFile(folderOf(file), content);
    files.push(file);
  };
  // Every page's tokens stylesheet is the same file: the layer is the site's whole token set.
  // Its name is its content's hash, so one there already (an incremental build's) is this one.
  const tokenFiles = new Set<string>();
  const tokenStylesheet = (css: string): string => {
    const file = `assets/tokens-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    if (!tokenFiles.has(file) && !existsSync(join(outDir, file))) write(file, css);
    tokenFiles.add(file);
    return `/${file}`;
  };
  // Islands rendered for one page serve the next where they come out the same (the navigation
  // bar on nearly every page). Made with the first page: a renderer may be given none.
  let islandMemo: IslandMemo | undefined;
  let loaded: Promise<void> | undefined;
  return {
    files,
    compressed,
    firstLoad,
    failures,
    dated,
    async render(route: string, page: Page | undefined, file: string): Promise<void> {
      // Nothing suspends, so each page is the same whichever pages this thread rendered before it.
      loaded ??= entry.loadEveryComponent();
      await loaded;
      // A turn of the event loop before each page: rendering settles through promises alone, so a
      // loop of pages would never reach the callbacks React leaves to setImmediate, each holding
      // the page it rendered (10,000 pages grew past 2 GB).
      await new Promise((resolve) => setImmediate(resolve));
      islandMemo ??= entry.createIslandMemo();
      const rendered = await entry.renderRoute(site, route, page, { tokenStylesheet, today, islandMemo });
      for (const error of rendered.errors) failures.push({ route, error });
      if (rendered.dated) dated.push(route);
      const assets = pageAssets(manifest, rendered.islands);
      const html = entry.renderDocument({
        site,
        route,
        page,
        body: inlineSmallImages(rendered.body, outDir),
        // The page's style tags come after its stylesheets, as the rules Emotion adds in the
        // browser do (at the end of <head>): the same order before and after scripts run.
        head: `${assets.head}\n${rendered.styles}`,
        scripts: assets.scripts,
      });
      const path = folderOf(file);
      files.push(file);
      // Copied: the names matched in the page are slices of it, and would keep every page in memory.
      firstLoad.push([route, structuredClone(firstLoadScripts(html))]);
      const bytes = Buffer.from(html);
      // Written at once: writing on libuv's threads while the next page renders took more of
      // the two cores than it saved (10,061 pages: 59 s, 24 s of it in the kernel; 50 s and 10 s so).
      replaceFile(path, bytes);
      if (compressLevel === undefined) return;
      const { br, gz } = compressedCopies(bytes, compressLevel);
      replaceFile(`${path}.br`, br);
      replaceFile(`${path}.gz`, gz);
      compressed.after += br.length;
      compressed.before += bytes.length;
      compressed.files.push(file);
    },
  };
}

/** The files every build writes beside the pages, made from the whole site (finishSite). */
export const SITE_FILES = ['sitemap.xml', 'robots.txt', '_headers', 'nginx-headers.conf'] as const;

/**
 * Writes the files beside the pages (SITE_FILES): sitemap.xml, robots.txt and the security
 * headers for static hosts (_headers, nginx-headers.conf). Returns those it wrote: one that
 * holds its content already (an incremental build's) is left as it is, and one missing is
 * written again.
 */
export function finishSite(site: Site, pages: LoadedPage[], outDir: string): string[] {
  const headers = securityHeaders(Object.values(site.endpoints));
  const files: Record<(typeof SITE_FILES)[number], string> = {
    'sitemap.xml': sitemapXml(
      site.baseUrl,
      pages.filter(({ page }) => !page.hiddenFromSearch).map(({ route }) => route),
    ),
    'robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${site.baseUrl}/sitemap.xml\n`,
    _headers: headersFile(headers),
    'nginx-headers.conf': nginxSnippet(headers),
  };
  const changed = Object.entries(files).filter(([file, content]) => {
    const path = join(outDir, file);
    return !existsSync(path) || readFileSync(path, 'utf8') !== content;
  });
  for (const [file, content] of changed) replaceFile(join(outDir, file), content);
  return changed.map(([file]) => file);
}
