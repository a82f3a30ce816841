/**
 * Discard: a changed file's changes that are in no commit yet are dropped, and the file is again
 * as this checkout's last commit has it: the published version, or, when a commit made here is
 * not yet pushed, that commit's. A file made since is removed; one deleted since comes back; a
 * file renamed since is back under its old name. Nothing but the file (and a rename's other
 * name) is touched: not the person's index, not another file, not a commit.
 *
 * Some changes cannot be dropped that way without losing work or reaching beyond the file, and
 * are refused in words with nothing changed: bringing back a link (the editor never makes one,
 * in pages/ or public/), putting a file where there is now a folder holding work never
 * published, or writing beneath a folder that is now a link or a file. Every path is looked at
 * first, then all are written, with nothing awaited in between (disk-state.ts, write-at.ts).
 */
import { setupProblem } from '../setup-problem';
import { pageWords } from '../page-words';
import type { DiscardResult } from '../../../src/content/publishing-types';
import { scanChanges } from './list-changes';
import { diskState } from '../git/disk-state';
import { removeAt, writeAt } from '../git/write-at';
import { DeadlineSettingError, type PublishDeadlines, publishDeadlines } from '../publish-deadlines';
import { PublishBusy, withPublishLock } from '../with-publish-lock';
import { commitOf, isContentPath, nulSplit, openRepository, type Repository, run } from '../git/repository';

export type { DiscardResult };

/** What the last commit has at a path: a regular file's bytes, a link or anything else git keeps, or nothing. */
type Kept = { kind: 'file'; bytes: Buffer } | { kind: 'link' } | { kind: 'other' } | { kind: 'none' };

/** What `commit` has at each of `paths`. */
async function keptAt(repo: Repository, commit: string | null, paths: string[]): Promise<Map<string, Kept>> {
  const kept = new Map<string, Kept>(paths.map((path) => [path, { kind: 'none' }]));
  if (commit === null) return kept;
  for (const line of nulSplit((await run(repo, ['ls-tree', '-z', '--full-tree', commit, '--', ...paths])).stdout)) {
    // "<mode> <type> <object>\t<path>"
    const [info = '', path = ''] = line.split('\t');
    const [mode = '', , object = ''] = info.split(' ');
    if (!kept.has(path)) continue;
    if (mode === '120000') kept.set(path, { kind: 'link' });
    else if (mode === '100644' || mode === '100755')
      kept.set(path, { kind: 'file', bytes: (await run(repo, ['cat-file', 'blob', object], { binary: true })).bytes ?? Buffer.alloc(0) });
    else kept.set(path, { kind: 'other' });
  }
  return kept;
}

/** Why `path` cannot be brought back to `kept`, or undefined when it can (looked at now, on disk). */
function refusalFor(root: string, path: string, kept: Kept): string | undefined {
  if (kept.kind === 'link')
    return `${pageWords(path, true)} was kept somewhere else (behind a link) in the published site, and Discard never brings that back: nothing was changed.`;
  if (kept.kind === 'other')
    return `${pageWords(path, true)} is no page in the published site, so Discard cannot bring it back: nothing was changed.`;
  const now = diskState(root, path);
  if (now.kind === 'astray')
    return `${pageWords(path, true)} cannot be brought back: what holds it on this computer was replaced by something else, and Discard touches nothing but the page. Nothing was changed; ask whoever looks after the site's files.`;
  if (now.kind === 'folder' && !now.empty)
    return `${pageWords(path, true)} now holds pages that were never published, which Discard would delete: nothing was changed. Discard those pages one by one instead.`;
  if (now.kind === 'special') return `${pageWords(path, true)} is no page now, so Discard leaves it alone: nothing was changed.`;
  return undefined;
}

/** Drops the changes to `path` that are on disk only (see the file's header); refused in words when there are none. */
export async function discard(root: string, path: string, options: { deadlines?: Partial<PublishDeadlines> } = {}): Promise<DiscardResult> {
  const repo = await openRepository(root);
  if (typeof repo === 'string') return { status: 'refused', message: setupProblem(repo) };
  if (!isContentPath(path))
    return {
      status: 'refused',
      message: 'Only changes to pages, entries, the menus, footer and site settings, and pictures can be discarded.',
    };
  try {
    const { waitMs } = publishDeadlines(options.deadlines);
    return await withPublishLock(
      repo.gitDir,
      async () => {
        const scan = await scanChanges(repo);
        const change = scan.changes.find((each) => each.path === path);
        if (!change?.uncommitted)
          return {
            status: 'refused',
            message: change
              ? `${pageWords(path, true)} has nothing left to discard: its change is set aside here to be published. Publish it instead.`
              : `${pageWords(path, true)} has no change to discard.`,
          } as const;
        const head = await commitOf(repo, 'HEAD');
        const paths = [path, ...(change.from ? [change.from] : [])].filter((each) => scan.uncommitted.has(each));
        const kept = await keptAt(repo, head, paths);
        // From the first look to the last write, nothing is awaited: a save in this process lands before or after, not between.
        for (const each of paths) {
          const refused = refusalFor(repo.root, each, kept.get(each) ?? { kind: 'none' });
          if (refused) return { status: 'refused', message: refused } as const;
        }
        const restored: string[] = [];
        const removed: string[] = [];
        for (const each of paths) {
          const version = kept.get(each);
          if (version?.kind === 'file') {
            writeAt(repo.root, each, version.bytes);
            restored.push(each);
          } else {
            removeAt(repo.root, each);
            removed.push(each);
          }
        }
        return { status: 'discarded', restored, removed } as const;
      },
      waitMs,
    );
  } catch (error) {
    if (error instanceof PublishBusy || error instanceof DeadlineSettingError) return { status: 'refused', message: error.message };
    throw error;
  }
}
