/**
 * `npm start -- --follow`: the site server follows new commits on its checkout's branch (a
 * publish from the editor, a `git pull`). It asks git which commit HEAD is as soon as git writes
 * HEAD's log (watchHead), and every 2 s besides. A new one
 * is first judged (follow/judge-commit.ts): a commit that changes only content is built with the
 * code served; one that changes code only when it is signed by a key the operator allows;
 * anything else is refused in one line. A commit it builds is written into a source folder of the
 * follower's own (so a half-saved file in the working tree never ships), built there by its own
 * build script, in a sandbox (follow/run-commit-build.ts: no secrets, an unprivileged user, a time
 * limit), into a fresh folder; only once that build has succeeded is the server switched to it,
 * in one step. A failed build keeps the site as it was and says why. One build at a time;
 * commits that arrive during a build are skipped to the newest. Every git call has a deadline.
 * It fetches the branch's remote itself and fast-forwards the checkout (follow/follow-remote.ts),
 * and remembers what became of each commit it saw (follow/commit-states.ts) for the site server's
 * /_live address.
 */
import { buildCache } from '../../build/incremental/kept-files';
import {
  type BuildFolders,
  type BuildOutput,
  handOver,
  linkPackages,
  prepareBuildFolders,
  removeFolder,
  seedCache,
  startOutput,
} from './build-folders';
import { type BuildOutcome, buildEnvironment, runCommitBuild } from './run-commit-build';
import { cannotBuildAs } from './cannot-build-as';
import { judgeCommit } from './judge-commit';
import { type CommitStates, commitStates } from './commit-states';
import { followGit } from './follow-git';
import { followMessages } from './follow-messages';
import { commitRange } from './commit-range';
import { fetchRemote } from './fetch-remote';
import type { RemoteSetting } from './follow-remote';
import { type BuildUser, buildUserOf, DEFAULT_BUILD_TIMEOUT_SECONDS, DEFAULT_FETCH_SECONDS } from './follow-settings';
import { liveReasons } from './live-reasons';
import { watchHead } from './watch-head';
import type { ServedSite } from '../preview/preview-builds';

/** A build to run: the commit, its files, where the site goes; `run()` runs the commit's own build script in the sandbox. */
interface BuildJob {
  commit: string;
  sourceDir: string;
  outDir: string;
  signal: AbortSignal;
  run: () => Promise<BuildOutcome>;
}

export interface FollowOptions {
  /** The checkout whose branch is followed. */
  checkout: string;
  /** Where the follower's source folder and builds are made (follow/build-folders.ts). */
  buildsDir: string;
  /** The commit the site served now was built from (none: the first commit seen is built). Its code is trusted. */
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
  /** Runs a build; the default is `job.run()` (a test holds a build here). */
  build?: (job: BuildJob) => Promise<BuildOutcome>;
  /** The allowed-signers file whose keys make a code commit trusted (FOLLOW_ALLOWED_SIGNERS). */
  allowedSigners?: string;
  /** Who builds run as; by default, when the server runs as root, nobody, and otherwise the server's own user. */
  buildUser?: BuildUser;
  /** How long one build may take (FOLLOW_BUILD_TIMEOUT_SECONDS). */
  buildTimeoutMs?: number;
  /** How long one git call may take. */
  gitTimeoutMs?: number;
  /** The server's environment, of which a build gets only what run-commit-build.ts lets through. */
  env?: NodeJS.ProcessEnv;
  /** How often HEAD is asked for. */
  intervalMs?: number;
  /** Where what became of each commit is kept (the site server's /_live answers from it); a new record unless given. */
  states?: CommitStates;
  /** The remote and branch to fetch, when not the checked-out branch's upstream (FOLLOW_REMOTE, FOLLOW_BRANCH). */
  remote?: RemoteSetting;
  /** How often the followed branch is fetched (FOLLOW_FETCH_SECONDS); 0: never, the checkout's HEAD is followed as it moves. */
  fetchIntervalMs?: number;
  /** How long a fetched commit the checkout cannot take is building before it is refused (30 s). */
  heldAfterMs?: number;
  /** How long the build before a switch is kept for requests still reading it. */
  graceMs?: number;
  log?: (line: string) => void;
}

export interface Follower {
  /** The commit whose build is served. */
  readonly servedCommit: string | undefined;
  /** The build served once the follower has served one of its own: its commit, folder, and the builds' cache (previews build on it). */
  readonly served: ServedSite | undefined;
  /** What became of each commit seen. */
  readonly states: CommitStates;
  /** Stops asking git and stops a build under way (it is not switched to). */
  stop(): Promise<void>;
}

/** A git call's deadline, unless told: a whole tree written on a busy machine takes seconds, never minutes. */
const GIT_TIMEOUT_MS = 120_000;
/** How long a fetched commit the checkout cannot be fast-forwarded to is building before it is refused. */
const HELD_AFTER_MS = 30_000;
/** Commits whose code is trusted, remembered so that the branch may move back to one: the newest few. */
const TRUSTED_KEPT = 10;

