/**
 * `npm start`: builds the site if dist/ is missing or older than its sources, then serves
 * it on http://${HOST:-127.0.0.1}:${PORT:-4173}, with the forms' endpoints POST /api/enquiry
 * and POST /api/apply storing into ${STORE_PATH:-data/submissions.db}, or into the PostgreSQL
 * database ${DATABASE_URL} names, shared by every server on it. The README lists the
 * other settings (RATE_LIMIT_PER_MINUTE, TRUST_PROXY, ALLOWED_ORIGINS, WORKERS,
 * SHUTDOWN_GRACE_SECONDS), `--no-build`, `--dist <folder>` (another folder than dist/), and
 * `--follow` (SITE_FOLLOW=1), which follows new commits on the checkout's branch and switches to
 * each one's build once it has succeeded. Without --follow it serves the last build that
 * finished in dist/, and switches to each new one as it finishes (site-server/served-dist.ts).
 * SIGTERM or SIGINT stops it gracefully.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { buildProcessArgs } from './build/build-process-args';
import { keptFiles } from './build/incremental/kept-files';
import { buildSwitch } from './site-server/build-switch';
import { canBuild } from './site-server/follow/can-build';
import { commitStates } from './site-server/follow/commit-states';
import { followBranch } from './site-server/follow/follow-branch';
import { followMessages } from './site-server/follow/follow-messages';
import { formsApi } from './site-server/forms-api/forms-api';
import { logMessages } from './site-server/log-messages';
import { LIVE_STATUS_PATH, liveStatus } from './site-server/live-status';
import { isFolder, type ServedDist, servedDist, servedDistMessages } from './site-server/served-dist';
import { createSiteServer } from './site-server/site-server';
import { type RunningPreviews, startPreviews } from './site-server/preview/start-previews';
import { type Retention, retentionOf } from './site-server/store/retention';
import { StoreOpenError } from './site-server/store/store-open-error';
import { startPostgresWriter } from './site-server/store/postgres/start-postgres-writer';
import { startStoreWriter } from './site-server/store/store-writer';
import { SettingError } from './settings/read-settings';
import { type StartSettings, startSettings } from './settings/start-settings';
import { registerSecretsOf } from './text/redact';
import { redactOutput } from './text/redact-output';

// Before anything is printed: no line this process (or its store's thread) writes carries the
// password of SMTP_URL or DATABASE_URL, WEBHOOK_SECRET, or any other secret of its settings.
registerSecretsOf(process.env);
redactOutput();

const root = join(fileURLToPath(import.meta.url), '../..');
/** Beyond the grace period, the time the store has to commit and close before the process gives up on it. */
const CLOSE_MS = 5000;
const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Calls `stop` on the first SIGINT or SIGTERM. Later ones change nothing (npm passes a
 * terminal's Ctrl+C on to a process that has it already), and the process ends on its own
 * after `boundMs` whatever it is waiting for.
 */
function onStopSignal(boundMs: number, stop: (signal: NodeJS.Signals) => void): void {
  let stopping = false;
  for (const signal of SIGNALS)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(1), boundMs).unref();
      stop(signal);
    });
}

/** Prints one line and stops: every start-up failure a person can fix is told this way, without a stack. */
function stop(line: string): never {
  console.error(line);
  process.exit(1);
}

// Every setting and flag, read and checked once (scripts/settings/start-settings.ts): one that
// cannot work stops the start in one line, before anything is built.
let settings: StartSettings;
try {
  settings = startSettings(process.env, process.argv.slice(2), root);
} catch (error) {
  stop(error instanceof SettingError ? error.message : String(error));
}
const { host, port, store: location, workers, graceMs } = settings;

/** The latest modification time of a file, or of a folder and everything in it. */
function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(
    stats.mtimeMs,
    ...(readdirSync(path, { recursive: true }) as string[]).map((entry) => statSync(join(path, entry)).mtimeMs),
  );
}

