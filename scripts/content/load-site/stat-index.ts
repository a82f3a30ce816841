/**
 * The hash of each content file's text, kept with what `stat` said of the file when it was read
 * (its size, inode, and modification and change times to a fraction of a microsecond), as git's index keeps
 * them: while all of these stay the same, the text is the same, and need not be read again.
 *
 * A file changed twice within one tick of the file system's clock can keep its times and size
 * (git calls it "racily clean"): a stat taken less than `SETTLED_MS` after the file's last
 * change is not trusted, and the file is read again next time. The change time cannot be set by
 * hand (touch sets only the others), and a file replaced by a new one has another inode.
 *
 * Kept in a file of its own, written whole by each run (10,000 files make 1.5 MB) beside a
 * hash of the rest, under the key of the code that reads it: anything else found there is
 * ignored.
 */
import { hash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** How long after its last change a file's stat is trusted to tell its text. */
const SETTLED_MS = 2000;

export interface StatIndex {
  /**
   * The hash of `path`'s text, when its stat is the one kept with it; otherwise its stat now, to
   * be recorded with the hash of the text read after it (undefined when it has not settled).
   */
  lookup(path: string): { hash: string } | { stamp: string | undefined };
  /** Keeps `hash` for the text of `path` read after `lookup` gave `stamp`. */
  record(path: string, stamp: string | undefined, hash: string): void;
  /** The files looked up or recorded in this run, by path, each with its stamp and its text's hash. */
  known(): ReadonlyMap<string, { stamp: string; hash: string }>;
  /** Writes the index of the files looked up or recorded in this run (no others). */
  save(): void;
}

/** What stat says of a file that changes with its text, or undefined when it is no file (or has not settled, with `settled`). */
export function stampOf(path: string, settled: boolean): string | undefined {
  // Times in milliseconds with their fraction: a double holds them to a quarter of a microsecond, and reads faster than bigint.
  const stats = statSync(path, { throwIfNoEntry: false });
  if (!stats?.isFile()) return undefined;
  if (settled && Date.now() - Math.max(stats.mtimeMs, stats.ctimeMs) < SETTLED_MS) return undefined;
  return `${stats.size} ${stats.ino} ${stats.mtimeMs} ${stats.ctimeMs}`;
}

/** The sha256 of a text, in hex: the index's own sum, and the content hash the check cache keeps. */
export const sha256Hex = (text: string): string => hash('sha256', text);

/** The index kept in `path` for the code `key` names (see the file's comment). */
export function statIndex(path: string, key: string): StatIndex {
  const before = new Map<string, { stamp: string; hash: string }>();
  try {
    if (existsSync(path)) {
      const text = readFileSync(path, 'utf8');
      const end = text.indexOf('\n');
      const head = JSON.parse(text.slice(0, end)) as { key?: unknown; sum?: unknown };
      const rest = text.slice(end + 1);
      if (head.key === key && head.sum === sha256Hex(rest))
        for (const line of rest.split('\n')) {
          const [file, stamp, hash] = line.split('\t');
          if (file && stamp && hash) before.set(file, { stamp, hash });
        }
    }
  } catch {
    // Unreadable or not ours: every file is read again.
    before.clear();
  }
  const now = new Map<string, { stamp: string; hash: string }>();
  return {
    lookup(file) {
      const kept = before.get(file);
      if (kept && stampOf(file, false) === kept.stamp) {
        now.set(file, kept);
        return { hash: kept.hash };
      }
      // Taken before the text is read: a change while it is read gives the next run another stamp.
      return { stamp: stampOf(file, true) };
    },
    record(file, stamp, hash) {
      // A name with a tab or a line break would break the kept lines: such a file is read every time.
      if (stamp && !/[\t\n]/.test(file)) now.set(file, { stamp, hash });
    },
    known: () => now,
    save() {
      const rest = [...now].map(([file, { stamp, hash }]) => `${file}\t${stamp}\t${hash}`).join('\n');
      mkdirSync(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify({ key, sum: sha256Hex(rest) })}\n${rest}`);
      renameSync(temporary, path);
    },
  };
}
