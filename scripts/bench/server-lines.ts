/** A server's lines as a benchmark reads them (scripts/bench/follow.ts): each with when it came. */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Said {
  line: string;
  /** performance.now() when it was read. */
  at: number;
}

export interface ServerLines {
  /** Every line so far, in order. */
  said: Said[];
  /** The first line from index `from` on that `matches`; throws on a line that `fails`, an ended server, or after `ms`. */
  next(from: number, matches: (line: string) => boolean, fails: (line: string) => boolean, ms: number): Promise<Said>;
}

/** Reads `child`'s stdout and stderr line by line, as they come. */
export function serverLines(child: ChildProcess): ServerLines {
  const said: Said[] = [];
  const waiting = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr])
    if (stream)
      createInterface({ input: stream }).on('line', (line) => {
        said.push({ line, at: performance.now() });
        for (const wake of waiting) wake();
      });
  let ended = false;
  child.on('exit', () => {
    ended = true;
    for (const wake of waiting) wake();
  });
  const all = (from = 0): string =>
    said
      .slice(from)
      .map(({ line }) => line)
      .join('\n');
  return {
    said,
    async next(from, matches, fails, ms) {
      const until = performance.now() + ms;
      for (;;) {
        const found = said.slice(from).find(({ line }) => matches(line) || fails(line));
        if (found && matches(found.line)) return found;
        if (found) {
          // The lines after it are what the build said.
          await new Promise((resolve) => setTimeout(resolve, 500));
          throw new Error(`The follower said:\n${all(said.indexOf(found))}`);
        }
        if (ended) throw new Error(`The server stopped:\n${all()}`);
        if (performance.now() > until) throw new Error(`Nothing came within ${ms / 1000} s:\n${all()}`);
        await new Promise<void>((resolve) => {
          const wake = (): void => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 1000);
          waiting.add(wake);
        });
      }
    },
  };
}