/** Starts following the checkout's branch; see the file's comment. Nothing it meets ends the process. */
export async function followBranch(options: FollowOptions): Promise<Follower> {
  const { checkout, buildsDir, serveBuild, forgetPrevious = () => undefined, intervalMs = 2000, graceMs = 60_000 } = options;
  const buildUser = options.buildUser ?? buildUserOf(undefined);
  const build = options.build ?? ((job: BuildJob) => job.run());
  const log = options.log ?? ((line: string) => console.log(line));
  const buildTimeoutMs = options.buildTimeoutMs ?? DEFAULT_BUILD_TIMEOUT_SECONDS * 1000;
  const stopping = new AbortController();
  const git = followGit(checkout, options.gitTimeoutMs ?? GIT_TIMEOUT_MS, stopping.signal);
  const states = options.states ?? commitStates();
  const inert = { servedCommit: undefined, served: undefined, states, stop: async () => undefined };
  let folders: BuildFolders;
  try {
    folders = prepareBuildFolders(buildsDir, checkout, buildUser);
  } catch (error) {
    log(followMessages.cannotPrepare(buildsDir, (error as Error).message));
    return inert;
  }
  if (options.seedDir) seedCache(folders, buildCache(checkout, options.env ?? process.env), options.seedDir, buildUser);
  const env = buildEnvironment(options.env ?? process.env, folders);
  // Git missing or the folder no repository: said on the first poll, not here. Worktrees an
  // earlier version of the follower made are forgotten now that their folders are gone.
  await git(['worktree', 'prune'], { allowFailure: true }).catch(() => undefined);

  let servedCommit = options.servedCommit;
  let servedDir: string | undefined;
  /** Commits whose code is trusted, newest first, each with code of its own; the first is the one served. */
  const trusted: string[] = servedCommit ? [servedCommit] : [];
  /** The newest commit seen on the branch, and the last one tried and not served (not tried again). */
  let wanted = servedCommit;
  let notServed: string | undefined;
  let building: Promise<void> | undefined;
  let stopped = false;
  const removals = new Set<NodeJS.Timeout>();

  const branch = await git(['rev-parse', '--abbrev-ref', 'HEAD'], { allowFailure: true }).catch(() => ({ code: 1, stdout: '' }));
  log(followMessages.following(branch.code === 0 ? branch.stdout.trim() : 'the checked-out branch'));
  if (buildUser) {
    const why = await cannotBuildAs(folders, checkout, buildUser);
    if (why) {
      log(why);
      removeFolder(folders.tmp);
      return inert;
    }
  }

  async function buildOne(commit: string): Promise<void> {
    // The poll that saw the commit started this at once, unless a build was under way.
    const started = Date.now();
    // The first commit seen is the one the server started on: its code is the code it runs.
    if (trusted.length === 0) trusted.push(commit);
    const served = trusted[0] ?? commit;
    // What this build brings since the one served: live together once it is served.
    const range = await commitRange(git, commit, servedCommit);
    states.building(range);
    /** The commit is not served: remembered (with those that waited for it) and said; never tried again. */
    const notLive = (state: 'refused' | 'failed', reason: string, line: string): void => {
      notServed = commit;
      states.notLive(commit, state, reason, range);
      log(line);
    };
    let verdict: Awaited<ReturnType<typeof judgeCommit>>;
    try {
      verdict = await judgeCommit(git, trusted, commit, options.allowedSigners);
    } catch (error) {
      if (stopped) return;
      return notLive('failed', liveReasons.serverProblem, followMessages.notBuilt(commit, (error as Error).message));
    }
    if (!verdict.build) {
      if ('tooMany' in verdict) return notLive('refused', liveReasons.tooMany, followMessages.tooMany(commit, served));
      if ('tooLarge' in verdict) return notLive('refused', liveReasons.tooLarge, followMessages.tooLarge(commit, served, verdict.tooLarge));
      return notLive(
        'refused',
        liveReasons.changesCode,
        followMessages.refused(commit, served, verdict.codeFiles, options.allowedSigners, verdict.signature),
      );
    }
    log(followMessages.building(commit));
    let output: BuildOutput | undefined;
    let outcome: BuildOutcome;
    try {
      // Only the files that differ from the commit built before are written.
      await git([`--work-tree=${folders.source}`, 'read-tree', '--reset', '-u', commit], { env: { GIT_INDEX_FILE: folders.index } });
      linkPackages(folders, checkout);
      output = startOutput(folders, commit, buildUser, servedDir ?? options.seedDir);
    } catch (error) {
      if (stopped) return;
      return notLive('failed', liveReasons.serverProblem, followMessages.notBuilt(commit, (error as Error).message));
    }
    const { out } = output;
    const sandbox = { env, user: buildUser, timeoutMs: buildTimeoutMs, signal: stopping.signal };
    try {
      outcome = await build({
        commit,
        sourceDir: folders.source,
        outDir: out,
        signal: stopping.signal,
        run: () => runCommitBuild(folders.source, out, sandbox),
      });
    } catch (error) {
      outcome = { ok: false, output: (error as Error).message };
    }
    if (stopped) return removeFolder(output.work);
    if (!outcome.ok) {
      removeFolder(output.work);
      return outcome.timedOut
        ? notLive('failed', liveReasons.timedOut, followMessages.buildTimedOut(commit, buildTimeoutMs / 1000))
        : notLive('failed', liveReasons.buildFailed(outcome.output), followMessages.buildFailed(commit, outcome.output));
    }
    let site: string | undefined;
    try {
      site = handOver(folders, output, commit, buildUser);
      serveBuild(site);
    } catch (error) {
      removeFolder(output.work);
      if (site) removeFolder(site);
      // A build that left nothing to serve, or nothing readable: the build's fault, told as a failed build.
      return notLive('failed', liveReasons.buildFailed(''), followMessages.cannotServe(commit, (error as Error).message));
    }
    // Live from the moment the server switched: this commit, and every commit its build brought.
    states.live(range);
    const before = servedDir;
    servedCommit = commit;
    servedDir = site;
    // The commit served is the first trusted one; a commit with the code of an earlier trusted one takes its place.
    if (verdict.why === 'content') trusted.splice(verdict.matched, 1);
    trusted.unshift(commit);
    trusted.splice(TRUSTED_KEPT);
    log(followMessages.switched(commit, ((Date.now() - started) / 1000).toFixed(1), outcome.kind));
    // Requests that began on the build before finish on it; then it goes (never dist/, which
    // the follower did not make). A later switch has replaced the server's previous build already.
    const timer = setTimeout(() => {
      removals.delete(timer);
      if (servedDir === site) forgetPrevious();
      if (before && before !== servedDir) removeQuietly(before);
    }, graceMs);
    removals.add(timer);
  }

  /** Removes a folder of an old build; one that cannot be removed is left, and said so. */
  function removeQuietly(dir: string): void {
    try {
      removeFolder(dir);
    } catch (error) {
      log(followMessages.oldBuildLeft((error as Error).message));
    }
  }

  /** Builds the newest wanted commit, then whatever became newest meanwhile, one at a time; whether it began one. */
  function buildWanted(): boolean {
    if (building || stopped || !wanted || wanted === servedCommit || wanted === notServed) return false;
    const commit = wanted;
    building = buildOne(commit)
      // Whatever goes wrong around a build (a folder that cannot be written) is told, never the end of the process.
      .catch((error: unknown) => {
        notServed = commit;
        states.notLive(commit, 'failed', liveReasons.serverProblem);
        log(followMessages.buildFailed(commit, (error as Error).message));
      })
      .finally(() => {
        building = undefined;
        buildWanted();
      });
    return true;
  }

  let polling: Promise<void> | undefined;
  let lastGitFailure: string | undefined;
  let lastSeen: string | undefined;
  const poll = async (): Promise<void> => {
    const head = await git(['rev-parse', '--verify', 'HEAD'], { allowFailure: true }).catch((error: Error) => ({
      code: 1,
      stdout: '',
      stderr: error.message,
    }));
    if (stopped) return;
    if (head.code !== 0) {
      // Said once, not every 2 s; said again when it changes.
      const reason = followMessages.gitFailed(head.stderr.trim() || `exit code ${head.code}`);
      if (reason !== lastGitFailure) log(reason);
      lastGitFailure = reason;
      return;
    }
    lastGitFailure = undefined;
    wanted = head.stdout.trim();
    const began = buildWanted();
    // Seen, so building (or waiting for the build under way) until it is decided, with the commits it brings (a build begun says so).
    if (wanted !== lastSeen) {
      lastSeen = wanted;
      if (!began) states.building(await commitRange(git, wanted, servedCommit));
    }
  };
  /** Asks git now, or once more after the question under way, which may have read HEAD just before it moved. */
  let again = false;
  const askNow = (): void => {
    if (stopped) return;
    if (polling) {
      again = true;
      return;
    }
    polling = poll().finally(() => {
      polling = undefined;
      if (again) {
        again = false;
        askNow();
      }
    });
  };
  const timer = setInterval(askNow, intervalMs);
  const unwatch = await watchHead(git, askNow);
  askNow();
  await polling;
  const stopFetching = await fetchRemote({
    git,
    remote: options.remote,
    intervalMs: options.fetchIntervalMs ?? DEFAULT_FETCH_SECONDS * 1000,
    heldAfterMs: options.heldAfterMs ?? HELD_AFTER_MS,
    states,
    log,
    stopped: () => stopped,
    trusting: () => trusted.length > 0,
    moved: askNow,
  });

  return {
    get servedCommit() {
      return servedCommit;
    },
    get served() {
      return servedCommit && servedDir ? { commit: servedCommit, dir: servedDir, cache: folders.cache } : undefined;
    },
    states,
    async stop() {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      unwatch();
      await stopFetching();
      await polling;
      await building;
      for (const removal of removals) clearTimeout(removal);
      removeQuietly(folders.tmp);
    },
  };
}
