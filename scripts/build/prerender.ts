import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page, Site } from '../../src/generated/schema-types';
import type * as ServerEntryModule from '../../src/render/entry-render';
import type { LoadedPage } from '../content/load-site';
import { pageAssets, type Manifest } from './assets';
import { inlineSmallImages } from './inline-images';
import { formEndpoints, headersFile, nginxSnippet, securityHeaders } from '../site-server/security-headers';
import { replaceFile } from './replace-file';
import { sitemapXml } from './sitemap';

/** The server entry's exports, typed by the module itself; the build loads it as Vite built it for Node. */
export type ServerEntry = typeof ServerEntryModule;

export interface PrerenderResult {
  files: string[];
  /** Blocks that threw while rendering, by route: the build refuses to ship them. */
  failures: { route: string; error: unknown }[];
}

/** The site file with the form endpoints the environment names (security-headers.ts). */
export const siteWithEndpoints = (siteFile: Site): Site => ({ ...siteFile, endpoints: formEndpoints(siteFile) });

/**
 * Renders pages one at a time into `outDir`, each at `<route>/index.html` with its own critical
 * CSS, preloading only its islands; remembers the files it wrote and the blocks that threw.
 */
export function pageRenderer(entry: ServerEntry, site: Site, manifest: Manifest, outDir: string, today: string) {
  const files: string[] = [];
  const failures: PrerenderResult['failures'] = [];
  // Each folder made once: a recursive mkdir per page cost about 7 % of a page's render time.
  const folders = new Set<string>();
  const write = (file: string, content: string): void => {
    const path = join(outDir, file);
    const folder = dirname(path);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    replaceFile(path, content);
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
  let loaded: Promise<void> | undefined;
  return {
    files,
    failures,
    async render(route: string, page: Page | undefined, file: string): Promise<void> {
      // Nothing suspends, so each page is the same whichever pages this thread rendered before it.
      loaded ??= entry.loadEveryComponent();
      await loaded;
      // A turn of the event loop before each page: rendering settles through promises alone, so a
      // loop of pages would never reach the callbacks React leaves to setImmediate, each holding
      // the page it rendered (10,000 pages grew past 2 GB).
      await new Promise((resolve) => setImmediate(resolve));
      const rendered = await entry.renderRoute(site, route, page, { tokenStylesheet, today });
      for (const error of rendered.errors) failures.push({ route, error });
      const assets = pageAssets(manifest, rendered.islands);
      write(
        file,
        entry.renderDocument({
          site,
          route,
          page,
          body: inlineSmallImages(rendered.body, outDir),
          // The page's style tags come after its stylesheets, as the rules Emotion adds in the
          // browser do (at the end of <head>): the same order before and after scripts run.
          head: `${assets.head}\n${rendered.styles}`,
          scripts: assets.scripts,
        }),
      );
    },
  };
}

/**
 * Writes the files beside the pages: sitemap.xml, robots.txt and the security headers for
 * static hosts (_headers, nginx-headers.conf). Returns those it wrote: one that holds its
 * content already (an incremental build's) is left as it is.
 */
export function finishSite(site: Site, pages: LoadedPage[], outDir: string): string[] {
  const headers = securityHeaders(Object.values(site.endpoints));
  const files = {
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
