import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Site } from '../../../src/generated/schema-types';
import type { LoadedPage } from '../../content/load-site';
import { headersFile, nginxSnippet, securityHeaders } from '../../site-server/security-headers';
import { replaceFile } from '../output/replace-file';
import { sitemapXml } from './sitemap-xml';

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
      pages.filter((loaded) => !(loaded.summary ?? loaded.page).hiddenFromSearch).map(({ route }) => route),
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
