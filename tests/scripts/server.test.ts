import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteServer } from '../../scripts/lib/server';

const server = createSiteServer({ distDir: join(import.meta.dirname, '../../dist') });
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('server', () => {
  it('serves a page as HTML that browsers revalidate', async () => {
    const response = await fetch(`${base}/about`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers an unknown path with HTTP 404 and the not-found page', async () => {
    const response = await fetch(`${base}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404 Not Found');
  });

  it('caches hashed assets for a year with their content type', async () => {
    const html = await (await fetch(`${base}/`)).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const response = await fetch(`${base}${script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the Brotli or gzip copy a browser accepts, and the plain file to others', async () => {
    const plain = await fetch(`${base}/about`, { headers: { 'Accept-Encoding': 'identity' } });
    const brotli = await fetch(`${base}/about`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    const gzip = await fetch(`${base}/about`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes both; the pages are the same.
    const text = await plain.text();
    expect(await brotli.text()).toBe(text);
    expect(await gzip.text()).toBe(text);
    expect(Number(brotli.headers.get('content-length'))).toBeLessThan(text.length / 3);
  });

  it('redirects a trailing slash to the one address of the page', async () => {
    const response = await fetch(`${base}/about/`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/about');
  });

  it('sends the security headers with every answer, pages, assets, errors and API alike', async () => {
    for (const path of ['/about', '/no-such-page', '/favicon.svg']) {
      const response = await fetch(`${base}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("connect-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("base-uri 'self'");
      expect(csp, path).not.toContain('unsafe-eval');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
    }
  });

  it('never serves files outside dist/ or the build manifest', async () => {
    expect((await fetch(`${base}/..%2Fpackage.json`)).status).toBe(404);
    expect((await fetch(`${base}/.vite/manifest.json`)).status).toBe(404);
    expect((await fetch(`${base}/_headers`)).status).toBe(404);
  });
});
