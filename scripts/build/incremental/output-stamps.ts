/**
 * What the record keeps of each output file, so that the next build can tell a file changed or
 * deleted since (by hand, or by a build cut short) and write it again: its size and its
 * modification time (to a tenth of a microsecond), or nothing when it is gone.
 *
 * Why size and time, not a hash of the content: the build writes every file anew (a new file
 * renamed into place, replace-file.ts), so a file it did not write keeps the time it had; a
 * hand edit gives it a new one. Reading the 30,517 files of a 10,061-page build (about 1.1 GB)
 * to hash them would take seconds on every build; listing and stat-ing them took 0.5-1 s here
 * with the two cores loaded (load average 7-9), a fraction of that idle. A hard link keeps both
 * (the follower starts a build's folder as links to the one served); a copy that does not keep
 * the time counts as changed and is written again, which costs time, never correctness.
 * They are taken by output-stamps-taken.mjs, plain JavaScript that a thread runs as it is.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { outputStamps as stampsTaken, stampOf } from './output-stamps-taken.mjs';

/** Every file of a build's output folder, by its path there, as its stamp; the build's own folder (.build/, the record) left out. */
export const outputStamps = (outDir: string): Record<string, string> => stampsTaken(outDir);

/**
 * `stamps` of the folder as it was, with the files in `touched` (written or removed since) looked
 * at again: an incremental build knows what it wrote, and need not list 30,000 files twice.
 */
export function restamped(outDir: string, stamps: Record<string, string>, touched: Iterable<string>): Record<string, string> {
  const now = { ...stamps };
  for (const file of touched) {
    const stamp = stampOf(join(outDir, file));
    if (stamp) now[file] = stamp;
    else delete now[file];
  }
  return now;
}

/**
 * outputStamps of `outDir`, taken on a thread of its own (output-stamps-taken.mjs) while this one goes
 * on; when the thread fails, they are taken here instead (and fail as outputStamps does).
 */
export function outputStampsAside(outDir: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./output-stamps-taken.mjs', import.meta.url), { workerData: outDir });
    let answered = false;
    const answer = (stamps: () => Record<string, string>): void => {
      if (answered) return;
      answered = true;
      void worker.terminate();
      try {
        resolve(stamps());
      } catch (error) {
        reject(error);
      }
    };
    worker.once('message', (stamps: Record<string, string>) => answer(() => stamps));
    worker.once('error', () => answer(() => outputStamps(outDir)));
    worker.once('exit', () => answer(() => outputStamps(outDir)));
  });
}