const distDir = settings.dist ? resolve(settings.dist) : join(root, 'dist');
/** The served folder as messages name it. */
const distName = settings.dist ?? 'dist/';
/** The build's record, written last: a folder without one holds no finished build. */
const record = keptFiles(distDir).record;
/** The follower's settings, with --follow (or SITE_FOLLOW=1). */
const following = settings.follow;
const follow = following !== undefined;
if (cluster.isPrimary && !settings.noBuild) {
  const sources = ['pages', 'schemas', 'src', 'public', 'scripts', 'package-lock.json', 'vite.config.ts']
    .map((entry) => join(root, entry))
    .filter(existsSync);
  if (!existsSync(record) || Math.max(...sources.map(newestChange)) > statSync(record).mtimeMs) {
    console.log('Building the site first…');
    const build = spawnSync(process.execPath, buildProcessArgs(root, ['--out', distDir]), { stdio: 'inherit' });
    // The build has said what is wrong; nothing is served from a site it refused.
    if (build.status !== 0) stop(logMessages.buildFailed);
  }
}
if (!isFolder(distDir)) stop(servedDistMessages.missing(distName));

/** A message between the primary and a server process about the build served: a new one to serve, or one no longer read. */
type BuildMessage = { type: 'site-build'; dir: string } | { type: 'site-build-released'; dir: string };
const isBuildMessage = (message: unknown): message is BuildMessage =>
  typeof message === 'object' && message !== null && typeof (message as BuildMessage).dir === 'string';

/**
 * The last finished build of dist/, kept as a snapshot while builds rewrite dist/, by the one
 * process that watches for new ones (the primary, when there are several).
 */
async function openServedDist(): Promise<ServedDist> {
  try {
    return await servedDist({
      distDir,
      name: distName,
      places: [join(root, 'node_modules/.cache/site-served'), join(tmpdir(), `site-served-${process.getuid?.() ?? 'user'}`)],
    });
  } catch (error) {
    stop((error as Error).message);
  }
}

