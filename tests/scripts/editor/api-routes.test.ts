/**
 * The editor's route table (src/content/api-routes.ts) against the real server and the real
 * client: every `api.…` call of the browser app is made here in Node, its fetch carried to an
 * editor on a git checkout, and what it asked for is held to the table and to the exact
 * addresses the app has always sent. Every route must reach its handler: none may get the
 * server's "No GET … here." that an unknown route gets.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { apiRoutes, type RouteName } from '../../../src/content/api-routes';
import { api } from '../../../src/editor/app/api';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';
import { root } from '../../helpers/project';

/** One request the client made, and what the server answered. */
interface Asked {
  method: string;
  address: string;
  status: number;
  answer: { error?: string };
}

let repos: GitRepos;
let editor: RunningEditor;
const asked: Asked[] = [];
const realFetch = globalThis.fetch;

/** The browser's fetch, as the app calls it (an address on its own origin), carried to the editor with its Host and Origin. */
/** The preview links the editor's server opened. */
const warmed: string[] = [];

async function carry(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(editor.url);
  const address = String(input);
  // The editor's server itself opens a new preview link once (review-api.ts, warm): not the client's.
  if (address.startsWith('https://preview.example.com/')) {
    warmed.push(address);
    return new Response(null, { status: 303 });
  }
  const method = init.method ?? 'GET';
  const body = init.body instanceof Blob ? Buffer.from(await init.body.arrayBuffer()) : (init.body as string | undefined);
  const origin = method === 'POST' ? { Origin: url.origin } : {};
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: address,
        method,
        headers: { Host: url.host, ...origin, ...(init.headers as Record<string, string>) },
        setHost: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  asked.push({ method, address, status, answer: JSON.parse(text) });
  return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
}

/** What the calls below ask for, in order: each route's method and address, exactly as the app has always sent them. */
const EXPECTED: [RouteName, string][] = [
  ['model', 'GET /__editor/api/model'],
  ['files', 'GET /__editor/api/files'],
  ['file', 'GET /__editor/api/file?path=pages%2Fabout.json'],
  ['check', 'POST /__editor/api/check'],
  ['render', 'POST /__editor/api/render'],
  ['save', 'POST /__editor/api/save'],
  ['hash', 'GET /__editor/api/hash?path=pages%2Fabout.json'],
  ['dependents', 'GET /__editor/api/dependents?path=pages%2Fabout.json'],
  ['migrate', 'POST /__editor/api/migrate'],
  ['upload', 'POST /__editor/api/upload'],
  ['forget-uploads', 'POST /__editor/api/forget-uploads'],
  ['publishing', 'GET /__editor/api/publishing'],
  ['changes', 'GET /__editor/api/changes'],
  ['author', 'GET /__editor/api/author'],
  ['publish', 'POST /__editor/api/publish'],
  ['history', 'GET /__editor/api/history?path=pages%2Fabout.json'],
  ['version', 'GET /__editor/api/version?path=pages%2Fabout.json&commit=<commit>'],
  ['compare', 'GET /__editor/api/compare?path=pages%2Fabout.json&from=<commit>&to=disk'],
  ['restore', 'POST /__editor/api/restore'],
  ['undo', 'POST /__editor/api/undo'],
  ['discard', 'POST /__editor/api/discard'],
  ['file', 'GET /__editor/api/file?path=pages%2Fabout.json'],
  ['delete', 'POST /__editor/api/delete'],
  ['deleted', 'GET /__editor/api/deleted'],
  ['live', 'GET /__editor/api/live?commits=<commit>'],
  ['colleagues', 'GET /__editor/api/colleagues?path=pages%2Findex.json'],
  ['bring-in', 'POST /__editor/api/bring-in'],
  ['file', 'GET /__editor/api/file?path=pages%2Ftesting.json'],
  ['save', 'POST /__editor/api/save'],
  ['ask-review', 'POST /__editor/api/ask-review'],
  ['reviews', 'GET /__editor/api/reviews'],
  ['file', 'GET /__editor/api/file?path=pages%2Ftesting.json'],
  ['save', 'POST /__editor/api/save'],
  ['update-review', 'POST /__editor/api/update-review'],
  ['answer-review', 'POST /__editor/api/answer-review'],
  ['share-preview', 'POST /__editor/api/share-preview'],
  ['review-weights', 'GET /__editor/api/review-weights?id=<review>&tip=<tip>'],
  ['revoke-preview', 'POST /__editor/api/revoke-preview'],
  ['approve-review', 'POST /__editor/api/approve-review'],
];

beforeAll(async () => {
  repos = await gitRepos();
  const checkout = await repos.clone(await repos.remote('routes'), 'routes', { name: 'Ana Editor', email: 'ana@example.com' });
  editor = await startEditor({
    codeRoot: root,
    contentRoot: checkout,
    host: '127.0.0.1',
    port: 0,
    preview: { site: 'https://preview.example.com', secret: 'the secret of the routes test' },
  });
  globalThis.fetch = carry as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await editor?.close();
  repos?.cleanup();
});

