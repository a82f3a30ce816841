/**
 * What became of each commit the follower has seen, kept in memory for the site server's
 * `/_live` address (live-status.ts) to answer: the editor asks it whether a publish is live
 * yet. Nothing here is written to disk, so nothing of it can be served as a file, and nothing
 * here runs git: the follower tells it what it learned, and a request only reads (and, for a
 * commit not seen, tells the follower's fetching that a publish may have just been pushed).
 */

/** Where a commit stands. 'unknown' is never stored: it is what a commit not (yet) seen is. */
type CommitState = 'live' | 'building' | 'refused' | 'failed';

interface CommitRecord {
  state: CommitState;
  /** When it came to be in this state (ms since the epoch). */
  at: number;
  /** Why it is not live, in plain words, for 'refused' and 'failed'. */
  reason?: string;
  /** Refused only until the checkout can take it (follow-remote.ts): seen again, it is building. */
  held?: true;
}

export interface CommitStates {
  /** The commit whose build is served; undefined before the follower's first switch. */
  readonly served: string | undefined;
  /** `commits` (oldest first) are being built or wait for a build, unless already decided. */
  building(commits: readonly string[], at?: number): void;
  /** `commits` (oldest first) are live from `at`: their changes are in the build now served, the last of them. */
  live(commits: readonly string[], at?: number): void;
  /**
   * `commit` was refused or its build failed, for `reason`; the `skipped` commits (oldest first)
   * that came with it and waited for its build are not live for the same reason.
   */
  notLive(commit: string, state: 'refused' | 'failed', reason: string, skipped?: readonly string[], at?: number): void;
  /**
   * `commits` (oldest first, the fetched one last) were fetched, and the checkout cannot be
   * fast-forwarded to them: refused for `reason` until it can, when they are seen and built.
   */
  held(commits: readonly string[], reason: string, at?: number): void;
  /** What is known of `commit` (lower-case hex), or undefined: never seen, or forgotten. */
  of(commit: string): CommitRecord | undefined;
  /**
   * Someone asked about a commit not seen: the editor asks at once after a publish's push, so the
   * follower's fetching (fetch-remote.ts) listens, to fetch now rather than at its next turn.
   */
  askedUnseen(): void;
  /** Calls `listener` at each askedUnseen; returns the way to stop. */
  onAskedUnseen(listener: () => void): () => void;
}

/** How many commits are remembered: the newest, the oldest recorded forgotten first. */
export const COMMITS_KEPT = 1000;

/** An empty record of commits, keeping the newest `kept`. */
export function commitStates(kept = COMMITS_KEPT): CommitStates {
  // A Map keeps insertion order: a commit recorded again moves to the end, the oldest go first.
  const records = new Map<string, CommitRecord>();
  let served: string | undefined;
  const listeners = new Set<() => void>();
  const put = (commit: string, record: CommitRecord): void => {
    records.delete(commit);
    records.set(commit, record);
    for (const oldest of records.keys()) {
      if (records.size <= kept) break;
      records.delete(oldest);
    }
  };
  return {
    get served() {
      return served;
    },
    building(commits, at = Date.now()) {
      // A commit refused or failed stays so until a build that holds it is served (unless it was
      // only held back from the checkout); one already building keeps the time it was first seen.
      for (const commit of commits) if (!records.has(commit) || records.get(commit)?.held) put(commit, { state: 'building', at });
    },
    live(commits, at = Date.now()) {
      for (const commit of commits) if (records.get(commit)?.state !== 'live') put(commit, { state: 'live', at });
      served = commits.at(-1) ?? served;
    },
    notLive(commit, state, reason, skipped = [], at = Date.now()) {
      const together = `Published together with a later change that did not go live: ${reason}`;
      for (const each of skipped)
        if (each !== commit && records.get(each)?.state === 'building') put(each, { state, at, reason: together });
      put(commit, { state, at, reason });
    },
    held(commits, reason, at = Date.now()) {
      for (const commit of commits)
        if (!records.has(commit) || records.get(commit)?.state === 'building') put(commit, { state: 'refused', at, reason, held: true });
    },
    of(commit) {
      return records.get(commit);
    },
    askedUnseen() {
      for (const listener of listeners) listener();
    },
    onAskedUnseen(listener) {
      // Each its own entry, so that the same function given twice is stopped once per time given.
      const entry = (): void => listener();
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
  };
}
