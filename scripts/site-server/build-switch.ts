import type { SiteServer } from './site-server';
import { listFiles } from './static-site';

/**
 * How long the build before a switch still serves its assets: a page loaded just before the
 * switch asks for its scripts and styles after it, by names the new build may not have.
 */
const PREVIOUS_BUILD_MS = 60_000;

/**
 * Switches `server`, which serves the build in `first`, to each finished build it is given, in
 * one step (site-server.ts, serveBuild), once it has listed the build's files without blocking.
 * Switches happen one after the other, in the order they are asked for. The build before keeps
 * serving its assets for `graceMs` (unless another switch comes first); once no request reads
 * from it any more, `onReleased` is told its folder, which may then be removed. A build that
 * cannot be read rejects, and the server keeps serving what it served.
 */
export function buildSwitch(
  server: SiteServer,
  first: string,
  onReleased: (dir: string) => void,
  graceMs = PREVIOUS_BUILD_MS,
): (dir: string) => Promise<void> {
  let current = first;
  let last: Promise<void> = Promise.resolve();
  const switchTo = async (dir: string): Promise<void> => {
    const files = await listFiles(dir);
    const before = current;
    server.serveBuild(dir, files);
    current = dir;
    setTimeout(() => {
      if (current === dir) server.forgetPrevious();
    }, graceMs).unref();
    if (before !== dir) void server.released(before).then(() => onReleased(before));
  };
  return (dir) => {
    const done = last.then(() => switchTo(dir));
    // The next switch waits for this one, whether or not it succeeded.
    last = done.catch(() => undefined);
    return done;
  };
}
