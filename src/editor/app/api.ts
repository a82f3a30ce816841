import { type AnswerOf, type BodyOf, type QueryOf, type RouteName, apiRoutes, routeAddress } from '../../content/api-routes';
import type { PersonName, PublishChoices } from '../../content/api-types';
import type { UndoChoices } from '../../content/undo-types';

/** An answer the editor's server refused, with its own words. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Answers asked for as the app starts, before it renders: the first call for the same address, soon after, takes its answer. */
const early = new Map<string, { response: Promise<Response>; at: number }>();
/** An answer older than this is asked for again: it may no longer be true. */
const EARLY_MS = 5000;

/** Asks the API for what the first screen will need, while the app's code still runs (main.tsx). */
export function askEarly<N extends RouteName>(name: N, ...[query]: QueryArgument<N>): void {
  const url = routeAddress(name, query);
  const response = fetch(url);
  // A failure is the business of the call that takes it (none may).
  response.catch(() => undefined);
  early.set(url, { response, at: performance.now() });
}

/** A route's parameters: none for a route that reads none. */
type QueryArgument<N extends RouteName> = [keyof QueryOf<N>] extends [never] ? [] : [query: QueryOf<N>];
/** What a call of route N sends: its body (none for a GET), and its parameters (none for a route that reads none). */
type Request<N extends RouteName> = ([BodyOf<N>] extends [never] ? { body?: undefined } : { body: BodyOf<N> }) &
  ([keyof QueryOf<N>] extends [never] ? { query?: undefined } : { query: QueryOf<N> });
/** A request that may send nothing is optional. */
type RequestArgument<N extends RouteName> = object extends Request<N> ? [request?: Request<N>] : [request: Request<N>];

