/**
 * What plain `npm start` serves: the last finished build of dist/, never dist/ itself.
 *
 * `npm run build` rewrites dist/ in place: a full build removes it and writes every page again,
 * an incremental one replaces some files, and either may be stopped halfway. Serving dist/
 * directly showed each of those states to visitors (pages answered 404 until the build ended,
 * and pages it added stayed 404 until a restart, as the index of files was made once). So the
 * server serves a snapshot of dist/ made when a build has finished, and takes a new one (then
 * switches to it in one step, site-server.ts serveBuild) when the next build finishes. A build
 * has finished when its record (dist/.build/record.json, written last, removed before a build
 * writes anything: scripts/build/incremental/build-record.ts) is there; a new record is a new build.
 *
 * Why a snapshot of hard links: it costs no space (a 10,061-page build is 30,517 files and
 * about 1.1 GB; its links are a few MB of directory entries), it is made without blocking the
 * server (3.5-5 s for those 30,517 files here, at load average 9), and no build reaches it: the
 * build writes a new file and renames it over the old one (scripts/build/output/replace-file.ts), so a
 * link keeps the file it had. Only a file changed in place by hand (`>>`, some editors) changes
 * in the snapshot too, until a build writes it anew. Other ways were weighed: switching a link
 * `dist` between folders would change what dist/ is for everything else that reads it (nginx's
 * root, the follower, the tools); holding every file open, or in memory, costs 30,000
 * descriptors or a gigabyte. The watch is one stat of the record every 2 s.
 *
 * Snapshots live in a folder of this process (`<pid>-…`) under the first place that can hold
 * them: node_modules/.cache/site-served, else the system's temporary folder. Where dist/ cannot
 * be linked from there (another file system, files of another user, as a read-only dist/ made
 * elsewhere may be) each build is copied instead, and the server says so once; where no place
 * can be written, dist/ itself is served, and its index made again when a build finishes. With
 * WORKERS=n the primary process keeps the snapshots and tells the server processes to switch
 * (scripts/start.ts). A snapshot goes once nothing reads from it; this process's folder goes
 * when it ends, and what a process stopped by force left is removed by the next to start there.
 */
