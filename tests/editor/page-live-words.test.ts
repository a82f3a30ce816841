/**
 * What History says of a page's versions on the live site: a version a later one replaced before
 * the live site built it on its own says so, never the later version's "Live at" time. No browser.
 */
import { describe, expect, it } from 'vitest';
import type { LiveCommit } from '../../src/content/live-types';
import { initialLive, type LiveAction, type LiveState, liveState } from '../../src/editor/publishing/live/live-state';
import { pageLiveWords, REPLACED_WORDS } from '../../src/editor/publishing/live/page-live-words';

const SITE = 'https://www.example.com';
const [A, B, C] = ['a', 'b', 'c'].map((letter) => letter.repeat(40)) as [string, string, string];
const PUBLISHED = Date.parse('2026-11-28T14:00:00Z');
const NOW = PUBLISHED + 60_000;

/** The live site's answers, the commits watched as History watches them. */
const stateOf = (...commits: Partial<LiveCommit>[]): LiveState =>
  [
    { type: 'watch', commits: commits.map(({ commit = A }) => ({ commit, since: PUBLISHED })) } as LiveAction,
    {
      type: 'answered',
      answer: { site: SITE, commits: commits.map((each) => ({ commit: A, stage: 'unknown', at: null, pages: [], ...each })) },
    } as LiveAction,
  ].reduce(liveState, initialLive);
const wordsOf = (state: LiveState, commits: string[]) => pageLiveWords(state, commits, NOW).map((said) => said.words);
const clock = (iso: string) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso));

describe('page-live-words', () => {
  it('says a later version went live in its place of versions built together with it (the first build records them all at its time)', () => {
    const at = '2026-11-28T14:00:30Z';
    const state = stateOf({ commit: C, stage: 'live', at }, { commit: B, stage: 'live', at }, { commit: A, stage: 'live', at });
    expect(wordsOf(state, [C, B, A])).toEqual([`Live at ${clock(at)}`, REPLACED_WORDS, REPLACED_WORDS]);
    expect(pageLiveWords(state, [C, B], NOW)[1]).toEqual({ tone: 'replaced', words: 'A later version went live in its place.', pages: [] });
  });

  it('keeps "Live at" for a version that went live before the later one', () => {
    const state = stateOf(
      { commit: B, stage: 'live', at: '2026-11-28T14:05:00Z' },
      { commit: A, stage: 'live', at: '2026-11-28T14:00:20Z' },
    );
    expect(wordsOf(state, [B, A])).toEqual([`Live at ${clock('2026-11-28T14:05:00Z')}`, `Live at ${clock('2026-11-28T14:00:20Z')}`]);
  });

  it('says a version the live site never saw, under a live later one, went live in its place, not "Going live…"', () => {
    const state = stateOf({ commit: B, stage: 'live', at: '2026-11-28T14:00:30Z' }, { commit: A, stage: 'unknown' });
    expect(wordsOf(state, [B, A])).toEqual([`Live at ${clock('2026-11-28T14:00:30Z')}`, REPLACED_WORDS]);
  });

  it('keeps the reason of a version the live site refused, and says nothing new while no later version is live', () => {
    const state = stateOf(
      { commit: B, stage: 'live', at: '2026-11-28T14:00:30Z' },
      { commit: A, stage: 'refused', reason: 'the menu links to /testing' },
    );
    expect(wordsOf(state, [B, A])[1]).toMatch(/^Not live: the menu links to \/testing\./);
    const going = stateOf({ commit: B, stage: 'building' }, { commit: A, stage: 'live', at: '2026-11-28T14:00:20Z' });
    expect(wordsOf(going, [B, A])).toEqual(['Going live…', `Live at ${clock('2026-11-28T14:00:20Z')}`]);
  });
});
