/**
 * Files of the checkout, looked at and written by project path, synchronously: publishing and
 * discarding look at a file and write it with nothing awaited in between, so a save made by the
 * editor in this process (synchronous too) lands wholly before the look or wholly after the
 * write, never between. Nothing here follows a link or writes beneath one, replaces a folder,
 * or opens anything but a regular file (a pipe is never waited on).
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What is at a path: a regular file's bytes, nothing, or something else (a folder, a link, a pipe). */
export type DiskState =
  | { kind: 'file'; bytes: Buffer }
  | { kind: 'none' }
  | { kind: 'folder'; empty: boolean }
  | { kind: 'link' }
  | { kind: 'special' }
  /** A folder on the way is a link or a file: `at` names it. */
  | { kind: 'astray'; at: string };

/** The first folder on the way to `path` that is no real folder (a link, a file), or undefined. */
function astray(root: string, path: string): string | undefined {
  const parts = path.split('/');
  for (let end = 1; end < parts.length; end += 1) {
    const at = parts.slice(0, end).join('/');
    const stats = lstatSync(join(root, at), { throwIfNoEntry: false });
    if (stats === undefined) return undefined;
    if (!stats.isDirectory()) return at;
  }
  return undefined;
}

/** What is at `path` (a project path) now. */
export function diskState(root: string, path: string): DiskState {
  const at = astray(root, path);
  if (at !== undefined) return { kind: 'astray', at };
  const file = join(root, path);
  const stats = lstatSync(file, { throwIfNoEntry: false });
  if (stats === undefined) return { kind: 'none' };
  if (stats.isSymbolicLink()) return { kind: 'link' };
  if (stats.isDirectory()) return { kind: 'folder', empty: readdirSync(file).length === 0 };
  if (!stats.isFile()) return { kind: 'special' };
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return { kind: 'special' };
  }
  try {
    return fstatSync(fd).isFile() ? { kind: 'file', bytes: readFileSync(fd) } : { kind: 'special' };
  } finally {
    closeSync(fd);
  }
}

/** Whether what is on disk is exactly `bytes` (null: nothing there). */
export const holds = (state: DiskState, bytes: Buffer | null): boolean =>
  bytes === null ? state.kind === 'none' : state.kind === 'file' && state.bytes.equals(bytes);
