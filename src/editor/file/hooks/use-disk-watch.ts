import { useEffect, useState } from 'react';
import { api } from '../../app/api';

/** How often an open file is looked at on disk, while its tab is in view. */
const EVERY_MS = 3000;

/**
 * Whether the file changed on disk since the version the draft is based on (`base`: its hash,
 * null for a file not written yet): asked every few seconds while the tab is in view, so the
 * person is told at once, not only when they save. A failed look says nothing.
 */
export function useDiskWatch(path: string, base: string | null, paused: boolean): boolean {
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    setChanged(false);
    if (paused) return;
    let live = true;
    const look = (): void => {
      if (document.visibilityState !== 'visible') return;
      api
        .hash(path)
        .then((hash) => {
          if (live) setChanged(hash !== base);
        })
        .catch(() => undefined);
    };
    look();
    const timer = setInterval(look, EVERY_MS);
    document.addEventListener('visibilitychange', look);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', look);
    };
  }, [path, base, paused]);
  return changed;
}