if (cluster.isPrimary && workers > 1) {
  // Several server processes on one port; the rate limit's counts live here, shared by all.
  new RateLimiterClusterMaster();
  // One snapshot of each build for all of them: this process watches dist/ and tells each
  // server process to switch; a snapshot goes once every process has let it go.
  const dist = await openServedDist();
  const readers = new Map<string, Set<number>>();
  const letGo = (id: number, dir: string): void => {
    const left = readers.get(dir);
    left?.delete(id);
    if (left?.size !== 0 || dir === dist.dir) return;
    readers.delete(dir);
    dist.release(dir);
  };
  const reads = (id: number, dir: string): void => void readers.set(dir, (readers.get(dir) ?? new Set()).add(id));
  dist.watch((dir) => {
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker?.isConnected()) {
        reads(worker.id, dir);
        // A process that has just stopped cannot be told: it serves nothing any more.
        worker.send({ type: 'site-build', dir } satisfies BuildMessage, () => undefined);
      }
  });
  // Each process accepts its own connections: with the default round robin, the primary
  // accepts them and hands them over, and one handed to a process that dies in that moment
  // is never answered.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  /** Server processes ended by a signal in a row before they could listen; the fifth in a row stops the server. */
  let unstarted = 0;
  const MAX_UNSTARTED = 4;
  const fork = (): void => {
    const worker = cluster.fork({ SITE_BUILD_DIR: dist.dir });
    reads(worker.id, dist.dir);
    worker.on('message', (message: unknown) => {
      if (isBuildMessage(message) && message.type === 'site-build-released') letGo(worker.id, message.dir);
    });
    let listening = false;
    worker.once('listening', () => {
      listening = true;
      unstarted = 0;
    });
    worker.once('exit', (code, signal) => {
      for (const dir of [...readers.keys()]) letGo(worker.id, dir);
      if (stopping) return;
      // A process that never came up and ended by itself (a bad store, a taken port) would fail
      // again: stop, it has said why. One ended from outside while starting (kill -9, the
      // out-of-memory killer) is replaced, as one that had come up is, unless it keeps happening.
      if (!listening && (signal === null || unstarted >= MAX_UNSTARTED)) {
        if (signal !== null) console.error(logMessages.workersNeverStarted(unstarted + 1, signal));
        process.exit(code || 1);
      }
      if (!listening) unstarted += 1;
      console.error(logMessages.workerExit(worker.process.pid ?? 0, code, signal));
      fork();
    });
  };
  for (let index = 0; index < workers; index += 1) fork();
  // Each process finishes what it has in flight and stops; this one stops after the last.
  onStopSignal(graceMs + 2 * CLOSE_MS, (signal) => {
    stopping = true;
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  });
} else {
  // The primary stops when another process cannot start (a taken port): a message to it then
  // fails (EPIPE) while this one is still starting. The disconnect that follows ends this
  // process quietly; the other has said what is wrong.
  cluster.worker?.on('error', () => undefined);
  // A server process of several serves the build the primary names, now and as it changes;
  // one that came while this process was starting is served once it has started.
  let switchTo: ((dir: string) => Promise<void>) | undefined;
  let arrived: string | undefined;
  const switchOrLater = (dir: string): void => {
    if (!switchTo) {
      arrived = dir;
      return;
    }
    switchTo(dir).catch((error: unknown) => console.error(servedDistMessages.cannotTake(distName, (error as Error).message)));
  };
  cluster.worker?.on('message', (message: unknown) => {
    if (isBuildMessage(message) && message.type === 'site-build') switchOrLater(message.dir);
  });
  const { trustProxy, notify, allowedOrigins } = settings;
  let retention: Retention;
  try {
    retention = retentionOf(root);
  } catch (error) {
    stop((error as Error).message);
  }
  const store = await (location.engine === 'postgres'
    ? startPostgresWriter(location.url, { notify, retention })
    : startStoreWriter(location.path, { notify, retention })
  ).catch((error: unknown) => stop(error instanceof StoreOpenError ? error.message : String(error)));
  const routes = formsApi({
    root,
    store,
    perMinute: settings.perMinute,
    allowedOrigins,
    trustProxy,
  });
  // What became of each commit the follower saw, answered at /_live; a server that does not follow has no such address.
  const states = following ? commitStates() : undefined;
  if (states) routes[LIVE_STATUS_PATH] = liveStatus(states);
  // The follower switches builds itself, starting from dist/; otherwise the last finished build
  // is served: this process's snapshot of it, or, of several processes, the primary's.
  const dist = cluster.isWorker || follow ? undefined : await openServedDist();
  const served = cluster.isWorker ? (settings.siteBuildDir ?? distDir) : (dist?.dir ?? distDir);
  let server: ReturnType<typeof createSiteServer>;
  try {
    server = createSiteServer({ distDir: served, routes, trustProxy });
  } catch (error) {
    stop(servedDistMessages.unreadable(distName, (error as NodeJS.ErrnoException).code ?? (error as Error).message));
  }
  if (dist) dist.watch(buildSwitch(server, served, dist.release));
  else if (cluster.isWorker) {
    switchTo = buildSwitch(server, served, (dir) =>
      process.send?.({ type: 'site-build-released', dir } satisfies BuildMessage, undefined, undefined, () => undefined),
    );
    if (arrived) switchOrLater(arrived);
  }
  // The checked-out commit is built once at start (dist/ is served meanwhile: it may hold
  // edits never committed), then every new one.
  const follower = !following
    ? undefined
    : canBuild(root)
      ? await followBranch({
          checkout: root,
          buildsDir: join(root, 'node_modules/.cache/site-builds'),
          // The first build starts from dist/ and renders only what differs from it.
          seedDir: distDir,
          serveBuild: (dir) => server.serveBuild(dir),
          forgetPrevious: () => server.forgetPrevious(),
          states,
          ...following,
        })
      : void console.error(followMessages.noDevTools);
  // Reviews' preview links, on a port of their own (PREVIEW_PORT), built on what the follower serves.
  let previews: RunningPreviews | undefined;
  if (follower && following?.preview) {
    const started = await startPreviews({ root, host, settings: { ...following, preview: following.preview }, follower, trustProxy });
    if (typeof started === 'string') console.error(started);
    else {
      previews = started;
      console.log(`Preview links are served at ${started.address}`);
    }
  }
  server.on('error', (error: NodeJS.ErrnoException) =>
    stop(
      error.code === 'EADDRINUSE' ? logMessages.portInUse(host, port) : logMessages.cannotListen(host, port, error.code ?? String(error)),
    ),
  );
  server.listen(port, host, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) console.log(logMessages.serving(`http://${host}:${port}/`, store.path));
  });
  // Finish what is in flight (within the grace period), then commit what was accepted and
  // close the store: it closes last, after every request is answered.
  onStopSignal(graceMs + CLOSE_MS, () => {
    void Promise.all([server.shutdown(graceMs), follower?.stop(), previews?.stop()])
      .then(() => store.close())
      .then(() => process.exit(0));
  });
}
