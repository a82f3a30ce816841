import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyTrust } from '../../../scripts/site-server/client-address';
import { createSiteServer } from '../../../scripts/site-server/site-server';
import { rawRequest, root, startSite, type RunningSite } from '../../helpers/site-server';

// Trusts loopback as a proxy, so a test can say the request came over HTTPS.
const server = createSiteServer({ distDir: join(root, 'dist'), trustProxy: proxyTrust('loopback') });
let base = '';
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers, redirect: 'manual' });

describe('server', () => {
  it('serves a page as HTML that browsers revalidate', async () => {
    const response = await get('/about');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers an unknown path with HTTP 404 and the not-found page', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404 Not Found');
  });

  it('has no editor: its addresses are unknown pages, and nothing can be saved through them', async () => {
    for (const path of [
      '/edit',
      '/edit?path=pages%2Findex.json',
      '/__editor/api/model',
      '/__editor/preview?path=pages%2Findex.json',
      '/src/editor/main.tsx',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('404 Not Found');
    }
    const save = await fetch(`${base}/__editor/api/save`, {
      method: 'POST',
      headers: { Origin: base, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect([404, 405]).toContain(save.status);
  });

  it('caches hashed assets for a year with their content type', async () => {
    const html = await (await get('/')).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const response = await get(script ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the Brotli or gzip copy a browser accepts, and the plain file to others', async () => {
    const plain = await get('/about', { 'Accept-Encoding': 'identity' });
    const brotli = await get('/about', { 'Accept-Encoding': 'gzip, br' });
    const gzip = await get('/about', { 'Accept-Encoding': 'gzip' });
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

  it('negotiates the encoding by q-values, not by substring', async () => {
    const cases: [string, string | null][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.8', 'br'],
      ['gzip;q=0.9, br;q=0.1', 'gzip'],
      ['*', 'br'],
      ['br;q=0, gzip;q=0', null],
      ['deflate', null],
      ['BR', 'br'],
    ];
    for (const [accept, expected] of cases)
      expect((await get('/about', { 'Accept-Encoding': accept })).headers.get('content-encoding'), accept).toBe(expected);
  });

  it('answers 304 to a request whose ETag or date still matches, for each encoding apart', async () => {
    // Raw requests: fetch() turns a conditional request into a reload (Cache-Control: no-cache).
    const head = async (headers: string): Promise<string> =>
      (await rawRequest(port, `GET /about HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n`)).head;
    const first = await head('Accept-Encoding: br\r\n');
    const etag = /^ETag: (.+)$/im.exec(first)?.[1] ?? '';
    const modified = /^Last-Modified: (.+)$/im.exec(first)?.[1] ?? '';
    expect(etag).toMatch(/^W\/"/);
    expect(modified).not.toBe('');
    const byTag = await head(`Accept-Encoding: br\r\nIf-None-Match: ${etag}\r\n`);
    expect(byTag).toMatch(/^HTTP\/1\.1 304/);
    expect(byTag).not.toMatch(/^Content-Encoding/im);
    expect(await head(`Accept-Encoding: br\r\nIf-Modified-Since: ${modified}\r\n`)).toMatch(/^HTTP\/1\.1 304/);
    // The gzip copy is another representation with a tag of its own.
    expect(await head(`Accept-Encoding: gzip\r\nIf-None-Match: ${etag}\r\n`)).toMatch(/^HTTP\/1\.1 200/);
  });

  it('serves byte ranges of the video with 206, and 416 for a range past its end', async () => {
    const whole = await get('/media/hero.mp4');
    const size = Number(whole.headers.get('content-length'));
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const first = await get('/media/hero.mp4', { Range: 'bytes=0-0' });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-0/${size}`);
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(bytes.subarray(0, 1));
    const last = await get('/media/hero.mp4', { Range: 'bytes=-100' });
    expect(last.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(new Uint8Array(await last.arrayBuffer())).toEqual(bytes.subarray(size - 100));
    const past = await get('/media/hero.mp4', { Range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('redirects a trailing slash to the one address of the page', async () => {
    const response = await get('/about/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/about');
  });

  it('sends HSTS only when the request came over HTTPS, as a trusted proxy says', async () => {
    expect((await get('/about')).headers.get('strict-transport-security')).toBeNull();
    expect((await get('/about', { 'X-Forwarded-Proto': 'https' })).headers.get('strict-transport-security')).toBe('max-age=31536000');
    const untrusted = createSiteServer({ distDir: join(root, 'dist') });
    await new Promise<void>((resolve) => untrusted.listen(0, '127.0.0.1', resolve));
    const response = await fetch(`http://127.0.0.1:${(untrusted.address() as AddressInfo).port}/about`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(response.headers.get('strict-transport-security')).toBeNull();
    await new Promise<void>((resolve) => untrusted.close(() => resolve()));
  });

  it('never serves files outside dist/ or the build bookkeeping', async () => {
    for (const path of [
      '/..%2Fpackage.json',
      '/%2e%2e/package.json',
      '/.vite/manifest.json',
      '/_headers',
      '/nginx-headers.conf',
      '/.build/record.json',
      '/about/index.html.br',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe('security headers on every answer', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site.stop());

  const expectSecure = (headers: Headers | Record<string, string>, what: string): void => {
    const header = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name.toLowerCase()] ?? null));
    const csp = header('content-security-policy') ?? '';
    expect(csp, what).toContain("script-src 'self'");
    expect(csp, what).toContain("connect-src 'self'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toContain("base-uri 'self'");
    expect(csp, what).not.toContain('unsafe-eval');
    expect(header('x-content-type-options'), what).toBe('nosniff');
    expect(header('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(header('permissions-policy'), what).toContain('camera=()');
  };

  it('pages, assets, not-found pages, redirects, refusals and API answers alike', async () => {
    const requests: [string, RequestInit][] = [
      ['/about', {}],
      ['/favicon.svg', {}],
      ['/no-such-page', {}],
      ['/about/', { redirect: 'manual' }],
      ['/about', { method: 'DELETE' }],
      ['/api/enquiry', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }],
      ['/api/enquiry', { method: 'GET' }],
      ['/api/apply', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }],
    ];
    for (const [path, init] of requests) {
      const response = await fetch(`${site.base}${path}`, init);
      expectSecure(response.headers, `${init.method ?? 'GET'} ${path} (${response.status})`);
    }
  });

  it('answers requests the HTTP parser refuses with the same headers', async () => {
    const response = await rawRequest(site.port, 'GET /about HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(response.status).toBe(400);
    const headers = Object.fromEntries(
      response.head
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    expectSecure(headers, 'a malformed request');
  });
});
