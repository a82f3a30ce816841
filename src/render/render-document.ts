import type { Page, Site } from '../generated/schema-types';
import { escapeHtml } from './escape-html';

interface DocumentParts {
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

/**
 * The Organization description search engines read (JSON-LD). It is a data block, never
 * executed, so a Content-Security-Policy without inline scripts allows it.
 */
function organization(site: Site): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: site.name,
    url: `${site.baseUrl}/`,
    logo: `${site.baseUrl}${site.logoScrolled.src}`,
    email: site.footer.email,
    sameAs: site.footer.social.map((profile) => profile.href),
    location: site.footer.offices.map((office) => ({ '@type': 'Place', name: office })),
  };
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** Open Graph and Twitter card tags, so a shared link shows the page's title, text and picture. */
function socialTags(site: Site, page: Page, title: string, url: string): string[] {
  const image = `${site.baseUrl}${site.socialImage.src}`;
  const meta = (attribute: 'property' | 'name', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}">`;
  return [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', site.socialImage.width),
    meta('property', 'og:image:height', site.socialImage.height),
    meta('property', 'og:image:alt', site.socialImage.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
  ];
}

/** The whole HTML document of a prerendered route. */
export function renderDocument({ site, route, page, body, head, scripts }: DocumentParts): string {
  const canonical = `${site.baseUrl}${route === '/' ? '/' : route}`;
  const title = documentTitle(site, route, page);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(site.language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    page ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    !page || page.hiddenFromSearch ? '<meta name="robots" content="noindex">' : '',
    page ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    ...(page ? socialTags(site, page, title, canonical) : []),
    '<meta name="theme-color" content="#0b1024">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    head,
    route === '/' ? organization(site) : '',
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
