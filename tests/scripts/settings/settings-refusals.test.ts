/**
 * Every variable each command reads, held to the line that refuses a value of it that cannot
 * work, and to the value it gives when unset. A variable added to a schema with a check, but
 * not to the table here, fails the first test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFlags, buildSchema, buildSettings } from '../../../scripts/settings/build-settings';
import { editSchema, editSettings } from '../../../scripts/settings/edit-settings';
import { SettingError, type SettingsSchema } from '../../../scripts/settings/read-settings';
import { startSchema, startSettings } from '../../../scripts/settings/start-settings';

const root = mkdtempSync(join(tmpdir(), 'settings-refusals-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const asRoot = process.getuid?.() === 0;

const COMMANDS = {
  start: (env: NodeJS.ProcessEnv) => startSettings(env, [], root),
  edit: (env: NodeJS.ProcessEnv) => editSettings(env, [], root),
  build: (env: NodeJS.ProcessEnv) => buildSettings(env),
};
type Command = keyof typeof COMMANDS;

/** The line a command's settings refuse `env` with. */
function refusal(command: Command, env: NodeJS.ProcessEnv): string {
  try {
    COMMANDS[command](env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingError);
    return (error as Error).message;
  }
  throw new Error('the settings were taken');
}

const SECONDS = (name: string, fallback: number, value: string): string =>
  `${name} must be a number of seconds above 0, at most 86400 (the default is ${fallback}); it is "${value}".`;
const EXAMPLE_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

