import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { HTTPS_ORIGIN } from '../../../scripts/content/is-form-endpoint';
import { sitemapXml } from '../../../scripts/build/render/sitemap-xml';
import { root } from '../../helpers/project';

const siteFile = join(root, 'pages/_site.json');
const written = readFileSync(siteFile, 'utf8');

/** The problems of the real site with its address replaced by `baseUrl`. */
function problemsWith(baseUrl: string) {
  const text = written.replace(/"baseUrl": "[^"]*"/, `"baseUrl": ${JSON.stringify(baseUrl)}`);
  return loadSite(root, undefined, { overlay: new Map([[siteFile, text]]) }).problems;
}

const REFUSED =
  "must be the site's public address: https:// and its host name in lowercase letters, digits, hyphens and dots (with :port if it needs one), and nothing after it (no path, no slash at the end), like https://www.example.com";

describe('the site address (baseUrl)', () => {
  it('is refused where it is written when it is anything but an https origin', () => {
    const line = written.split('\n').findIndex((text) => text.includes('"baseUrl"')) + 1;
    for (const baseUrl of [
      // What would end a <loc> or an attribute, or add XML of its own (the old pattern took them all).
      'https://x"><script>alert(1)</script>',
      'https://www.example.com/?a=1&b=2',
      "https://www.example.com/<x>'",
      'https://www.example.com/a path',
      'https://www.example.com/\nDisallow: /',
      // Not an origin: a path, a slash at the end, a query, userinfo, a wildcard, capitals, plain http.
      'https://www.example.com/site',
      'https://www.example.com/',
      'https://user@www.example.com',
      'https://*.example.com',
      'https://WWW.Example.com',
      'http://www.example.com',
      'https://-bad-.example.com',
    ]) {
      const found = problemsWith(baseUrl).map(({ file, line, path, message }) => ({ file, line, path, message }));
      expect(found, baseUrl).toEqual([
        { file: 'pages/_site.json', line, path: 'baseUrl', message: `"Site address" ${REFUSED}; you wrote ${JSON.stringify(baseUrl)}.` },
      ]);
    }
  });

  it('is taken as a host name, with a port if it needs one', () => {
    for (const baseUrl of ['https://www.example.com', 'https://localhost:8443', 'https://xn--bcher-kva.example', 'https://example'])
      expect(problemsWith(baseUrl), baseUrl).toEqual([]);
  });

  it('has one grammar, shared by the site schema and the form endpoints', () => {
    const schema = JSON.parse(readFileSync(join(root, 'schemas/site.schema.json'), 'utf8'));
    expect(new RegExp(schema.properties.baseUrl.pattern).source).toBe(HTTPS_ORIGIN.source);
  });
});

describe('sitemapXml', () => {
  it('lists each route under the site address', () => {
    expect(sitemapXml('https://www.example.com', ['/', '/about'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://www.example.com/</loc></url>\n  <url><loc>https://www.example.com/about</loc></url>\n</urlset>\n',
    );
  });

  it('escapes what would end an address or add XML of its own, however it got there', () => {
    expect(sitemapXml('https://x"></loc><loc>https://evil.example?a=1&b=2\'', ['/'])).toContain(
      '<loc>https://x&quot;&gt;&lt;/loc&gt;&lt;loc&gt;https://evil.example?a=1&amp;b=2&#39;/</loc>',
    );
  });
});
