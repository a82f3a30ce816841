/**
 * Colleagues in words: who published a page since it was opened, and when by the person's own
 * clock; and whose changes came in with a publish. No browser: the words alone.
 */
import { describe, expect, it } from 'vitest';
import { colleagueWords } from '../../src/editor/file/colleagues/colleague-words';
import { cameInWords } from '../../src/editor/publishing/publish-words';
import { clockWords } from '../../src/editor/publishing/live/live-state';

const OPENED = Date.parse('2026-11-28T13:00:00Z');
const NOW = Date.parse('2026-11-28T15:00:00Z');
const AT_2 = '2026-11-28T14:02:00+00:00';
const AT_5 = '2026-11-28T14:05:00+00:00';
const YESTERDAY = '2026-11-27T09:30:00+00:00';
const [t2, t5, yesterday] = [AT_2, AT_5, YESTERDAY].map((date) => clockWords(date, NOW));

describe('colleagueWords', () => {
  it('names who published the page, and when, since it was opened', () => {
    expect(colleagueWords({ publishes: [{ name: 'Priya Shah', date: AT_2 }], state: 'changed' }, 'Home', OPENED, NOW)).toBe(
      `Priya Shah published Home at ${t2} since you opened it.`,
    );
  });

  it('names several colleagues together, one person’s publishes by their times, and the day when not today', () => {
    const since = {
      publishes: [
        { name: 'Priya Shah', date: AT_2 },
        { name: 'Sam Lee', date: AT_5 },
        { name: 'Priya Shah', date: AT_5 },
      ],
      state: 'changed' as const,
    };
    expect(colleagueWords(since, 'Home', OPENED, NOW)).toBe(
      `Priya Shah (${t2}, ${t5}) and Sam Lee (${t5}) published Home since you opened it.`,
    );
    expect(yesterday).not.toBe(clockWords(YESTERDAY, Date.parse(YESTERDAY)));
    expect(colleagueWords({ publishes: [{ name: 'Sam Lee', date: YESTERDAY }], state: 'changed' }, 'Home', OPENED, NOW)).toBe(
      `Sam Lee published Home at ${yesterday} after the version you are editing.`,
    );
  });

  it('says a page deleted or moved, and what publishing the person’s changes would do', () => {
    expect(colleagueWords({ publishes: [{ name: 'Priya Shah', date: AT_2 }], state: 'deleted' }, 'Careers', OPENED, NOW)).toBe(
      `Priya Shah deleted Careers at ${t2} since you opened it. Your changes are kept here; publishing them would bring the page back.`,
    );
    expect(
      colleagueWords({ publishes: [{ name: 'Priya Shah', date: AT_2 }], state: 'moved', movedTo: '/design' }, 'UX design', OPENED, NOW),
    ).toBe(
      `Priya Shah moved UX design to /design at ${t2} since you opened it. Your changes are kept here; publishing them would bring the page back at its old address.`,
    );
  });
});

describe('cameInWords', () => {
  it('names whose changes came in with a publish, to which pages, and when; nothing when none did', () => {
    expect(cameInWords([{ name: 'Priya Shah', date: AT_2, titles: ['Home'] }], NOW)).toBe(
      `Also on the site now: Priya Shah’s change to Home (${t2}).`,
    );
    expect(
      cameInWords(
        [
          { name: 'Priya Shah', date: AT_2, titles: ['Home'] },
          { name: 'Sam Lee', date: AT_5, titles: ['About us', 'Careers'] },
        ],
        NOW,
      ),
    ).toBe(`Also on the site now: Priya Shah’s change to Home (${t2}) and Sam Lee’s changes to About us and Careers (${t5}).`);
    expect(cameInWords([], NOW)).toBe('');
    expect(cameInWords(undefined, NOW)).toBe('');
  });
});
