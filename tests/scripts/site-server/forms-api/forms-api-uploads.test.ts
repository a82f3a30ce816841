import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { APPLICATION_FIELDS, ENQUIRY, MULTIPART, multipart, openRequest, startSite, type RunningSite } from '../../../helpers/site-server';
import { waitFor } from '../../../helpers/wait';

/**
 * Applications cannot be starved: uploads that stop short of their end, however many and
 * from however many addresses, never keep a real applicant out, and every limit a request's
 * headers can show is applied before its body is asked for.
 */
const sites: RunningSite[] = [];
afterEach(async () => {
  for (const site of sites.splice(0)) await site.stop();
});
const start = async (options: Parameters<typeof startSite>[0]): Promise<RunningSite> => {
  const site = await startSite(options);
  sites.push(site);
  return site;
};

const pdf = (size: number): Buffer => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 0x20)]);
const applicationBody = (cvBytes: number): Buffer<ArrayBuffer> =>
  multipart([...APPLICATION_FIELDS, { name: 'cv', filename: 'cv.pdf', type: 'application/pdf', content: pdf(cvBytes) }]);
const head = (path: string, length: number, headers: Record<string, string> = {}): string =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${MULTIPART}\r\nContent-Length: ${length}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

/**
 * The trial's repro: an upload of a CV just under 5 MB that stops 19 bytes short of its end.
 * Thirteen of them fill the server's 64 MiB for CVs to within 10 KB.
 */
function stalledUpload(site: RunningSite, from: string) {
  const body = applicationBody(Math.floor((64 * 1024 * 1024) / 13) - 10_000);
  return openRequest(
    site.port,
    Buffer.concat([Buffer.from(head('/api/apply', body.length, { 'X-Forwarded-For': from })), body.subarray(0, body.length - 19)]),
  );
}

/** A real application with a 300 KB CV, sent whole. */
const realApplication = (site: RunningSite, from: string): Promise<Response> => {
  const body = applicationBody(300 * 1024);
  return fetch(`${site.base}/api/apply`, { method: 'POST', headers: { 'Content-Type': MULTIPART, 'X-Forwarded-For': from }, body });
};

describe('stalled uploads', () => {
  it('never keep a real application from another client out: 13 near-5 MB uploads from one address stop 19 bytes short', async () => {
    const site = await start({ trustProxy: 'loopback' });
    const stalled = Array.from({ length: 13 }, () => stalledUpload(site, '203.0.113.66'));
    // The address's uploads beyond its share are refused at once, and say when to come back.
    const refused = await Promise.all(stalled.slice(2).map((upload) => upload.answer));
    expect(refused.map((answer) => answer.status)).toEqual(Array(11).fill(429));
    expect(refused[0]?.head).toMatch(/^Retry-After: 10$/m);
    expect(JSON.parse(refused[0]?.body ?? '')).toEqual({
      ok: false,
      error: 'This address is already sending 2 applications; please wait until they are answered, or try again in 10 seconds.',
    });
    await sleep(500);
    const response = await realApplication(site, '198.51.100.7');
    expect(response.status).toBe(201);
    for (const upload of stalled) upload.socket.destroy();
  });

  it('never keep a real application out when 13 addresses each stall one: stalled uploads give their memory way', async () => {
    const site = await start({ trustProxy: 'loopback' });
    const stalled = Array.from({ length: 13 }, (_, index) => stalledUpload(site, `203.0.113.${index + 1}`));
    let early = true;
    const gaveWay: Awaited<(typeof stalled)[number]['answer']>[] = [];
    for (const upload of stalled) void upload.answer.then((answer) => !early && answer.status === 503 && gaveWay.push(answer));
    // Stalled for more than two seconds once all is sent: the memory they hold goes to an applicant whose CV is arriving.
    await waitFor('every stalled upload to be sent', () => stalled.every((upload) => upload.socket.writableLength === 0));
    await sleep(2500);
    early = false;
    const response = await realApplication(site, '198.51.100.7');
    expect(response.status).toBe(201);
    // Those that gave way are told to come back, and their connections are closed.
    await waitFor('an upload that gave way', () => gaveWay.length > 0);
    expect(gaveWay[0]?.head).toMatch(/^Connection: close$/m);
    expect(gaveWay[0]?.head).toMatch(/^Retry-After: 10$/m);
    for (const upload of stalled) upload.socket.destroy();
  });

  it('drops a body that stops arriving, or only trickles, with 408 within its idle timeout, and stores nothing', async () => {
    const site = await start({ bodyIdleTimeoutMs: 1000 });
    const body = applicationBody(100_000);
    const stopped = openRequest(site.port, Buffer.concat([Buffer.from(head('/api/apply', body.length)), body.subarray(0, 50_000)]));
    const enquiry = JSON.stringify(ENQUIRY);
    const stoppedEnquiry = openRequest(
      site.port,
      `POST /api/enquiry HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${enquiry.length}\r\n\r\n${enquiry.slice(0, 20)}`,
    );
    const trickle = openRequest(site.port, head('/api/apply', body.length));
    let sent = 0;
    const dripping = setInterval(() => {
      if (trickle.socket.destroyed || sent >= body.length) return;
      trickle.socket.write(body.subarray(sent, sent + 200));
      sent += 200;
    }, 100);
    try {
      for (const request of [stopped, stoppedEnquiry, trickle]) {
        const answer = await request.answer;
        expect(answer.status).toBe(408);
        expect(answer.head).toMatch(/^Connection: close$/m);
        expect(JSON.parse(answer.body)).toEqual({
          ok: false,
          error: 'The request stopped arriving (nothing moved for 1 seconds), and nothing was saved. Please send it again.',
        });
      }
      // The trickle was dropped long before its body could have arrived at its pace.
      expect(sent).toBeLessThan(body.length);
    } finally {
      clearInterval(dripping);
    }
    expect(site.reader().applications()).toEqual([]);
    expect(site.reader().enquiries()).toEqual([]);
  });

  it('lets a slow upload that keeps moving finish, however long it takes beyond the idle timeout', async () => {
    const site = await start({ bodyIdleTimeoutMs: 1000 });
    const body = applicationBody(300 * 1024);
    const upload = openRequest(site.port, head('/api/apply', body.length));
    // 8 KB every 150 ms: about 7 seconds in all, seven times the idle timeout.
    for (let sent = 0; sent < body.length; sent += 8192) {
      upload.socket.write(body.subarray(sent, sent + 8192));
      await sleep(150);
    }
    const answer = await upload.answer;
    expect(answer.status).toBe(201);
    expect(site.reader().applications()).toHaveLength(1);
    upload.socket.destroy();
  });
});

