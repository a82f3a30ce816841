import { COMMITS_KEPT } from './commit-states';
import type { FollowGit } from './follow-git';

/**
 * The commits a build of `commit` brings that the build of `since` did not (`git rev-list
 * since..commit`), oldest first and `commit` last; with no `since`, `commit` and those before
 * it. At most as many as the follower remembers (commit-states.ts): the newest of them. When git
 * cannot say (a commit gone from the repository), `commit` alone.
 */
export async function commitRange(git: FollowGit, commit: string, since: string | undefined): Promise<string[]> {
  const listed = await git(['rev-list', `--max-count=${COMMITS_KEPT}`, commit, ...(since ? [`^${since}`] : []), '--'], {
    allowFailure: true,
  }).catch(() => undefined);
  if (listed?.code !== 0) return [commit];
  const commits = listed.stdout.trim().split('\n').filter(Boolean).reverse();
  // The commit is last (rev-list gives it first), and there when `since` holds it (the branch moved back).
  return [...commits.filter((each) => each !== commit), commit];
}
