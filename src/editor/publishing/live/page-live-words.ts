import { type LiveState, type LiveWords, liveWordsOf } from './live-state';

/** Said of a version whose page a later version replaced on the live site. */
export const REPLACED_WORDS = 'A later version went live in its place.';

/**
 * What History says of each of a page's versions (`commits`, newest first) on the live site: what
 * Changes says of it (liveWordsOf), except where a later version of the page is live and this one
 * did not go live before it. Such a version was replaced before the live site built it on its own
 * (two publishes built together, or versions older than the follower's first build, which it
 * records as live at that build's time): "Live at" the later one's time, or "Going live…" for
 * ever, would be untrue, so it says that a later version went live in its place. A version the
 * live site refused or could not build keeps its reason.
 */
export function pageLiveWords(state: LiveState, commits: readonly string[], now: number): LiveWords[] {
  // The earliest time a later version went live, once one has (a live one with no time: unknown, after every other).
  let laterLive: number | undefined;
  return commits.map((commit) => {
    const words = liveWordsOf(state, commit, now);
    const answer = state.watched[commit]?.answer;
    const liveAt = answer?.stage === 'live' ? (answer.at ? Date.parse(answer.at) : Number.POSITIVE_INFINITY) : undefined;
    const keepsReason = answer?.stage === 'refused' || answer?.stage === 'failed';
    if (words.tone !== 'none' && laterLive !== undefined && !keepsReason && !(liveAt !== undefined && liveAt < laterLive))
      return { tone: 'replaced', words: REPLACED_WORDS, pages: [] };
    if (liveAt !== undefined) laterLive = Math.min(laterLive ?? liveAt, liveAt);
    return words;
  });
}
