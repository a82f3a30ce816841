/**
 * The editor's API as one table: every route by its name (its address is API/<name>), with its
 * method, the query it reads and, as types, the body it takes and the answer it gives. The
 * browser's calls (src/editor/app/api.ts) and the server's dispatch (scripts/editor/) are both
 * made from it, so a route added, renamed or given another answer here is typed on both sides,
 * and a side that no longer agrees fails the typecheck.
 */
import type {
  AuthorAnswer,
  ChangesAnswer,
  CheckResult,
  Comparison,
  DeletedFile,
  DiscardResult,
  EditorModel,
  FileInfo,
  History,
  OpenedFile,
  PersonName,
  PublishAnswer,
  PublishChoices,
  PublishingAnswer,
  Rendered,
  Restored,
  SaveResult,
  UploadedPicture,
  VersionText,
} from './api-types';
/** Where the editor's server answers the API's routes (API/<name>) and shows a page's preview. */
export const API = '/__editor/api';
export const PREVIEW = '/__editor/preview';
import type { LiveAnswer } from './live-types';
import type { UndoChoices, Undone } from './undo-types';
import type { BroughtIn, ColleaguesAnswer } from './colleague-types';
import type { ApproveAnswer, ReviewAnswer, ReviewsAnswer, ReviewWeights } from './review-types';

type Method = 'GET' | 'POST';

/** How many commits one call of the `live` route may ask about: History's newest versions, and then some. */
export const LIVE_COMMITS = 10;

/**
 * One route. `query` names the parameters it reads from its address, at run time; `body` and
 * `answer` exist only as types (their values are never set: nothing reads them).
 */
export interface ApiRoute<M extends Method = Method, Q extends string = string, B = unknown, A = unknown> {
  method: M;
  query: readonly Q[];
  body?: B;
  answer?: A;
}

/** A GET route answering `A`, reading the parameters `query`. */
const get =
  <A>() =>
  <const Q extends readonly string[]>(...query: Q): ApiRoute<'GET', Q[number], undefined, A> => ({ method: 'GET', query });
/** A POST route taking the JSON body `B` (a picture's bytes for upload) and answering `A`. */
const post = <B, A>(): ApiRoute<'POST', never, B, A> => ({ method: 'POST', query: [] });

/** A draft of a content file, sent to be checked, rendered or saved. */
interface Draft {
  path: string;
  value: unknown;
}

/**
 * Every route of the editor's API. A 409 answer (publishing without git, a save overtaken by a
 * change on disk) and a 422 (a save with problems) carry an answer too; other refusals carry
 * `{ ok: false, error }` in words.
 */
export const apiRoutes = {
  model: get<EditorModel>()(),
  files: get<FileInfo[]>()(),
  file: get<OpenedFile>()('path'),
  check: post<Draft, CheckResult>(),
  /** `only`: just that block; `drafts`: other files' drafts, by path, to render it with. */
  render: post<Draft & { only?: number; drafts?: Record<string, unknown> }, Rendered>(),
  save: post<Draft & { base: string | null }, SaveResult>(),
  hash: get<{ hash: string | null }>()('path'),
  dependents: get<{ files: string[]; places: string[] }>()('path'),
  delete: post<{ path: string; base: string }, { ok: true }>(),
  migrate: post<Record<string, never>, { changed: number }>(),
  /** The picture's bytes, its name in the X-File-Name header; answered with 201. */
  upload: post<Blob, UploadedPicture>(),
  'forget-uploads': post<{ srcs: string[] }, { removed: string[] }>(),
  publishing: get<PublishingAnswer>()(),
  changes: get<ChangesAnswer>()(),
  author: get<AuthorAnswer>()(),
  publish: post<
    { paths: string[]; message: string; author?: PersonName; choices?: PublishChoices; takeOutLinks?: boolean },
    PublishAnswer
  >(),
  history: get<History>()('path'),
  version: get<VersionText>()('path', 'commit'),
  /** `to` "disk" is the file as saved now. */
  compare: get<Comparison>()('path', 'from', 'to'),
  restore: post<{ path: string; commit: string }, Restored>(),
  discard: post<{ path: string }, DiscardResult>(),
  deleted: get<{ files: DeletedFile[] }>()(),
  /** `commits`: up to LIVE_COMMITS published commits, comma-separated; where each stands on the live site. */
  live: get<LiveAnswer>()('commits'),
  /** One version's changes taken back from the page as it is now (nothing is written); `choices` settle the conflicts an earlier answer gave. */
  undo: post<{ path: string; commit: string; choices?: UndoChoices }, Undone>(),
  /** Who published the page on the site since the version here (the site asked at most every few seconds). */
  colleagues: get<ColleaguesAnswer>()('path'),
  /** What the site has, brought into this checkout for the page's draft to merge with (colleague-types.ts). */
  'bring-in': post<{ path: string }, BroughtIn>(),
  /** Every review, fetched from the remote (review-types.ts); a page of one is compared with `compare`, from its base to its tip. */
  reviews: get<ReviewsAnswer>()(),
  /** The chosen files sent for review with the person's description, instead of published. */
  'ask-review': post<{ paths: string[]; message: string; author?: PersonName }, ReviewAnswer>(),
  /** The author brings the chosen files into their review again. */
  'update-review': post<{ id: string; paths: string[]; message: string; author?: PersonName }, ReviewAnswer>(),
  /** A reviewer asks for changes with a note, or the author withdraws. */
  'answer-review': post<{ id: string; step: 'changes-asked' | 'withdrawn'; note: string; author?: PersonName }, ReviewAnswer>(),
  /** Approve the review's tip as the approver saw it, and publish it; `choices` settle the conflicts an earlier answer gave. */
  'approve-review': post<{ id: string; tip: string; author?: PersonName; choices?: PublishChoices }, ApproveAnswer>(),
  /** A new preview link of the review, for people without the editor (its address is in the review's links). */
  'share-preview': post<{ id: string; author?: PersonName }, ReviewAnswer>(),
  /** The review's pages weighed on the live build and the preview's, and the site's check of it (through the preview server). */
  'review-weights': get<ReviewWeights>()('id', 'tip'),
  /** One of the review's preview links stops working. */
  'revoke-preview': post<{ id: string; link: string; author?: PersonName }, ReviewAnswer>(),
} as const satisfies Record<string, ApiRoute>;

type ApiRoutes = typeof apiRoutes;
export type RouteName = keyof ApiRoutes;
/** What a route answers. */
export type AnswerOf<N extends RouteName> = NonNullable<ApiRoutes[N]['answer']>;
/** What a route takes as its body (never for a GET). */
export type BodyOf<N extends RouteName> = NonNullable<ApiRoutes[N]['body']>;
/** The parameters a route reads from its address, each a string. */
export type QueryOf<N extends RouteName> = Record<ApiRoutes[N]['query'][number], string>;

/** The route a name under the API's path is, if it is one (never one of an object's own properties). */
export function routeNamed(name: string): RouteName | undefined {
  return Object.hasOwn(apiRoutes, name) ? (name as RouteName) : undefined;
}

/** A route's address, with its parameters: "/__editor/api/file?path=pages%2Fabout.json". */
export function routeAddress<N extends RouteName>(name: N, query?: QueryOf<N>): string {
  const search = new URLSearchParams(query ?? {}).toString();
  return `${API}/${name}${search ? `?${search}` : ''}`;
}
