import {
  API,
  type AuthorAnswer,
  type ChangesAnswer,
  type CheckResult,
  type Comparison,
  type DeletedFile,
  type DiscardResult,
  type EditorModel,
  type FileInfo,
  type History,
  type OpenedFile,
  type PersonName,
  type Picture,
  type PublishAnswer,
  type PublishChoices,
  type PublishingAnswer,
  type Rendered,
  type Restored,
  type SaveResult,
  type VersionText,
} from '../../content/api-types';

/** An answer the editor's server refused, with its own words. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const address = (name: string, query: Record<string, string>): string => {
  const search = new URLSearchParams(query).toString();
  return `${API}/${name}${search ? `?${search}` : ''}`;
};

/** Answers asked for as the app starts, before it renders: the first call for the same address, soon after, takes its answer. */
const early = new Map<string, { response: Promise<Response>; at: number }>();
/** An answer older than this is asked for again: it may no longer be true. */
const EARLY_MS = 5000;

/** Asks the API for what the first screen will need, while the app's code still runs (main.tsx). */
export function askEarly(name: string, query: Record<string, string> = {}): void {
  const url = address(name, query);
  const response = fetch(url);
  // A failure is the business of the call that takes it (none may).
  response.catch(() => undefined);
  early.set(url, { response, at: performance.now() });
}

async function call<T>(
  method: 'GET' | 'POST',
  name: string,
  body?: unknown,
  query: Record<string, string> = {},
): Promise<{ status: number; data: T }> {
  const url = address(name, query);
  const asked = method === 'GET' ? early.get(url) : undefined;
  early.delete(url);
  const response = await (asked && performance.now() - asked.at < EARLY_MS
    ? asked.response
    : fetch(url, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok && ![409, 422].includes(response.status))
    throw new ApiError(response.status, data.error ?? `The editor's server answered ${response.status}.`);
  return { status: response.status, data };
}

export const api = {
  model: async () => (await call<EditorModel>('GET', 'model')).data,
  files: async () => (await call<FileInfo[]>('GET', 'files')).data,
  open: async (path: string) => (await call<OpenedFile>('GET', 'file', undefined, { path })).data,
  check: async (path: string, value: unknown) => (await call<CheckResult>('POST', 'check', { path, value })).data,
  /**
   * The draft as the site renders it; with `only`, just that block (the others are as last
   * rendered). `drafts`, by path, are other files' drafts to render it with (the server uses
   * those of collection entries).
   */
  render: async (path: string, value: unknown, only?: number, drafts?: Record<string, unknown>) =>
    (await call<Rendered>('POST', 'render', { path, value, only, drafts })).data,
  save: async (path: string, value: unknown, base: string | null) => (await call<SaveResult>('POST', 'save', { path, value, base })).data,
  /** The hash of the file on disk now (null: there is none), to notice a change made elsewhere. */
  hash: async (path: string) => (await call<{ hash: string | null }>('GET', 'hash', undefined, { path })).data.hash,
  dependents: async (path: string) => (await call<{ files: string[] }>('GET', 'dependents', undefined, { path })).data.files,
  remove: async (path: string, base: string) => void (await call('POST', 'delete', { path, base })),
  migrate: async () => (await call<{ changed: number }>('POST', 'migrate', {})).data.changed,
  /**
   * After a draft is discarded: removes the pictures it uploaded (`srcs`, the `src` each
   * api.upload gave, like "/media/team-photo.png") that no saved file in pages/ names. The
   * server removes only pictures it uploaded itself and that are unchanged since; any other
   * address is left alone. Answers the addresses removed. Uploads a draft kept unsaved are
   * otherwise removed by the server a week after their upload, if no saved file uses them.
   */
  forgetUploads: async (srcs: string[]) => (await call<{ removed: string[] }>('POST', 'forget-uploads', { srcs })).data.removed,
  /** Whether publishing works here: the content is the top of a git checkout. */
  publishing: async () => (await call<PublishingAnswer>('GET', 'publishing')).data,
  /** Every content file that differs from the published state (409 when the content is not a git checkout: thrown with its words). */
  changes: async () => {
    const { status, data } = await call<ChangesAnswer & { error?: string }>('GET', 'changes');
    if (status === 409) throw new ApiError(status, data.error ?? 'Publishing needs git.');
    return data;
  },
  /** Who publishes when the person names no one: a trusted sign-in proxy's user or git's; null when none is known. */
  author: async () => (await call<AuthorAnswer>('GET', 'author')).data,
  /** Publishes the chosen files in one commit with these words; `author` when the person gave one; `choices` after conflicts. */
  publish: async (paths: string[], message: string, author?: PersonName, choices?: PublishChoices) => {
    const { status, data } = await call<PublishAnswer & { error?: string }>('POST', 'publish', { paths, message, author, choices });
    if (status !== 200) throw new ApiError(status, data.error ?? 'Publishing needs git.');
    return data;
  },
  /** A file's versions, newest first, following renames. */
  history: async (path: string) => (await call<History>('GET', 'history', undefined, { path })).data,
  /** A file as one version had it. */
  version: async (path: string, commit: string) => (await call<VersionText>('GET', 'version', undefined, { path, commit })).data,
  /** Two versions compared; `to` "disk" is the file as saved now. */
  compare: async (path: string, from: string, to: string) => {
    const { status, data } = await call<Comparison & { error?: string }>('GET', 'compare', undefined, { path, from, to });
    if (status !== 200) throw new ApiError(status, data.error ?? 'Those versions cannot be compared.');
    return data;
  },
  /** A version made ready to be the draft: upgraded when written for older schemas, with today's problems. Nothing is written. */
  restore: async (path: string, commit: string) => {
    const { status, data } = await call<Restored & { error?: string }>('POST', 'restore', { path, commit });
    if (status !== 200) throw new ApiError(status, data.error ?? 'That version cannot be restored.');
    return data;
  },
  /** Drops a changed file's changes that are in no commit yet: it is again as last committed (a new file is removed). */
  discard: async (path: string) => (await call<DiscardResult>('POST', 'discard', { path })).data,
  /** The content files deleted since, newest first, each with its last version. */
  deleted: async () => (await call<{ files: DeletedFile[] }>('GET', 'deleted')).data.files,
  upload: async (file: File): Promise<Picture> => {
    const response = await fetch(`${API}/upload`, {
      method: 'POST',
      headers: { 'X-File-Name': encodeURIComponent(file.name), 'Content-Type': 'application/octet-stream' },
      body: file,
    });
    const data = (await response.json()) as Picture & { error?: string };
    if (!response.ok) throw new ApiError(response.status, data.error ?? 'The picture could not be stored.');
    return data;
  },
};
