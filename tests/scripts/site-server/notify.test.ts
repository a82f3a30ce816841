/**
 * Every stored submission reaches the team: by e-mail through a real SMTP server (smtp-server,
 * nodemailer's own, as a local sink), by a webhook to a local receiver that checks the signature
 * with the Standard Webhooks library, both from the outbox the submission was stored with, tried
 * again after failures, and again after the server was killed mid-try.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailFor } from '../../../scripts/site-server/notify/mail-for';
import { NotifySettingError, type NotifySettings, notifySettings } from '../../../scripts/site-server/notify/notify-settings';
import { openSqlite as openStore } from '../../../scripts/site-server/store/open-sqlite';
import { startStoreWriter } from '../../../scripts/site-server/store/store-writer';
import { startPostgres, type TestPostgres } from '../../../scripts/tooling/start-postgres';
import { ENQUIRY, root } from '../../helpers/site-server';
import { mailSink } from '../../helpers/notify';
import { until, waitFor } from '../../helpers/wait';

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'notify-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local webhook receiver: `answer` decides each request's status (or holds it, for null). */
async function receiver(answer: (count: number) => number | null) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = answer(received.length);
      if (status === null) held.push(res);
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/leads`,
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const APPLICATION = {
  fullName: 'Ana Müller',
  phone: '+49 30 1234567',
  email: 'ana@example.com',
  coverLetter: 'I build design systems.\nTen years of them.',
  cvName: 'ana-cv.pdf',
  cvType: 'application/pdf',
};

describe('the settings', () => {
  it('are checked at start, each wrong one said in one line', () => {
    expect(notifySettings({})).toBeUndefined();
    const wrong = (env: Record<string, string>): string => {
      try {
        notifySettings(env);
      } catch (error) {
        expect(error).toBeInstanceOf(NotifySettingError);
        return (error as Error).message;
      }
      throw new Error('No error.');
    };
    expect(wrong({ SMTP_URL: 'smtp://mail.example.com', NOTIFY_FROM: 'site@example.com' })).toMatch(
      /^SMTP_URL is set but NOTIFY_TO is not/,
    );
    expect(wrong({ SMTP_URL: 'http://mail.example.com', NOTIFY_TO: 'a@example.com', NOTIFY_FROM: 'b@example.com' })).toMatch(
      /^SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(
      wrong({ SMTP_URL: 'smtp://m.example.com', NOTIFY_TO: 'a@example.com\r\nBcc: x@evil.example', NOTIFY_FROM: 'b@example.com' }),
    ).toMatch(/^NOTIFY_TO is not a list of e-mail addresses/);
    expect(wrong({ NOTIFY_TO: 'a@example.com' })).toMatch(/^NOTIFY_TO is set but SMTP_URL is not/);
    expect(wrong({ WEBHOOK_URL: 'https://hooks.example.com', WEBHOOK_SECRET: 'hunter2' })).toMatch(
      /^WEBHOOK_URL is set but WEBHOOK_SECRET is not/,
    );
    expect(wrong({ WEBHOOK_SECRET: SECRET })).toMatch(/^WEBHOOK_SECRET is set but WEBHOOK_URL is not/);
    expect(wrong({ WEBHOOK_URL: 'https://h.example.com', WEBHOOK_SECRET: SECRET, NOTIFY_RETRY_SECONDS: '10,soon' })).toMatch(
      /^NOTIFY_RETRY_SECONDS is not a list/,
    );
    const both = notifySettings({
      SMTP_URL: 'smtp://m.example.com:587',
      NOTIFY_TO: 'sales@example.com, ops@example.com',
      NOTIFY_FROM: 'site@example.com',
      WEBHOOK_URL: 'https://hooks.example.com/leads',
      WEBHOOK_SECRET: SECRET,
    });
    expect(both?.email?.to).toEqual(['sales@example.com', 'ops@example.com']);
    expect(both?.webhook?.key).toEqual(Buffer.from(SECRET.slice(6), 'base64'));
    expect(both?.retryDelaysS.reduce((sum, each) => sum + each, 0)).toBeGreaterThan(24 * 3600);
  });
});

describe('the mail', () => {
  it('lets no visitor’s words into a header or into markup', () => {
    const mail = mailFor(
      {
        kind: 'enquiry',
        enquiry: {
          id: 7,
          receivedAt: '2026-11-26T10:00:00.000Z',
          name: 'Eve\r\nBcc: everyone@example.com\r\n\r\n<b>hi</b>',
          mobile: '+1 555',
          email: 'eve@example.com\r\nBcc: everyone@example.com',
          message: '<script>alert(1)</script>',
        },
      },
      { url: 'smtp://m.example.com', to: ['sales@example.com'], from: 'site@example.com' },
      'msg_x',
    );
    expect(mail.subject).toBe('New enquiry from Eve Bcc: everyone@example.com <b>hi</b>');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.html).toBeUndefined();
    expect(mail.text).toContain('Message: <script>alert(1)</script>');
  });
});

describe('delivery', () => {
  it('mails an application to the team through SMTP, the CV attached, and records it delivered', async () => {
    const sink = await mailSink();
    const path = join(dir, 'mail.db');
    const settings = notifySettings({
      SMTP_URL: sink.url,
      NOTIFY_TO: 'hiring@example.com',
      NOTIFY_FROM: 'site@example.com',
    }) as NotifySettings;
    const writer = await startStoreWriter(path, { notify: settings });
    try {
      const cv = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(20_000)]);
      const id = await writer.add({ kind: 'application', application: APPLICATION, cv });
      const raw = await until('the mail', () => sink.mails[0]);
      const mail = await simpleParser(raw);
      expect(mail.subject).toBe('Job application from Ana Müller');
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('hiring@example.com');
      expect(mail.replyTo?.text).toBe('ana@example.com');
      expect(mail.html).toBe(false);
      expect(mail.text).toContain('A visitor sent the job application form on the website.');
      expect(mail.text).toContain('Full name: Ana Müller');
      expect(mail.text).toContain('Cover letter:\n  I build design systems.\n  Ten years of them.');
      expect(mail.attachments.map((each) => [each.filename, each.contentType])).toEqual([['ana-cv.pdf', 'application/pdf']]);
      expect(Buffer.compare(mail.attachments[0]?.content ?? Buffer.alloc(0), cv)).toBe(0);
      const store = openStore(path);
      const [state] = await until('the delivery state', () => {
        const states = store.deliveriesOf('application', id);
        return states[0]?.state === 'delivered' && states;
      });
      expect(state?.attempts).toBe(1);
      expect(mail.messageId).toBe(`<${state?.messageId}@example.com>`);
      store.close();
      expect(sink.mails).toHaveLength(1);
    } finally {
      await writer.close();
      await sink.close();
    }
  });

  it('tries a webhook again after three failures, with the same id, and its signature verifies with the Standard Webhooks library', async () => {
    const hook = await receiver((count) => (count <= 3 ? 503 : 204));
    const path = join(dir, 'webhook.db');
    const settings = notifySettings({
      WEBHOOK_URL: hook.url,
      WEBHOOK_SECRET: SECRET,
      NOTIFY_RETRY_SECONDS: '0.2,0.2,0.2,0.2',
    }) as NotifySettings;
    const writer = await startStoreWriter(path, { notify: settings });
    try {
      const id = await writer.add({ kind: 'enquiry', enquiry: ENQUIRY });
      await until('four webhook tries', () => hook.received.length >= 4);
      const ids = hook.received.map((each) => each.headers['webhook-id']);
      expect(new Set(ids).size).toBe(1);
      const last = hook.received[3] as Received;
      const verified = new Webhook(SECRET).verify(last.body, {
        'webhook-id': String(last.headers['webhook-id']),
        'webhook-timestamp': String(last.headers['webhook-timestamp']),
        'webhook-signature': String(last.headers['webhook-signature']),
      });
      expect(verified).toMatchObject({ type: 'enquiry.received', data: { id, ...ENQUIRY } });
      // A body changed on the way does not verify.
      expect(() =>
        new Webhook(SECRET).verify(last.body.replace('Priya', 'Mallory'), {
          'webhook-id': String(last.headers['webhook-id']),
          'webhook-timestamp': String(last.headers['webhook-timestamp']),
          'webhook-signature': String(last.headers['webhook-signature']),
        }),
      ).toThrow();
      const store = openStore(path);
      const [state] = await until('the delivery state', () => {
        const states = store.deliveriesOf('enquiry', id);
        return states[0]?.state === 'delivered' && states;
      });
      expect(state).toMatchObject({ channel: 'webhook', attempts: 4, lastError: null, messageId: ids[0] });
      store.close();
      await sleep(500);
      expect(hook.received).toHaveLength(4);
    } finally {
      await writer.close();
      await hook.close();
    }
  });

  it('gives up after the last try, with its error kept', async () => {
    const hook = await receiver(() => 500);
    const path = join(dir, 'given-up.db');
    const settings = notifySettings({ WEBHOOK_URL: hook.url, WEBHOOK_SECRET: SECRET, NOTIFY_RETRY_SECONDS: '0.1' }) as NotifySettings;
    const writer = await startStoreWriter(path, { notify: settings });
    try {
      const id = await writer.add({ kind: 'enquiry', enquiry: ENQUIRY });
      const store = openStore(path);
      const [state] = await until('the delivery state', () => {
        const states = store.deliveriesOf('enquiry', id);
        return states[0]?.state === 'failed' && states;
      });
      expect(state).toMatchObject({ attempts: 2, lastError: 'the receiver answered 500', nextAt: null });
      store.close();
    } finally {
      await writer.close();
      await hook.close();
    }
  });
});

describe.each(['SQLite', 'PostgreSQL'] as const)('a server killed while it delivers, on %s', (engine) => {
  let server: ChildProcess | undefined;
  let postgres: TestPostgres | undefined;
  let store: Record<string, string>;
  beforeAll(async () => {
    if (engine === 'SQLite') store = { STORE_PATH: join(dir, 'killed.db') };
    else {
      postgres = await startPostgres();
      store = { DATABASE_URL: await postgres.database('killed') };
    }
  });
  afterAll(async () => {
    if (server?.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await postgres?.stop();
  });

  it('delivers after its restart, once, with the same id', async () => {
    // The first try is held unanswered until the server is killed; every later one is taken.
    const hook = await receiver((count) => (count === 1 ? null : 204));
    const start = async (): Promise<{ child: ChildProcess; base: string }> => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/start.ts'), '--no-build'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          ...store,
          WEBHOOK_URL: hook.url,
          WEBHOOK_SECRET: SECRET,
          NOTIFY_TIMEOUT_SECONDS: '2',
        },
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      server = child;
      const base = `http://127.0.0.1:${port}`;
      await waitFor('the server to answer', () =>
        fetch(`${base}/`).then(
          () => true,
          () => false,
        ),
      );
      return { child, base };
    };
    try {
      const first = await start();
      // As a person sends it: the form's token first, the form filled in over a few seconds.
      const { token } = (await (await fetch(`${first.base}/api/form-token?form=enquiry`)).json()) as { token: string };
      await sleep(2200);
      const sent = await fetch(`${first.base}/api/enquiry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.base, 'x-form-token': token },
        body: JSON.stringify(ENQUIRY),
      });
      expect(sent.status).toBe(201);
      await until('one webhook try', () => hook.received.length === 1);
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));

      await start();
      // The killed try's lease (its timeout and 5 s) runs out, and the delivery is tried again.
      await until('two webhook tries', () => hook.received.length >= 2);
      await sleep(1000);
      expect(hook.received).toHaveLength(2);
      expect(hook.received[1]?.headers['webhook-id']).toBe(hook.received[0]?.headers['webhook-id']);
      expect(JSON.parse(hook.received[1]?.body ?? '{}')).toMatchObject({ type: 'enquiry.received', data: ENQUIRY });
    } finally {
      server?.kill('SIGKILL');
      await hook.close();
    }
  });
});
