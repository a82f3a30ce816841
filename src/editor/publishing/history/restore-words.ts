/**
 * What restoring a whole version takes back, said before the person confirms it: every later
 * version of the file in this copy, by whom and when, and the changes saved here and not yet
 * published. Versions published elsewhere and not yet here are left out: publishing the
 * restored page merges with them, it does not take them back.
 */
import type { Version } from '../../../content/api-types';
import { dateWords } from '../../app/date-words';

/** How many later changes are named one by one; the rest are counted. */
const NAMED = 5;

/** "This takes back 3 later changes, by Ana Müller and Ben O’Neil: “Spring headline” by Ana Müller on 12 Nov 2026, 14:02; …". */
export function restoreWords(versions: readonly Version[], version: Version, savedHere: boolean): string {
  const at = versions.findIndex((each) => each.commit === version.commit);
  const later = versions.slice(0, Math.max(0, at)).filter((each) => each.state !== 'incoming' && each.change !== 'deleted');
  const saved = savedHere ? ' It also takes back the changes saved here and not yet published.' : '';
  if (later.length === 0)
    return savedHere
      ? 'No change was published after this version; restoring it takes back the changes saved here and not yet published.'
      : 'No change was published or saved here after this version.';
  const people = [...new Set(later.map((each) => each.author.name))];
  const listed = later.slice(0, NAMED).map((each) => `“${each.subject}” by ${each.author.name} on ${dateWords(each.date)}`);
  const rest = later.length - listed.length;
  const items = rest > 0 ? `${listed.join('; ')}; and ${rest} more` : listed.join('; ');
  const by = later.length === 1 ? '' : `, by ${people.length === 1 ? people[0] : `${people.slice(0, -1).join(', ')} and ${people.at(-1)}`}`;
  return `This takes back ${later.length === 1 ? '1 later change' : `${later.length} later changes`}${by}: ${items}.${saved}`;
}