/** [command, variable, the environment that holds a bad value of it, the line that refuses it]. */
const REFUSALS: [Command, string, NodeJS.ProcessEnv, string][] = [
  [
    'start',
    'PORT',
    { PORT: '4173.5' },
    'PORT must be a port number, 1 to 65535, or 0 for any free one (the default is 4173); it is "4173.5".',
  ],
  [
    'start',
    'DATABASE_URL',
    { DATABASE_URL: 'sqlite:data/store.db' },
    'DATABASE_URL must be a PostgreSQL address, postgres://user@host:5432/database or postgresql://…, with the password after the user if it needs one; it is "sqlite:data/store.db".',
  ],
  [
    'start',
    'RATE_LIMIT_PER_MINUTE',
    { RATE_LIMIT_PER_MINUTE: '-1' },
    'RATE_LIMIT_PER_MINUTE must be a number of submissions of 0 or more (0 turns the limit off) (the default is 10); it is "-1".',
  ],
  [
    'start',
    'TRUST_PROXY',
    { TRUST_PROXY: '10.0.0.0/40' },
    'TRUST_PROXY is not a list of addresses or ranges (invalid range on address: 10.0.0.0/40). Write, for example, TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8.',
  ],
  [
    'start',
    'ALLOWED_ORIGINS',
    { ALLOWED_ORIGINS: 'https://me:secret-word@www.example.com' },
    'ALLOWED_ORIGINS holds an origin with credentials before its host, which no browser ever sends: write each as scheme://host, for example ALLOWED_ORIGINS=https://www.example.com.',
  ],
  [
    'start',
    'WORKERS',
    { WORKERS: '1.5' },
    'WORKERS must be a whole number of server processes, 1 or more (the default is 1); it is "1.5".',
  ],
  [
    'start',
    'SHUTDOWN_GRACE_SECONDS',
    { SHUTDOWN_GRACE_SECONDS: 'eight' },
    'SHUTDOWN_GRACE_SECONDS must be a number of seconds of 0 or more (the default is 8); it is "eight".',
  ],
  [
    'start',
    'SITE_FOLLOW',
    { SITE_FOLLOW: 'yes' },
    'SITE_FOLLOW must be 1 to follow the branch, or 0 not to (the default is 0); it is "yes".',
  ],
  [
    'start',
    'FOLLOW_ALLOWED_SIGNERS',
    { SITE_FOLLOW: '1', FOLLOW_ALLOWED_SIGNERS: 'no-such-file' },
    `FOLLOW_ALLOWED_SIGNERS names ${join(root, 'no-such-file')}, which cannot be read (ENOENT). Name an allowed-signers file (one line a key: an e-mail address, then the public key), or leave it unset.`,
  ],
  [
    'start',
    'FOLLOW_BUILD_TIMEOUT_SECONDS',
    { FOLLOW_BUILD_TIMEOUT_SECONDS: 'x' },
    'FOLLOW_BUILD_TIMEOUT_SECONDS must be a number of seconds above 0 (the default is 1200); it is "x".',
  ],
  [
    'start',
    'FOLLOW_FETCH_SECONDS',
    { FOLLOW_FETCH_SECONDS: 'x' },
    'FOLLOW_FETCH_SECONDS must be a number of seconds of 0 or more, 0 to never fetch (the default is 2); it is "x".',
  ],
  [
    'start',
    'FOLLOW_BUILD_USER',
    { SITE_FOLLOW: '1', FOLLOW_BUILD_USER: 'no-such-user-35' },
    asRoot
      ? 'FOLLOW_BUILD_USER names "no-such-user-35", which is no user of this machine. Name an unprivileged user for the builds (the default is nobody).'
      : expect.stringMatching(/^FOLLOW_BUILD_USER=no-such-user-35 needs the server to run as root, which it does not/),
  ],
  [
    'start',
    'SMTP_URL',
    { SMTP_URL: 'mail.example.com:587', NOTIFY_TO: 'a@example.com', NOTIFY_FROM: 'b@example.com' },
    'SMTP_URL must start with smtp:// or smtps://: write, for example, SMTP_URL=smtp://user:password@mail.example.com:587.',
  ],
  [
    'start',
    'NOTIFY_TO',
    { SMTP_URL: 'smtp://mail.example.com:587', NOTIFY_TO: 'sales', NOTIFY_FROM: 'b@example.com' },
    'NOTIFY_TO is not a list of e-mail addresses ("sales"): write, for example, NOTIFY_TO=sales@example.com,ops@example.com.',
  ],
  [
    'start',
    'NOTIFY_FROM',
    { NOTIFY_FROM: 'b@example.com' },
    'NOTIFY_FROM is set but SMTP_URL is not: name the mail server, for example SMTP_URL=smtp://user:password@mail.example.com:587.',
  ],
  [
    'start',
    'WEBHOOK_URL',
    { WEBHOOK_URL: 'ftp://hooks.example.com/leads', WEBHOOK_SECRET: EXAMPLE_SECRET },
    'WEBHOOK_URL must start with https:// or http://: write, for example, WEBHOOK_URL=https://hooks.example.com/leads.',
  ],
  [
    'start',
    'WEBHOOK_SECRET',
    { WEBHOOK_SECRET: EXAMPLE_SECRET },
    'WEBHOOK_SECRET is set but WEBHOOK_URL is not: name the receiver, for example WEBHOOK_URL=https://hooks.example.com/leads.',
  ],
  [
    'start',
    'NOTIFY_TIMEOUT_SECONDS',
    { NOTIFY_TIMEOUT_SECONDS: '0' },
    'NOTIFY_TIMEOUT_SECONDS is not a number of seconds above 0: write, for example, NOTIFY_TIMEOUT_SECONDS=15.',
  ],
  [
    'start',
    'NOTIFY_RETRY_SECONDS',
    { NOTIFY_RETRY_SECONDS: '10,soon' },
    'NOTIFY_RETRY_SECONDS is not a list of waits in seconds: write, for example, NOTIFY_RETRY_SECONDS=10,60,300,900,3600,7200,14400,28800,43200.',
  ],
  [
    'edit',
    'EDIT_PORT',
    { EDIT_PORT: '-1' },
    'EDIT_PORT must be a port number, 1 to 65535, or 0 for any free one (the default is 4174); it is "-1".',
  ],
  [
    'edit',
    'EDITOR_TRUSTED_PROXY',
    { EDITOR_TRUSTED_PROXY: 'true' },
    'EDITOR_TRUSTED_PROXY must be 1 to trust the sign-in proxy, or 0 not to (the default is 0); it is "true".',
  ],
  ['edit', 'PUBLISH_TIMEOUT_SECONDS', { PUBLISH_TIMEOUT_SECONDS: '0' }, SECONDS('PUBLISH_TIMEOUT_SECONDS', 60, '0')],
  ['edit', 'PUBLISH_WAIT_SECONDS', { PUBLISH_WAIT_SECONDS: '86401' }, SECONDS('PUBLISH_WAIT_SECONDS', 30, '86401')],
  [
    'edit',
    'LIVE_SITE_URL',
    { LIVE_SITE_URL: 'www.example.com/home' },
    'LIVE_SITE_URL must be the live site\'s address, http:// or https:// with its host name and at most a port, like https://www.example.com; it is "www.example.com/home".',
  ],
  [
    'build',
    'PRERENDER_WORKERS',
    { PRERENDER_WORKERS: 'all' },
    'PRERENDER_WORKERS must be a whole number of threads, 1 or more; it is "all".',
  ],
  [
    'start',
    'PREVIEW_PORT',
    { PREVIEW_PORT: '4173.5' },
    'PREVIEW_PORT must be a port number, 1 to 65535, or 0 for any free one; it is "4173.5".',
  ],
  [
    'edit',
    'PREVIEW_SITE_URL',
    { PREVIEW_SITE_URL: 'ftp://preview.example.com', PREVIEW_LINK_SECRET: 'sixteen characters or more' },
    'PREVIEW_SITE_URL must be the preview server\'s address, http:// or https:// with its host name and at most a port, like https://preview.example.com; it is "ftp://preview.example.com".',
  ],
];

