/**
 * Spam, with no third party: each signal (no token, a forged one, one sent too soon, one used
 * twice, the same submission again, the honeypot) is answered exactly as a person is, stored
 * flagged and never delivered; people are never flagged (one who types fast, one who leaves the
 * form open for an hour), and their submissions are delivered.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySettings, type NotifySettings } from '../../../scripts/site-server/notify/settings';
import { checkToken, issueToken, MIN_FILL_MS, TOKEN_LIFE_MS } from '../../../scripts/site-server/spam/form-token';
import { screen } from '../../../scripts/site-server/spam/screening';
import { startStoreWriter } from '../../../scripts/site-server/store/store-writer';
import { ENQUIRY, type RunningSite, startSite } from '../../helpers/site-server';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const KEY = randomBytes(32);

describe('the form token', () => {
  it('counts for a person who types fast or leaves the form open for an hour, and not for a bot', () => {
    const issued = 1_800_000_000_000;
    const token = issueToken(KEY, 'enquiry', issued);
    expect(checkToken(KEY, token, 'enquiry', issued + MIN_FILL_MS + 100)).toHaveProperty('nonce');
    expect(checkToken(KEY, token, 'enquiry', issued + 3600_000)).toHaveProperty('nonce');
    expect(checkToken(KEY, token, 'enquiry', issued + 900)).toEqual({ spam: 'sent too soon after the form opened' });
    expect(checkToken(KEY, token, 'enquiry', issued + TOKEN_LIFE_MS + 1)).toEqual({ spam: 'expired form token' });
    expect(checkToken(KEY, token, 'apply', issued + 5000)).toEqual({ spam: 'forged form token' });
    expect(checkToken(randomBytes(32), token, 'enquiry', issued + 5000)).toEqual({ spam: 'forged form token' });
    expect(checkToken(KEY, `${token}x`, 'enquiry', issued + 5000)).toEqual({ spam: 'forged form token' });
    expect(checkToken(KEY, undefined, 'enquiry', issued + 5000)).toEqual({ spam: 'no form token' });
    expect(checkToken(KEY, 'a.b.c', 'enquiry', issued + 5000)).toEqual({ spam: 'forged form token' });
  });
});

describe('the repeat check', () => {
  it('takes the same submission with its address in another case or normal form for the same one', () => {
    const request = { headers: {} } as IncomingMessage;
    const digest = (email: string): string => screen(request, { kind: 'enquiry', enquiry: { ...ENQUIRY, email } }, KEY, 'enquiry').digest;
    expect(new Set(['STRASSE@beispiel.de', 'straße@beispiel.de', 'Strasse@Beispiel.DE'].map(digest)).size).toBe(1);
    expect(digest('a\u0308nna@beispiel.de')).toBe(digest('\u00c4NNA@BEISPIEL.DE'));
    expect(digest('anna@beispiel.de')).not.toBe(digest('\u00e4nna@beispiel.de'));
  });
});

describe('the enquiry endpoint', () => {
  let dir: string;
  let site: RunningSite;
  let hook: { received: string[]; close: () => Promise<void> };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'spam-'));
    const received: string[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    hook = { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    const notify = notifySettings({ WEBHOOK_URL: url, WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}` }) as NotifySettings;
    const path = join(dir, 'spam.db');
    site = await startSite({ storePath: path, writer: await startStoreWriter(path, { notify }) });
  });
  afterAll(async () => {
    await site.stop();
    await hook.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const tokenFor = async (form = 'enquiry'): Promise<string> =>
    ((await (await fetch(`${site.base}/api/form-token?form=${form}`)).json()) as { token: string }).token;
  const send = async (body: object, headers: Record<string, string> = {}) => {
    const response = await fetch(`${site.base}/api/enquiry`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { ok: boolean; id: number };
    return { status: response.status, answer, headers: [...response.headers.keys()].filter((name) => name !== 'date').sort() };
  };
  const spamOf = (id: number): string | null => site.reader().spamOf('enquiry', id);
  const delivered = (message: string): boolean => hook.received.some((body) => body.includes(message));
  const person = (message: string, name = 'Priya') => ({ ...ENQUIRY, name, message });

  it('delivers a person who opens the form and sends it 2 seconds later, and answers spam exactly alike', async () => {
    const token = await tokenFor();
    await sleep(MIN_FILL_MS + 200);
    const human = await send(person('A pilot for our service desk'), { 'X-Form-Token': token });
    expect(human.status).toBe(201);
    expect(spamOf(human.answer.id)).toBeNull();

    const bots = [
      ['no form token', await send(person('Cheap watches 1'), {})],
      ['forged form token', await send(person('Cheap watches 2'), { 'X-Form-Token': `${token.split('.')[0]}.AAAA` })],
      ['sent too soon after the form opened', await send(person('Cheap watches 3'), { 'X-Form-Token': await tokenFor() })],
      ['form token used twice', await send(person('Cheap watches 4'), { 'X-Form-Token': token })],
      ['forged form token', await send(person('Cheap watches 5'), { 'X-Form-Token': await tokenFor('apply') })],
    ] as const;
    const trapToken = await tokenFor();
    await sleep(MIN_FILL_MS + 200);
    const trapped = await send(person('Cheap watches 6'), { 'X-Form-Token': trapToken, 'X-Form-Trap': 'https://spam.example' });
    for (const [reason, bot] of [...bots, ['honeypot filled', trapped] as const]) {
      expect(bot.status).toBe(201);
      expect(Object.keys(bot.answer)).toEqual(Object.keys(human.answer));
      expect(bot.headers).toEqual(human.headers);
      expect(spamOf(bot.answer.id)).toBe(reason);
      expect(site.reader().deliveriesOf('enquiry', bot.answer.id)).toEqual([]);
    }
    await expect.poll(() => delivered('A pilot for our service desk'), { timeout: 5000 }).toBe(true);
    await sleep(300);
    expect(hook.received.filter((body) => body.includes('Cheap watches'))).toEqual([]);
  });

  it('gives a token only for a form it has, and only to a GET', async () => {
    for (const query of ['', '?form=', '?form=../enquiry', '?form=enquiry&form=apply%00', `?form=${'x'.repeat(5000)}`]) {
      const response = await fetch(`${site.base}/api/form-token${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ ok: false, error: 'Say which form: ?form=enquiry or ?form=apply.' });
    }
    const posted = await fetch(`${site.base}/api/form-token?form=enquiry`, { method: 'POST', body: 'x' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const given = await fetch(`${site.base}/api/form-token?form=apply`);
    expect(given.headers.get('cache-control')).toBe('no-store');
  });

  it('takes the same submission again within minutes for spam, even with a new token', async () => {
    const first = await tokenFor();
    const second = await tokenFor();
    await sleep(MIN_FILL_MS + 200);
    const once = await send(person('Same words twice', 'Ravi'), { 'X-Form-Token': first });
    const again = await send(person('Same  words twice ', 'ravi'), { 'X-Form-Token': second });
    expect([once.status, again.status]).toEqual([201, 201]);
    expect(spamOf(once.answer.id)).toBeNull();
    expect(spamOf(again.answer.id)).toBe('the same submission again within minutes');
  });
});
