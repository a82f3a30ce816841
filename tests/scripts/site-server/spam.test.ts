/**
 * Spam, with no third party: each signal (no token, a forged one, one used twice, the same
 * submission again, the honeypot) is answered exactly as a person is, stored flagged and never
 * delivered; people are never flagged (one who types fast, one who leaves the form open for an
 * hour), and their submissions are delivered. A genuine token whose only fault is its timing
 * (sent within 2 seconds, as autofill does, or a day after the form opened) is delivered marked
 * suspected, with why, in the webhook and the mail.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySettings, type NotifySettings } from '../../../scripts/site-server/notify/notify-settings';
import { checkToken, MIN_FILL_MS, TOKEN_LIFE_MS } from '../../../scripts/site-server/spam/check-token';
import { issueToken } from '../../../scripts/site-server/spam/issue-token';
import { screen } from '../../../scripts/site-server/spam/screen';
import { mailFor } from '../../../scripts/site-server/notify/mail-for';
import { startStoreWriter } from '../../../scripts/site-server/store/store-writer';
import { ENQUIRY, type RunningSite, startSite } from '../../helpers/site-server';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const KEY = randomBytes(32);

describe('the form token', () => {
  it('counts for a person who types fast or leaves the form open for an hour, suspects only odd timing, and not for a bot', () => {
    const issued = 1_800_000_000_000;
    const token = issueToken(KEY, 'enquiry', issued);
    expect(checkToken(KEY, token, 'enquiry', issued + MIN_FILL_MS + 100)).toMatchObject({ suspected: null });
    expect(checkToken(KEY, token, 'enquiry', issued + 3600_000)).toMatchObject({ suspected: null });
    // Only its timing is odd: a genuine token, so a suspected submission, never spam.
    expect(checkToken(KEY, token, 'enquiry', issued + 900)).toEqual({
      nonce: expect.any(String),
      suspected: 'sent within 2 seconds of the form opening',
    });
    expect(checkToken(KEY, token, 'enquiry', issued + TOKEN_LIFE_MS + 1)).toEqual({
      nonce: expect.any(String),
      suspected: 'sent more than a day after the form opened',
    });
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
    await expect.poll(() => delivered('A pilot for our service desk')).toBe(true);
    await sleep(300);
    expect(hook.received.filter((body) => body.includes('Cheap watches'))).toEqual([]);
  });

  it('delivers a person who sends at once (autofill) or a day later, marked suspected with why, in the webhook and the mail', async () => {
    // Issued 30 s ahead (as by a server whose clock is a little ahead), so that it is still too soon however slow this machine is.
    const quick = await send(person('Autofilled in a second', 'Meera'), {
      'X-Form-Token': issueToken(site.store.formTokenKey, 'enquiry', Date.now() + 30_000),
    });
    const late = await send(person('The dialog stayed open overnight', 'Ravi'), {
      'X-Form-Token': issueToken(site.store.formTokenKey, 'enquiry', Date.now() - TOKEN_LIFE_MS - 60_000),
    });
    for (const [answer, why] of [
      [quick, 'sent within 2 seconds of the form opening'],
      [late, 'sent more than a day after the form opened'],
    ] as const) {
      expect(answer.status).toBe(201);
      expect(spamOf(answer.answer.id)).toBeNull();
      expect(site.reader().suspectedOf('enquiry', answer.answer.id)).toBe(why);
      const delivered = site.reader().deliveredOf({ kind: 'enquiry', submissionId: answer.answer.id });
      if (delivered?.kind !== 'enquiry') throw new Error('not stored as an enquiry');
      const mail = mailFor(delivered, { url: 'smtp://127.0.0.1:25', to: ['sales@example.com'], from: 'site@example.com' }, 'msg_1');
      expect(mail.subject).toBe(`Suspected spam? New enquiry from ${delivered.enquiry.name}`);
      expect(String(mail.text).split('\n')[0]).toBe(`Suspected spam: ${why}. It may still be a person's: check before you answer.`);
    }
    const hooked = (message: string) =>
      hook.received
        .map((body) => JSON.parse(body) as { data: { message: string; suspected: string | null } })
        .find((body) => body.data.message === message);
    await expect.poll(() => hooked('Autofilled in a second')?.data.suspected).toBe('sent within 2 seconds of the form opening');
    await expect.poll(() => hooked('The dialog stayed open overnight')?.data.suspected).toBe('sent more than a day after the form opened');
    await expect.poll(() => hooked('A pilot for our service desk')?.data.suspected).toBeNull();
  });

  it('does not take a person’s retry for a repeat of what was taken for spam', async () => {
    // A first try the honeypot caught (an extension filled it), then the person again, as they would.
    const trapToken = await tokenFor();
    const retryToken = await tokenFor();
    await sleep(MIN_FILL_MS + 200);
    const trapped = await send(person('Please call me back', 'Lee'), { 'X-Form-Token': trapToken, 'X-Form-Trap': 'filled' });
    const retry = await send(person('Please call me back', 'Lee'), { 'X-Form-Token': retryToken });
    expect(spamOf(trapped.answer.id)).toBe('honeypot filled');
    expect(spamOf(retry.answer.id)).toBeNull();
    await expect.poll(() => delivered('Please call me back')).toBe(true);
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
