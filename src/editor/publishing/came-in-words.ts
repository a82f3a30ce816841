/**
 * After a publish that was merged with others' work: whose changes are on the site with it, to
 * which pages, and when by the person's clock. "Also on the site now: Priya Shah's change to
 * Home (14:02)."; empty when nothing of others' came in.
 */
import type { CameIn } from '../../content/colleague-types';
import { listWords } from '../file/colleagues/colleague-words';
import { clockWords } from './live/live-state';

export function cameInWords(cameIn: readonly CameIn[] | undefined, now: number): string {
  if (!cameIn || cameIn.length === 0) return '';
  const each = cameIn.map(
    ({ name, date, titles }) =>
      `${name}’s ${titles.length === 1 ? 'change' : 'changes'} to ${listWords(titles)} (${clockWords(date, now)})`,
  );
  return `Also on the site now: ${listWords(each)}.`;
}
