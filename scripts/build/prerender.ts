import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page, Site } from '../../src/generated/schema-types';
import type * as ServerEntryModule from '../../src/render/entry-render';
import { outputFileOfRoute } from '../content/routes';
import type { LoadedPage } from '../content/load-site';
import { pageAssets, type Manifest } from './assets';
import { inlineSmallImages } from './inline-images';
import { formEndpoints, headersFile, nginxSnippet, securityHeaders } from '../site-server/security-headers';
import { sitemapXml } from './sitemap';

/** The server entry's exports, typed by the module itself; the build loads it as Vite built it for Node. */
export type ServerEntry = typeof ServerEntryModule;

export interface PrerenderResult {
  files: string[];
  /** Blocks that threw while rendering, by route: the build refuses to ship them. */
  failures: { route: string; error: unknown }[];
}

/**
 * Writes every page to `<outDir>/<route>/index.html`, plus 404.html, sitemap.xml,
 * robots.txt and the security headers for static hosts (_headers, nginx-headers.conf). Each page carries its own critical CSS and preloads only its islands.
 */
export async function prerenderSite(
  entry: ServerEntry,
  siteFile: Site,
  pages: LoadedPage[],
  manifest: Manifest,
  outDir: string,
): Promise<PrerenderResult> {
  const site: Site = { ...siteFile, endpoints: formEndpoints(siteFile) };
  // One day for the whole build, so that every page counts a job's age to the same day.
  const today = new Date().toISOString().slice(0, 10);
  const files: string[] = [];
  const failures: PrerenderResult['failures'] = [];
  const write = (file: string, content: string): void => {
    const path = join(outDir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    files.push(file);
  };
  // Every page's tokens stylesheet is the same file: the layer is the site's whole token set.
  const tokenStylesheet = (css: string): string => {
    const file = `assets/tokens-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    if (!files.includes(file)) write(file, css);
    return `/${file}`;
  };
  const renderOne = async (route: string, page: Page | undefined, file: string): Promise<void> => {
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
  };
  for (const { route, page } of pages) await renderOne(route, page, outputFileOfRoute(route));
  await renderOne('/404', undefined, '404.html');

  write(
    'sitemap.xml',
    sitemapXml(
      site.baseUrl,
      pages.filter(({ page }) => !page.hiddenFromSearch).map(({ route }) => route),
    ),
  );
  write('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${site.baseUrl}/sitemap.xml\n`);
  const headers = securityHeaders(Object.values(site.endpoints));
  write('_headers', headersFile(headers));
  write('nginx-headers.conf', nginxSnippet(headers));
  return { files, failures };
}
