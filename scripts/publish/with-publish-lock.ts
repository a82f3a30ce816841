/**
 * One publish at a time in a checkout. Publishing moves HEAD, the person's index and files on
 * disk, so two at once (two tabs, two editors on one folder) would interleave. Within a process
 * they queue; across processes a lock file under the git folder names its holder (process id,
 * machine and a nonce), and a lock whose process is gone (an editor killed midway) is taken over.
 *
 * Nothing waits without limit: a request that has not had its turn within its wait (in the
 * queue and at the lock file together) is answered PublishBusy and leaves the queue, so a
 * publish held up by a server that never answers holds up no one for longer than that.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { publishDeadlines, seconds } from './publish-deadlines';

const POLL_MS = 25;

/** Thrown when another publish or discard held the checkout for longer than a request waits. */
export class PublishBusy extends Error {
  constructor(waitMs: number) {
    super(`Another publish or discard has been under way for more than ${seconds(waitMs)}, so nothing was changed: try again in a minute.`);
    this.name = 'PublishBusy';
  }
}

/** The end of each checkout's queue: it settles once every request in it has had its turn or left. */
const queues = new Map<string, Promise<void>>();
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** A lock with no holder written yet, this old, was left by a process that ended before it could write it. */
const UNWRITTEN_MS = 10_000;

/** Whether the holder a lock's text names is gone: its process ended on this machine. A holder elsewhere is taken to run. */
function holderGone(lock: string, text: string): boolean {
  if (text === '') return Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > UNWRITTEN_MS;
  const [pid, host] = text.split(' ');
  if (host !== hostname()) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Takes a lock left by a process that is gone: moved aside under a name of our own (only one
 * taker can move it), then removed if it is still the lock judged stale. Should another taker
 * have replaced it in between, what was moved is put back.
 */
function takeOver(lock: string, stale: string, nonce: string): void {
  const aside = `${lock}.${nonce}`;
  try {
    renameSync(lock, aside);
  } catch {
    return;
  }
  if (read(aside) !== stale) {
    try {
      linkSync(aside, lock);
    } catch {
      // A third publish took the lock meanwhile: the one moved aside ends here.
    }
  }
  rmSync(aside, { force: true });
}

async function acquire(lock: string, until: number, waitMs: number): Promise<() => void> {
  const nonce = randomBytes(8).toString('hex');
  const mine = `${process.pid} ${hostname()} ${nonce}`;
  for (;;) {
    try {
      writeFileSync(lock, mine, { flag: 'wx' });
      return () => {
        if (read(lock) === mine) rmSync(lock, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const held = read(lock);
    if (held !== undefined && holderGone(lock, held)) takeOver(lock, held, nonce);
    else if (Date.now() > until) throw new PublishBusy(waitMs);
    else await pause(POLL_MS);
  }
}

/** Whether `turn` settles within `ms`; the timer never outlives the wait. */
async function within(turn: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([turn.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Settles once every publish, discard or bring-in of this process has ended or left its queue:
 * an editor that is stopped waits for them, since one stopped between moving the checkout and
 * writing its files would leave those files behind the version, as if changed back by hand.
 */
export async function publishesSettled(): Promise<void> {
  // Those that joined a queue meanwhile too (a request already read from an open connection).
  while (queues.size > 0) await Promise.all([...queues.values()]);
}

/** Whether a publish, discard or bring-in of this process is under way or waiting. */
export const publishUnderWay = (): boolean => queues.size > 0;

/**
 * Runs `work` holding the publish lock of the checkout whose git folder is `gitDir`, after the
 * requests before it in this process; throws PublishBusy when that has not happened within
 * `waitMs` (PUBLISH_WAIT_SECONDS), and `work` then never runs.
 */
export async function withPublishLock<T>(gitDir: string, work: () => Promise<T>, waitMs = publishDeadlines().waitMs): Promise<T> {
  const lock = join(gitDir, 'editor-publish.lock');
  const until = Date.now() + waitMs;
  const before = queues.get(lock) ?? Promise.resolve();
  let leave = (): void => undefined;
  const mine = new Promise<void>((resolve) => {
    leave = resolve;
  });
  // The next request waits for this one to end or leave, and for those before it.
  const end = Promise.all([before, mine]).then(() => undefined);
  queues.set(lock, end);
  try {
    if (!(await within(before, waitMs))) throw new PublishBusy(waitMs);
    const release = await acquire(lock, until, waitMs);
    try {
      return await work();
    } finally {
      release();
    }
  } finally {
    leave();
    if (queues.get(lock) === end) queues.delete(lock);
  }
}
