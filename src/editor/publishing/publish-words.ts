/**
 * What a publish did, in a person's words: the pages it sent by title (never files), and after a
 * publish that was merged with others' work, whose changes are on the site with it, to
 * which pages, and when by the person's clock. "Also on the site now: Priya Shah's change to
 * Home (14:02)."; empty when nothing of others' came in.
 */
import type { CameIn } from '../../content/colleague-types';
import { listWords } from '../../content/list-words';
import type { PublishedResult } from './changes-state';
import { clockWords } from './live/live-state';

export function cameInWords(cameIn: readonly CameIn[] | undefined, now: number): string {
  if (!cameIn || cameIn.length === 0) return '';
  const each = cameIn.map(
    ({ name, date, titles }) =>
      `${name}’s ${titles.length === 1 ? 'change' : 'changes'} to ${listWords(titles)} (${clockWords(date, now)})`,
  );
  return `Also on the site now: ${listWords(each)}.`;
}

/** Others' changes that came in with a publish, after a space; nothing when none did. */
const withCameIn = (cameIn: Parameters<typeof cameInWords>[0]): string => {
  const words = cameInWords(cameIn, Date.now());
  return words ? ` ${words}` : '';
};

/** The pages a publish sent, by title: all of them up to three, else the first two and how many more. */
const namesOf = (titles: readonly string[]): string => {
  const quoted = titles.map((title) => `“${title}”`);
  return listWords(quoted.length > 3 ? [...quoted.slice(0, 2), `${quoted.length - 2} more`] : quoted);
};

/** What a publish did, in words a person reads. */
export function publishWords({ answer, titles, linksTakenOut }: PublishedResult): string {
  const them = titles.length === 1 ? 'it' : 'them';
  switch (answer.status) {
    case 'published':
      return `Published ${namesOf(titles)}${linksTakenOut ? `, with the links to ${them} taken out` : ''}: visitors get ${them} once the live site has taken ${them}.${withCameIn(answer.cameIn)}`;
    case 'committed':
      return `Kept as the site’s new version: ${namesOf(titles)}. No live site is connected to this editor, so visitors do not get ${them} from here.`;
    case 'not-pushed':
      return `Saved here, but not yet published. ${answer.message}`;
    case 'refused':
      return `Nothing was published: ${answer.message}`;
    case 'conflicts':
      return 'Someone published changes to the same fields meanwhile. Choose which values to keep, then publish again.';
  }
}
