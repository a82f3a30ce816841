import { useEffect, useState } from 'react';

/**
 * Whether the page is scrolled more than `threshold` pixels. Starts false so the server's
 * HTML and the first client render agree; corrects itself right after hydration.
 */
export function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = (): void => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
