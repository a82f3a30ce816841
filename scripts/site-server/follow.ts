/**
 * `npm start -- --follow`: the site server follows new commits on its checkout's branch (a
 * publish from the editor, a `git pull`). Every 2 s it asks git which commit HEAD is; a new
 * one is checked out into a worktree of its own (so a half-saved file in the working tree
 * never ships), built into a fresh folder, and only once that build has succeeded is the
 * server switched to it, in one step. A failed build keeps the site as it was and says why.
 * One build at a time; commits that arrive during a build are skipped to the newest.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { kindOfBuild } from '../build/build-messages';
import { buildCache } from '../build/kept-files';
import { git } from '../publish/git';

/** How a build ended: `ok`, or what it said before failing (its last lines); and which kind of build it was, when it said. */
export interface BuildOutcome {
  ok: boolean;
  output: string;
  /** "Rebuilt 1 of 61 pages: pages/about.json changed." (build-messages.ts) */
  kind?: string;
}

/**
 * Builds the source tree `sourceDir` into `outDir` (which does not exist yet); stops when
 * `signal` aborts. `servedDir` is the build served now, which it may start from, but never write to.
 */
type BuildSite = (sourceDir: string, outDir: string, signal: AbortSignal, servedDir?: string) => Promise<BuildOutcome>;

export interface FollowOptions {
  /** The checkout whose branch is followed. */
  checkout: string;
  /** Where builds and their worktrees are made: one folder per commit. */
  buildsDir: string;
  /** The commit the site served now was built from (none: the first commit seen is built). */
  servedCommit?: string;
  /**
   * A finished build to start the first build's folder from (the site served at start, dist/),
   * until the follower serves one of its own: then each build starts from the one served.
   */
  seedDir?: string;
  /** Switches the server to a finished build; throws when it cannot read it. */
  serveBuild: (distDir: string) => void;
  /** Called once the build before a switch is no longer needed, just before its folder is removed. */
  forgetPrevious?: () => void;
  build?: BuildSite;
  /** How often HEAD is asked for. */
  intervalMs?: number;
  /** How long the build before a switch is kept for requests still reading it. */
  graceMs?: number;
  log?: (line: string) => void;
}

export interface Follower {
  /** The commit whose build is served. */
  readonly servedCommit: string | undefined;
  /** Stops asking git and stops a build under way (it is not switched to). */
  stop(): Promise<void>;
}

/** The lines the follower prints, each in words. */
export const followMessages = {
  following: (branch: string) => `Following new commits on ${branch}: each is built and served when its build succeeds.`,
  building: (commit: string) => `Commit ${commit.slice(0, 12)} arrived; building it (the site stays as it is meanwhile).`,
  switched: (commit: string, seconds: string, kind?: string) =>
    `The site now serves commit ${commit.slice(0, 12)} (built in ${seconds} s)${kind ? `: ${kind}` : '.'}`,
  buildFailed: (commit: string, output: string) =>
    `The build of commit ${commit.slice(0, 12)} failed, so the site still serves the build before it. What the build said:\n${output}`,
  cannotServe: (commit: string, reason: string) =>
    `The build of commit ${commit.slice(0, 12)} finished but cannot be served (${reason}); the site still serves the build before it.`,
  oldBuildLeft: (reason: string) => `An old build could not be removed (${reason}); it takes space until it is removed by hand.`,
  gitFailed: (reason: string) =>
    `Cannot ask git which commit is checked out (${reason}); the site stays as it is, and git is asked again every few seconds.`,
  noDevTools:
    'Not following new commits: building needs the dev dependencies (vite), which this install lacks. Install them (npm ci) or deploy builds made elsewhere.',
} as const;

/**
 * Whether this install can build (the dev dependencies are there): a production install
 * (`npm ci --omit=dev`) cannot, and then the server does not follow.
 */
export function canBuild(checkout: string): boolean {
  try {
    createRequire(join(checkout, 'package.json')).resolve('vite');
    return true;
  } catch {
    return false;
  }
}