import { spawn } from 'node:child_process';
import { linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { keptFiles } from '../build/incremental/kept-files';
import { distSnapshot } from './dist-snapshot';

export interface ServedDistOptions {
  distDir: string;
  /** dist/ as the messages name it. */
  name: string;
  /** Where snapshots may be kept, the first that works first. */
  places: string[];
  log?: (line: string) => void;
  /** How often the record is looked at. */
  intervalMs?: number;
}

export interface ServedDist {
  /** The folder to serve now: the snapshot of the last finished build (dist/ itself when no snapshot can be kept). */
  readonly dir: string;
  /** From now on, calls `onBuild` with the snapshot of each build that finishes in dist/; a build it cannot switch to makes it reject. */
  watch(onBuild: (dir: string) => void | Promise<void>): void;
  /** Removes a snapshot nothing serves any more (never dist/ itself). */
  release(dir: string): void;
  /** Stops watching (the snapshots go when the process ends). */
  stop(): void;
}

/** The lines it prints, each in words. */
export const servedDistMessages = {
  missing: (name: string) =>
    `${name} does not exist, or is not a folder: build the site (npm run build), or start without --no-build to build it first.`,
  unreadable: (name: string, reason: string) =>
    `The build in ${name} cannot be read (${reason}): build it again (npm run build), or give the server's user access to it, and start again.`,
  noRecord: (name: string) =>
    `${name} holds no record of a finished build (a build was stopped before its end, or ${name} was made without one): it is served as it is until a build into it finishes.`,
  copies: (name: string, place: string, reason: string, mb: number) =>
    `${name} cannot be hard-linked into ${place} (${reason}), so each finished build is copied there to be served (${mb} MB now). Keep both on one file system, with ${name} owned by the server's user, to use links instead.`,
  noPlace: (name: string, reason: string) =>
    `No folder can hold a copy of the served build (${reason}): ${name} is served as it is, so a build into it shows while it is written.`,
  switched: (name: string) => `A build finished in ${name}: the site serves it from now on, its new pages included.`,
  lost: (name: string, dir: string) =>
    `The snapshot the site was served from (${dir}) was removed by something else (npm ci, a cleanup); it is taken again from ${name}.`,
  cannotTake: (name: string, reason: string) =>
    `A build finished in ${name} but cannot be served (${reason}); the site still serves the build before it.`,
} as const;

/** Whether `path` is a folder (following a link). */
export const isFolder = (path: string): boolean => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;

/** How many times a snapshot is taken at start while builds keep changing dist/. */
const START_TRIES = 5;

/** Something that tells one finished build from another: the record's file, or "none". */
async function recordIdentity(record: string): Promise<string> {
  const stats = await stat(record, { bigint: true }).catch(() => undefined);
  return stats ? `${stats.ino} ${stats.size} ${stats.mtimeNs}` : 'none';
}

/** Whether a process with this id runs (one of another user's counts: it cannot be signalled, but it is there). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a folder without holding up the server: the 30,517 links of a 10,061-page snapshot
 * took 16-25 s to remove here under load, all that time blocking a removal made at once.
 */
const removeInTime = (dir: string): void => void rm(dir, { recursive: true, force: true }).catch(() => undefined);

/**
 * Removes this process's snapshots once it has ended, in a process of its own: nothing can wait
 * in an 'exit' handler, and a stop that waited for the removal would outlast the supervisor's
 * patience (docker stop waits 10 s).
 */
function removeAfterExit(dir: string): void {
  const remover = spawn(process.execPath, ['-e', 'require("node:fs").rmSync(process.argv[1], { recursive: true, force: true })', dir], {
    detached: true,
    stdio: 'ignore',
  });
  remover.on('error', () => undefined);
  remover.unref();
}

/** Removes what processes no longer running left in `place`: their folders are named `<pid>-…`. */
function removeLeftovers(place: string): void {
  for (const name of readdirSync(place)) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (pid && (pid === process.pid || !running(pid))) removeInTime(join(place, name));
  }
}

/**
 * Refuses a place another user could change: in a shared temporary folder, someone who made the
 * folder first (or a link by its name) could swap a snapshot's files for their own pages.
 */
function checkOwn(place: string): void {
  const stats = lstatSync(place);
  const uid = process.getuid?.();
  if (!stats.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  if ((uid !== undefined && stats.uid !== uid) || (stats.mode & 0o022) !== 0)
    throw Object.assign(new Error('another user may write to it'), { code: 'not the server user’s own folder' });
}

/** A file of dist/ to try a link with. */
function someFile(dir: string): string | undefined {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) return join(dir, entry.name);
    if (entry.isDirectory()) {
      const inside = someFile(join(dir, entry.name));
      if (inside) return inside;
    }
  }
  return undefined;
}

