/**
 * Bringing colleagues' published changes into this checkout, for a page whose draft is to take
 * them in: the site is fetched, and when everything published from here is on it already, the
 * checkout moves to what the site has, as after a publish (push-commits.ts followTip: a file
 * not changed here is written as the site has it, one saved here gets the site's changes merged
 * in, its own values kept). The editor then merges the page's draft itself, block by block, with
 * `base` (the page as this checkout had it) and `theirs` (the site's), asking where both changed
 * a field. Its next publish starts from the site's version, so it does not meet them again.
 */
import type { BroughtIn } from '../../../src/content/colleague-types';
import { GitTimeout } from '../git/git';
import { remoteOf, fetchBranchArgs } from '../git/remote';
import { commitOf, openRepository, run, textAt } from '../git/repository';
import { publishDeadlines } from '../publish-deadlines';
import { followTip } from '../push-commits';
import { PublishBusy, withPublishLock } from '../with-publish-lock';

/** The checkout's change, without the disk's hash and text, which the editor's workspace reads. */
export type Brought = { status: 'brought'; base: string | null; theirs: string } | Extract<BroughtIn, { status: 'refused' }>;

const refused = (message: string): Brought => ({ status: 'refused', message });

/** Said when the site cannot be asked now. */
const OFFLINE =
  'The published site could not be reached just now, so nothing was brought in: your changes are as they were. Try again in a minute.';

/** Brings what the site has into the checkout at `root`, for the page `path` (see above); nothing changes when it is refused. */
export async function bringIn(root: string, path: string): Promise<Brought> {
  const repo = await openRepository(root);
  if (typeof repo === 'string') return refused('Publishing is not set up for this site, so there is nothing to bring in.');
  const remote = await remoteOf(repo);
  if (remote === null || typeof remote === 'string')
    return refused('Publishing is not set up for this site, so there is nothing to bring in.');
  const { remoteMs, waitMs } = publishDeadlines();
  try {
    return await withPublishLock(
      repo.gitDir,
      async () => {
        const fetched = await run(repo, fetchBranchArgs(remote), { allowFailure: true, timeoutMs: remoteMs });
        if (fetched.code !== 0) return refused(OFFLINE);
        const [head, site] = await Promise.all([commitOf(repo, 'HEAD'), commitOf(repo, remote.tracking)]);
        if (!head || !site) return refused(OFFLINE);
        const theirs = await textAt(repo, site, path);
        if (theirs === null) return refused('This page is no longer on the published site, so there is no change of it to bring in.');
        const base = await textAt(repo, head, path);
        const ancestor = async (older: string, newer: string) =>
          (await run(repo, ['merge-base', '--is-ancestor', older, newer], { allowFailure: true })).code === 0;
        // Nothing on the site that is not here: nothing to merge (the site's older version is no change of theirs).
        if (await ancestor(site, head)) return { status: 'brought', base: theirs, theirs };
        if (!(await ancestor(head, site)))
          return refused(
            'Some changes published from here earlier have not reached the site yet: publish them from Changes first, which brings your colleagues’ changes in with them.',
          );
        const moved = await run(repo, ['update-ref', '-m', `bring in: ${remote.remote}/${remote.branch}`, 'HEAD', site, head], {
          allowFailure: true,
        });
        if (moved.code !== 0) return refused('Someone published or brought in a change just now, so nothing was brought in: try again.');
        await followTip(repo, head, site);
        return { status: 'brought', base, theirs };
      },
      waitMs,
    );
  } catch (error) {
    if (error instanceof GitTimeout) return refused(OFFLINE);
    if (error instanceof PublishBusy) return refused(error.message);
    throw error;
  }
}
