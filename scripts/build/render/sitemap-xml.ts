import { escapeHtml } from '../../../src/render/escape-html';

/**
 * sitemap.xml for the routes search engines may list, each under the site's address. Every
 * address is escaped: the site schema keeps baseUrl a plain origin, but "&" or "<" in a
 * <loc> would make the whole file unreadable to a search engine, or add elements of its own.
 */
export function sitemapXml(baseUrl: string, routes: string[]): string {
  const urls = routes.map((route) => `  <url><loc>${escapeHtml(`${baseUrl}${route}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
