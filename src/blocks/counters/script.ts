import { CountUp } from 'countup.js';
import type { IslandScript } from '../../ui/define-island';

/**
 * Counts each figure up from 0 to its value, over the block's duration, once it scrolls into
 * view (countup.js: the same engine react-countup wraps, without React). Under reduced motion
 * the figures keep the final values the server wrote.
 */
const counters: IslandScript = (island) => {
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return undefined;
  const duration = Number(island.querySelector<HTMLElement>('[data-duration]')?.dataset.duration ?? 2);
  const observers: IntersectionObserver[] = [];
  for (const figure of island.querySelectorAll<HTMLElement>('[data-counter-value]')) {
    const end = Number(figure.dataset.counterValue);
    if (!figure.dataset.counterValue || !Number.isFinite(end)) continue;
    const count = new CountUp(figure, end, { startVal: 0, duration, separator: ',' });
    figure.textContent = '0';
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      count.start();
    });
    observer.observe(figure);
    observers.push(observer);
  }
  return () => {
    for (const observer of observers) observer.disconnect();
  };
};

export default counters;
