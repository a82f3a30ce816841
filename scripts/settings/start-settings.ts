/**
 * `npm start`'s settings: its environment variables and flags, read once and checked before
 * anything is built or served. The schema below is the one place each variable's default and
 * words are written: the README's settings tables are made from it (settings-readme.ts).
 * Checks a schema cannot say (a proxy list, the delivery settings that go together, the
 * follower's user and file) run next, with the words they have always had.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { proxyTrust } from '../site-server/client-address';
import { type FollowSettings, FollowSettingError, followProperties, followSettings } from '../site-server/follow/follow-settings';
import { logMessages } from '../site-server/log-messages';
import { NotifySettingError, type NotifySettings, notifySettings } from '../site-server/notify/notify-settings';
import { DEFAULT_STORE_PATH } from '../site-server/store/open-sqlite';
import type { StoreLocation } from '../site-server/store/open-submission-store';
import { hasCredentials } from '../text/redact';
import { buildSettings } from './build-settings';
import { readSettings, SettingError, type SettingsSchema } from './read-settings';

const SECONDS = 'a number of seconds of 0 or more';

/** The environment of `npm start`. */
export const startSchema = {
  type: 'object',
  title: 'npm start',
  properties: {
    HOST: { type: 'string', default: '127.0.0.1', description: 'where the server listens' },
    PORT: {
      type: 'integer',
      minimum: 0,
      maximum: 65535,
      default: 4173,
      description: 'where the server listens',
      'x-must-be': 'a port number, 1 to 65535, or 0 for any free one',
      'x-row-of': 'HOST',
    },
    STORE_PATH: { type: 'string', default: DEFAULT_STORE_PATH, description: 'the SQLite database of submissions' },
    DATABASE_URL: {
      type: 'string',
      // A scheme is in any case (RFC 3986); JSON Schema's patterns have no flag to say so.
      pattern: '^\\s*[Pp][Oo][Ss][Tt][Gg][Rr][Ee][Ss]([Qq][Ll])?://\\S+\\s*$',
      description:
        'a PostgreSQL database for the store instead (`postgres://user:password@host:5432/site`): submissions, their deliveries, the spam records and the rate limit, shared by every server on it. `STORE_PATH` is then unused',
      'x-must-be':
        'a PostgreSQL address, postgres://user@host:5432/database or postgresql://…, with the password after the user if it needs one',
      'x-secret': true,
    },
    RATE_LIMIT_PER_MINUTE: {
      type: 'number',
      minimum: 0,
      default: 10,
      description:
        'stored submissions one client may make a minute on each form; `0` turns the limit off. Only stored submissions count: a refused or failed attempt costs nothing. A client is an IPv4 address or an IPv6 /64 network; every loopback address is one client',
      'x-must-be': 'a number of submissions of 0 or more (0 turns the limit off)',
    },
    TRUST_PROXY: {
      type: 'string',
      description:
        "proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed: `loopback`, or addresses and CIDR ranges (`10.0.0.0/8,192.168.1.5`). Set it behind nginx or a load balancer, or every visitor counts as the proxy's one address",
    },
    ALLOWED_ORIGINS: {
      type: 'string',
      description:
        'other sites whose pages may post to the forms (an external front end), comma-separated: `https://www.example.com`. They also get CORS answers. An origin with a user name or password before its host, which no browser sends, is refused at start',
    },
    WORKERS: {
      type: 'integer',
      minimum: 1,
      default: 1,
      description:
        "server processes on the one port (Node's cluster); they share one rate limit, and a process that stops is started again, even one killed before it could start (five such in a row stop the server, saying so; one that ends by itself while starting, a taken port say, stops it with its reason). Each accepts its own connections, so one that dies takes none with it that another would have answered",
      'x-must-be': 'a whole number of server processes, 1 or more',
    },
    SHUTDOWN_GRACE_SECONDS: {
      type: 'number',
      minimum: 0,
      default: 8,
      description:
        "on SIGTERM or SIGINT, how long requests in flight have to finish (a body still arriving is read, stored and answered) while new ones get `503` with `Retry-After` and `Connection: close`; then what is left is cut off and the store closes last. Keep it below the supervisor's own limit (`docker stop` waits 10 s, systemd's `TimeoutStopSec` 90 s)",
      'x-must-be': SECONDS,
    },
    SITE_FOLLOW: {
      type: 'string',
      enum: ['0', '1'],
      default: '0',
      description: '`1` does what `--follow` does: the server follows new commits on the checkout\'s branch (see "On one machine" below)',
      'x-must-be': '1 to follow the branch, or 0 not to',
    },
    ...followProperties,
    SMTP_URL: {
      type: 'string',
      description:
        'the mail server: `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://user:password@host:465`',
      'x-table': 'delivery',
      'x-secret': true,
    },
    NOTIFY_TO: {
      type: 'string',
      description: 'who receives the mail (comma-separated addresses) and whom it comes from; both needed with `SMTP_URL`',
      'x-table': 'delivery',
    },
    NOTIFY_FROM: { type: 'string', description: 'whom the mail comes from', 'x-table': 'delivery', 'x-row-of': 'NOTIFY_TO' },
    WEBHOOK_URL: {
      type: 'string',
      description:
        "where each submission is posted as JSON, and the secret it is signed with, in the Standard Webhooks form `whsec_<base64>`. The signature is the receiver's proof: an address with a user name or password before its host (`https://user:password@…`) is refused at start, in one line that does not repeat them",
      'x-table': 'delivery',
      'x-secret': true,
    },
    WEBHOOK_SECRET: {
      type: 'string',
      description: 'the secret each submission posted to `WEBHOOK_URL` is signed with',
      'x-table': 'delivery',
      'x-row-of': 'WEBHOOK_URL',
      'x-secret': true,
    },
    NOTIFY_TIMEOUT_SECONDS: {
      type: 'string',
      description:
        'how long one try may take, all of it (connecting, the greeting, sending, the answer); when it is up, the try\'s connection is closed wherever it stands, even if the other party is still trickling bytes, and the try counts as failed: "the mail server did not finish within 15 s (NOTIFY_TIMEOUT_SECONDS); the connection to it was closed" ("the webhook receiver" for a webhook)',
      'x-shown-default': '`15`',
      'x-table': 'delivery',
    },
    NOTIFY_RETRY_SECONDS: {
      type: 'string',
      description: 'the waits after each failed try; after the last, the delivery is given up',
      'x-shown-default': '`10,60,300,900,3600,7200,14400,28800,43200`',
      'x-table': 'delivery',
    },
    SITE_BUILD_DIR: {
      type: 'string',
      description: 'the build a server process serves, named by the primary process that started it (several WORKERS)',
      'x-internal': true,
    },
  },
} as const satisfies SettingsSchema;

