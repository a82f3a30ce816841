/**
 * One publish at a time in a checkout. Publishing moves HEAD, the person's index and files on
 * disk, so two at once (two tabs, two editors on one folder) would interleave. Within a process
 * they queue; across processes a lock file under the git folder names its holder (process id,
 * machine and a nonce), and a lock whose process is gone (an editor killed midway) is taken over.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { linkSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';

/** How long a publish waits for another one before giving up. */
const WAIT_MS = 120_000;
const POLL_MS = 25;

/** Thrown when another publish held the checkout for longer than a publish waits. */
export class PublishBusy extends Error {}

const queues = new Map<string, Promise<unknown>>();
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

async function acquire(lock: string): Promise<() => void> {
  const nonce = randomBytes(8).toString('hex');
  const mine = `${process.pid} ${hostname()} ${nonce}`;
  const until = Date.now() + WAIT_MS;
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
    else if (Date.now() > until) throw new PublishBusy('Another publish has been under way for two minutes; try again when it ends.');
    else await pause(POLL_MS);
  }
}

/** Runs `work` holding the publish lock of the checkout whose git folder is `gitDir`. */
export async function withPublishLock<T>(gitDir: string, work: () => Promise<T>): Promise<T> {
  const lock = join(gitDir, 'editor-publish.lock');
  const before = queues.get(lock) ?? Promise.resolve();
  const turn = before
    .catch(() => undefined)
    .then(async () => {
      const release = await acquire(lock);
      try {
        return await work();
      } finally {
        release();
      }
    });
  queues.set(lock, turn);
  try {
    return await turn;
  } finally {
    if (queues.get(lock) === turn) queues.delete(lock);
  }
}
