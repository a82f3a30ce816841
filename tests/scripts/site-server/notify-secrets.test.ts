/**
 * Secrets never leave their setting: the real server (scripts/start.ts, as `npm start` runs it)
 * refuses a WEBHOOK_URL carrying credentials in one line that does not repeat them, and when a
 * mail server refuses the login quoting the password it was given, the password reaches neither
 * the server's log, nor the error kept in the outbox, nor any format of `npm run enquiries`.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite as openStore } from '../../../scripts/site-server/store/open-sqlite';
import { mailSink, until } from '../../helpers/notify';
import { runCommand, scratchFolder, startCommand } from '../../helpers/project';

/** A password with characters a URL writes percent-encoded, and its encoded form. */
const PASSWORD = 'Pa$$:w0rd/S3cret';
const ENCODED = encodeURIComponent(PASSWORD);
const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

let dir: string;
beforeAll(() => {
  dir = scratchFolder('notify-secrets');
});

/** The environment of a command of the project, with no setting of this machine's that the test does not give. */
const envWith = (settings: Record<string, string>): NodeJS.ProcessEnv => {
  const env = { ...process.env };
  for (const name of ['SMTP_URL', 'NOTIFY_TO', 'NOTIFY_FROM', 'WEBHOOK_URL', 'WEBHOOK_SECRET', 'DATABASE_URL', 'STORE_PATH'])
    delete env[name];
  return { ...env, ...settings };
};

/** Whether `text` holds the password, raw or percent-encoded. */
const holdsPassword = (text: string): boolean => text.includes(PASSWORD) || text.includes(ENCODED) || text.includes('S3cret');

describe('a setting that carries credentials where they cannot work', () => {
  it.each([
    // The trial's own setting, a password that is a word, one percent-encoded, and a token as the user.
    'http://user:password@127.0.0.1:9/hook',
    `http://site:${ENCODED}@127.0.0.1:9/leads`,
    'https://S3cret-token-0123456789@hooks.example.com/leads',
  ])('stops the server at start in one line that does not repeat them: WEBHOOK_URL=%s', (address) => {
    const started = runCommand('start', ['--no-build'], {
      env: envWith({ WEBHOOK_URL: address, WEBHOOK_SECRET, STORE_PATH: `${dir}/refused.db`, PORT: '0' }),
      // A server that takes the setting runs on: it is stopped then, and the test fails on it.
      timeout: 300_000,
    });
    const url = new URL(address);
    expect(started.status).toBe(1);
    expect(started.stdout).toBe('');
    expect(started.stderr).toBe(
      `WEBHOOK_URL carries credentials before its host, which the webhook never sends: remove them (WEBHOOK_URL=${url.protocol}//${url.host}/…); the receiver checks each request's signature, made with WEBHOOK_SECRET.\n`,
    );
    for (const secret of [url.username, url.password, decodeURIComponent(url.password)].filter(Boolean))
      expect(started.stderr).not.toContain(secret);
  });

  it('stops the server at start in one line when ALLOWED_ORIGINS names an origin with credentials, which no browser sends', () => {
    const started = runCommand('start', ['--no-build'], {
      env: envWith({
        ALLOWED_ORIGINS: `https://www.example.com, https://site:${ENCODED}@shop.example.com`,
        STORE_PATH: `${dir}/refused.db`,
        PORT: '0',
      }),
      timeout: 300_000,
    });
    expect(started.status).toBe(1);
    expect(started.stdout).toBe('');
    expect(started.stderr).toBe(
      'ALLOWED_ORIGINS holds an origin with credentials before its host, which no browser ever sends: write each as scheme://host, for example ALLOWED_ORIGINS=https://www.example.com.\n',
    );
  });
});