/** Removes a folder of an old build; one that cannot be removed is left, and said so. */
function removeQuietly(dir: string, log: (line: string) => void): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch (error) {
    log(followMessages.oldBuildLeft((error as Error).message));
  }
}

/** The last lines of a build's output: enough to say why it failed, short enough to read. */
const tail = (text: string, lines = 30): string => text.trimEnd().split('\n').slice(-lines).join('\n');

/**
 * The project's own build, `npm run build -- --out <outDir>`, run in the worktree of the commit
 * with the checkout's installed packages. They are hard-linked in (no second copy on disk, a
 * few seconds): the build names files by their place inside its own folder (the font it
 * preloads, node_modules/@fontsource-variable/…), which a link to another folder would move
 * outside it. Their caches stay out, so this build never shares a scratch folder with one
 * run in the checkout.
 */
function npmBuild(checkout: string): BuildSite {
  return (sourceDir, outDir, signal, servedDir) => {
    linkTree(join(checkout, 'node_modules'), join(sourceDir, 'node_modules'), new Set(['.cache', '.vite']));
    // The new folder starts as the build served now, so that the build is incremental: it renders
    // only what the commit changed (scripts/build/build-record.ts). Hard links, not copies: the
    // build never writes a file where it lies (it writes a new one and renames it over the old,
    // scripts/build/replace-file.ts), so the served build never changes through them.
    if (servedDir && existsSync(servedDir)) linkTree(servedDir, outDir);
    const env = { ...process.env };
    // The commit's own pages, never a folder the environment names.
    delete env.PAGES_DIR;
    // The server entries the checkout's builds keep, each under the hash of all it was built
    // from: a commit whose code a build had already built renders with that build's entry.
    env.BUILD_CACHE_DIR = buildCache(checkout, env);
    return runBuild('npm', ['run', 'build', '--', '--out', outDir], sourceDir, signal, env);
  };
}

/** Makes `to` a tree of hard links to the files of `from` (copies across file systems), links as links, leaving out `skip` at the top. */
function linkTree(from: string, to: string, skip = new Set<string>()): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (skip.has(entry.name)) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
  }
}

/** Runs a build command without a shell; its output is kept to be told when it fails. */
export function runBuild(
  command: string,
  args: string[],
  cwd: string,
  signal: AbortSignal,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BuildOutcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, shell: false, signal, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', (error) => resolve({ ok: false, output: `${command} could not be started: ${error.message}` }));
    child.on('close', (code, killedBy) =>
      resolve({
        ok: code === 0,
        output: tail(output) || `${command} ended with ${killedBy ?? `exit code ${code}`}`,
        kind: kindOfBuild(output),
      }),
    );
  });
}

