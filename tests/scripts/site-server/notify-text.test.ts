/**
 * What a visitor typed reaches the team as text: in the mail (sent through a real SMTP server
 * and read back with mailparser, as a mail program reads it) every line of it stands indented
 * under its label, whatever line break ended it, and a character that acts or hides is shown as
 * an escape, in the body, the subject and the CV's file name alike; the webhook carries it
 * exactly, each hidden character JSON-escaped.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotifySettings, notifySettings } from '../../../scripts/site-server/notify/notify-settings';
import { startStoreWriter } from '../../../scripts/site-server/store/store-writer';
import { mailSink, until } from '../../helpers/notify';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'notify-text-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a mail program shows and what no text shown to a person may hold raw. */
const RAW_HIDDEN = /[\r\v\f\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/u;

/** A message whose lines break in every way but LF, each line posing as one of the mail's own. */
const FORGED =
  'Hello,\rEmail: evil@example.com\u2028Received 2026-11-27T10:00:00.000Z (enquiry 1).\u0085Phone: +1 555 0100\u2029Name: Mallory\r\n\vThanks';

describe('the mail, sent and read back', () => {
  it('indents every line a visitor typed under its label, whatever ended it, so that none reads as one of the mail’s own', async () => {
    const sink = await mailSink();
    const settings = notifySettings({ SMTP_URL: sink.url, NOTIFY_TO: 'sales@example.com', NOTIFY_FROM: 'site@example.com' });
    const writer = await startStoreWriter(join(dir, 'enquiry.db'), { notify: settings as NotifySettings });
    try {
      const id = await writer.add({
        kind: 'enquiry',
        enquiry: { name: 'Eve\u202e\u2028Bcc: all@example.com', mobile: '+1 555 0199', email: 'eve@example.com', message: FORGED },
      });
      const mail = await simpleParser(await until('the mail', () => sink.mails[0]));
      const received = /^Received (\S+) \(enquiry (\d+)\)\.$/m.exec(mail.text ?? '');
      expect(received?.[2]).toBe(String(id));
      expect(mail.text).toBe(
        [
          'A visitor sent the enquiry form (“Get in Touch”) on the website.',
          '',
          'Name:',
          '  Eve\\u{202e}',
          '  Bcc: all@example.com',
          'Email: eve@example.com',
          'Phone: +1 555 0199',
          'Message:',
          '  Hello,',
          '  Email: evil@example.com',
          '  Received 2026-11-27T10:00:00.000Z (enquiry 1).',
          '  Phone: +1 555 0100',
          '  Name: Mallory',
          '  ',
          '  Thanks',
          '',
          `Received ${received?.[1]} (enquiry ${id}).`,
          '',
        ].join('\n'),
      );
      // The mail's own lines are the only ones at the margin: one "Email:", one "Received".
      expect((mail.text ?? '').split('\n').filter((line) => /^(Email|Received)\b/.test(line))).toHaveLength(2);
      expect(mail.subject).toBe('New enquiry from Eve\\u{202e} Bcc: all@example.com');
      expect(RAW_HIDDEN.test(mail.subject ?? '')).toBe(false);
      expect(RAW_HIDDEN.test(mail.text ?? '')).toBe(false);
      expect(mail.replyTo?.text).toBe('eve@example.com');
    } finally {
      await writer.close();
      await sink.close();
    }
  });

  it('shows a direction override or an isolate in the subject and the CV’s file name as an escape, and gives no Reply-To an address with one', async () => {
    const sink = await mailSink();
    const settings = notifySettings({ SMTP_URL: sink.url, NOTIFY_TO: 'hiring@example.com', NOTIFY_FROM: 'site@example.com' });
    const writer = await startStoreWriter(join(dir, 'application.db'), { notify: settings as NotifySettings });
    try {
      const cv = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000)]);
      await writer.add({
        kind: 'application',
        application: {
          fullName: 'Ana\u2066 Müller\u200b',
          phone: '+49 30 1234567',
          email: 'ana\u202e@example.com',
          coverLetter: 'Keen.\u2028Email: boss@example.com',
          cvName: 'cv\u202efdp.exe',
          cvType: 'application/pdf',
        },
        cv,
      });
      const mail = await simpleParser(await until('the mail', () => sink.mails[0]));
      expect(mail.subject).toBe('Job application from Ana\\u{2066} Müller\\u{200b}');
      expect(mail.attachments.map((each) => each.filename)).toEqual(['cv\\u{202e}fdp.exe']);
      expect(Buffer.compare(mail.attachments[0]?.content ?? Buffer.alloc(0), cv)).toBe(0);
      expect(mail.text).toContain('\nCover letter:\n  Keen.\n  Email: boss@example.com\nCV: cv\\u{202e}fdp.exe (2 KB, attached)\n');
      expect(mail.text).toContain('\nEmail: ana\\u{202e}@example.com\n');
      expect(mail.replyTo).toBeUndefined();
      for (const shown of [mail.subject ?? '', mail.text ?? '', mail.attachments[0]?.filename ?? ''])
        expect(RAW_HIDDEN.test(shown), shown).toBe(false);
    } finally {
      await writer.close();
      await sink.close();
    }
  });
});

