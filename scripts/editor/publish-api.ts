/**
 * The editor's publishing routes (src/content/api-routes.ts says what each takes and gives): the
 * changed files listed, chosen files published with the person's words and name, a file's
 * history, one version of it, two versions compared, a version read back as a draft (nothing is
 * written: the editor makes it the draft, and it is published like any change), one version's
 * change taken back from the page as it is now (written nowhere either), and the deleted files. They work when the editor's content root is the top of a git checkout, and answer 409
 * in words when it is not (GET publishing says which, always with 200). The author is the one
 * the request names (the browser keeps the person's answer), else git's user. When the editor
 * was started trusting a sign-in proxy, the author is the one the proxy's X-Forwarded-User and
 * X-Forwarded-Email name, always: a request the proxy names no one in is refused in words,
 * whatever its body says.
 */
import { approvalNeeded } from './approval-needed';
import { reviewSettings } from '../publish/review/review-settings';
import type { PreviewLinks } from '../publish/review/read-preview';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Migration } from '../content/fixing/migrate-tree';
import { contentFileOf } from '../content/content-file';
import { compareVersions } from '../publish/history/compare-versions';
import { listChanges } from '../publish/changes/list-changes';
import { discard } from '../publish/changes/discard';
import { deletedFiles, history, VersionError, versionAt } from '../publish/history/history';
import { authorFromGit, publish } from '../publish/publish';
import { openRepository } from '../publish/git/repository';
import { restoreVersion } from '../publish/history/restore-version';
import { pageWords } from '../publish/page-words';
import { misreadRequest } from '../publish/misread-request';
import { refusal } from '../site-server/refusal';
import { reply } from '../site-server/reply';
import { UndoRefused, undoVersion } from '../publish/history/undo-version';
import { bringIn } from '../publish/colleagues/bring-in';
import { publishedSince } from '../publish/colleagues/published-since';
import { parseJsonObject, readBody } from '../site-server/read-body';
import { LIVE_COMMITS, type RouteName } from '../../src/content/api-routes';
import type { FileInfo, PersonName, PublishingAnswer } from '../../src/content/api-types';
import type { LiveAnswer, LiveCommit, LivePage } from '../../src/content/live-types';
import { titlesOf } from '../../src/content/titles';
import { answerRoute, queryOf, type RouteHandlers } from './answer-route';
import { choicesOf, NO_SIGNED_IN_AUTHOR, proxyAuthor, requestPerson } from './request-person';
import { reviewApi } from './review-api';
import { askLiveSite } from './ask-live-site';
import { livePages, reasonWords } from './live-pages';
import { editorModel } from './editor-model';
import { schemaKey, type Workspace } from './workspace';

/** A publish names files, words and a person: far below this. */
const BODY_LIMIT = 256 * 1024;

/** The routes this module answers: those that need git. */
const PUBLISH_ROUTES = [
  'publishing',
  'changes',
  'author',
  'publish',
  'history',
  'version',
  'compare',
  'restore',
  'deleted',
  'discard',
  'live',
  // Undo one change of a page: history/undo-version.ts.
  'undo',
  // Colleagues' publishes of a page, and bringing them in: publish/colleagues/.
  'colleagues',
  'bring-in',
  // Reviews: review-api.ts.
  'reviews',
  'ask-review',
  'update-review',
  'answer-review',
  'approve-review',
  'share-preview',
  'revoke-preview',
  'review-weights',
] as const;
export type PublishRoute = (typeof PUBLISH_ROUTES)[number] & RouteName;

/** Whether this module answers route `name`. */
export const isPublishRoute = (name: RouteName): name is PublishRoute => (PUBLISH_ROUTES as readonly string[]).includes(name);

export interface PublishApiOptions {
  /** A sign-in proxy in front of the editor is trusted: its X-Forwarded-User and X-Forwarded-Email name the author. */
  trustProxy?: boolean;
  migrations?: Migration[];
  /** The live site's origin (LIVE_SITE_URL): the `live` route asks it where each published change stands. */
  liveSite?: string;
  /** Where preview links are opened, and the secret they are signed with (PREVIEW_SITE_URL, PREVIEW_LINK_SECRET). */
  preview?: PreviewLinks;
}

