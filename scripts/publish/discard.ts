/**
 * Discard: a changed file's changes that are in no commit yet are dropped, and the file is again
 * as this checkout's last commit has it: the published version, or, when a commit made here is
 * not yet pushed, that commit's. A file made since is removed; one deleted since comes back; a
 * file renamed since is back under its old name. Nothing but the file (and a rename's other
 * name) is touched: not the person's index, not another file, not a commit.
 */
import { rmSync } from 'node:fs';
import type { DiscardResult } from '../../src/types/publishing';
import { join } from 'node:path';
import { scanChanges } from './changes';
import { PublishBusy, withPublishLock } from './publish-lock';
import { commitOf, isContentPath, openRepository, type Repository, run } from './repository';

export type { DiscardResult };

/** Whether the commit has a file at `path`. */
async function hasFile(repo: Repository, commit: string | null, path: string): Promise<boolean> {
  if (commit === null) return false;
  return (await run(repo, ['cat-file', '-e', `${commit}:${path}`], { allowFailure: true })).code === 0;
}

/** Drops the changes to `path` that are on disk only (see the file's header); refused in words when there are none. */
export async function discard(root: string, path: string): Promise<DiscardResult> {
  const repo = await openRepository(root);
  if (typeof repo === 'string') return { status: 'refused', message: repo };
  if (!isContentPath(path)) return { status: 'refused', message: 'Only files inside pages/ and public/media/ can be discarded.' };
  try {
    return await withPublishLock(repo.gitDir, async () => {
      const scan = await scanChanges(repo);
      const change = scan.changes.find((each) => each.path === path);
      if (!change?.uncommitted)
        return {
          status: 'refused',
          message: change
            ? `${path} has no change that is not in this folder's history already: publish it instead.`
            : `${path} has no change to discard.`,
        } as const;
      const head = await commitOf(repo, 'HEAD');
      const paths = [path, ...(change.from ? [change.from] : [])].filter((each) => scan.uncommitted.has(each));
      const restored: string[] = [];
      const removed: string[] = [];
      for (const each of paths) {
        if (await hasFile(repo, head, each)) {
          // From the last commit into the folder only: the person's index is left as it is.
          await run(repo, ['restore', '--source=HEAD', '--worktree', '--', each]);
          restored.push(each);
        } else {
          rmSync(join(repo.root, each), { force: true });
          removed.push(each);
        }
      }
      return { status: 'discarded', restored, removed } as const;
    });
  } catch (error) {
    if (error instanceof PublishBusy) return { status: 'refused', message: error.message };
    throw error;
  }
}
