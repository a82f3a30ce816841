import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { INLINE_IMAGE_ATTRIBUTE, INLINE_IMAGE_LIMIT } from '../../../src/ui/inline-image';

/**
 * An SVG as a data: URL that stays readable and compresses well: whitespace collapsed,
 * double quotes turned single (the URL sits in a double-quoted attribute), and only the
 * characters a URL may not hold percent-encoded.
 */
export function svgDataUrl(svg: string): string {
  // The browser decodes the URL before it reads the SVG: a double quote may only become a
  // single one when the SVG has none, or a value like "O'Neil" would end at its apostrophe.
  const quotes = svg.includes("'") ? (url: string) => url.replace(/'/g, '%27') : (url: string) => url.replace(/%22/g, "'");
  const encoded = quotes(encodeURIComponent(svg.replace(/\s+/g, ' ').trim()))
    .replace(/%20/g, ' ')
    .replace(/%3D/g, '=')
    .replace(/%3A/g, ':')
    .replace(/%2F/g, '/')
    .replace(/%2C/g, ',')
    .replace(/%3B/g, ';');
  return `data:image/svg+xml,${encoded}`;
}

/**
 * Writes each marked <img> of `body` whose file (under `publicDir`) is an SVG of at most
 * INLINE_IMAGE_LIMIT bytes into the page as a data: URL; it no longer loads lazily, as it
 * loads with the page. Any other marked picture keeps its address. The marks are removed.
 */
export function inlineSmallImages(body: string, publicDir: string): string {
  const marker = ` ${INLINE_IMAGE_ATTRIBUTE}=""`;
  return body.replace(/<img [^>]*>/g, (tag) => {
    if (!tag.includes(marker)) return tag;
    const unmarked = tag.replace(marker, '');
    const src = /\ssrc="(\/[^"?#]+\.svg)"/.exec(unmarked)?.[1];
    const file = src && resolve(publicDir, `.${decodeURIComponent(src)}`);
    // Only a file inside the site's folder: a page's "/../x.svg" reads nothing outside it.
    if (!file?.startsWith(resolve(publicDir) + sep) || !existsSync(file) || statSync(file).size > INLINE_IMAGE_LIMIT) return unmarked;
    return unmarked.replace(` src="${src}"`, ` src="${svgDataUrl(readFileSync(file, 'utf8'))}"`).replace(' loading="lazy"', '');
  });
}
