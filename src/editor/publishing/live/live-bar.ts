import type { LiveWords } from './live-state';

/**
 * The colour of the bar beside a live note, by its tone: the design tokens' status colours
 * (src/theme/tokens.ts). Chakra's own border.success and border.info name palettes the site's
 * system leaves out (green, blue), so a bar drawn with them had no colour at all.
 * A version replaced by a later one has no bar: nothing about it waits or went wrong.
 */
export const liveBar: Record<Exclude<LiveWords['tone'], 'none' | 'replaced'>, string> = {
  going: 'status.going',
  live: 'status.live',
  'not-live': 'status.notLive',
  unknown: 'status.unknown',
};
