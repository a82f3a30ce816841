/**
 * Where published changes stand on the live site, as Changes and History say it: the live
 * states a change moves through, what the person reads at each, and when the live site is
 * asked again. No browser: the reducer and its words alone.
 */
import { describe, expect, it } from 'vitest';
import type { LiveAnswer, LiveCommit } from '../../src/content/live-types';
import {
  clockWords,
  initialLive,
  LIVE_PATIENCE_MS,
  type LiveAction,
  type LiveState,
  liveState,
  liveWordsOf,
  toAsk,
} from '../../src/editor/publishing/live/live-state';
import { liveReasons } from '../../scripts/site-server/follow/live-reasons';

const SITE = 'https://www.example.com';
const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const PUBLISHED = Date.parse('2026-11-28T14:00:00Z');
const about = { title: 'About the studio', url: `${SITE}/about` };

const run = (...actions: LiveAction[]): LiveState => actions.reduce(liveState, initialLive);
const watch = (...commits: string[]): LiveAction => ({ type: 'watch', commits: commits.map((commit) => ({ commit, since: PUBLISHED })) });
const answered = (...commits: Partial<LiveCommit>[]): LiveAction => ({
  type: 'answered',
  answer: {
    site: SITE,
    commits: commits.map((each) => ({ commit: A, stage: 'unknown', at: null, pages: [], ...each })),
  } satisfies LiveAnswer,
});
const words = (state: LiveState, commit = A, now = PUBLISHED + 10_000) => liveWordsOf(state, commit, now);

describe('live-state', () => {
  it('says "Going live…" while the live site has not taken the change, and asks again', () => {
    for (const stage of ['unknown', 'building'] as const) {
      const state = run(watch(A), answered({ stage }));
      expect(words(state)).toEqual({ tone: 'going', words: 'Going live…', pages: [] });
      expect(toAsk(state, PUBLISHED + 10_000)).toEqual([A]);
    }
  });

  it('says "Live at" the time it went live, in the clock time of the person, with the pages it changed, and asks no more', () => {
    const at = '2026-11-28T14:02:09Z';
    const state = run(watch(A), answered({ stage: 'building' }), answered({ stage: 'live', at, pages: [about] }));
    expect(words(state)).toEqual({ tone: 'live', words: `Live at ${clockWords(at, PUBLISHED)}`, pages: [about] });
    expect(clockWords(at, PUBLISHED)).toBe(new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(at)));
    expect(toAsk(state, PUBLISHED + 10_000)).toEqual([]);
  });

  it('gives the date with the time when it went live on another day', () => {
    const at = '2026-11-20T09:15:00Z';
    expect(clockWords(at, PUBLISHED)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    );
  });

  it('says "Not live:" with the live site\'s reason and what to do when it refuses the change, and asks no more', () => {
    const state = run(watch(A), answered({ stage: 'refused', reason: 'the Services menu links to Testing services, which is deleted.' }));
    expect(words(state)).toEqual({
      tone: 'not-live',
      words:
        'Not live: the Services menu links to Testing services, which is deleted. Visitors still see the site as it was. Fix what it names and publish again; changes published after this one wait until then.',
      pages: [],
    });
    expect(toAsk(state, PUBLISHED + 10_000)).toEqual([]);
  });

  it('says "Not live:" when the live build failed, with what to do', () => {
    expect(words(run(watch(A), answered({ stage: 'failed', reason: 'the build ran out of memory' }))).words).toBe(
      'Not live: the build ran out of memory. Visitors still see the site as it was. Publish again in a few minutes; if it says the same, tell whoever runs the live site.',
    );
    expect(words(run(watch(A), answered({ stage: 'failed' }))).words).toBe(
      'Not live: the live site could not build this change. Visitors still see the site as it was. Publish again in a few minutes; if it says the same, tell whoever runs the live site.',
    );
  });

  it("says the live site's own reasons once: they already say what visitors see and what to do", () => {
    const refused = words(run(watch(A), answered({ stage: 'refused', reason: liveReasons.changesCode }))).words;
    expect(refused).toBe(`Not live: ${liveReasons.changesCode} Changes published after this one wait too.`);
    const failed = words(
      run(watch(A), answered({ stage: 'failed', reason: liveReasons.buildFailed('pages/about.json:3:5  Title: too long') })),
    ).words;
    expect(failed).toBe(`Not live: ${liveReasons.buildFailed('pages/about.json:3:5  Title: too long')}`);
    for (const said of [refused, failed]) expect(said.match(/still see the site as it was/gi)).toHaveLength(1);
  });

  it('says in plain words that the live site does not answer, and keeps asking', () => {
    const state = run(watch(A), answered({ stage: 'unreachable' }));
    expect(words(state)).toEqual({
      tone: 'unknown',
      words:
        'Going live… The live site does not answer just now, so the editor cannot tell yet whether this change is live; it keeps asking.',
      pages: [],
    });
    expect(toAsk(state, PUBLISHED + 10_000)).toEqual([A]);
  });

  it('stops asking after a few minutes and says the change is not live yet', () => {
    const late = PUBLISHED + LIVE_PATIENCE_MS;
    const building = run(watch(A), answered({ stage: 'building' }));
    expect(toAsk(building, late - 1)).toEqual([A]);
    expect(toAsk(building, late)).toEqual([]);
    expect(words(building, A, late)).toEqual({
      tone: 'not-live',
      words:
        'Not live yet: the live site has not taken this change after 5 minutes. Visitors still see the site as it was. Ask whoever runs the live site whether it is running.',
      pages: [],
    });
    expect(words(run(watch(A), answered({ stage: 'unreachable' })), A, late).words).toBe(
      'Not live yet, as far as the editor can tell: the live site has not answered for 5 minutes. Open the live site to look, or ask whoever runs it.',
    );
  });

  it('says the live site cannot tell when it does not follow what is published, and asks no more', () => {
    const state = run(watch(A), answered({ stage: 'not-following' }));
    expect(words(state).words).toBe(
      'The live site does not follow what is published here, so the editor cannot tell when this change is live. Ask whoever runs it.',
    );
    expect(toAsk(state, PUBLISHED + 10_000)).toEqual([]);
  });

  it('says nothing about going live when the editor has no live site, and asks once only', () => {
    const state = liveState(run(watch(A)), { type: 'answered', answer: { site: null, commits: [] } });
    expect(words(state)).toEqual({ tone: 'none', words: '', pages: [] });
    expect(toAsk(state, PUBLISHED + 10_000)).toEqual([]);
  });

  it('asks once about an old version (History), even past the patience, and not again unless it answered', () => {
    const old: LiveAction = { type: 'watch', commits: [{ commit: B, since: PUBLISHED - 7 * 24 * 3600_000 }] };
    const state = run(watch(A), old);
    expect(toAsk(state, PUBLISHED)).toEqual([A, B]);
    const after = liveState(state, answered({ commit: B, stage: 'live', at: null }));
    expect(words(after, B).words).toBe('Live');
    expect(toAsk(after, PUBLISHED)).toEqual([A]);
  });

  it('keeps what it knew of a change when asked to watch it again', () => {
    const state = run(watch(A), answered({ stage: 'live', at: '2026-11-28T14:02:00Z' }), watch(A));
    expect(words(state).tone).toBe('live');
  });
});
