import { useCallback, useEffect, useReducer, useState } from 'react';
import { api } from '../../app/api';
import { initialLive, LIVE_POLL_MS, type LiveWords, liveState, liveWordsOf, toAsk } from './live-state';
import { pageLiveWords } from './page-live-words';

/**
 * Where published changes stand on the live site, kept up to date: `watch` adds commits (with
 * when each was published); the editor's server is asked at once, then every LIVE_POLL_MS while
 * any is on its way, and no more once each is live, refused, or late (live-state.ts decides).
 * `wordsOf` gives what to say of a commit, `wordsOfVersions` of each of a page's versions (newest first).
 */
export function useLiveStates(): {
  watch: (commits: { commit: string; since: number }[]) => void;
  wordsOf: (commit: string) => LiveWords;
  wordsOfVersions: (commits: readonly string[]) => LiveWords[];
} {
  const [state, dispatch] = useReducer(liveState, initialLive);
  // The time of the last answer: what is late is judged by it, and each answer moves it, asking again.
  const [now, setNow] = useState(Date.now);
  const [askedFor, setAskedFor] = useState('');
  const asking = toAsk(state, now).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `now` moves with each answer, and so starts the next wait.
  useEffect(() => {
    if (!asking) return;
    let stopped = false;
    const settle = (action: Parameters<typeof dispatch>[0]): void => {
      if (stopped) return;
      dispatch(action);
      setAskedFor(asking);
      setNow(Date.now());
    };
    // Commits not asked about yet are asked at once; the same ones again after the wait.
    const timer = setTimeout(
      () =>
        void api.live(asking.split(',')).then(
          (answer) => settle({ type: 'answered', answer }),
          () => settle({ type: 'askFailed' }),
        ),
      asking === askedFor ? LIVE_POLL_MS : 0,
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [asking, askedFor, now]);

  const watch = useCallback((commits: { commit: string; since: number }[]) => dispatch({ type: 'watch', commits }), []);
  const wordsOf = useCallback((commit: string) => liveWordsOf(state, commit, now), [state, now]);
  const wordsOfVersions = useCallback((commits: readonly string[]) => pageLiveWords(state, commits, now), [state, now]);
  return { watch, wordsOf, wordsOfVersions };
}
