import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APPLICATION_FIELDS, MULTIPART, multipart, rawRequest, startSite, type RunningSite } from '../../helpers/site-server';

/**
 * The crash suite: requests no browser would send, cut bodies and dropped connections. Each
 * test ends by proving the server still answers; a crash would fail every test after it.
 */
let site: RunningSite;
beforeAll(async () => {
  site = await startSite({ perMinute: 0 });
});
afterAll(() => site.stop());

const alive = async (): Promise<void> => {
  expect((await fetch(`${site.base}/about`)).status).toBe(200);
};
/** A raw request from its request line and headers; a Host header is added unless given. */
const request = (head: string): Promise<{ status: number; head: string; body: string }> =>
  rawRequest(
    site.port,
    Buffer.from(`${head}${/\r\nHost:/i.test(head) ? '' : '\r\nHost: 127.0.0.1'}\r\nConnection: close\r\n\r\n`, 'latin1'),
  );

describe('site server under hostile requests', () => {
  it('answers a multipart body that ends inside the CV with 400', async () => {
    const body = Buffer.from(
      '--B\r\nContent-Disposition: form-data; name="cv"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4',
    );
    const response = await fetch(`${site.base}/api/apply`, { method: 'POST', headers: { 'Content-Type': MULTIPART }, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ok: false,
      error: 'The multipart body cannot be read: it is malformed or ends before its closing boundary.',
    });
    await alive();
  });

  it('answers a multipart body cut at every byte with 400, and the whole one with 201', async () => {
    const body = multipart([...APPLICATION_FIELDS, { name: 'cv', filename: 'a.pdf', type: 'application/pdf', content: '%PDF-1.7\n' }]);
    const closing = body.lastIndexOf('--B--') + '--B--'.length;
    const statuses = new Map<number, number[]>();
    for (let cut = 0; cut <= body.length; cut += 1) {
      const response = await fetch(`${site.base}/api/apply`, {
        method: 'POST',
        headers: { 'Content-Type': MULTIPART },
        body: body.subarray(0, cut),
      });
      await response.arrayBuffer();
      const expected = cut >= closing ? 201 : 400;
      if (response.status !== expected) statuses.set(cut, [response.status, expected]);
    }
    expect(Object.fromEntries(statuses)).toEqual({});
    await alive();
  });

  it('logs one line, not a stack, for a client that disconnects mid-upload, and stores nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const before = site.reader().applications().length;
    const body = multipart([
      ...APPLICATION_FIELDS,
      { name: 'cv', filename: 'a.pdf', type: 'application/pdf', content: Buffer.alloc(200_000, 0x41) },
    ]);
    await rawRequest(
      site.port,
      Buffer.concat([
        Buffer.from(`POST /api/apply HTTP/1.1\r\nHost: x\r\nContent-Type: ${MULTIPART}\r\nContent-Length: ${body.length}\r\n\r\n`),
        body.subarray(0, 100_000),
      ]),
      { waitMs: 300 },
    );
    await rawRequest(
      site.port,
      `POST /api/enquiry HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":`,
      { waitMs: 300 },
    );
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(warn.mock.calls.map((call) => String(call[0]).replace(/\d+ bytes/, 'N bytes'))).toEqual([
      'POST /api/apply: the client closed the connection after N bytes; nothing was saved.',
      'POST /api/enquiry: the client closed the connection after N bytes; nothing was saved.',
    ]);
    warn.mockRestore();
    expect(site.reader().applications().length).toBe(before);
    await alive();
  });

  it('answers a path ending in / that holds a control or non-Latin-1 character, and never crashes (repro 2)', async () => {
    const characters = ['€', '😀', 'Ā', 'é', '\u0000', '\n', '\r', '\t', '\u001b', '\u007f', '\u2028', '\ufeff', '%', '"', '<', '\\'];
    for (const character of characters) {
      const encoded = encodeURIComponent(character);
      for (const path of [
        `/${encoded}/`,
        `/about/${encoded}/`,
        `/${encoded}`,
        `/about/?q=${encoded}`,
        `/?${encoded}=${encoded}`,
        `/%${encoded}/`,
      ]) {
        const response = await fetch(`${site.base}${path}`, { redirect: 'manual' });
        expect([200, 301, 404], path).toContain(response.status);
        const location = response.headers.get('location');
        if (location) expect(location, path).toMatch(/^\/[^/\\]/);
      }
    }
    await alive();
  });

  it('answers raw control and non-ASCII bytes in the request line with 400 or 404', async () => {
    const bytes = [0x00, 0x01, 0x0b, 0x1b, 0x7f, 0x80, 0xc3, 0xe2, 0xff];
    for (const byte of bytes) {
      for (const target of ['/X/', '/about?X', '/X']) {
        const line = Buffer.concat([
          Buffer.from('GET '),
          Buffer.from(target.replace('X', '\u0000'), 'latin1').map((b) => (b === 0 ? byte : b)),
          Buffer.from(' HTTP/1.1'),
        ]);
        const response = await rawRequest(site.port, Buffer.concat([line, Buffer.from('\r\nHost: x\r\nConnection: close\r\n\r\n')]));
        expect([400, 404, 200], `${byte} in ${target}`).toContain(response.status);
      }
    }
    await alive();
  });

  it('keeps every redirect on the site: no protocol-relative or backslash target is echoed', async () => {
    for (const path of [
      '//evil.example/',
      '/%2fevil.example/',
      '/%2F%2Fevil.example/',
      '/\\evil.example/',
      '/%5cevil.example/',
      '///evil.example//',
      '/.//evil.example/',
      '/about/%2f%2fevil.example/',
    ]) {
      const response = await request(`GET ${path} HTTP/1.1`);
      expect(response.status, path).toBe(404);
      expect(response.head, path).not.toMatch(/^Location:/im);
    }
    const page = await request('GET /about/?utm_source=mail&x=%0d%0a HTTP/1.1');
    expect(page.status).toBe(301);
    expect(page.head).toMatch(/^Location: \/about\?utm_source=mail&x=%0d%0a$/m);
    // Raw bytes beyond ASCII never reach the redirect: the HTTP parser refuses them first.
    expect((await request('GET /about/?\u00e9 HTTP/1.1')).status).toBe(400);
    await alive();
  });

  it('answers malformed, foreign and oversized requests without crashing', async () => {
    const cases: [string, number][] = [
      ['GET http://evil.example/ HTTP/1.1', 400],
      ['GET * HTTP/1.1', 400],
      ['BREW / HTTP/1.1', 400],
      ['DELETE /about HTTP/1.1', 405],
      ['GET /about HTTP/1.1\r\nHost: evil.example', 200],
      ['GET /about HTTP/1.1\r\nHost: \u00ff\u0001', 400],
      ['GET /about HTTP/1.1\r\nHost: a\r\nHost: b', 400],
      [`GET /about HTTP/1.1\r\nX-Long: ${'a'.repeat(70_000)}`, 431],
      ['GET /about HTTP/1.1\r\nRange: bytes=5-2', 416],
      ['GET /about HTTP/1.1\r\nRange: bytes=abc', 200],
      ['GET /about HTTP/1.1\r\nRange: bytes=0-0,2-3', 200],
      ['GET /about HTTP/1.1\r\nAccept-Encoding: \u00ff;q=x, br;q=NaN', 200],
      ['GET /about HTTP/1.1\r\nIf-None-Match: "\u00ff", *', 200],
      ['GET /about HTTP/1.1\r\nIf-None-Match: *', 304],
      ['GET /about HTTP/1.1\r\nIf-Modified-Since: yesterday', 200],
      ['POST /api/enquiry HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: abc', 400],
      ['POST /api/enquiry HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked', 400],
      ['POST /api/apply HTTP/1.1\r\nContent-Type: multipart/form-data', 400],
      ['POST /api/apply HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=', 415],
      ['POST /api/apply HTTP/1.1\r\nContent-Type: multipart/form-data; boundary="', 415],
    ];
    for (const [head, status] of cases) {
      const response = await request(head.includes('Content-Length') ? head : `${head}\r\nContent-Length: 0`);
      expect(response.status, head.slice(0, 80)).toBe(status);
    }
    await alive();
  });

  it('survives arbitrary bytes posted to both endpoints, always answering 4xx or 201', async () => {
    const server = site;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/enquiry', '/api/apply'),
        fc.constantFrom('application/json', MULTIPART, 'multipart/form-data; boundary=x', 'text/plain'),
        fc.uint8Array({ maxLength: 600 }),
        async (path, type, body) => {
          const response = await fetch(`${server.base}${path}`, { method: 'POST', headers: { 'Content-Type': type }, body });
          await response.arrayBuffer();
          return response.status === 201 || (response.status >= 400 && response.status < 500);
        },
      ),
      { numRuns: 300 },
    );
    await alive();
  });

  it('survives arbitrary request targets, never answering 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (text) => {
        const response = await request(`GET /${encodeURI(text).replace(/%25/g, '%')} HTTP/1.1`);
        return response.status !== 500 && response.status !== 0;
      }),
      { numRuns: 300 },
    );
    await alive();
  });
});
