/**
 * The follower's settings, read once at start from the server's environment; one that cannot
 * work stops the server in one line that says what to write instead:
 * - FOLLOW_ALLOWED_SIGNERS: the allowed-signers file whose keys make a commit that changes
 *   code trusted (judge-commit.ts); unset, no code commit is built.
 * - FOLLOW_BUILD_TIMEOUT_SECONDS: how long one build may take before it is ended.
 * - FOLLOW_BUILD_USER: the user the builds run as when the server runs as root (nobody unless named).
 * - FOLLOW_REMOTE, FOLLOW_BRANCH: the remote branch fetched and fast-forwarded to, when not the
 *   checked-out branch's upstream (follow-remote.ts); FOLLOW_FETCH_SECONDS: how often (0: never).
 * - PREVIEW_PORT and PREVIEW_LINK_SECRET: where reviews' preview links are served, and the
 *   secret they are signed with, the editor's too (site-server/preview/preview-server.ts).
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { secretProblem } from '../../publish/review/read-preview';
import { readSettings, SettingError, type SettingsSchema } from '../../settings/read-settings';

/** The follower's variables, as `npm start`'s schema lists them (scripts/settings/start-settings.ts). */
export const followProperties = {
  FOLLOW_ALLOWED_SIGNERS: {
    type: 'string',
    description:
      'with `--follow`: the allowed-signers file whose SSH keys make a commit that changes code trusted (see "What it builds" below); unset, only commits that change content are built',
  },
  FOLLOW_BUILD_TIMEOUT_SECONDS: {
    type: 'number',
    exclusiveMinimum: 0,
    // Long enough for a full build of 10,000 pages on a busy machine (about 1.5 minutes on two idle cores).
    default: 1200,
    description: 'with `--follow`: how long one build may take before it is ended, with every process it started',
    'x-must-be': 'a number of seconds above 0',
  },
  FOLLOW_BUILD_USER: {
    type: 'string',
    description:
      'with `--follow`, when the server runs as root: the unprivileged user builds run as (never root). A server that does not run as root builds as its own user, and this must then be unset or name that user',
    'x-shown-default': '`nobody`',
  },
  FOLLOW_REMOTE: {
    type: 'string',
    description:
      "with `--follow`: the remote (a name `git remote` lists, such as `origin`) whose branch is fetched and fast-forwarded to, when not the checked-out branch's upstream, which is followed by default",
    'x-shown-default': "the upstream's",
  },
  FOLLOW_BRANCH: {
    type: 'string',
    description:
      "with `--follow`: the branch of that remote to follow, when not the upstream's (by default the upstream's branch, or the checked-out branch's name on another remote)",
    'x-shown-default': "the upstream's",
    'x-row-of': 'FOLLOW_REMOTE',
  },
  FOLLOW_FETCH_SECONDS: {
    type: 'number',
    minimum: 0,
    default: 2,
    description:
      'with `--follow`: how often the followed remote branch is fetched; `0` never fetches (the checkout is then followed as other programs move it). A checkout with no upstream and no `FOLLOW_REMOTE` is never fetched',
    'x-must-be': 'a number of seconds of 0 or more, 0 to never fetch',
  },
  PREVIEW_PORT: {
    type: 'integer',
    minimum: 0,
    maximum: 65535,
    description:
      'with `--follow`: the port of the preview server, where reviews\' preview links are opened (on `HOST`, an origin of its own: see "Preview links" above); unset, there are no previews',
    'x-must-be': 'a port number, 1 to 65535, or 0 for any free one',
  },
  PREVIEW_LINK_SECRET: {
    type: 'string',
    description: "with `PREVIEW_PORT`: the secret preview links are signed with, at least 16 characters, the same as the editor's",
    'x-row-of': 'PREVIEW_PORT',
  },
} as const satisfies SettingsSchema['properties'];

/** How long one build may take unless FOLLOW_BUILD_TIMEOUT_SECONDS says otherwise. */
export const DEFAULT_BUILD_TIMEOUT_SECONDS = followProperties.FOLLOW_BUILD_TIMEOUT_SECONDS.default;
/** How often the followed remote branch is fetched unless FOLLOW_FETCH_SECONDS says otherwise. */
export const DEFAULT_FETCH_SECONDS = followProperties.FOLLOW_FETCH_SECONDS.default;

const followSchema = { type: 'object', title: 'the follower', properties: followProperties } as const satisfies SettingsSchema;

export interface BuildUser {
  name: string;
  uid: number;
  gid: number;
}

export interface FollowSettings {
  allowedSigners?: string;
  buildTimeoutMs: number;
  /** Who the builds run as; none: as the server's own user (it is not root). */
  buildUser?: BuildUser;
  /** The remote and branch to fetch instead of the upstream's, as set. */
  remote: { remote?: string; branch?: string };
  fetchIntervalMs: number;
  /** Where previews are served, and their links' secret (PREVIEW_PORT, PREVIEW_LINK_SECRET); none without PREVIEW_PORT. */
  preview?: { port: number; secret: string };
}

/** A setting that cannot work, said in one line. */
export class FollowSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FollowSettingError';
  }
}