/** A commit's full id: SHA-1, or SHA-256 in a repository that uses it. */
const FULL_COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

const NOT_A_CHECKOUT =
  'Publishing is not set up for this copy of the site: ask whoever set up the editor to connect it to where the site is published.';

/** Answers a version that cannot be read with its words: 400 for a name, 404 for what is not there, 422 otherwise. */
function versionRefusal(error: unknown): never {
  if (error instanceof VersionError)
    throw refusal(error.reason === 'path' || error.reason === 'revision' ? 400 : error.reason === 'missing' ? 404 : 422, error.message);
  throw error;
}

/** What each publishing handler is given beside the request: the author a trusted proxy names. */
interface PublishContext {
  fromProxy: PersonName | null | undefined;
}

/** Answers the publishing requests (each route one of PUBLISH_ROUTES); a refusal it throws is answered by the server. */
export function publishApi(
  workspace: Workspace,
  options: PublishApiOptions,
): (req: IncomingMessage, res: ServerResponse, route: PublishRoute, url: URL) => Promise<void> {
  const root = workspace.root;
  const body = async (req: IncomingMessage): Promise<Record<string, unknown>> =>
    parseJsonObject(await readBody(req, BODY_LIMIT, 'That request is larger than 256 KB.'));
  /** A commit's pages never change: each is read from git once (the newest few hundred are kept). */
  const pagesOf = new Map<string, LivePage[]>();
  const live = async (asked: string): Promise<{ answer: LiveAnswer }> => {
    const site = options.liveSite;
    // No live site set: the editor says nothing about going live.
    if (!site) return { answer: { site: null, commits: [] } };
    const commits = asked.split(',').filter(Boolean);
    if (commits.length === 0 || commits.length > LIVE_COMMITS || !commits.every((commit) => FULL_COMMIT.test(commit)))
      throw refusal(400, misreadRequest(`not 1 to ${LIVE_COMMITS} versions to ask the live site about`));
    let files: FileInfo[] | undefined;
    const filesNow = (): FileInfo[] => {
      files ??= workspace.files();
      return files;
    };
    const answers = await Promise.all(
      commits.map(async (commit): Promise<LiveCommit> => {
        const [state, pages] = await Promise.all([
          askLiveSite(site, commit),
          pagesOf.get(commit) ?? livePages(root, commit, filesNow(), site),
        ]);
        pagesOf.set(commit, pages);
        if (pagesOf.size > 500) pagesOf.delete(pagesOf.keys().next().value as string);
        return { commit, ...state, ...(state.reason === undefined ? {} : { reason: reasonWords(state.reason, filesNow()) }), pages };
      }),
    );
    return { answer: { site, commits: answers } };
  };
  const handlers: RouteHandlers<Exclude<PublishRoute, 'publishing'>, PublishContext> = {
    changes: async () => ({ answer: await listChanges(root) }),
    author: async ({ fromProxy }) => ({
      answer: fromProxy !== undefined ? { author: fromProxy, from: 'proxy' } : { author: await authorFromGit(root), from: 'git' },
    }),
    publish: async ({ req, fromProxy }) => {
      const { paths, message, author, choices, takeOutLinks } = await body(req);
      if (!Array.isArray(paths) || !paths.every((path) => typeof path === 'string'))
        throw refusal(400, misreadRequest('no list of the pages to publish'));
      if (typeof message !== 'string') throw refusal(400, 'Write a short description of the change.');
      const who = await requestPerson(fromProxy, author, root);
      if (who === 'unsigned') return { answer: { status: 'refused', reason: 'author', message: NO_SIGNED_IN_AUTHOR } };
      if (!who) throw refusal(400, 'Say who is publishing: a name and an e-mail address.');
      const needs = approvalNeeded(root, who);
      if (needs) return { answer: { status: 'refused', reason: 'author', message: needs } };
      // Every outcome is an answer in words the screen shows (a refusal, conflicts to choose for), not a failed request.
      const answer = await publish(root, { paths, message, author: who, choices: choicesOf(choices), takeOutLinks: takeOutLinks === true });
      // Links taken out were written on disk: the site is read again now, not when the watcher says so.
      if (takeOutLinks === true) workspace.invalidate();
      return { answer };
    },
    history: async ({ query }) => ({ answer: await history(root, query.path) }),
    version: async ({ query }) => ({ answer: await versionAt(root, query.commit, query.path) }),
    compare: async ({ query: { path, from, to } }) => {
      const older = await versionAt(root, from, path);
      const newer = to === '' || to === 'disk' ? { value: workspace.open(path).value } : await versionAt(root, to, path);
      if (!older.value || !newer.value)
        throw refusal(422, `${pageWords(path, true)} was damaged in one of these versions, so they cannot be compared.`);
      const model = editorModel(workspace);
      const schema = contentFileOf(path.slice('pages/'.length))?.schema;
      const titles = titlesOf(model.blocks, schema ? model.forms[schemaKey(schema)] : undefined);
      return { answer: compareVersions(older.value, newer.value, titles) };
    },
    restore: async ({ req }) => {
      const { path, commit } = await body(req);
      if (typeof path !== 'string' || typeof commit !== 'string') throw refusal(400, misreadRequest('no page or no version to restore'));
      return { answer: await restoreVersion(root, commit, path, { migrations: options.migrations }) };
    },
    discard: async ({ req }) => {
      const { path } = await body(req);
      if (typeof path !== 'string') throw refusal(400, misreadRequest('no page whose changes to discard'));
      const answer = await discard(root, path);
      // The files on disk changed: the site is read again now, not when the watcher says so.
      if (answer.status === 'discarded') workspace.invalidate();
      return { answer };
    },
    deleted: async () => ({ answer: { files: await deletedFiles(root) } }),
    live: ({ query }) => live(query.commits),
    colleagues: async ({ query }) => {
      workspace.contentPath(query.path);
      // A site that cannot be asked is no news: nothing is said, and editing goes on.
      return { answer: { since: await publishedSince(root, query.path).catch(() => null) } };
    },
    'bring-in': async ({ req }) => {
      const { path } = await body(req);
      if (typeof path !== 'string') throw refusal(400, misreadRequest('no page to bring colleagues’ changes into'));
      workspace.contentPath(path);
      const brought = await bringIn(root, path);
      if (brought.status !== 'brought') return { answer: brought };
      // The files on disk followed the site: read again now, not when the watcher says so.
      workspace.invalidate();
      const { hash, text } = workspace.open(path);
      return { answer: { ...brought, hash, text } };
    },
    ...reviewApi(workspace, body, options.preview),
    undo: async ({ req }) => {
      const { path, commit, choices } = await body(req);
      if (typeof path !== 'string' || typeof commit !== 'string')
        throw refusal(400, misreadRequest('no page or no version whose change to undo'));
      if (choices !== undefined && !(Array.isArray(choices) && choices.every((side) => side === 'mine' || side === 'theirs')))
        throw refusal(400, misreadRequest('a choice that is neither keep nor take back'));
      try {
        return { answer: await undoVersion(root, commit, path, { choices, migrations: options.migrations }) };
      } catch (error) {
        // An undo that cannot be made is said in its words: the request was fine, the page cannot take it.
        if (error instanceof UndoRefused) throw refusal(422, error.message);
        throw error;
      }
    },
  };
  return async (req, res, route, url) => {
    const repo = await openRepository(root);
    // Asked by the page list before it offers Changes, so that a folder without git shows no failed request.
    if (route === 'publishing') {
      const settings = reviewSettings(root);
      // Said only when it changes what the screens offer: a site that needs no approval answers as it always did.
      const approval = 'problem' in settings || !settings.approvalRequired ? undefined : { required: true, reviewers: settings.reviewers };
      const answer: PublishingAnswer =
        typeof repo === 'string' ? { available: false, reason: NOT_A_CHECKOUT } : { available: true, ...(approval ? { approval } : {}) };
      return reply(res, 200, answer);
    }
    // Asked as every page opens: in a folder without git there is no one to name, and no request fails.
    if (route === 'colleagues' && typeof repo === 'string') return reply(res, 200, { since: null });
    if (typeof repo === 'string') throw refusal(409, NOT_A_CHECKOUT);
    const fromProxy = proxyAuthor(req, options.trustProxy === true);
    try {
      await answerRoute(handlers, route, { req, fromProxy, query: queryOf(route, url) }, res);
    } catch (error) {
      versionRefusal(error);
    }
  };
}
