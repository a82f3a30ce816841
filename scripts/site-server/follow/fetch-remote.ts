/**
 * The follower's fetching: every few seconds, the followed remote branch is fetched and the
 * checkout fast-forwarded to it (follow-remote.ts), then the follower is asked to look at HEAD.
 * Each problem is said once, until it changes. A fetched commit the checkout cannot take stands
 * as building for a while, then is refused with the commits it brings, until the checkout can
 * take it: not at once, since an editor publishing in this checkout is between its commit and
 * its merge for a moment.
 *
 * A question to /_live about a commit not seen (commit-states.ts: the editor asks at once after a
 * publish's push) fetches soon rather than at the next turn: at once, or right after the fetch
 * under way (which may have asked the remote just before the push), yet never sooner than
 * NUDGE_GAP_MS after the fetch before, so that however many ask, a public address makes the
 * follower fetch at most once a second more.
 */
import { commitRange } from './commit-range';
import type { CommitStates } from './commit-states';
import type { FollowGit } from './follow-git';
import { followMessages } from './follow-messages';
import { type FetchOutcome, followRemote, type RemoteSetting } from './follow-remote';

export interface FetchRemoteOptions {
  git: FollowGit;
  /** The remote and branch to follow, when not the checked-out branch's upstream. */
  remote: RemoteSetting | undefined;
  /** How often to fetch; 0 or less: never. */
  intervalMs: number;
  /** How long a commit the checkout cannot take stands as building before it is refused. */
  heldAfterMs: number;
  states: CommitStates;
  log: (line: string) => void;
  /** Whether the follower has stopped. */
  stopped: () => boolean;
  /**
   * Whether the follower trusts a commit yet: no fetch before, so that the commit checked out at
   * start, whose code the server runs, is the first trusted one, never a commit fetched.
   */
  trusting: () => boolean;
  /** Called after each fetch, for the follower to ask git which commit HEAD is. */
  moved: () => void;
}

/** The shortest time between the start of a fetch and that of a fetch someone's question brings about. */
export const NUDGE_GAP_MS = 1000;

/** Starts fetching (see the file's comment); resolves with the way to stop it, which waits for a fetch under way. */
export async function fetchRemote(options: FetchRemoteOptions): Promise<() => Promise<void>> {
  const { git, intervalMs, heldAfterMs, states, log, stopped, trusting, moved } = options;
  if (intervalMs <= 0 || stopped()) return async () => undefined;
  const followed = await followRemote(git, options.remote).catch(() => undefined);
  if (typeof followed === 'string') log(followMessages.noRemoteBranch(followed));
  if (!followed || typeof followed === 'string') return async () => undefined;
  log(followMessages.fetching(followed.remote, followed.branch, intervalMs / 1000));
  let fetching: Promise<void> | undefined;
  let said: string | undefined;
  let heldSince: { commit: string; at: number } | undefined;
  /** When the last fetch started; a fetch asked for meanwhile; the timer of one asked for. */
  let startedAt = Number.NEGATIVE_INFINITY;
  let again = false;
  let soon: NodeJS.Timeout | undefined;
  const fetchNow = (): void => {
    if (stopped() || fetching || !trusting()) return;
    startedAt = Date.now();
    fetching = followed
      .update()
      .catch((error: Error): FetchOutcome => (stopped() ? {} : { said: followMessages.fetchFailed(followed.remote, error.message) }))
      .then(async ({ said: line, held }) => {
        if (line && line !== said) log(line);
        said = line;
        if (!held) heldSince = undefined;
        else if (states.of(held.commit)?.state !== 'refused') {
          if (heldSince?.commit !== held.commit) heldSince = { commit: held.commit, at: Date.now() };
          const range = await commitRange(git, held.commit, 'HEAD');
          if (Date.now() - heldSince.at >= heldAfterMs) states.held(range, held.reason);
          else states.building(range);
        }
        moved();
      })
      .finally(() => {
        fetching = undefined;
        if (again) {
          again = false;
          fetchSoon();
        }
      });
  };
  /** A fetch asked for by a question about a commit not seen: see the file's comment. */
  const fetchSoon = (): void => {
    if (stopped() || soon) return;
    if (fetching) {
      again = true;
      return;
    }
    soon = setTimeout(
      () => {
        soon = undefined;
        // A turn of the interval may have begun a fetch meanwhile: this one comes after it.
        if (fetching) again = true;
        else fetchNow();
      },
      Math.max(0, startedAt + NUDGE_GAP_MS - Date.now()),
    );
  };
  const fetchTimer = setInterval(fetchNow, intervalMs);
  const unlisten = states.onAskedUnseen(fetchSoon);
  fetchNow();
  return async () => {
    clearInterval(fetchTimer);
    clearTimeout(soon);
    unlisten();
    await fetching;
  };
}
