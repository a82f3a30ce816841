/**
 * Colleagues' publishes of a page in words: who, and when by the person's own clock (the day
 * too, when it was not today), since the page was opened or before it (the version here did not
 * have it yet). Several people are named together; one person's several publishes by their times.
 */
import type { PublishedSince, Publisher } from '../../../content/colleague-types';
import { clockWords } from '../../publishing/live/live-state';
import { listWords } from '../../../content/list-words';

/** Each person once, in the order they first published, with the times of their publishes. */
function byPerson(publishes: readonly Publisher[], now: number): { name: string; times: string[] }[] {
  const people = new Map<string, string[]>();
  for (const { name, date } of publishes) people.set(name, [...(people.get(name) ?? []), clockWords(date, now)]);
  return [...people].map(([name, times]) => ({ name, times }));
}

/**
 * "Priya Shah published Home at 14:02 since you opened it."; "Priya Shah (14:02) and Sam Lee
 * (14:05, 14:09) published Home since you opened it."; deleted or moved, said so, with what
 * publishing the person's changes would then do.
 */
export function colleagueWords(since: PublishedSince, title: string, openedAt: number, now: number): string {
  const people = byPerson(since.publishes, now);
  const when = since.publishes.every(({ date }) => Date.parse(date) >= openedAt - 1000)
    ? 'since you opened it'
    : 'after the version you are editing';
  const [only] = people;
  const where = since.movedTo ?? 'another address';
  let lead: string;
  if (people.length === 1 && only) {
    const at = `at ${listWords(only.times)}`;
    const did =
      since.state === 'deleted' ? `deleted ${title}` : since.state === 'moved' ? `moved ${title} to ${where}` : `published ${title}`;
    lead = `${only.name} ${did} ${at} ${when}.`;
  } else {
    const who = listWords(people.map(({ name, times }) => `${name} (${times.join(', ')})`));
    const now = since.state === 'deleted' ? ': it is deleted now' : since.state === 'moved' ? `: it is at ${where} now` : '';
    lead = `${who} published ${title} ${when}${now}.`;
  }
  if (since.state === 'deleted') return `${lead} Your changes are kept here; publishing them would bring the page back.`;
  if (since.state === 'moved') return `${lead} Your changes are kept here; publishing them would bring the page back at its old address.`;
  return lead;
}
