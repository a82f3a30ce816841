/**
 * For the follower's tests: a real git checkout in a temporary folder holding a small site whose
 * build script is a shell script (package.json runs it as `npm run build` would), a real site
 * server that a real follower switches from build to build, and SSH keys that sign commits as
 * git does (`gpg.format=ssh`), with the allowed-signers file that trusts one of them.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Follower, type FollowOptions, followBranch } from '../../scripts/site-server/follow/follow-branch';
import { git } from '../../scripts/publish/git/git';
import { createSiteServer } from '../../scripts/site-server/site-server';

export type Cleanups = (() => Promise<void> | void)[];

/** Git with no configuration of this machine's, and one author. */
export const ISOLATED = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Ana',
  GIT_AUTHOR_EMAIL: 'ana@example.com',
  GIT_COMMITTER_NAME: 'Ana',
  GIT_COMMITTER_EMAIL: 'ana@example.com',
};

export { waitFor } from './wait';

/** A folder under the system's temporary folder, removed after the test; others may enter it (the builds run as nobody). */
export function tempFolder(cleanups: Cleanups, prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(folder, 0o755);
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/**
 * The build script of the test site, as committed unless a test commits another: reads
 * pages/version.txt and writes a home page that names it, as the real build writes every file
 * (scripts/build/output/replace-file.ts): beside it, then renamed over it, never written where it lies,
 * since the output folder starts as hard links to the build served, whose files a build cannot write.
 */
export const PLAIN_BUILD = `#!/bin/sh
set -e
version=$(cat pages/version.txt)
mkdir -p "$2"
printf '<!doctype html><title>%s</title>' "$version" > "$2/index.html.tmp"
mv "$2/index.html.tmp" "$2/index.html"
`;

/** The plain build script, naming `code` before the version in the page's title. */
export function PLAIN_WITH(code: string): string {
  return `#!/bin/sh
set -e
version=$(cat pages/version.txt)
mkdir -p "$2"
printf '<!doctype html><title>${code} %s</title>' "$version" > "$2/index.html.tmp"
mv "$2/index.html.tmp" "$2/index.html"
`;
}

/** Whether the follower has said what became of `commit`: any line naming it but the one saying it is being built. */
export const toldOf = (lines: string[], commit: string): boolean =>
  lines.some((line) => line.includes(commit.slice(0, 12)) && !line.includes('arrived; building it'));

export interface SigningKey {
  /** The private key's file, for user.signingkey. */
  file: string;
  /** The allowed-signers line that trusts it. */
  allowed: string;
}

/** A new SSH key (ssh-keygen), in `folder`. */
export function signingKey(folder: string, name: string): SigningKey {
  const file = join(folder, name);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', file]);
  return { file, allowed: `${name}@example.com ${readFileSync(`${file}.pub`, 'utf8').trim()}` };
}

/** Keys for a test: `trusted` is in the allowed-signers file, `stranger` is not. */
export function trustKeys(cleanups: Cleanups): { trusted: SigningKey; stranger: SigningKey; allowedSigners: string } {
  const folder = tempFolder(cleanups, 'follow-keys-');
  const trusted = signingKey(folder, 'release');
  const stranger = signingKey(folder, 'stranger');
  const allowedSigners = join(folder, 'allowed_signers');
  writeFileSync(allowedSigners, `${trusted.allowed}\n`);
  return { trusted, stranger, allowedSigners };
}

export interface TestCheckout {
  checkout: string;
  /** Runs git in the checkout. */
  run: (args: string[], input?: string) => Promise<string>;
  /** Writes `files` (path → text, null to delete), commits them (signed with `key` if given), and resolves with the commit. */
  commit: (files: Record<string, string | null>, key?: SigningKey) => Promise<string>;
}

/** A checkout whose first commit holds the plain build and pages/version.txt = `version`. */
export async function testCheckout(cleanups: Cleanups, version = 'first'): Promise<TestCheckout> {
  const checkout = tempFolder(cleanups, 'follow-checkout-');
  const run = async (args: string[], input?: string) =>
    (await git(checkout, args, { env: ISOLATED, ...(input === undefined ? {} : { input }) })).stdout.trim();
  const commit = async (files: Record<string, string | null>, key?: SigningKey): Promise<string> => {
    for (const [path, text] of Object.entries(files)) {
      const file = join(checkout, path);
      if (text === null) rmSync(file, { force: true });
      else {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
    }
    await run(['add', '-A']);
    const signing = key ? ['-c', 'gpg.format=ssh', '-c', 'gpg.ssh.program=ssh-keygen', '-c', `user.signingkey=${key.file}`] : [];
    await run([...signing, 'commit', '-q', ...(key ? ['-S'] : []), '-F', '-'], `Change ${Object.keys(files).join(', ')}`);
    return run(['rev-parse', 'HEAD']);
  };
  await run(['init', '-q', '-b', 'main']);
  await commit({
    'package.json': JSON.stringify({ scripts: { build: 'sh build.sh' } }),
    'build.sh': PLAIN_BUILD,
    'pages/version.txt': version,
  });
  return { checkout, run, commit };
}

/**
 * A site server that starts on an empty folder, and a follower of `options.checkout` that
 * switches it to each build (50 ms polls); both stopped after the test.
 */
export async function serveAndFollow(
  cleanups: Cleanups,
  options: Omit<FollowOptions, 'serveBuild' | 'forgetPrevious' | 'log'>,
): Promise<{ follower: Follower; lines: string[]; base: string; home: () => Promise<string> }> {
  const empty = tempFolder(cleanups, 'follow-empty-');
  const server = createSiteServer({ distDir: empty });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const lines: string[] = [];
  const follower = await followBranch({
    intervalMs: 50,
    ...options,
    serveBuild: (dir) => server.serveBuild(dir),
    forgetPrevious: () => server.forgetPrevious(),
    log: (line) => lines.push(line),
  });
  cleanups.push(() => follower.stop());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { follower, lines, base, home: async () => (await fetch(`${base}/`)).text() };
}

/**
 * Gives `repo` a bare remote as its upstream (origin/main, holding what it has) and a colleague's
 * clone of that remote; `there` runs git in the colleague's clone and gives what it printed.
 */
export async function withRemote(cleanups: Cleanups, repo: TestCheckout) {
  const remote = tempFolder(cleanups, 'follow-remote-');
  await git(remote, ['init', '-q', '--bare', '-b', 'main'], { env: ISOLATED });
  await repo.run(['remote', 'add', 'origin', remote]);
  await repo.run(['push', '-q', '-u', 'origin', 'main']);
  const colleague = tempFolder(cleanups, 'follow-colleague-');
  await git(colleague, ['clone', '-q', '--', remote, '.'], { env: ISOLATED });
  const there = async (args: string[], input?: string) =>
    (await git(colleague, args, { env: ISOLATED, ...(input === undefined ? {} : { input }) })).stdout.trim();
  return { remote, colleague, there };
}
