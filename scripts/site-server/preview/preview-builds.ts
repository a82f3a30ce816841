/**
 * The builds of reviews' previews. Each is made as the follower makes the live site's
 * (follow/build-folders.ts, follow/run-commit-build.ts): the tree previewTree makes is written
 * into a source folder of the previews' own, built there by the build script of the commit
 * served (the tree's code is that commit's), in the same sandbox (no secrets, an unprivileged
 * user, a time limit), into a folder that starts as hard links to the build served, with the
 * served build's kept server entry, so that only the pages the review changes are rendered again.
 *
 * A build is kept by its tree: a second link to the same version, or the same review opened
 * again, is served from it; a new version of the review, or a new commit served, is a new tree.
 * One build runs at a time; the newest few finished ones are kept, and an older one is removed a
 * minute after it is forgotten (requests still reading it finish first).
 *
 * The forms of a preview post to its own server's /api/enquiry and /api/apply (the endpoints'
 * settings are left out of its build), which the preview server answers without storing or
 * sending anything.
 */
import { existsSync, readFileSync } from 'node:fs';
import { keptFiles, serverEntryDir } from '../../build/incremental/kept-files';
import {
  type BuildFolders,
  handOver,
  linkPackages,
  prepareBuildFolders,
  removeFolder,
  seedCache,
  startOutput,
} from '../follow/build-folders';
import type { FollowGit } from '../follow/follow-git';
import type { BuildUser } from '../follow/follow-settings';
import { contentProblem } from '../follow/live-reasons';
import { buildEnvironment, runCommitBuild } from '../follow/run-commit-build';
import { listFiles, staticSite } from '../static-site';
import { previewCaching } from './preview-page';

/** The build the live site serves: its commit, its folder, and the follower's build cache. */
export interface ServedSite {
  commit: string;
  dir: string;
  cache: string;
}

/** A preview's build: under way, finished (its folder and files), or failed with the reason in the reviewer's words. */
export type PreviewBuild =
  | { state: 'building' }
  | { state: 'ready'; dir: string; site: ReturnType<typeof staticSite> }
  | { state: 'failed'; reason: string };

export interface PreviewBuildsOptions {
  checkout: string;
  /** The previews' own folder of builds (its source folder, index and finished builds). */
  buildsDir: string;
  git: FollowGit;
  user?: BuildUser;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  signal: AbortSignal;
  log: (line: string) => void;
}

export interface PreviewBuilds {
  /** The build of `tree` (made on `served`'s code and build), started now when there is none. */
  of(tree: string, served: ServedSite): PreviewBuild;
  /** Waits for the build under way, if any (the server stopping). */
  settled(): Promise<void>;
}

/** Finished previews kept at once. */
const KEPT = 4;
/** How long a forgotten preview's folder stays for requests still reading it. */
const GRACE_MS = 60_000;

const FAILED = 'This preview could not be made.';

/** The previews' builds; see the file's comment. */
export function previewBuilds(options: PreviewBuildsOptions): PreviewBuilds {
  const { checkout, git, user, log } = options;
  const builds = new Map<string, PreviewBuild>();
  let folders: BuildFolders | undefined;
  let queue: Promise<void> = Promise.resolve();
  // The endpoints' settings send a form elsewhere: a preview's forms post to its own server.
  const { ENQUIRY_ENDPOINT: _enquiry, APPLY_ENDPOINT: _apply, ...serverEnv } = options.env;

  const forget = (): void => {
    const finished = [...builds].filter(([, build]) => build.state !== 'building');
    for (const [tree, build] of finished.slice(0, Math.max(0, finished.length - KEPT))) {
      builds.delete(tree);
      if (build.state === 'ready') setTimeout(() => removeFolder(build.dir), GRACE_MS).unref();
    }
  };

  async function build(tree: string, served: ServedSite): Promise<PreviewBuild> {
    folders ??= prepareBuildFolders(options.buildsDir, checkout, user);
    await git([`--work-tree=${folders.source}`, 'read-tree', '--reset', '-u', tree], { env: { GIT_INDEX_FILE: folders.index } });
    linkPackages(folders, checkout);
    if (!existsSync(serverEntryDir(folders.cache, servedEntry(served.dir) ?? ''))) seedCache(folders, served.cache, served.dir, user);
    const output = startOutput(folders, `preview-${tree}`, user, served.dir);
    const outcome = await runCommitBuild(folders.source, output.out, {
      env: buildEnvironment(serverEnv, folders),
      user,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
    });
    if (!outcome.ok) {
      removeFolder(output.work);
      log(`The preview of tree ${tree} was not built: ${outcome.output.split('\n').slice(-3).join(' ')}`);
      const problem = contentProblem(outcome.output);
      return {
        state: 'failed',
        reason: problem ? `${FAILED} The site's check found this in ${problem}` : `${FAILED} Ask whoever runs the site to look at its log.`,
      };
    }
    const dir = handOver(folders, output, `preview-${tree}`, user);
    return { state: 'ready', dir, site: staticSite(dir, await listFiles(dir), previewCaching) };
  }

  return {
    of(tree, served) {
      const known = builds.get(tree);
      if (known) return known;
      builds.set(tree, { state: 'building' });
      queue = queue
        .then(() => (options.signal.aborted ? { state: 'failed' as const, reason: FAILED } : build(tree, served)))
        .catch((error: unknown): PreviewBuild => {
          log(`The preview of tree ${tree} was not built: ${(error as Error).message}`);
          return { state: 'failed', reason: `${FAILED} Ask whoever runs the site to look at its log.` };
        })
        .then((done) => {
          builds.set(tree, done);
          forget();
        });
      return { state: 'building' };
    },
    settled: () => queue,
  };
}

/** The server entry the build in `dir` rendered with, from its record. */
function servedEntry(dir: string): string | undefined {
  try {
    const { serverEntry } = JSON.parse(readFileSync(keptFiles(dir).record, 'utf8')) as { serverEntry?: unknown };
    return typeof serverEntry === 'string' && /^[0-9a-f]+$/.test(serverEntry) ? serverEntry : undefined;
  } catch {
    return undefined;
  }
}
