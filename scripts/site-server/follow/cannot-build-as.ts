import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildFolders } from './build-folders';
import { followMessages } from './follow-messages';
import type { BuildUser } from './follow-settings';
import { runWithin } from './run-within';

/**
 * Why the builds cannot run as `user`, in a line, or undefined when they can: the user cannot be
 * become (no right to change users), or cannot reach a folder a build must read (its source
 * folder, the checkout's packages).
 */
export async function cannotBuildAs(folders: BuildFolders, checkout: string, user: BuildUser): Promise<string | undefined> {
  for (const path of [folders.source, join(checkout, 'node_modules')].filter(existsSync)) {
    const run = await runWithin('/bin/sh', ['-c', 'test -r "$1" && test -x "$1"', 'check', path], {
      cwd: '/',
      env: { PATH: '/usr/bin:/bin' },
      user,
      timeoutMs: 60_000,
    });
    if (run.startError) return followMessages.cannotBecome(user.name, run.startError.message);
    if (run.code !== 0) return followMessages.cannotReach(user.name, path);
  }
  return undefined;
}