/** Variables whose every value is taken as it is (a path, a host name, a secret checked elsewhere): nothing to refuse at start. */
const TAKEN_AS_GIVEN = {
  // The remote and branch to follow are checked against git as the follower starts (follow-settings.test.ts).
  // The preview secret is checked with its port as the follower's settings are read (follow-settings.test.ts).
  start: ['HOST', 'STORE_PATH', 'SITE_BUILD_DIR', 'FOLLOW_REMOTE', 'FOLLOW_BRANCH', 'PREVIEW_LINK_SECRET'],
  // The preview secret is checked with the preview server's address (live-api.test.ts).
  edit: ['EDIT_HOST', 'EDIT_TOKEN', 'EDIT_ROOT', 'PREVIEW_LINK_SECRET'],
  // The endpoints are checked once the site is read, in words of their own (security-headers.test.ts).
  build: ['PAGES_DIR', 'BUILD_CACHE_DIR', 'BUDGETS_FILE', 'ENQUIRY_ENDPOINT', 'APPLY_ENDPOINT'],
} satisfies Record<Command, string[]>;

const SCHEMAS: Record<Command, SettingsSchema> = { start: startSchema, edit: editSchema, build: buildSchema };

describe('the settings of each command', () => {
  it('has a refusal here for every variable it checks', () => {
    for (const command of Object.keys(SCHEMAS) as Command[]) {
      const refused = REFUSALS.filter(([each]) => each === command).map(([, name]) => name);
      expect([...refused, ...TAKEN_AS_GIVEN[command]].sort(), command).toEqual(Object.keys(SCHEMAS[command].properties).sort());
    }
  });

  it.each(REFUSALS)('%s: refuses a bad %s in one line', (command, _name, env, line) => {
    expect(refusal(command, env)).toEqual(line);
  });

  it('quotes a refused value of a secret setting without its password', () => {
    const line = refusal('start', { DATABASE_URL: 'pg://site:Pa55-word-kept@db.example.com/site' });
    expect(line).not.toContain('Pa55-word-kept');
    expect(line).toMatch(/; it is "pg:\/\/site:\*\*\*@db\.example\.com\/site"\.$/);
  });

  it('gives the defaults of the schemas when nothing is set, and counts a blank variable as unset', () => {
    for (const env of [{}, { HOST: ' ', PORT: '', WORKERS: '  ', STORE_PATH: '' }])
      expect(startSettings(env, [], root)).toMatchObject({
        host: '127.0.0.1',
        port: 4173,
        store: { engine: 'sqlite', path: join(root, 'data/submissions.db') },
        perMinute: 10,
        trustProxy: undefined,
        allowedOrigins: [],
        workers: 1,
        graceMs: 8000,
        noBuild: false,
        follow: undefined,
        notify: undefined,
      });
    expect(editSettings({}, [], root)).toEqual({ host: '127.0.0.1', port: 4174, token: undefined, trustProxy: false, contentRoot: root });
    expect(buildSettings({})).toEqual({ endpoints: {} });
  });

  it('reads good values as the commands always have', () => {
    const settings = startSettings(
      {
        PORT: '8080',
        WORKERS: '3',
        SHUTDOWN_GRACE_SECONDS: '2.5',
        RATE_LIMIT_PER_MINUTE: '0',
        DATABASE_URL: ' postgresql://site@db:5432/site ',
        ALLOWED_ORIGINS: 'https://a.example.com, https://b.example.com',
      },
      ['--dist', 'elsewhere', '--no-build'],
      root,
    );
    expect(settings).toMatchObject({
      port: 8080,
      workers: 3,
      graceMs: 2500,
      perMinute: 0,
      store: { engine: 'postgres', url: 'postgresql://site@db:5432/site' },
      allowedOrigins: ['https://a.example.com', 'https://b.example.com'],
      dist: 'elsewhere',
      noBuild: true,
    });
    expect(startSettings({ DATABASE_URL: 'PostgreSQL://site@db/site' }, [], root).store).toEqual({
      engine: 'postgres',
      url: 'PostgreSQL://site@db/site',
    });
    expect(startSettings({ SITE_FOLLOW: '1' }, [], root).follow).toMatchObject({ buildTimeoutMs: 1_200_000 });
    expect(editSettings({ EDIT_PORT: '0', EDIT_ROOT: root, EDIT_TOKEN: ' a token with spaces ' }, ['--trust-proxy'], '/elsewhere')).toEqual(
      {
        host: '127.0.0.1',
        port: 0,
        token: ' a token with spaces ',
        trustProxy: true,
        contentRoot: root,
      },
    );
    expect(buildSettings({ PRERENDER_WORKERS: '3', PAGES_DIR: root, ENQUIRY_ENDPOINT: '/api/enquiry' })).toMatchObject({
      prerenderWorkers: 3,
      pagesDir: root,
      endpoints: { enquiry: '/api/enquiry' },
    });
  });

  it('refuses more than one server process with --follow, and a flag a command does not take', () => {
    expect(refusal('start', { SITE_FOLLOW: '1', WORKERS: '2' })).toBe(
      '--follow serves from one process, which builds and switches to each new commit: leave WORKERS unset (or 1) with it.',
    );
    expect(() => startSettings({}, ['--folow'], root)).toThrow(
      "Unknown option '--folow': npm start takes --no-build, --follow and --dist <folder>.",
    );
    expect(() => buildFlags(['--fast'])).toThrow(SettingError);
  });
});
