/**
 * Asks the live site's server where one published commit stands: GET <site>/_live?commit=<hex>,
 * answered by the site server that follows the remote with
 * `{ commit, state, at, reason?, served }`. Whatever the live site does (no answer, a slow
 * one, a huge one, one that is not that JSON, an error), this answers within LIVE_TIMEOUT_MS
 * and never throws: a reply it cannot trust is 'unreachable', since the editor cannot know.
 */
import type { LiveStage } from '../../src/content/live-types';

/** One question to the live site, from asking to the last byte of its answer. */
const LIVE_TIMEOUT_MS = 4000;
/** Its answer is a few hundred bytes; anything beyond this is not that answer, and is not read further. */
const MAX_ANSWER_BYTES = 16 * 1024;
/** A reason is one line; a longer one is cut here, so a screen never fills with it. */
const MAX_REASON = 400;

const STAGES = ['live', 'building', 'refused', 'failed', 'unknown'] as const;

export interface LiveSiteAnswer {
  stage: LiveStage;
  at: string | null;
  reason?: string;
}

const UNREACHABLE: LiveSiteAnswer = { stage: 'unreachable', at: null };

/**
 * The body, up to `limit` bytes; null when it is longer or `deadline` ends first (what is left
 * is not read). The deadline cancels the reader itself, whatever fetch does with its signal.
 */
async function boundedText(response: Response, limit: number, deadline: AbortSignal): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const stop = () => void reader.cancel().catch(() => undefined);
  deadline.addEventListener('abort', stop, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (deadline.aborted) return null;
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The answer's JSON as the contract has it, or null when any part of it is not. */
function answerOf(text: string, commit: string): LiveSiteAnswer | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { commit: named, state, at, reason } = value as Record<string, unknown>;
  if (typeof named !== 'string' || named.toLowerCase() !== commit.toLowerCase()) return null;
  if (typeof state !== 'string' || !(STAGES as readonly string[]).includes(state)) return null;
  if (at !== null && at !== undefined && (typeof at !== 'string' || Number.isNaN(Date.parse(at)))) return null;
  const answer: LiveSiteAnswer = { stage: state as LiveStage, at: typeof at === 'string' ? new Date(at).toISOString() : null };
  if ((state === 'refused' || state === 'failed') && typeof reason === 'string') {
    // One line of plain text: no control characters, no line breaks, bounded.
    const line = reason.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').trim();
    answer.reason = line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line;
  }
  return answer;
}

/**
 * Where `commit` (full hex) stands on the live site at origin `site`.
 *
 * The deadline is a timer of our own that holds its controller, not `AbortSignal.timeout`: Node
 * keeps that signal only weakly, and so does fetch, so a garbage collection while an answer
 * drips in could take the deadline with it (seen in CI: a drip read for 20 minutes).
 */
export async function askLiveSite(site: string, commit: string): Promise<LiveSiteAnswer> {
  const address = new URL('/_live', site);
  address.searchParams.set('commit', commit);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), LIVE_TIMEOUT_MS);
  try {
    const response = await fetch(address, {
      signal: deadline.signal,
      // Only the live site's own answer counts: a redirect elsewhere is no answer.
      redirect: 'error',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      return { stage: 'not-following', at: null };
    }
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => undefined);
      return UNREACHABLE;
    }
    const text = await boundedText(response, MAX_ANSWER_BYTES, deadline.signal);
    return (text === null ? null : answerOf(text, commit)) ?? UNREACHABLE;
  } catch {
    // No answer in time, a refused connection, a broken one: the same to the person.
    return UNREACHABLE;
  } finally {
    clearTimeout(timer);
  }
}
