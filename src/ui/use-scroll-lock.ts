import { useEffect } from 'react';

/**
 * While `locked`, the page behind (an open modal dialog, the open phone menu) stays still: the
 * document does not scroll. Set from script rather than by a stylesheet rule such as
 * `html:has(dialog[open])`: a :has() on the root makes the browser restyle the whole page
 * each time any element is added anywhere (a script or style tag in <head> while the page
 * starts), and lay it out again.
 */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = before;
    };
  }, [locked]);
}
