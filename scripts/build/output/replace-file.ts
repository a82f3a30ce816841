/**
 * How the build writes every file of the site: into a file of its own beside it, then renamed
 * over it. A file is never opened for writing where it lies, for two reasons:
 * - the follower seeds a new build's folder with hard links to the files of the one served
 *   (scripts/site-server/follow/follow-branch.ts): a file written in place through such a link would change
 *   the served build too, while a rename only changes which file the new folder's name leads to;
 * - a request for a page during a build gets the old page or the new one, never half of one.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';

/** A name beside `path` that no other thread or process of a build writes at the same time. */
const temporaryName = (path: string): string => `${path}.${process.pid}-${threadId}.tmp`;

/** Replaces (or creates) the file at `path` with `content`. */
export function replaceFile(path: string, content: string | Uint8Array): void {
  const temporary = temporaryName(path);
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

/** replaceFile, without blocking the thread: for many files at once. */
export async function replaceFileAsync(path: string, content: string | Uint8Array): Promise<void> {
  const temporary = temporaryName(path);
  await writeFile(temporary, content);
  await rename(temporary, path);
}