describe('the mail’s headers', () => {
  it('never let a mail program decode what a visitor typed into other characters (an encoded word, =?…?=)', async () => {
    const sink = await mailSink();
    const settings = notifySettings({ SMTP_URL: sink.url, NOTIFY_TO: 'hiring@example.com', NOTIFY_FROM: 'site@example.com' });
    const writer = await startStoreWriter(join(dir, 'encoded-words.db'), { notify: settings as NotifySettings });
    try {
      await writer.add({
        kind: 'application',
        application: {
          fullName: 'Eve =?UTF-8?Q?=E2=80=AE?= Smith',
          phone: '+49 30 1234567',
          email: '=?UTF-8?Q?boss?=@example.com',
          coverLetter: 'Keen.',
          cvName: '=?UTF-8?Q?cv=E2=80=AEfdp.exe?=',
          cvType: 'application/pdf',
        },
        cv: Buffer.from('%PDF-1.7\n'),
      });
      const raw = await until('the mail', () => sink.mails[0]);
      const mail = await simpleParser(raw);
      expect(mail.subject).toBe('Job application from Eve =\\u{3f}UTF-8?Q?=E2=80=AE?= Smith');
      expect(mail.attachments.map((each) => each.filename)).toEqual(['=\\u{3f}UTF-8?Q?cv=E2=80=AEfdp.exe?=']);
      // The CV's name in its Content-Type too, which some mail programs show.
      expect(raw).not.toMatch(/name="=\?UTF-8\?Q\?cv/i);
      expect(mail.replyTo).toBeUndefined();
      expect(RAW_HIDDEN.test(`${mail.subject} ${mail.attachments[0]?.filename}`)).toBe(false);
    } finally {
      await writer.close();
      await sink.close();
    }
  });
});

describe('the webhook', () => {
  it('carries what the visitor typed exactly, each hidden character JSON-escaped, and signed', async () => {
    const received: { headers: IncomingMessage['headers']; body: string }[] = [];
    const hook = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const settings = notifySettings({
      WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/leads`,
      WEBHOOK_SECRET: secret,
    });
    const writer = await startStoreWriter(join(dir, 'webhook.db'), { notify: settings as NotifySettings });
    try {
      const enquiry = { name: 'Eve\u202e', mobile: '+1 555 0199', email: 'eve@example.com', message: `${FORGED}\u200b\u007f` };
      const id = await writer.add({ kind: 'enquiry', enquiry });
      const { headers, body } = await until('the webhook', () => received[0]);
      expect(RAW_HIDDEN.test(body)).toBe(false);
      expect(body).toContain('"name":"Eve\\u202e"');
      expect(body).toContain('Hello,\\rEmail: evil@example.com\\u2028Received');
      const verified = new Webhook(secret).verify(body, {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      });
      expect(verified).toMatchObject({ type: 'enquiry.received', data: { id, ...enquiry } });
    } finally {
      await writer.close();
      hook.closeAllConnections();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });
});
