import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from '../../../../scripts/site-server/client-address';
import { APPLICATION_FIELDS, ENQUIRY, MULTIPART, multipart, startSite, type RunningSite } from '../../../helpers/site-server';

const post = (site: RunningSite, headers: Record<string, string> = {}, body: unknown = ENQUIRY) =>
  fetch(`${site.base}/api/enquiry`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('cross-site submissions', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await startSite({ allowedOrigins: ['https://www.partner.example'] });
  });
  afterAll(() => site.stop());

  it('refuses a POST whose Origin, or lacking it whose Referer, is another site, and stores nothing', async () => {
    const before = site.reader().enquiries().length;
    for (const headers of <Record<string, string>[]>[
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      { Referer: 'http://evil.example/page' },
      { Origin: `http://127.0.0.1:${site.port + 1}` },
      { Referer: 'not a url' },
    ]) {
      const response = await post(site, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual({ ok: false, error: 'This form only accepts submissions from the site’s own pages.' });
    }
    const application = await fetch(`${site.base}/api/apply`, {
      method: 'POST',
      headers: { 'Content-Type': MULTIPART, Origin: 'http://evil.example' },
      body: multipart(APPLICATION_FIELDS),
    });
    expect(application.status).toBe(403);
    expect(site.reader().enquiries().length).toBe(before);
    expect(site.reader().applications().length).toBe(0);
  });

  it('accepts the site’s own pages, requests from no page at all, and the configured origins', async () => {
    for (const headers of <Record<string, string>[]>[
      { Origin: site.base },
      { Referer: `${site.base}/about` },
      {},
      { Origin: 'https://www.partner.example' },
    ]) {
      expect((await post(site, headers)).status, JSON.stringify(headers)).toBe(201);
    }
  });

  it('answers a configured origin’s CORS preflight, and no other', async () => {
    const preflight = (origin: string) =>
      fetch(`${site.base}/api/enquiry`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
      });
    const allowed = await preflight('https://www.partner.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://www.partner.example');
    expect(allowed.headers.get('access-control-allow-methods')).toBe('POST');
    expect((await preflight('http://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('rate limit', () => {
  it('counts only stored submissions: refused attempts cost nothing', async () => {
    const site = await startSite({ perMinute: 3 });
    for (let i = 0; i < 8; i++) expect((await post(site, {}, { ...ENQUIRY, email: 'not an email' })).status).toBe(400);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(site)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    await site.stop();
  });

  it('says when to come back: Retry-After on every 429, and retrying does not extend the wait', async () => {
    const site = await startSite({ perMinute: 1 });
    expect((await post(site)).status).toBe(201);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post(site);
      expect(response.status).toBe(429);
      const seconds = Number(response.headers.get('retry-after'));
      expect(await response.json()).toEqual({
        ok: false,
        error: `Too many submissions from this address; please try again in ${seconds} seconds.`,
      });
      waits.push(seconds);
    }
    expect(waits.every((seconds) => seconds >= 1 && seconds <= 60)).toBe(true);
    // A refused retry never pushes the end of the minute further away.
    expect(waits).toEqual([...waits].sort((a, b) => b - a));
    await site.stop();
  });

  it('gives each client its own count, by the address a trusted proxy names', async () => {
    const site = await startSite({ perMinute: 1, trustProxy: 'loopback' });
    const from = (address: string) => post(site, { 'X-Forwarded-For': address });
    expect((await from('203.0.113.7')).status).toBe(201);
    expect((await from('203.0.113.7')).status).toBe(429);
    expect((await from('198.51.100.9')).status).toBe(201);
    // One IPv6 client is its /64: changing the low bits is the same client.
    expect((await from('2001:db8:1:2::1')).status).toBe(201);
    expect((await from('2001:db8:1:2:ffff::9')).status).toBe(429);
    await site.stop();
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const site = await startSite({ perMinute: 1 });
    expect((await post(site, { 'X-Forwarded-For': '203.0.113.7' })).status).toBe(201);
    expect((await post(site, { 'X-Forwarded-For': '198.51.100.9' })).status).toBe(429);
    await site.stop();
  });

  it('counts IPv4, IPv4-mapped and IPv6 loopback as one client', async () => {
    expect(['127.0.0.1', '::ffff:127.0.0.1', '::1', '127.0.0.2'].map(clientKey)).toEqual(['loopback', 'loopback', 'loopback', 'loopback']);
    expect(['::ffff:203.0.113.7', '203.0.113.7'].map(clientKey)).toEqual(['203.0.113.7', '203.0.113.7']);
    expect(clientKey('2001:db8:0:0:1::1')).toBe(clientKey('2001:db8::ffff'));
    expect(clientKey('not an address')).toBe('unknown');
    const site = await startSite({ perMinute: 1, host: '::' });
    const statusOver = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          { host, port: site.port, method: 'POST', path: '/api/enquiry', headers: { 'Content-Type': 'application/json' } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on('error', reject);
        request.end(JSON.stringify(ENQUIRY));
      });
    expect(await statusOver('::1')).toBe(201);
    expect(await statusOver('127.0.0.1')).toBe(429);
    await site.stop();
  });
});