describe('a mail server that refuses the login, quoting the password', () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    if (server?.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  });

  it('leaves the password in no log line, no stored error, and no output of npm run enquiries', async () => {
    const sink = await mailSink({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        callback(new Error(`Password ${auth.password} is wrong for ${auth.username}`));
      },
    });
    const storePath = `${dir}/mail.db`;
    // A stored enquiry owed an e-mail, which the server tries at once when it starts.
    const store = openStore(storePath, { channels: ['email'] });
    const id = store.addEnquiry({ name: 'Priya', mobile: '+91 9876543210', email: 'priya@example.com', message: 'A pilot, please.' });
    store.close();
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const settings = {
      SMTP_URL: `smtp://site:${ENCODED}@127.0.0.1:${sink.port}`,
      NOTIFY_TO: 'sales@example.com',
      NOTIFY_FROM: 'site@example.com',
      NOTIFY_RETRY_SECONDS: '0.2',
      STORE_PATH: storePath,
    };
    let output = '';
    try {
      server = startCommand('start', ['--no-build'], {
        env: envWith({ ...settings, PORT: String(port), HOST: '127.0.0.1' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const reader = openStore(storePath);
      const [state] = await until('the delivery to be given up', () => {
        const states = reader.deliveriesOf('enquiry', id);
        return states[0]?.state === 'failed' && states;
      });
      reader.close();
      await until('the server to log that it gave up', () => output.includes('It is given up'));
      const child = server;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });

      const refused = 'Invalid login: 535 Password *** is wrong for site';
      expect(state).toMatchObject({ attempts: 2, lastError: refused });
      expect(output).toContain(`(enquiry ${id} by e-mail) failed: ${refused}. It is tried again, up to 1 more time.`);
      expect(output).toContain(
        `(enquiry ${id} by e-mail) failed 2 times, the last: ${refused}. It is given up; npm run enquiries shows it.`,
      );
      expect(holdsPassword(output)).toBe(false);

      // npm run enquiries, with the server's settings and without them.
      for (const env of [envWith(settings), envWith({ STORE_PATH: storePath })]) {
        const table = runCommand('enquiries', [], { env });
        const csv = runCommand('enquiries', ['--csv'], { env });
        const exported = runCommand('enquiries', ['--export', 'priya@example.com'], { env });
        expect(table.stdout).toContain('e-mail FAILED after 2 tries: Invalid');
        expect(csv.stdout).toContain(`e-mail FAILED after 2 tries: ${refused}`);
        expect(JSON.parse(exported.stdout)).toMatchObject({ enquiries: [{ id, deliveries: [{ channel: 'email', attempts: 2 }] }] });
        for (const run of [table, csv, exported]) {
          expect(run.status).toBe(0);
          expect(holdsPassword(run.stdout + run.stderr)).toBe(false);
        }
      }
    } finally {
      server?.kill('SIGKILL');
      await sink.close();
    }
  });
});

describe('npm run enquiries', () => {
  it('hides the credentials in a delivery’s error stored before errors were redacted, in every format', () => {
    const storePath = `${dir}/old.db`;
    const store = openStore(storePath, { channels: ['email', 'webhook'] });
    const id = store.addEnquiry({ name: 'Lee', mobile: '555', email: 'lee@example.com', message: 'Hi' });
    const [mail, hook] = store.outbox.claim(Date.now(), 10_000, 2);
    if (!mail || !hook) throw new Error('Both deliveries are due at once.');
    store.outbox.failed(mail, `Invalid login: 535 Password ${PASSWORD} is wrong`, []);
    store.outbox.failed(
      hook,
      `Request cannot be constructed from a URL that includes credentials: http://site:${ENCODED}@hooks.example.com/leads?token=abc123`,
      [],
    );
    store.close();
    const env = envWith({ STORE_PATH: storePath, SMTP_URL: `smtp://site:${ENCODED}@mail.example.com:587` });
    const csv = runCommand('enquiries', ['--csv'], { env });
    expect(csv.stdout).toContain(`${id},`);
    expect(csv.stdout).toContain(
      'e-mail FAILED after 1 try: Invalid login: 535 Password *** is wrong; webhook FAILED after 1 try: Request cannot be constructed from a URL that includes credentials: http://site:***@hooks.example.com/leads?token=***',
    );
    const table = runCommand('enquiries', [], { env });
    for (const run of [csv, table]) expect(holdsPassword(run.stdout + run.stderr)).toBe(false);
  });
});