export interface StartSettings {
  host: string;
  port: number;
  /** PostgreSQL when DATABASE_URL names one, else the SQLite file at STORE_PATH (taken from the checkout). */
  store: StoreLocation;
  perMinute: number;
  trustProxy: ReturnType<typeof proxyTrust>;
  allowedOrigins: string[];
  workers: number;
  graceMs: number;
  /** `--no-build`: serve the output folder as it is. */
  noBuild: boolean;
  /** `--dist <folder>`, as given: serve (and build into) another folder than dist/. */
  dist?: string;
  /** `--follow` or SITE_FOLLOW=1: the follower's settings; undefined when not following. */
  follow?: FollowSettings;
  notify?: NotifySettings;
  /** The build the primary process named for this server process, when there are several. */
  siteBuildDir?: string;
}

/** A check with words of its own, run after the schema's: its error becomes the refusal. */
function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FollowSettingError || error instanceof NotifySettingError) throw new SettingError(error.message);
    throw error;
  }
}

/**
 * `npm start`'s settings from `env` and the command's `args`, with paths taken from `root`.
 * Throws a SettingError, one line, for the first that cannot work.
 */
export function startSettings(env: NodeJS.ProcessEnv, args: string[], root: string): StartSettings {
  let flags: { 'no-build': boolean; follow: boolean; dist?: string };
  try {
    // `--no-build` serves dist/ as it is (a build made elsewhere, or tests that built it already).
    // `--dist <folder>` serves (and builds into) another folder than dist/.
    // `--follow` follows new commits on the checkout's branch: see scripts/site-server/follow/follow-branch.ts.
    flags = parseArgs({
      args,
      options: {
        'no-build': { type: 'boolean', default: false },
        follow: { type: 'boolean', default: false },
        dist: { type: 'string' },
      },
    }).values;
  } catch (error) {
    throw new SettingError(`${(error as Error).message}: npm start takes --no-build, --follow and --dist <folder>.`);
  }
  const values = readSettings(startSchema, env) as {
    [name in 'HOST' | 'STORE_PATH' | 'SITE_FOLLOW']: string;
  } & { [name in 'PORT' | 'RATE_LIMIT_PER_MINUTE' | 'WORKERS' | 'SHUTDOWN_GRACE_SECONDS']: number } & {
    [name in 'DATABASE_URL' | 'TRUST_PROXY' | 'ALLOWED_ORIGINS' | 'SITE_BUILD_DIR']?: string;
  };
  let trustProxy: StartSettings['trustProxy'];
  try {
    trustProxy = proxyTrust(values.TRUST_PROXY);
  } catch (error) {
    throw new SettingError(
      `TRUST_PROXY is not a list of addresses or ranges (${(error as Error).message}). Write, for example, TRUST_PROXY=loopback or TRUST_PROXY=10.0.0.0/8.`,
    );
  }
  const allowedOrigins = (values.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  // A browser's Origin never carries credentials, so such an entry never matches: said without repeating it.
  if (allowedOrigins.some(hasCredentials))
    throw new SettingError(
      'ALLOWED_ORIGINS holds an origin with credentials before its host, which no browser ever sends: write each as scheme://host, for example ALLOWED_ORIGINS=https://www.example.com.',
    );
  const follow = flags.follow || values.SITE_FOLLOW === '1';
  if (follow && values.WORKERS > 1) throw new SettingError(logMessages.followOneProcess);
  return {
    host: values.HOST,
    port: values.PORT,
    store: values.DATABASE_URL
      ? { engine: 'postgres', url: values.DATABASE_URL.trim() }
      : { engine: 'sqlite', path: resolve(root, values.STORE_PATH) },
    perMinute: values.RATE_LIMIT_PER_MINUTE,
    trustProxy,
    allowedOrigins,
    workers: values.WORKERS,
    graceMs: values.SHUTDOWN_GRACE_SECONDS * 1000,
    noBuild: flags['no-build'],
    dist: flags.dist,
    // The follower's and the delivery settings keep the checks (and words) they had; the
    // follower's builds are given the build's settings, checked here too.
    follow: follow
      ? checked(() => {
          buildSettings(env);
          return followSettings(env, root);
        })
      : undefined,
    notify: checked(() => notifySettings(env)),
    siteBuildDir: values.SITE_BUILD_DIR,
  };
}
