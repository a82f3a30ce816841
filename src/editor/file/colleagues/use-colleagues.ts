import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublishedSince } from '../../../content/colleague-types';
import { api } from '../../app/api';

/** How often an open page asks again, while its tab is in view (the server asks the site at most every few seconds). */
const EVERY_MS = 20_000;

/**
 * Who published the page on the site since the version its draft started from: asked as it
 * opens, every little while it is in view, and when `ask` is called (on Save), never holding
 * anything up. A failed ask (no git here, the site or the editor's server unreachable) changes
 * nothing and says nothing. `clear` forgets it, once their change is brought in.
 */
export function useColleagues(path: string, enabled: boolean) {
  const [since, setSince] = useState<PublishedSince | null>(null);
  // When the page was opened here: a publish after it was made "since you opened it".
  const [openedAt] = useState(() => Date.now());
  const asking = useRef(false);
  const ask = useCallback((): void => {
    if (!enabled || asking.current) return;
    asking.current = true;
    api
      .colleagues(path)
      .then((found) => setSince(found ?? null))
      .catch(() => undefined)
      .finally(() => {
        asking.current = false;
      });
  }, [path, enabled]);
  useEffect(() => {
    ask();
    const look = (): void => {
      if (document.visibilityState === 'visible') ask();
    };
    const timer = setInterval(look, EVERY_MS);
    document.addEventListener('visibilitychange', look);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', look);
    };
  }, [ask]);
  return { since, openedAt, ask, clear: useCallback(() => setSince(null), []) };
}
