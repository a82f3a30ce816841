import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineSmallImages, svgDataUrl } from '../../../scripts/build/render/inline-small-images';
import { INLINE_IMAGE_LIMIT } from '../../../src/ui/inline-image';

const dir = mkdtempSync(join(tmpdir(), 'inline-small-images-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(join(dir, '../outside-inline-small-images.svg'), { force: true });
});
mkdirSync(join(dir, 'logos'));
const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">\n  <text x="4" y="28" font-family="Inter, sans-serif" fill="#4a5472">O'Neil &amp; Söhne #1</text>\n</svg>\n`;
writeFileSync(join(dir, 'logos/small.svg'), logo);
writeFileSync(join(dir, 'logos/large.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(INLINE_IMAGE_LIMIT)}</svg>`);
writeFileSync(join(dir, 'logos/photo.png'), 'not really a png');
const img = (src: string, marked = true) =>
  `<img src="${src}" alt="A logo" loading="lazy" width="120" height="40"${marked ? ' data-inline=""' : ''} class="css-1"/>`;

describe('inlineSmallImages', () => {
  it('writes a marked small SVG into the page as a data: URL, which loads with the page', () => {
    const out = inlineSmallImages(`<li>${img('/logos/small.svg')}</li>`, dir);
    const src = /src="([^"]*)"/.exec(out)?.[1] ?? '';
    expect(src.startsWith('data:image/svg+xml,')).toBe(true);
    // The URL decodes to the file, whitespace collapsed, its double quotes single.
    expect(decodeURIComponent(src.slice('data:image/svg+xml,'.length))).toBe(logo.replace(/\s+/g, ' ').trim());
    expect(src).not.toMatch(/["<>#&]/);
    expect(out).toBe(`<li><img src="${src}" alt="A logo" width="120" height="40" class="css-1"/></li>`);
  });

  it('keeps the address of a marked picture it may not inline, and drops the mark', () => {
    writeFileSync(join(dir, '../outside-inline-small-images.svg'), logo);
    for (const src of [
      '/logos/large.svg',
      '/logos/photo.png',
      '/logos/missing.svg',
      'https://example.com/a.svg',
      '/../outside-inline-small-images.svg',
    ])
      expect(inlineSmallImages(img(src), dir), src).toBe(img(src, false));
  });

  it('leaves an unmarked picture alone, small SVG or not', () => {
    expect(inlineSmallImages(img('/logos/small.svg', false), dir)).toBe(img('/logos/small.svg', false));
  });

  it('makes a URL with no character an HTML attribute or a URL parser would change, its quotes single when that is safe', () => {
    expect(svgDataUrl('<svg a="1"  b="2">\n<g/></svg>')).toBe("data:image/svg+xml,%3Csvg a='1' b='2'%3E %3Cg/%3E%3C/svg%3E");
    // An apostrophe anywhere keeps the double quotes, encoded: the label must not end at O'.
    const url = svgDataUrl(`<svg aria-label="O'Neil"/>`);
    expect(url).toBe('data:image/svg+xml,%3Csvg aria-label=%22O%27Neil%22/%3E');
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(`<svg aria-label="O'Neil"/>`);
  });

  it('is the limit the logo cloud schema tells editors', () => {
    const schema = readFileSync(join(import.meta.dirname, '../../../schemas/blocks/logo-cloud.schema.json'), 'utf8');
    expect(schema).toContain(`An SVG logo of at most ${INLINE_IMAGE_LIMIT / 1024} KB is written into the page`);
  });
});
