/**
 * The three repositories of scripts/bench/follow.ts, as a site is set up with a live server
 * following what is published: a bare remote holding this checkout's HEAD as `main`; the
 * editor's clone of it (what `npm run edit` edits and publishes from); and the live server's
 * clone of it, whose upstream is the remote, with this checkout's dist/ (copied) and a
 * node_modules of links to this checkout's packages, so that its own node_modules/.cache (where
 * `npm start` keeps the follower's builds) is its own. Readable to all: the builds run as nobody.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

/** Git in `cwd`, its output trimmed. */
const gitIn = (cwd: string, args: string[]): string => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' }).trim();

export interface ScratchRemote {
  remote: string;
  editor: string;
  site: string;
  /** The commit all three start on. */
  head: string;
}

/** Makes the three in `work` (emptied first) from `root`'s HEAD; see the file's comment. */
export function scratchRemote(root: string, work: string): ScratchRemote {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  chmodSync(work, 0o755);
  const remote = join(work, 'remote.git');
  const editor = join(work, 'editor');
  const site = join(work, 'site');
  gitIn(work, ['init', '-q', '--bare', '-b', 'main', remote]);
  gitIn(root, ['push', '-q', '--no-verify', remote, 'HEAD:refs/heads/main']);
  gitIn(work, ['clone', '-q', '--', remote, editor]);
  // Who commits: the editor names the author of each publish; the committer is git's user.
  gitIn(editor, ['config', 'user.name', 'Bench Editor']);
  gitIn(editor, ['config', 'user.email', 'editor@example.com']);
  gitIn(work, ['clone', '-q', '--', remote, site]);
  const packages = join(site, 'node_modules');
  mkdirSync(packages);
  for (const name of readdirSync(join(root, 'node_modules')).filter((name) => !['.cache', '.vite', '.vite-temp'].includes(name)))
    symlinkSync(join(root, 'node_modules', name), join(packages, name));
  if (existsSync(join(root, 'dist'))) cpSync(join(root, 'dist'), join(site, 'dist'), { recursive: true });
  return { remote, editor, site, head: gitIn(site, ['rev-parse', 'HEAD']) };
}