/** Starts following the checkout's branch; see the file's comment. Nothing it meets ends the process. */
export async function followBranch(options: FollowOptions): Promise<Follower> {
  const { checkout, buildsDir, serveBuild, forgetPrevious = () => undefined, intervalMs = 2000, graceMs = 60_000 } = options;
  const build = options.build ?? npmBuild(checkout);
  const log = options.log ?? ((line: string) => console.log(line));
  // What a follower stopped before left behind (its builds, its worktrees) is no longer served.
  rmSync(buildsDir, { recursive: true, force: true });
  mkdirSync(buildsDir, { recursive: true });
  // Git missing or the folder no repository: said on the first poll, not here.
  const quietly = (args: string[]) => git(checkout, args, { allowFailure: true }).catch(() => ({ code: 1, stdout: '', stderr: '' }));
  await quietly(['worktree', 'prune']);

  let servedCommit = options.servedCommit;
  let servedDir: string | undefined;
  /** The newest commit seen on the branch, and the last one whose build failed (not tried again). */
  let wanted = servedCommit;
  let failed: string | undefined;
  let building: Promise<void> | undefined;
  let stopped = false;
  const removals = new Set<NodeJS.Timeout>();
  const stopping = new AbortController();

  const branch = await quietly(['rev-parse', '--abbrev-ref', 'HEAD']);
  log(followMessages.following(branch.code === 0 ? branch.stdout.trim() : 'the checked-out branch'));

  async function buildOne(commit: string): Promise<void> {
    const started = Date.now();
    const sourceDir = join(buildsDir, `source-${commit}`);
    // A folder of its own for every attempt: a build never writes into one being served.
    const outDir = join(buildsDir, `site-${commit}-${started}`);
    log(followMessages.building(commit));
    let outcome: BuildOutcome;
    try {
      await removeWorktree(sourceDir);
      await git(checkout, ['worktree', 'add', '--detach', '--', sourceDir, commit]);
      outcome = await build(sourceDir, outDir, stopping.signal, servedDir ?? options.seedDir);
    } catch (error) {
      outcome = { ok: false, output: (error as Error).message };
    } finally {
      await removeWorktree(sourceDir);
    }
    if (stopped) return void rmSync(outDir, { recursive: true, force: true });
    if (!outcome.ok) {
      failed = commit;
      rmSync(outDir, { recursive: true, force: true });
      return log(followMessages.buildFailed(commit, outcome.output));
    }
    try {
      serveBuild(outDir);
    } catch (error) {
      failed = commit;
      rmSync(outDir, { recursive: true, force: true });
      return log(followMessages.cannotServe(commit, (error as Error).message));
    }
    const before = servedDir;
    servedCommit = commit;
    servedDir = outDir;
    log(followMessages.switched(commit, ((Date.now() - started) / 1000).toFixed(1), outcome.kind));
    // Requests that began on the build before finish on it; then it goes (never dist/, which
    // the follower did not make). A later switch has replaced the server's previous build already.
    const timer = setTimeout(() => {
      removals.delete(timer);
      if (servedDir === outDir) forgetPrevious();
      if (before && before !== servedDir) removeQuietly(before, log);
    }, graceMs);
    removals.add(timer);
  }

  async function removeWorktree(dir: string): Promise<void> {
    if (existsSync(dir)) await git(checkout, ['worktree', 'remove', '--force', '--', dir], { allowFailure: true });
    rmSync(dir, { recursive: true, force: true });
    await git(checkout, ['worktree', 'prune'], { allowFailure: true });
  }

  /** Builds the newest wanted commit, then whatever became newest meanwhile, one at a time. */
  function buildWanted(): void {
    if (building || stopped || !wanted || wanted === servedCommit || wanted === failed) return;
    const commit = wanted;
    building = buildOne(commit)
      // Whatever goes wrong around a build (git gone, a folder that cannot be removed) is told, never the end of the process.
      .catch((error: unknown) => {
        failed = commit;
        log(followMessages.buildFailed(commit, (error as Error).message));
      })
      .finally(() => {
        building = undefined;
        buildWanted();
      });
  }

  let polling: Promise<void> | undefined;
  let lastGitFailure: string | undefined;
  const poll = async (): Promise<void> => {
    const head = await git(checkout, ['rev-parse', '--verify', 'HEAD'], { allowFailure: true }).catch((error: Error) => ({
      code: 1,
      stdout: '',
      stderr: error.message,
    }));
    if (head.code !== 0) {
      // Said once, not every 2 s; said again when it changes.
      const reason = followMessages.gitFailed(head.stderr.trim() || `exit code ${head.code}`);
      if (reason !== lastGitFailure) log(reason);
      lastGitFailure = reason;
      return;
    }
    lastGitFailure = undefined;
    wanted = head.stdout.trim();
    buildWanted();
  };
  const timer = setInterval(() => {
    if (!polling) polling = poll().finally(() => (polling = undefined));
  }, intervalMs);
  await poll();

  return {
    get servedCommit() {
      return servedCommit;
    },
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await polling;
      await building;
      for (const removal of removals) clearTimeout(removal);
    },
  };
}
