/**
 * The project as tests see it: its root, a scratch folder per test file, and the one way a
 * test runs one of its commands (`node --import tsx scripts/<command>.ts`, as `npm start` does).
 */
import { type ChildProcess, type SpawnOptions, type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '../..');

/** Node's arguments that run a TypeScript file of the project. */
export const TSX = ['--import', 'tsx'];

/** A new, empty folder for one test file's files under tests/.tmp/ (git ignores it), unique to this process. */
export function scratchFolder(name: string): string {
  const folder = join(root, 'tests/.tmp', name, String(process.pid));
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** A project command's path: "validate" is scripts/validate.ts; a path with a slash is taken as it is. */
const scriptOf = (command: string): string => (command.includes('/') ? command : join(root, 'scripts', `${command}.ts`));

/** Runs a project command to its end, its output read as text. */
export function runCommand(command: string, args: string[] = [], options: Omit<SpawnSyncOptions, 'encoding'> = {}) {
  return spawnSync(process.execPath, [...TSX, scriptOf(command), ...args], { cwd: root, ...options, encoding: 'utf8' });
}

/** Starts a project command and returns its process (a server, a watcher). */
export function startCommand(command: string, args: string[] = [], options: SpawnOptions = {}): ChildProcess {
  return spawn(process.execPath, [...TSX, scriptOf(command), ...args], { cwd: root, ...options });
}