/** A user's id or group id, from the system's user database; undefined when it has no such user. */
function idOf(name: string, which: '-u' | '-g'): number | undefined {
  try {
    return Number(
      execFileSync('id', [which, '--', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 }).trim(),
    );
  } catch {
    return undefined;
  }
}

/** Who the builds run as: see the file's comment. */
export function buildUserOf(named: string | undefined): BuildUser | undefined {
  const me = userInfo().username;
  if (process.getuid?.() !== 0) {
    if (named && named !== me)
      throw new FollowSettingError(
        `FOLLOW_BUILD_USER=${named} needs the server to run as root, which it does not: builds run as the server's own user (${me}). Leave it unset, or start the server as root.`,
      );
    return undefined;
  }
  const name = named || 'nobody';
  const uid = idOf(name, '-u');
  const gid = idOf(name, '-g');
  if (uid === undefined || gid === undefined || !Number.isInteger(uid) || !Number.isInteger(gid))
    throw new FollowSettingError(
      `FOLLOW_BUILD_USER names ${JSON.stringify(name)}, which is no user of this machine. Name an unprivileged user for the builds (the default is nobody).`,
    );
  if (uid === 0)
    throw new FollowSettingError(`FOLLOW_BUILD_USER names ${name}, which is root: builds run as an unprivileged user. Name another.`);
  return { name, uid, gid };
}

/** The follower's settings from `env`; paths are taken from `root`. Throws a FollowSettingError for one that cannot work. */
export function followSettings(env: NodeJS.ProcessEnv, root: string): FollowSettings {
  let values: {
    FOLLOW_BUILD_TIMEOUT_SECONDS: number;
    FOLLOW_FETCH_SECONDS: number;
    FOLLOW_ALLOWED_SIGNERS?: string;
    FOLLOW_BUILD_USER?: string;
    FOLLOW_REMOTE?: string;
    FOLLOW_BRANCH?: string;
    PREVIEW_PORT?: number;
    PREVIEW_LINK_SECRET?: string;
  };
  try {
    values = readSettings(followSchema, env) as typeof values;
  } catch (error) {
    throw error instanceof SettingError ? new FollowSettingError(error.message) : error;
  }
  let allowedSigners: string | undefined;
  if (values.FOLLOW_ALLOWED_SIGNERS) {
    allowedSigners = resolve(root, values.FOLLOW_ALLOWED_SIGNERS);
    try {
      accessSync(allowedSigners, constants.R_OK);
      if (!statSync(allowedSigners).isFile()) throw new Error('a folder, not a file');
    } catch (error) {
      throw new FollowSettingError(
        `FOLLOW_ALLOWED_SIGNERS names ${allowedSigners}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Name an allowed-signers file (one line a key: an e-mail address, then the public key), or leave it unset.`,
      );
    }
  }
  return {
    allowedSigners,
    buildTimeoutMs: values.FOLLOW_BUILD_TIMEOUT_SECONDS * 1000,
    buildUser: buildUserOf(values.FOLLOW_BUILD_USER?.trim()),
    remote: remoteOf(values.FOLLOW_REMOTE?.trim() || undefined, values.FOLLOW_BRANCH?.trim() || undefined, root),
    fetchIntervalMs: values.FOLLOW_FETCH_SECONDS * 1000,
    preview: previewOf(values.PREVIEW_PORT, values.PREVIEW_LINK_SECRET),
  };
}

/** PREVIEW_PORT with PREVIEW_LINK_SECRET, both or neither. */
function previewOf(port: number | undefined, secret: string | undefined): FollowSettings['preview'] {
  if (port === undefined) {
    if (secret)
      throw new FollowSettingError(
        'PREVIEW_LINK_SECRET is set but PREVIEW_PORT is not: set PREVIEW_PORT to serve preview links, or leave both unset.',
      );
    return undefined;
  }
  const problem = secretProblem(secret);
  if (problem)
    throw new FollowSettingError(
      `PREVIEW_PORT needs PREVIEW_LINK_SECRET, the secret preview links are signed with: at least 16 characters, the same as the editor's.${secret ? ' The one set is shorter.' : ''}`,
    );
  return { port, secret: secret as string };
}

/** Git in `root`, for a check at start: its output, or undefined when it fails. */
function gitSays(root: string, args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 });
  } catch {
    return undefined;
  }
}

/** FOLLOW_REMOTE and FOLLOW_BRANCH, checked: a remote the checkout has, a name git allows for a branch. */
function remoteOf(remote: string | undefined, branch: string | undefined, root: string): FollowSettings['remote'] {
  if (remote !== undefined) {
    const remotes = (gitSays(root, ['remote']) ?? '').split('\n').filter(Boolean);
    if (!remotes.includes(remote))
      throw new FollowSettingError(
        `FOLLOW_REMOTE names ${JSON.stringify(remote)}, which is no remote of the checkout (${remotes.length > 0 ? `it has ${remotes.join(', ')}` : 'it has none'}). Name one that git remote lists, or add it with git remote add, or leave it unset to follow the upstream.`,
      );
  }
  if (branch !== undefined && (branch.startsWith('-') || gitSays(root, ['check-ref-format', '--branch', branch]) === undefined))
    throw new FollowSettingError(
      `FOLLOW_BRANCH=${JSON.stringify(branch)} is not a branch name git allows. Name the remote's branch as git shows it, such as main.`,
    );
  return { remote, branch };
}
