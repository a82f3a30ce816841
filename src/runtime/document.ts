import type { Page, Site } from '../generated/schema-types';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface DocumentParts {
  site: Site;
  route: string;
  /** Undefined for the not-found page. */
  page: Page | undefined;
  body: string;
  /** Style tags, stylesheet links and module preloads for <head>. */
  head: string;
  /** Script tags at the end of <body>. */
  scripts: string;
}

/** The page title as browsers and search engines show it: "Page – Brand", the home page brand first. */
export function documentTitle(site: Site, route: string, page: Page | undefined): string {
  const title = page?.title ?? site.labels.notFoundTitle;
  return route === '/' ? `${site.name} – ${title}` : `${title} – ${site.name}`;
}

/** The whole HTML document of a prerendered route. */
export function renderDocument({ site, route, page, body, head, scripts }: DocumentParts): string {
  const canonical = `${site.baseUrl}${route === '/' ? '/' : route}`;
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(site.language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(documentTitle(site, route, page))}</title>`,
    page ? `<meta name="description" content="${escapeHtml(page.description)}">` : '<meta name="robots" content="noindex">',
    page ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    head,
    '</head>',
    '<body>',
    `<div id="root">${body}</div>`,
    scripts,
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
