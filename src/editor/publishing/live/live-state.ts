/**
 * Where published changes stand on the live site, as one reducer, and what the person reads of
 * it: "Going live…", "Live at 14:02" with the pages it changed, "Not live: <reason>." with what
 * to do. Changes watches the change it just published, History its newest versions; both show
 * the same words for the same version. Pure: the hook (use-live-states.ts) asks the editor's
 * server and says here what came back, and when.
 */
import type { LiveAnswer, LiveCommit } from '../../../content/live-types';
import { LIVE_COMMITS } from '../../../content/api-routes';
import { plural } from '../../../content/plural';

/** How often the live site is asked while a change is on its way: each second, so that "Live at" follows the switch closely (a one-page publish goes live in seconds). */
export const LIVE_POLL_MS = 1000;
/** How long a change may take to go live before the person is told that it has not. */
export const LIVE_PATIENCE_MS = 5 * 60_000;

/** One watched change: since when it is on its way (its publish), and the last answer about it. */
interface Watched {
  since: number;
  answer: LiveCommit | null;
}

export interface LiveState {
  /** The live site's address; undefined until the editor's server answers, null when it has none (nothing is said). */
  site: string | null | undefined;
  /** The watched commits, by full id. */
  watched: Readonly<Record<string, Watched>>;
  /** The editor's own server did not answer the last question. */
  lost: boolean;
}

export type LiveAction =
  /** Watch these commits; `since`: when each was published (ms since the epoch). */
  { type: 'watch'; commits: { commit: string; since: number }[] } | { type: 'answered'; answer: LiveAnswer } | { type: 'askFailed' };

export const initialLive: LiveState = { site: undefined, watched: {}, lost: false };

/** Where published changes stand: the state after `action`. */
export function liveState(state: LiveState, action: LiveAction): LiveState {
  switch (action.type) {
    case 'watch': {
      const watched = { ...state.watched };
      for (const { commit, since } of action.commits) watched[commit] = watched[commit] ?? { since, answer: null };
      return { ...state, watched };
    }
    case 'answered': {
      const watched = { ...state.watched };
      for (const answer of action.answer.commits) {
        const known = watched[answer.commit];
        if (known) watched[answer.commit] = { ...known, answer };
      }
      return { ...state, site: action.answer.site, watched, lost: false };
    }
    case 'askFailed':
      return { ...state, lost: true };
  }
}

/** On its way: the live site has not taken it, nor refused it, nor said it cannot tell. */
const pending = (watched: Watched): boolean =>
  watched.answer === null || ['building', 'unknown', 'unreachable'].includes(watched.answer.stage);

/**
 * The commits to ask about at `now`: each once (an old version too), then again while on its
 * way and not yet past the patience. None when there is no live site.
 */
export function toAsk(state: LiveState, now: number): string[] {
  if (state.site === null) return [];
  return Object.entries(state.watched)
    .filter(([, watched]) => (watched.answer === null && !state.lost) || (pending(watched) && now - watched.since < LIVE_PATIENCE_MS))
    .map(([commit]) => commit)
    .slice(0, LIVE_COMMITS);
}

/** A time for a person: the clock time today ("14:02" or "2:02 PM", as their browser writes it), with the date on another day. */
export function clockWords(iso: string, now: number): string {
  const at = new Date(iso);
  const today = new Date(now).toDateString() === at.toDateString();
  return new Intl.DateTimeFormat(undefined, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** A wait in words: "5 minutes", "3 hours", "2 days". */
function waitWords(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 120) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? plural(hours, 'hour') : plural(Math.floor(hours / 24), 'day');
}

const STILL_OLD = 'Visitors still see the site as it was.';

/**
 * The live site's reason, then what it means for visitors and what to do (`advice`), unless the
 * reason says those itself, as the follower's own reasons do (said once, not twice over), when
 * only `after` follows it.
 */
function explained(reason: string, advice: string, after = ''): string {
  if (/still see the site as it was/i.test(reason)) return `${sentence(reason)}${after ? ` ${after}` : ''}`;
  return `${sentence(reason)} ${STILL_OLD} ${advice}`;
}

/** What the person reads about one change, and how it looks. 'none': nothing is said (no live site, or not asked yet). */
export interface LiveWords {
  /** 'replaced': a later version of the page went live in its place (page-live-words.ts). */
  tone: 'none' | 'going' | 'live' | 'not-live' | 'unknown' | 'replaced';
  words: string;
  /** Linked as "Live at …": the pages it changed, by title. */
  pages: LiveCommit['pages'];
}

const NOTHING: LiveWords = { tone: 'none', words: '', pages: [] };

/** What the person reads about `commit` at `now`. */
export function liveWordsOf(state: LiveState, commit: string, now: number): LiveWords {
  const watched = state.watched[commit];
  if (!state.site || !watched) return NOTHING;
  const { answer } = watched;
  const waited = now - watched.since;
  const late = waited >= LIVE_PATIENCE_MS;
  const stage = answer?.stage;
  if (stage === 'live')
    return { tone: 'live', words: answer?.at ? `Live at ${clockWords(answer.at, now)}` : 'Live', pages: answer?.pages ?? [] };
  if (stage === 'refused')
    return {
      tone: 'not-live',
      words: `Not live: ${explained(
        answer?.reason || 'the live site refused this change',
        'Fix what it names and publish again; changes published after this one wait until then.',
        'Changes published after this one wait too.',
      )}`,
      pages: [],
    };
  if (stage === 'failed')
    return {
      tone: 'not-live',
      words: `Not live: ${explained(answer?.reason || 'the live site could not build this change', 'Publish again in a few minutes; if it says the same, tell whoever runs the live site.')}`,
      pages: [],
    };
  if (stage === 'not-following')
    return {
      tone: 'unknown',
      words:
        'The live site does not follow what is published here, so the editor cannot tell when this change is live. Ask whoever runs it.',
      pages: [],
    };
  if (late)
    return {
      tone: 'not-live',
      words:
        stage === 'unreachable'
          ? `Not live yet, as far as the editor can tell: the live site has not answered for ${waitWords(waited)}. Open the live site to look, or ask whoever runs it.`
          : `Not live yet: the live site has not taken this change after ${waitWords(waited)}. ${STILL_OLD} Ask whoever runs the live site whether it is running.`,
      pages: [],
    };
  if (stage === 'unreachable' || (state.lost && answer === null))
    return {
      tone: 'unknown',
      words:
        'Going live… The live site does not answer just now, so the editor cannot tell yet whether this change is live; it keeps asking.',
      pages: [],
    };
  return { tone: 'going', words: 'Going live…', pages: [] };
}

/** A reason as a sentence: ends with one full stop. */
const sentence = (reason: string): string => `${reason.replace(/[.\s]+$/, '')}.`;
