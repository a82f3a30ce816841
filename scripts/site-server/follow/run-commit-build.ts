/**
 * How the follower runs a commit's build: the commit's own `build` script from its package.json,
 * as `npm run build -- --out <folder>` would run it (through sh, with node_modules/.bin first on
 * PATH) but without npm, which only added a second of start-up; with an environment that holds
 * only what a build needs, never the server's secrets; as an unprivileged user when the server
 * runs as root; and ended, with every process it started, when its time is up.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kindOfBuild } from '../../build/build-messages';
import type { BuildFolders } from './build-folders';
import type { BuildUser } from './follow-settings';
import { runWithin } from './run-within';

/** How a build ended: `ok`, or what it said before failing (its last lines); and which kind of build it was, when it said. */
export interface BuildOutcome {
  ok: boolean;
  output: string;
  /** "Rebuilt 1 of 61 pages: pages/about.json changed." (build-messages.ts) */
  kind?: string;
  /** Its time was up, and it was ended. */
  timedOut?: boolean;
}

/**
 * What a build gets of the server's environment: what running programs needs (PATH, the
 * language and time zone) and the build's own settings. Never the store (DATABASE_URL,
 * STORE_PATH), mail (SMTP_URL, NOTIFY_*), webhooks (WEBHOOK_*), the editor's token, nor anything
 * else: a variable is kept out unless named here.
 */
const PASSED = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'ENQUIRY_ENDPOINT', 'APPLY_ENDPOINT', 'PRERENDER_WORKERS', 'BUDGETS_FILE'] as const;
/** Vite writes VITE_* variables into the pages' scripts, for every visitor to read: public by design. */
const PASSED_PREFIX = 'VITE_';

/** The environment of a build: see PASSED. HOME, TMPDIR and BUILD_CACHE_DIR are the build's own folders. */
export function buildEnvironment(serverEnv: NodeJS.ProcessEnv, folders: BuildFolders): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of PASSED) if (serverEnv[name] !== undefined) env[name] = serverEnv[name];
  for (const [name, value] of Object.entries(serverEnv)) if (name.startsWith(PASSED_PREFIX)) env[name] = value;
  return {
    ...env,
    PATH: [folders.bin, serverEnv.PATH || '/usr/local/bin:/usr/bin:/bin'].join(':'),
    HOME: folders.home,
    TMPDIR: folders.tmp,
    BUILD_CACHE_DIR: folders.cache,
  };
}

/** The last lines of a build's output: enough to say why it failed, short enough to read. */
const tail = (text: string, lines = 30): string => text.trimEnd().split('\n').slice(-lines).join('\n');

export interface SandboxedBuild {
  env: NodeJS.ProcessEnv;
  user?: BuildUser;
  timeoutMs: number;
  signal: AbortSignal;
}

/** Runs the build script of the commit in `sourceDir` into `outDir`; see the file's comment. */
export async function runCommitBuild(sourceDir: string, outDir: string, sandbox: SandboxedBuild): Promise<BuildOutcome> {
  let script: unknown;
  try {
    script = (JSON.parse(readFileSync(join(sourceDir, 'package.json'), 'utf8')) as { scripts?: { build?: unknown } }).scripts?.build;
  } catch (error) {
    return { ok: false, output: `The commit's package.json cannot be read (${(error as Error).message}).` };
  }
  if (typeof script !== 'string' || !script.trim()) return { ok: false, output: "The commit's package.json has no build script." };
  // As npm runs it: the script's words, then the arguments, each as it is.
  const run = await runWithin('/bin/sh', ['-c', `${script} "$@"`, 'build', '--out', outDir], {
    cwd: sourceDir,
    env: sandbox.env,
    user: sandbox.user,
    timeoutMs: sandbox.timeoutMs,
    signal: sandbox.signal,
    maxOutputBytes: 1024 * 1024,
    overflow: 'drop',
  });
  if (run.startError) return { ok: false, output: `The build could not be started (${run.startError.message}).` };
  return {
    ok: run.code === 0 && !run.timedOut && !run.aborted,
    output: tail(run.output) || `The build ended with ${run.code === null ? 'a signal' : `exit code ${run.code}`} and said nothing.`,
    kind: kindOfBuild(run.stdout),
    timedOut: run.timedOut,
  };
}
