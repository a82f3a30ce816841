/**
 * `GET /_live?commit=<id>`, on a server that follows its branch: whether a commit is live, from
 * what the follower remembers (follow/commit-states.ts). The editor asks it after a publish to
 * say "Live at 14:02" or "Not live: …". It answers from memory only, never by asking git: the
 * address is public, and whatever is sent to it costs one look-up in a map.
 *
 * 200 `{ commit, state, at, reason?, served }`: state is live, building, refused, failed or
 * unknown (not seen, or seen too long ago to be remembered); `at` when it came to be so (ISO
 * time, null for unknown); `reason` only for refused and failed; `served` the commit now served
 * (null before the follower's first build). Asked about a commit it has not seen, it tells the
 * follower, which fetches its remote soon (follow/fetch-remote.ts). A missing or malformed commit is 400, any method
 * but GET and HEAD 405, each with one line of JSON. No answer is cached or indexed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CommitStates } from './follow/commit-states';
import type { RouteHandler } from './site-server';

/** Where it is served. Page addresses never start with `_` (scripts/content/route-of-file.ts), so no page is hidden by it. */
export const LIVE_STATUS_PATH = '/_live';

/** A commit as git names it: SHA-1 (40) or SHA-256 (64) hex. */
const COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i;

export const liveStatusMessages = {
  noCommit: 'Say which commit: /_live?commit= followed by its full id, 40 or 64 hexadecimal characters.',
  badCommit: 'The commit must be its full id, 40 or 64 hexadecimal characters.',
  twoCommits: 'Ask for one commit at a time: give commit= once.',
  method: 'Only GET and HEAD are answered here.',
} as const;

const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
};

function answer(req: IncomingMessage, res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...HEADERS, 'Content-Length': String(Buffer.byteLength(text)), ...headers });
  res.end(req.method === 'HEAD' ? undefined : text);
}

/** The route that answers LIVE_STATUS_PATH from `states`. */
export function liveStatus(states: CommitStates): RouteHandler {
  return (req, res) => {
    // A body sent with the request is never read: the connection closes after the answer rather than take it in.
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return answer(req, res, 405, { error: liveStatusMessages.method }, { Allow: 'GET, HEAD', Connection: 'close' });
    const target = req.url ?? '';
    const queryAt = target.indexOf('?');
    const query = new URLSearchParams(queryAt < 0 ? '' : target.slice(queryAt + 1));
    const asked = query.getAll('commit');
    if (asked.length === 0 || asked[0] === '') return answer(req, res, 400, { error: liveStatusMessages.noCommit });
    if (asked.length > 1) return answer(req, res, 400, { error: liveStatusMessages.twoCommits });
    const commit = (asked[0] ?? '').toLowerCase();
    if (!COMMIT.test(commit)) return answer(req, res, 400, { error: liveStatusMessages.badCommit });
    const record = states.of(commit);
    // A commit not seen is likely one just pushed: the follower fetches soon (at most once a second, whoever asks).
    if (!record) states.askedUnseen();
    answer(req, res, 200, {
      commit,
      state: record?.state ?? 'unknown',
      at: record ? new Date(record.at).toISOString() : null,
      ...(record?.reason !== undefined ? { reason: record.reason } : {}),
      served: states.served ?? null,
    });
  };
}
