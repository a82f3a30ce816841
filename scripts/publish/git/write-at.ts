/**
 * Writing files of the checkout by project path, synchronously, as disk-state.ts looks at them
 * (its note says why): a file is written whole, or removed, never through a link.
 */
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `bytes` at `path` whole: into a new file beside it, then renamed over it (a link or an
 * empty folder at the path itself is replaced, never followed). The folders on the way are made
 * when missing; call only when diskState said none is astray.
 */
export function writeAt(root: string, path: string, bytes: Buffer | string): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  const stats = lstatSync(file, { throwIfNoEntry: false });
  if (stats?.isDirectory()) rmdirSync(file);
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temporary, bytes, { flag: 'wx' });
  try {
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Removes the file or link at `path` (never what a link leads to, never a folder but an empty one). */
export function removeAt(root: string, path: string): void {
  const file = join(root, path);
  const stats = lstatSync(file, { throwIfNoEntry: false });
  if (stats?.isDirectory()) rmdirSync(file);
  else if (stats) rmSync(file);
}