describe('the editor’s route table', () => {
  it('is what the client asks for and what the server answers: every route reaches its handler, at the address it always had', async () => {
    const path = 'pages/about.json';
    await api.model();
    await api.files();
    const opened = await api.open(path);
    await api.check(path, opened.value);
    await api.render(path, opened.value);
    const saved = await api.save(path, { ...opened.value, title: 'About the routes' }, opened.hash);
    expect(saved.status).toBe('saved');
    await api.hash(path);
    await api.dependents(path);
    await api.migrate();
    const photo = readFileSync(join(root, 'public/images/brand/social-card.jpg'));
    const picture = await api.upload(new File([photo], 'Route photo.jpg'));
    await api.forgetUploads([picture.src]);
    await api.publishing();
    await api.changes();
    await api.author();
    expect((await api.publish([path], 'The routes retitle About')).status).toBe('published');
    const [newest] = (await api.history(path)).versions;
    const commit = newest?.commit ?? '';
    await api.version(path, commit);
    await api.compare(path, commit, 'disk');
    await api.restore(path, commit);
    await api.undo(path, commit);
    await api.discard(path);
    await api.remove(path, (await api.open(path)).hash);
    await api.deleted();
    await api.live([commit]);
    await api.colleagues('pages/index.json');
    expect((await api.bringIn('pages/index.json')).status).toBe('brought');
    const faq = 'pages/testing.json';
    const page = await api.open(faq);
    expect((await api.save(faq, { ...page.value, title: 'Testing, end to end' }, page.hash)).status).toBe('saved');
    const review = await api.askReview([faq], 'Testing: a new title');
    if (review.status !== 'stored') throw new Error(review.message);
    expect((await api.reviews()).reviews.map((each) => each.id)).toEqual([review.review.id]);
    const again = await api.open(faq);
    expect((await api.save(faq, { ...again.value, title: 'Testing end to end' }, again.hash)).status).toBe('saved');
    expect((await api.updateReview(review.review.id, [faq], 'Testing: without the comma')).status).toBe('stored');
    const answered = await api.answerReview(review.review.id, 'changes-asked', 'Keep the comma');
    if (answered.status !== 'stored') throw new Error(answered.message);
    const shared = await api.sharePreview(review.review.id);
    if (shared.status !== 'stored') throw new Error(shared.message);
    const [link] = shared.review.links;
    expect(link?.url).toMatch(/^https:\/\/preview\.example\.com\/__preview\/[\w-]+\.[\w-]+\/testing$/);
    expect(warmed).toEqual([link?.url]);
    // Weighed through the preview server, which here answers nothing it can read: said in words, not failed.
    expect(await api.reviewWeights(review.review.id, shared.review.tip)).toEqual({
      state: 'unavailable',
      reason: 'The preview server did not answer, so the pages could not be weighed: try again in a minute.',
    });
    const revoked = await api.revokePreview(review.review.id, link?.id ?? '');
    if (revoked.status !== 'stored') throw new Error(revoked.message);
    expect(revoked.review.links.map((each) => [each.id, each.url, each.revoked?.by.name])).toEqual([[link?.id, undefined, 'Ana Editor']]);
    expect((await api.approveReview(review.review.id, revoked.review.tip)).status).toBe('published');

    const sent = [...asked];
    const named = (address: string): string =>
      address.replaceAll(commit, '<commit>').replace(`id=${review.review.id}&tip=${shared.review.tip}`, 'id=<review>&tip=<tip>');
    expect(sent.map((ask) => `${ask.method} ${named(ask.address)}`)).toEqual(EXPECTED.map(([, line]) => line));
    for (const [name, line] of EXPECTED) expect(line.startsWith(`${apiRoutes[name].method} /__editor/api/${name}`), name).toBe(true);
    // Every route of the table is asked for above, and no other.
    expect([...new Set(EXPECTED.map(([name]) => name))].sort()).toEqual(Object.keys(apiRoutes).sort());
    for (const ask of sent) {
      expect(ask.answer.error ?? '', ask.address).not.toMatch(/^No (GET|POST) .* here\.$/);
      expect(ask.status, `${ask.address}: ${ask.answer.error}`).toBeLessThan(400);
    }
  });

  it('answers a route asked with the other method as no route, in the same words as an unknown one', async () => {
    const answer = async (method: string, address: string) =>
      ((await (await carry(address, { method })).json()) as { error?: string }).error;
    expect(await answer('GET', '/__editor/api/save')).toBe('No GET /__editor/api/save here.');
    expect(await answer('POST', '/__editor/api/model')).toBe('No POST /__editor/api/model here.');
    expect(await answer('POST', '/__editor/api/changes')).toBe('No POST /__editor/api/changes here.');
    expect(await answer('GET', '/__editor/api/toString')).toBe('No GET /__editor/api/toString here.');
    expect(await answer('GET', '/__editor/api/nothing')).toBe('No GET /__editor/api/nothing here.');
  });
});
