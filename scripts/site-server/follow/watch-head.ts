import { type FSWatcher, watch } from 'node:fs';
import { join } from 'node:path';
import type { FollowGit } from './follow-git';

/** How long after git writes HEAD's log the branch is asked for: git moves the branch just after. */
const HEAD_SETTLE_MS = 50;

/**
 * Calls `moved` soon after git writes HEAD or its log (a commit, a pull, a checkout), so that a
 * new commit is seen in moments rather than at the next poll; the polls stay, for whatever a
 * watch misses (a file system without change events, a branch moved without a log). Git writes
 * the log just before the branch itself: `moved` waits a little for it.
 */
export async function watchHead(git: FollowGit, moved: () => void): Promise<() => void> {
  const found = await git(['rev-parse', '--absolute-git-dir'], { allowFailure: true }).catch(() => undefined);
  if (found?.code !== 0) return () => undefined;
  const gitDir = found.stdout.trim();
  let soon: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = [];
  for (const dir of [gitDir, join(gitDir, 'logs')])
    try {
      const watcher = watch(dir, (_event, name) => {
        if (name !== 'HEAD' || soon) return;
        soon = setTimeout(() => {
          soon = undefined;
          moved();
        }, HEAD_SETTLE_MS);
      });
      watcher.on('error', () => watcher.close());
      watchers.push(watcher);
    } catch {
      // No such folder (no log yet), or no watching here: the polls see the commit.
    }
  return () => {
    clearTimeout(soon);
    for (const watcher of watchers) watcher.close();
  };
}
