import { fetchBranchArgs } from '../git/remote';
/**
 * Asking the site (the remote a publish goes to) what it has now, for the editor to tell the
 * person what colleagues published: a fetch of that one branch, bounded so that nothing a person
 * does waits on a slow or unreachable server. A checkout is fetched at most once every few
 * seconds (the pages open in its editor share it), never two at once, and never while a publish
 * holds the checkout (the publish fetches for itself): then what was fetched last is answered.
 */
import { GitTimeout } from '../git/git';
import type { Remote } from '../git/remote';
import { type Repository, run } from '../git/repository';
import { PublishBusy, withPublishLock } from '../with-publish-lock';

/** How long a fetch may take before it is ended: the person is told nothing rather than kept waiting. */
export const FETCH_MS = 8000;
/** A fetch newer than this is not made again: its answer is still news enough. */
const FRESH_MS = 5000;

/** Per checkout (its git folder): when it was last fetched, and the fetch under way. */
const fetches = new Map<string, { at: number; answered: boolean; running: Promise<boolean> | null }>();

/** One fetch of the remote's branch into its tracking ref; true when the site answered. */
async function fetchOnce(repo: Repository, remote: Remote, timeoutMs: number): Promise<boolean> {
  try {
    // Skipped, not awaited, while a publish holds the checkout: it fetches the same branch itself.
    return await withPublishLock(
      repo.gitDir,
      async () => (await run(repo, fetchBranchArgs(remote), { allowFailure: true, timeoutMs })).code === 0,
      0,
    );
  } catch (error) {
    if (error instanceof GitTimeout || error instanceof PublishBusy) return false;
    throw error;
  }
}

/**
 * Fetches `remote`'s branch unless that was done in the last few seconds (or is being done);
 * true when the tracking ref holds what the site answered now or a few seconds ago, false when
 * the site could not be asked (offline, slow, busy). Never throws for a server that fails.
 */
export async function fetchSite(repo: Repository, remote: Remote, timeoutMs = FETCH_MS): Promise<boolean> {
  const known = fetches.get(repo.gitDir);
  if (known?.running) return known.running;
  // A server that did not answer is not asked again for a few seconds either.
  if (known && Date.now() - known.at < FRESH_MS) return known.answered;
  const running = fetchOnce(repo, remote, timeoutMs).catch(() => false);
  fetches.set(repo.gitDir, { at: known?.at ?? 0, answered: known?.answered ?? false, running });
  const answered = await running;
  fetches.set(repo.gitDir, { at: Date.now(), answered, running: null });
  if (fetches.size > 100) fetches.delete(fetches.keys().next().value as string);
  return answered;
}