describe('Expect: 100-continue', () => {
  /** Sends the headers only, waiting for the server's word, and returns its answer. */
  const ask = async (site: RunningSite, path: string, headers: Record<string, string>, length = 1000) => {
    const request = openRequest(
      site.port,
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n${Object.entries({
        'Content-Length': String(length),
        ...headers,
      })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n`,
    );
    // A server that wrongly invited the body answers only when its idle timeout drops the request (408).
    const answer = await request.answer;
    request.socket.destroy();
    return answer;
  };

  it('answers every refusal its headers show before any body is invited', async () => {
    const site = await start({ trustProxy: 'loopback', perMinute: 1 });
    const apply = { 'Content-Type': MULTIPART };
    const cases: [string, Record<string, string>, number, number?][] = [
      ['/api/apply', apply, 413, 99_999_999],
      ['/api/apply', { 'Content-Type': 'text/plain' }, 415],
      ['/api/apply', { ...apply, Origin: 'http://evil.example' }, 403],
      ['/api/enquiry', { 'Content-Type': 'application/json' }, 413, 99_999],
      ['/api/enquiry', { 'Content-Type': 'text/plain' }, 415],
    ];
    for (const [path, headers, status, length] of cases) {
      const answer = await ask(site, path, headers, length);
      expect(answer?.status, `${path} ${JSON.stringify(headers)}`).toBe(status);
      expect(answer?.interim, `${path} ${JSON.stringify(headers)}`).toEqual([]);
    }
    // A client over its rate limit, and one with as many applications in flight as it may have.
    const body = applicationBody(1000);
    expect(
      (await fetch(`${site.base}/api/apply`, { method: 'POST', headers: { ...apply, 'X-Forwarded-For': '203.0.113.1' }, body })).status,
    ).toBe(201);
    const limited = await ask(site, '/api/apply', { ...apply, 'X-Forwarded-For': '203.0.113.1' }, body.length);
    expect(limited?.status).toBe(429);
    expect(limited?.interim).toEqual([]);
    const busy = [stalledUpload(site, '203.0.113.2'), stalledUpload(site, '203.0.113.2')];
    await sleep(300);
    const third = await ask(site, '/api/apply', { ...apply, 'X-Forwarded-For': '203.0.113.2' }, body.length);
    expect(third?.status).toBe(429);
    expect(third?.interim).toEqual([]);
    for (const upload of busy) upload.socket.destroy();
  });

  it('says 100 Continue to a request that passes, then stores it', async () => {
    const site = await start({});
    const body = applicationBody(1000);
    const request = openRequest(site.port, head('/api/apply', body.length, { Expect: '100-continue' }));
    await new Promise<void>((resolve) => request.socket.once('data', () => resolve()));
    request.socket.write(body);
    const answer = await request.answer;
    expect(answer.interim).toEqual(['HTTP/1.1 100 Continue']);
    expect(answer.status).toBe(201);
    request.socket.destroy();
  });
});