/** A folder of this process in the first place that can hold one, and whether it can hold links to dist/'s files. */
function chooseHome(places: string[], distDir: string): { home: string; links: boolean; why: string } | { failed: string } {
  const probe = someFile(distDir);
  const homes: { home: string; why: string }[] = [];
  const failures: string[] = [];
  for (const place of places) {
    let home: string;
    try {
      mkdirSync(place, { recursive: true, mode: 0o700 });
      checkOwn(place);
      removeLeftovers(place);
      home = mkdtempSync(join(place, `${process.pid}-`));
    } catch (error) {
      failures.push(`${place}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      continue;
    }
    if (!probe) return { home, links: true, why: '' };
    try {
      // The test link goes as soon as it is made: only whether it could be made matters.
      const test = join(home, 'link-test');
      linkSync(probe, test);
      rmSync(test);
      for (const other of homes) rmSync(other.home, { recursive: true, force: true });
      return { home, links: true, why: '' };
    } catch (error) {
      homes.push({ home, why: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
    }
  }
  const [first, ...rest] = homes;
  for (const other of rest) rmSync(other.home, { recursive: true, force: true });
  return first ? { home: first.home, links: false, why: first.why } : { failed: failures.join('; ') };
}

/** Starts serving dist/'s last finished build; see the file's comment. Throws only when dist/ does not exist (with the message to print). */
export async function servedDist({ distDir, name, places, log = console.log, intervalMs = 2000 }: ServedDistOptions): Promise<ServedDist> {
  if (!isFolder(distDir)) throw new Error(servedDistMessages.missing(name));
  const record = keptFiles(distDir).record;
  const chosen = chooseHome(places, distDir);
  if ('failed' in chosen) log(servedDistMessages.noPlace(name, chosen.failed));
  const home = 'failed' in chosen ? undefined : chosen.home;
  // Copies are said once, with their size, when the first is made.
  let copiesToSay = 'failed' in chosen || chosen.links ? undefined : chosen.why;
  let count = 0;
  /** A snapshot of dist/ as it is now (dist/ itself when there is nowhere to keep one). */
  const snapshot = async (): Promise<string> => {
    if (!home) return distDir;
    count += 1;
    const dir = join(home, String(count));
    try {
      const { copiedBytes } = await distSnapshot(distDir, dir);
      if (copiesToSay) log(servedDistMessages.copies(name, dirname(home), copiesToSay, Math.round(copiedBytes / 1024 ** 2)));
      copiesToSay = undefined;
      return dir;
    } catch (error) {
      removeInTime(dir);
      throw error;
    }
  };
  let current = distDir;
  const release = (dir: string): void => {
    if (dir !== distDir && dir !== current) removeInTime(dir);
  };
  // The build there now; taken again when a build began or ended meanwhile (a few times, then as it is).
  let identity = await recordIdentity(record);
  for (let tries = 1; ; tries += 1) {
    let taken: string | undefined;
    let failure: unknown;
    try {
      taken = await snapshot();
    } catch (error) {
      failure = error;
    }
    const after = await recordIdentity(record);
    if (after !== identity && tries < START_TRIES) {
      if (taken) release(taken);
      identity = after;
      continue;
    }
    if (taken) current = taken;
    // dist/ as it is, rather than nothing.
    else log(servedDistMessages.cannotTake(name, (failure as Error).message));
    break;
  }
  if (identity === 'none') log(servedDistMessages.noRecord(name));
  if (home) process.once('exit', () => removeAfterExit(home));
  let timer: NodeJS.Timeout | undefined;
  /** The last build that could not be served: not tried again. */
  let failed: string | undefined;

  const look = async (onBuild: (dir: string) => void | Promise<void>): Promise<void> => {
    const seen = await recordIdentity(record);
    // The snapshot served is gone (`npm ci` empties node_modules/): the same build is taken again.
    const lost = current !== distDir && !(await stat(current).catch(() => undefined));
    // No build finished since the one served, one is under way, or this one could not be served.
    if ((seen === identity && !lost) || seen === 'none' || (seen === failed && !lost)) return;
    let dir: string;
    try {
      dir = await snapshot();
    } catch (error) {
      // A build that began meanwhile took files away: the next look sees how it ended.
      if ((await recordIdentity(record)) !== seen) return;
      failed = seen;
      return log(servedDistMessages.cannotTake(name, (error as Error).message));
    }
    // Another build began (or ended) while the snapshot was made: it may hold some of its files.
    if ((await recordIdentity(record)) !== seen) return release(dir);
    try {
      await onBuild(dir);
    } catch (error) {
      failed = seen;
      release(dir);
      return log(servedDistMessages.cannotTake(name, (error as Error).message));
    }
    const same = seen === identity;
    const gone = current;
    identity = seen;
    current = dir;
    log(same ? servedDistMessages.lost(name, gone) : servedDistMessages.switched(name));
  };

  return {
    get dir() {
      return current;
    },
    watch(onBuild) {
      let looking = false;
      timer = setInterval(() => {
        if (looking) return;
        looking = true;
        void look(onBuild).finally(() => (looking = false));
      }, intervalMs);
      timer.unref();
    },
    release,
    stop() {
      clearInterval(timer);
    },
  };
}
