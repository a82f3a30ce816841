/**
 * The follower fetches the branch it follows from its remote itself, so that a commit pushed
 * there (an editor's publish from another machine) goes live with no `git pull` timer beside the
 * server. By default the branch is the upstream of the checked-out branch; FOLLOW_REMOTE and
 * FOLLOW_BRANCH name another (follow-settings.ts). Every few seconds it fetches that one branch
 * into its remote-tracking ref and fast-forwards the checkout to it: never a merge, never over
 * local changes (git refuses to overwrite them, and no stash is made), never a hook. The
 * follower sees HEAD move as it sees a local commit (watch-head.ts) and builds it. A checkout it
 * cannot fast-forward (commits of its own the remote lacks, local changes in the way) is said
 * once, in one line, and left as it is; the site keeps serving what it serves.
 */
import { redact } from '../../text/redact';
import type { FollowGit } from './follow-git';
import { followMessages } from './follow-messages';
import { liveReasons } from './live-reasons';

/** The remote branch followed, and the ref its fetched commit is kept in. */
interface FollowedRemote {
  remote: string;
  branch: string;
  /** refs/remotes/<remote>/<branch>. */
  tracking: string;
}

/** The remote branch followed, with the way to fetch it and fast-forward the checkout to it. */
export interface RemoteFollower extends FollowedRemote {
  /**
   * Fetches the branch and fast-forwards the checkout to it when it can. Throws only as the
   * follower's git calls throw (a deadline passed, the server stopping).
   */
  update(): Promise<FetchOutcome>;
}

/** What a fetch came to: nothing to say when all is well (or there was nothing to do). */
export interface FetchOutcome {
  /** The line to say when something stands in the way. */
  said?: string;
  /** The fetched commit the checkout cannot be fast-forwarded to, and why, in the publisher's words (live-reasons.ts). */
  held?: { commit: string; reason: string };
}

/** The remote and branch named in the settings; either may be left to the upstream's. */
export interface RemoteSetting {
  remote?: string;
  branch?: string;
}

/**
 * Git's own limit on a fetch over HTTP: a transfer slower than 1 KB/s for 30 s is ended by git
 * itself, well within the follower's own limit on a git call.
 */
const FETCH_CONFIG = ['-c', 'http.lowSpeedLimit=1000', '-c', 'http.lowSpeedTime=30', '-c', 'fetch.recurseSubmodules=false'];

/**
 * What to fetch: the settings' remote and branch, or the checked-out branch's upstream on a
 * remote; a string saying why nothing is fetched when there is neither (the follower then
 * follows HEAD as it moves, as before).
 */
export async function followRemote(git: FollowGit, setting: RemoteSetting = {}): Promise<RemoteFollower | string | undefined> {
  const head = await git(['symbolic-ref', '-q', 'HEAD'], { allowFailure: true });
  const current = head.code === 0 ? head.stdout.trim() : undefined;
  let upstream: { remote: string; branch: string } | undefined;
  if (current) {
    const found = await git(['for-each-ref', '--format=%(upstream:remotename)%00%(upstream:remoteref)', '--', current]);
    const [remote = '', ref = ''] = found.stdout.trim().split('\0');
    // "." is an upstream in the same repository: nothing to fetch.
    if (remote && remote !== '.' && ref.startsWith('refs/heads/')) upstream = { remote, branch: ref.slice('refs/heads/'.length) };
  }
  const remote = setting.remote ?? upstream?.remote;
  if (!remote) {
    if (setting.branch)
      return `FOLLOW_BRANCH=${setting.branch} names no remote, and the checked-out branch has no upstream; set FOLLOW_REMOTE too`;
    return undefined;
  }
  const branch =
    setting.branch ??
    (upstream && upstream.remote === remote ? upstream.branch : current?.startsWith('refs/heads/') ? current.slice(11) : undefined);
  if (!branch) return `HEAD is detached, so FOLLOW_REMOTE=${remote} needs FOLLOW_BRANCH to say which branch to follow`;
  const followed = { remote, branch, tracking: `refs/remotes/${remote}/${branch}` };
  return { ...followed, update: () => fetchAndFastForward(git, followed) };
}

/** RemoteFollower's update: see there. */
async function fetchAndFastForward(git: FollowGit, followed: FollowedRemote): Promise<FetchOutcome> {
  const { remote, branch, tracking } = followed;
  const fetched = await git(
    [
      ...FETCH_CONFIG,
      'fetch',
      '--quiet',
      '--no-tags',
      // The editor fetches in this checkout too: the follower leaves FETCH_HEAD to it.
      '--no-write-fetch-head',
      '--',
      remote,
      `+refs/heads/${branch}:${tracking}`,
    ],
    { allowFailure: true },
  );
  if (fetched.code !== 0) return { said: followMessages.fetchFailed(remote, lastWords(fetched.stderr) || `exit code ${fetched.code}`) };
  // One git call for both: every fetch asks it, and most find nothing new.
  const both = await git(['rev-parse', '--revs-only', `${tracking}^{commit}`, 'HEAD^{commit}', '--'], { allowFailure: true });
  const [theirs = '', here = ''] = both.stdout.trim().split('\n');
  if (both.code !== 0 || !theirs || theirs === here) return {};
  const shown = `${remote}/${branch}`;
  // Tried first, since a pushed commit can nearly always be taken: only when it cannot is git
  // asked why. A checkout ahead of it (a publish made here, not pushed yet) is "already up to
  // date", and is left as it is.
  const merged = await git(['-c', 'core.hooksPath=/dev/null', 'merge', '--ff-only', '--no-autostash', '--quiet', theirs], {
    allowFailure: true,
  });
  if (merged.code === 0) return {};
  if ((await git(['merge-base', '--is-ancestor', '--', 'HEAD', theirs], { allowFailure: true })).code !== 0)
    return {
      said: followMessages.cannotFastForward(
        shown,
        theirs,
        `the checkout has commits of its own that ${shown} lacks, and the follower never merges. Push them, or reset the branch to ${shown}`,
      ),
      held: { commit: theirs, reason: liveReasons.checkoutAhead },
    };
  const words = lastWords(merged.stderr) || `git merge --ff-only ended with exit code ${merged.code}`;
  // Local changes in the way stay until someone acts; anything else (a lock another git call holds) passes with the next fetch.
  if (!/would be overwritten/.test(words)) return { said: followMessages.cannotFastForward(shown, theirs, words) };
  return {
    said: followMessages.cannotFastForward(shown, theirs, `${words}. Commit or discard the local changes in the way`),
    held: { commit: theirs, reason: liveReasons.localChanges },
  };
}

/** Git's message, in one line: its lines joined, without "error:" and "fatal:", and without a password an address may carry. */
function lastWords(stderr: string): string {
  return (
    redact(stderr)
      .split('\n')
      .map((line) => line.replace(/^(error|fatal|hint): /, '').trim())
      // Git's own advice ("Please commit your changes or stash them", "Aborting"): the line says what to do instead.
      .filter((line) => line && !/^(Aborting|Please commit your changes)/.test(line))
      .slice(0, 4)
      .join(' ')
      .replace(/\s+/g, ' ')
      .replace(/\.$/, '')
  );
}
