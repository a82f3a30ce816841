/**
 * What a preview's pages carry beyond the build's own, and the preview server's own pages:
 * - every answer: `X-Robots-Tag: noindex`, no referrer (the link's token never leaves in one),
 *   and no caching by any shared cache (`private`; pages and messages `no-store`);
 * - every page of the preview: a robots meta tag and, first in its body, a banner that says it
 *   is a preview, of which review, and until when the link works, outside the element React
 *   takes over, so the page hydrates as it does live;
 * - the messages a reviewer meets instead (being prepared, not found, expired, cannot be made),
 *   small pages of their own in plain words, for a phone first.
 */
import type { ServerResponse } from 'node:http';
import type { Review } from '../../../src/content/review-types';
import { listWords } from '../../../src/content/list-words';
import { dayWords } from '../../publish/review/read-preview';

/** Headers of every answer of the preview server. */
export const PREVIEW_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
} as const;

/** Caching of a preview's files: hashed assets may stay in the reviewer's browser, nothing in a shared cache. */
export const previewCaching = {
  cacheControl: (file: string, status: number): string =>
    status === 200 && file.startsWith('/assets/') ? 'private, max-age=31536000, immutable' : 'private, no-store',
};

/** Where the page that is being prepared reloads itself from (a script: the pages allow no inline one). */
export const RELOAD_SCRIPT_PATH = '/__preview/reload.js';
export const RELOAD_SCRIPT = 'setTimeout(function () { location.reload(); }, 2000);\n';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const ROBOTS_META = '<meta name="robots" content="noindex, nofollow">';

/** The banner's HTML: what this is a preview of, and until when the link works. */
export function previewBanner(review: Review, expires: string): string {
  const name = review.asked.words.split('\n')[0] ?? '';
  const pages = listWords(review.pages.map((page) => page.title));
  return [
    '<div role="region" aria-label="Preview" style="background:#1a202c;color:#fff;font:15px/1.5 system-ui,sans-serif;padding:10px 16px;text-align:center">',
    `<strong>Preview, not live:</strong> “${escapeHtml(name)}” changes ${escapeHtml(pages)}, shown as visitors will see it once approved.`,
    ` Forms here send nothing. This link works until ${escapeHtml(dayWords(expires))}.`,
    '</div>',
  ].join('');
}

/** A page of the preview with its robots tag and banner put in. */
export function withBanner(html: string, banner: string): string {
  return html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${ROBOTS_META}`).replace(/<body(\s[^>]*)?>/i, (body) => `${body}${banner}`);
}

/** Answers with one of the preview server's own pages. */
export function previewPage(
  res: ServerResponse,
  status: number,
  title: string,
  words: string,
  options: { head?: boolean; reload?: boolean; headers?: Record<string, string> } = {},
): void {
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ROBOTS_META,
    `<title>${escapeHtml(title)}</title>`,
    options.reload ? `<script src="${RELOAD_SCRIPT_PATH}" defer></script>` : '',
    '</head><body style="margin:0;font:17px/1.6 system-ui,sans-serif;color:#1a202c;background:#fff">',
    '<main style="max-width:36rem;margin:0 auto;padding:48px 20px">',
    `<h1 style="font-size:1.6rem;line-height:1.25;margin:0 0 12px">${escapeHtml(title)}</h1>`,
    `<p style="margin:0">${escapeHtml(words)}</p>`,
    '</main></body></html>',
  ].join('');
  if (res.headersSent) return;
  res.writeHead(status, {
    ...PREVIEW_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    'Content-Length': String(Buffer.byteLength(html)),
    ...options.headers,
  });
  res.end(options.head ? undefined : html);
}

/** The words of each message page. */
export const previewWords = {
  noLink: {
    title: 'Open the link you were sent',
    words: 'This address shows pages waiting for approval, to people with a preview link. Open the link from the message you were sent.',
  },
  unknown: {
    title: 'This preview link does not work',
    words: 'The link may have been copied only in part, or revoked by the people who shared it. Ask them for a new one.',
  },
  expired: {
    title: 'This preview link has expired',
    words: 'Preview links work for a limited time. Ask the people who shared it for a new one.',
  },
  closed: (review: Review) =>
    review.state === 'published'
      ? {
          title: 'These pages are live now',
          words: 'The change this link previewed has been approved and published: visitors see it on the site itself.',
        }
      : {
          title: 'This review was withdrawn',
          words: 'The change this link previewed was withdrawn, so there is nothing to preview. Ask the people who shared it.',
        },
  building: {
    title: 'Preparing the preview…',
    words: 'The pages are being made as visitors will see them. This takes a few seconds; this page reloads by itself.',
  },
  unreachable: {
    title: 'The preview cannot be checked just now',
    words: 'The site could not reach where reviews are kept, to check that this link still works. Try again in a minute.',
  },
  codeChange: (paths: string[]) => ({
    title: 'This change cannot be previewed',
    words: `A preview shows pages and pictures only, and this review also changes other files of the site (${listWords(paths.slice(0, 5))}${paths.length > 5 ? ' and more' : ''}). Ask a developer to look at it.`,
  }),
  failed: (reason: string) => ({ title: 'This preview could not be made', words: reason }),
} as const;
