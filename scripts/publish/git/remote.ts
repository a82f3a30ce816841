/**
 * Where a publish goes: git's upstream of the checked-out branch, else a setting naming a remote
 * and a branch. Both are read as data and checked before git ever sees them: a branch named
 * "-f" (git refuses to create one, but a hand-edited configuration or a setting can say
 * anything) is refused in words, never handed to git where it could be read as an option.
 */
import { type Repository, run } from './repository';

/** A remote and a branch of it, as a setting names them. */
export interface RemoteSetting {
  remote: string;
  branch: string;
}

/** Where commits are pushed, and the ref that follows the remote's branch here. */
export interface Remote extends RemoteSetting {
  /** Like refs/remotes/origin/main: what the remote's branch was when last fetched. */
  tracking: string;
}

/** Why a remote or branch name cannot be used, or undefined when it can. */
async function nameProblem(repo: Repository, { remote, branch }: RemoteSetting): Promise<string | undefined> {
  const remotes = (await run(repo, ['remote'])).stdout.split('\n').filter(Boolean);
  if (remote.startsWith('-') || !remotes.includes(remote))
    return `"${remote}" is not one of this checkout's remotes (${remotes.length > 0 ? remotes.join(', ') : 'it has none'}), so nothing can be pushed to it. Name one of them in the setting, or add it with git remote add.`;
  if (branch.startsWith('-'))
    return `The branch to publish to, "${branch}", starts with "-", which git does not allow in a branch name. Name another branch.`;
  // A full ref name is never an option; check-ref-format refuses "..", "@{", spaces, control characters and the like.
  const checked = await run(repo, ['check-ref-format', `refs/heads/${branch}`], { allowFailure: true });
  if (checked.code !== 0 || branch === '') return `"${branch}" is not a name git allows for a branch. Name another branch.`;
  return undefined;
}

/** A configuration value, or '' when it is not set. */
const config = async (repo: Repository, key: string): Promise<string> =>
  (await run(repo, ['config', '--get', key], { allowFailure: true })).stdout.trim();

/**
 * Where this checkout publishes: git's upstream of its branch (branch.<name>.remote and .merge),
 * else `setting`; null when there is neither (publishing then commits and stops); a string
 * saying why, when the one named cannot be used.
 */
export async function remoteOf(repo: Repository, setting?: RemoteSetting): Promise<Remote | null | string> {
  const branch = (await run(repo, ['symbolic-ref', '--short', '-q', 'HEAD'], { allowFailure: true })).stdout.trim();
  const [remote, merge] = branch
    ? await Promise.all([config(repo, `branch.${branch}.remote`), config(repo, `branch.${branch}.merge`)])
    : ['', ''];
  if (remote && merge && remote !== '.') {
    if (!merge.startsWith('refs/heads/'))
      return `Git's upstream of the branch ${branch} is ${merge}, which is no branch: set it to a branch of ${remote} (git branch --set-upstream-to).`;
    const upstream = { remote, branch: merge.slice('refs/heads/'.length) };
    const problem = await nameProblem(repo, upstream);
    if (problem) return problem;
    // Where git keeps the remote's branch follows the remote's fetch setting: git works it out.
    const tracking = (await run(repo, ['rev-parse', '--symbolic-full-name', '@{upstream}'], { allowFailure: true })).stdout.trim();
    return {
      ...upstream,
      tracking: tracking.startsWith('refs/remotes/') ? tracking : `refs/remotes/${upstream.remote}/${upstream.branch}`,
    };
  }
  if (!setting) return null;
  const problem = await nameProblem(repo, setting);
  return problem ?? { ...setting, tracking: `refs/remotes/${setting.remote}/${setting.branch}` };
}

/** The arguments of `git fetch` that bring the remote's branch into its tracking ref, and nothing else (no tags, no FETCH_HEAD). */
export const fetchBranchArgs = (remote: Remote): string[] => [
  'fetch',
  '--quiet',
  '--no-tags',
  '--no-write-fetch-head',
  '--',
  remote.remote,
  `+refs/heads/${remote.branch}:${remote.tracking}`,
];
