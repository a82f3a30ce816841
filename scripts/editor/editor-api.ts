/**
 * The editor's JSON API (src/content/api-routes.ts says what each route takes and gives): the
 * content files listed, opened, checked, previewed, saved and deleted through the workspace,
 * and pictures uploaded (and cleaned up when no saved file uses them). Every path a request
 * names is made the one spelling the editor files problems under, here at the edge, and every
 * draft is a bounded JSON object before it is used.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API, type RouteName, apiRoutes, routeNamed } from '../../src/content/api-routes';
import type { Rendered } from '../../src/content/api-types';
import { misreadRequest } from '../publish/misread-request';
import { Refusal, refusal } from '../site-server/refusal';
import { parseJsonObject, readBody } from '../site-server/read-body';
import type { EditorPreview } from './editor-preview';
import { editorModel } from './editor-model';
import { answerRoute, queryOf, type RouteHandlers } from './answer-route';
import { isPublishRoute, type PublishApiOptions, type PublishRoute, publishApi } from './publish-api';
import { MAX_PICTURE_BYTES, storePicture } from './pictures/store-picture';
import { forgetUploads, sweepUploads } from './pictures/sweep-uploads';
import { recordUpload } from './pictures/record-upload';
import { canonicalContentPath, type Workspace } from './workspace';

const JSON_LIMIT = 4 * 1024 * 1024;
/** How deep a draft may nest: the deepest content file nests about 8 levels; beyond this, recursive checks could overflow the stack. */
const MAX_NESTING = 64;

/** How deeply a value nests objects and arrays, counted without recursion (so any depth is safe to measure). */
function nestingOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (depth > MAX_NESTING) break;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Answers one request under the API's path; a refusal it throws is answered by the server. */
export function editorApi(
  workspace: Workspace,
  preview: EditorPreview,
  publishing: PublishApiOptions = {},
): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> {
  // Uploads left unused for long are cleaned up at start and after each save. Never in the way
  // of the work: a folder that cannot be read or written now is tried again at the next save.
  const sweep = (): void => {
    try {
      sweepUploads(workspace);
    } catch {}
  };
  sweep();
  const handlers: RouteHandlers<Exclude<RouteName, PublishRoute>, { json: () => Promise<Record<string, unknown> & { path: string }> }> = {
    model: () => ({ answer: editorModel(workspace) }),
    files: () => ({ answer: workspace.files() }),
    file: ({ query }) => {
      const opened = workspace.open(query.path);
      // Its preview is asked for next: drawn now, while the browser builds the editor's screen.
      return { answer: opened, after: () => preview.prepare(query.path, opened.value) };
    },
    hash: ({ query }) => ({ answer: { hash: workspace.hashNow(query.path) } }),
    dependents: ({ query }) => ({ answer: workspace.dependents(query.path) }),
    check: async ({ json }) => {
      const body = await json();
      return { answer: workspace.check(body.path, body.value) };
    },
    render: async ({ json }) => {
      const body = await json();
      let rendered: Rendered;
      try {
        rendered = await preview.render(body.path, body.value, body.only, body.drafts);
      } catch (error) {
        if (error instanceof Refusal) throw error;
        // A draft too far from its schema to render (a page without blocks, say): its problems are shown by the check.
        // Why the renderer failed is for developers, in the log; the person reads what to do.
        console.error(error);
        throw refusal(422, 'This draft cannot be shown yet: fix the problems listed, and the preview comes back.');
      }
      return { answer: rendered };
    },
    save: async ({ json }) => {
      const body = await json();
      const result = workspace.save(body.path, body.value, typeof body.base === 'string' ? body.base : null);
      if (result.status === 'saved') sweep();
      return { answer: result, status: result.status === 'saved' ? 200 : result.status === 'changed' ? 409 : 422 };
    },
    delete: async ({ json }) => {
      const body = await json();
      workspace.remove(body.path, String(body.base));
      return { answer: { ok: true } };
    },
    migrate: () => ({ answer: { changed: workspace.migrate() } }),
    upload: async ({ req }) => {
      const bytes = await readBody(req, MAX_PICTURE_BYTES, 'A picture must be at most 5 MB.');
      let name: string;
      try {
        name = decodeURIComponent(String(req.headers['x-file-name'] ?? 'picture'));
      } catch {
        throw refusal(400, misreadRequest('a picture’s name it cannot spell out'));
      }
      const { picture, stored } = await storePicture(workspace.publicDir, name, bytes);
      recordUpload(workspace, picture, stored);
      return { answer: picture, status: 201 };
    },
    'forget-uploads': async ({ req }) => {
      const { srcs } = parseJsonObject(await readBody(req, JSON_LIMIT, 'That list is larger than 4 MB.'));
      if (!Array.isArray(srcs) || !srcs.every((src) => typeof src === 'string'))
        throw refusal(400, misreadRequest('no list of the pictures to forget'));
      return { answer: { removed: forgetUploads(workspace, srcs) } };
    },
  };
  const answerPublishing = publishApi(workspace, publishing);
  return async (req, res, url) => {
    const name = routeNamed(url.pathname.slice(API.length + 1));
    // A route is its name and its method: a GET of a POST route is no route.
    const route = name !== undefined && apiRoutes[name].method === req.method ? name : undefined;
    if (route !== undefined && isPublishRoute(route)) return answerPublishing(req, res, route, url);
    const json = async (): Promise<Record<string, unknown> & { path: string }> => {
      const body = parseJsonObject(await readBody(req, JSON_LIMIT, 'That draft is larger than 4 MB.'));
      if (nestingOf(body) > MAX_NESTING)
        throw refusal(400, `That draft nests more than ${MAX_NESTING} levels deep; no page needs that many.`);
      if ('value' in body && (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)))
        throw refusal(400, misreadRequest('a draft that is no page'));
      return { ...body, path: canonicalContentPath(String(body.path)) };
    };
    const path = canonicalContentPath(url.searchParams.get('path') ?? '');
    if (route === undefined) throw refusal(404, `No ${req.method} ${url.pathname} here.`);
    return answerRoute(handlers, route, { req, json, query: queryOf(route, url, { path }) }, res);
  };
}