/** Asks route `name` (its method is the table's): its answer, or for a 409 or 422, what it says, with `error` when it gives its words. */
async function call<N extends RouteName>(
  name: N,
  ...[{ body, query } = {} as Request<N>]: RequestArgument<N>
): Promise<{ status: number; data: AnswerOf<N>; error?: string }> {
  const { method } = apiRoutes[name];
  const url = routeAddress(name, query);
  const asked = method === 'GET' ? early.get(url) : undefined;
  early.delete(url);
  const response = await (asked && performance.now() - asked.at < EARLY_MS
    ? asked.response
    : fetch(url, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  const data = (await response.json().catch(() => ({}))) as AnswerOf<N> & { error?: string };
  if (!response.ok && ![409, 422].includes(response.status))
    throw new ApiError(response.status, data.error ?? `The editor's server answered ${response.status}.`);
  return { status: response.status, data, error: data.error };
}

export const api = {
  model: async () => (await call('model')).data,
  files: async () => (await call('files')).data,
  open: async (path: string) => (await call('file', { query: { path } })).data,
  check: async (path: string, value: unknown) => (await call('check', { body: { path, value } })).data,
  /**
   * The draft as the site renders it; with `only`, just that block (the others are as last
   * rendered). `drafts`, by path, are other files' drafts to render it with (the server uses
   * those of collection entries).
   */
  render: async (path: string, value: unknown, only?: number, drafts?: Record<string, unknown>) =>
    (await call('render', { body: { path, value, only, drafts } })).data,
  save: async (path: string, value: unknown, base: string | null) => (await call('save', { body: { path, value, base } })).data,
  /** The hash of the file on disk now (null: there is none), to notice a change made elsewhere. */
  hash: async (path: string) => (await call('hash', { query: { path } })).data.hash,
  dependents: async (path: string) => (await call('dependents', { query: { path } })).data.places,
  remove: async (path: string, base: string) => void (await call('delete', { body: { path, base } })),
  migrate: async () => (await call('migrate', { body: {} })).data.changed,
  /**
   * After a draft is discarded: removes the pictures it uploaded (`srcs`, the `src` each
   * api.upload gave, like "/media/team-photo.png") that no saved file in pages/ names. The
   * server removes only pictures it uploaded itself and that are unchanged since; any other
   * address is left alone. Answers the addresses removed. Uploads a draft kept unsaved are
   * otherwise removed by the server a week after their upload, if no saved file uses them.
   */
  forgetUploads: async (srcs: string[]) => (await call('forget-uploads', { body: { srcs } })).data.removed,
  /** Whether publishing works here: the content is the top of a git checkout. */
  publishing: async () => (await call('publishing')).data,
  /** Every content file that differs from the published state (409 when the content is not a git checkout: thrown with its words). */
  changes: async () => {
    const { status, data, error } = await call('changes');
    if (status === 409) throw new ApiError(status, error ?? 'Publishing is not set up for this site: ask whoever looks after it.');
    return data;
  },
  /** Who publishes when the person names no one: a trusted sign-in proxy's user or git's; null when none is known. */
  author: async () => (await call('author')).data,
  /** Publishes the chosen files in one commit with these words; `author` when the person gave one; `choices` after conflicts. */
  publish: async (paths: string[], message: string, author?: PersonName, choices?: PublishChoices, takeOutLinks?: boolean) => {
    const { status, data, error } = await call('publish', { body: { paths, message, author, choices, takeOutLinks } });
    if (status !== 200) throw new ApiError(status, error ?? 'Publishing is not set up for this site: ask whoever looks after it.');
    return data;
  },
  /** A file's versions, newest first, following renames. */
  history: async (path: string) => (await call('history', { query: { path } })).data,
  /** A file as one version had it. */
  version: async (path: string, commit: string) => (await call('version', { query: { path, commit } })).data,
  /** Two versions compared; `to` "disk" is the file as saved now. */
  compare: async (path: string, from: string, to: string) => {
    const { status, data, error } = await call('compare', { query: { path, from, to } });
    if (status !== 200) throw new ApiError(status, error ?? 'Those versions cannot be compared.');
    return data;
  },
  /** A version made ready to be the draft: upgraded when written for older schemas, with today's problems. Nothing is written. */
  restore: async (path: string, commit: string) => {
    const { status, data, error } = await call('restore', { body: { path, commit } });
    if (status !== 200) throw new ApiError(status, error ?? 'That version cannot be restored.');
    return data;
  },
  /**
   * The page as it is now with one version's changes taken back, the later ones kept; a field a
   * later change touched too is a conflict, settled by `choices` when asked again. Nothing is written.
   */
  undo: async (path: string, commit: string, choices?: UndoChoices) => {
    const { status, data, error } = await call('undo', { body: { path, commit, ...(choices === undefined ? {} : { choices }) } });
    if (status !== 200) throw new ApiError(status, error ?? 'That change cannot be undone.');
    return data;
  },
  /** Drops a changed file's changes that are in no commit yet: it is again as last committed (a new file is removed). */
  discard: async (path: string) => (await call('discard', { body: { path } })).data,
  /** The content files deleted since, newest first, each with its last version. */
  deleted: async () => (await call('deleted')).data.files,
  /**
   * Where each published commit (up to LIVE_COMMITS, full ids) stands on the live site, with the
   * pages it changed there; `site` null when the editor has no live site set (nothing is said).
   */
  live: async (commits: string[]) => (await call('live', { query: { commits: commits.join(',') } })).data,
  /** Who published the page on the site since the version here; null when no one did, or the site could not be asked. */
  colleagues: async (path: string) => (await call('colleagues', { query: { path } })).data.since,
  /** Brings what the site has into this checkout: the page's versions to merge the draft with, or words saying why not. */
  bringIn: async (path: string) => (await call('bring-in', { body: { path } })).data,
  /** Every review, newest first (fetched from the server that keeps the site). */
  reviews: async () => (await call('reviews')).data,
  /** Sends the chosen files for review with these words, instead of publishing them. */
  askReview: async (paths: string[], message: string, author?: PersonName) =>
    (await call('ask-review', { body: { paths, message, author } })).data,
  /** The author brings the chosen files into their review again. */
  updateReview: async (id: string, paths: string[], message: string, author?: PersonName) =>
    (await call('update-review', { body: { id, paths, message, author } })).data,
  /** A reviewer asks for changes with a note, or the author withdraws. */
  answerReview: async (id: string, step: 'changes-asked' | 'withdrawn', note: string, author?: PersonName) =>
    (await call('answer-review', { body: { id, step, note, author } })).data,
  /** Approves the review as the person saw it (`tip`) and publishes it; `choices` after conflicts. */
  approveReview: async (id: string, tip: string, author?: PersonName, choices?: PublishChoices) =>
    (await call('approve-review', { body: { id, tip, author, choices } })).data,
  /** Shares a new preview link of the review: its address is in the review's links. */
  sharePreview: async (id: string, author?: PersonName) => (await call('share-preview', { body: { id, author } })).data,
  /** The review's pages weighed on the live build and the preview's, and the site's check of it. */
  reviewWeights: async (id: string, tip: string) => (await call('review-weights', { query: { id, tip } })).data,
  /** One of the review's preview links stops working. */
  revokePreview: async (id: string, link: string, author?: PersonName) =>
    (await call('revoke-preview', { body: { id, link, author } })).data,
  /** Stores a picture sent as its bytes (not JSON, so it has a call of its own). */
  upload: async (file: File): Promise<AnswerOf<'upload'>> => {
    const response = await fetch(routeAddress('upload'), {
      method: 'POST',
      headers: { 'X-File-Name': encodeURIComponent(file.name), 'Content-Type': 'application/octet-stream' },
      body: file,
    });
    const data = (await response.json()) as AnswerOf<'upload'> & { error?: string };
    if (!response.ok) throw new ApiError(response.status, data.error ?? 'The picture could not be stored.');
    return data;
  },
};
