/**
 * The editor's `live` route over HTTP: it asks the live site's GET /_live where each published
 * commit stands, played here by a small real HTTP server whose answers the tests move (unknown,
 * building, live; refused with a reason; no answer, a 10 MB one, one that is not JSON, a 500),
 * with a real checkout and bare remote. Whatever the live site does, the route answers in
 * time, and the editor goes on.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEditor, startEditor } from '../../../scripts/editor/start-editor';
import { editSettings } from '../../../scripts/settings/edit-settings';
import type { PublishAnswer } from '../../../src/content/api-types';
import type { LiveAnswer } from '../../../src/content/live-types';
import { root } from '../../helpers/project';
import { publishingEditors } from './publishing-editors';

const { repos, send, retitle } = publishingEditors();

/** What the fake live site does with the next GET /_live. */
type Behaviour =
  | { kind: 'json'; body: (commit: string) => unknown }
  | { kind: 'status'; status: number }
  | { kind: 'silent' }
  | { kind: 'drip' }
  | { kind: 'huge' }
  | { kind: 'text'; text: string };

/**
 * The garbage collector, called while an answer drips in: a deadline held only weakly (as
 * `AbortSignal.timeout` is, by Node and by fetch) is collected with it, and the editor would wait
 * for ever (CI saw it: 20 minutes).
 */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let behaviour: Behaviour = { kind: 'status', status: 404 };
const asked: string[] = [];
const held: ServerResponse[] = [];
let liveSite: ReturnType<typeof createServer>;
let site = '';
const editors: RunningEditor[] = [];

function answer(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://live');
  if (url.pathname !== '/_live') return void res.writeHead(404).end();
  const commit = url.searchParams.get('commit') ?? '';
  asked.push(commit);
  switch (behaviour.kind) {
    case 'json':
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return void res.end(JSON.stringify(behaviour.body(commit)));
    case 'status':
      return void res.writeHead(behaviour.status, { 'Content-Type': 'application/json' }).end('{"error":"no"}');
    case 'silent':
      // Never answers: the editor must stop waiting by itself.
      held.push(res);
      return;
    case 'drip': {
      // Answers its headers, then one byte now and then, for ever, collecting garbage each time.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"commit":');
      const timer = setInterval(() => {
        res.write(' ');
        collectGarbage();
      }, 200);
      res.on('close', () => clearInterval(timer));
      held.push(res);
      return;
    }
    case 'huge': {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const piece = Buffer.alloc(1024 * 1024, 0x20);
      res.write(`{"commit":"${commit}","state":"live","at":null,"served":"${commit}","padding":"`);
      for (let megabyte = 0; megabyte < 10; megabyte += 1) res.write(piece);
      return void res.end('"}');
    }
    case 'text':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(behaviour.text);
  }
}

beforeAll(async () => {
  liveSite = createServer(answer);
  await new Promise<void>((resolve) => liveSite.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(liveSite.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const editor of editors) await editor.close();
  for (const res of held) res.destroy();
  liveSite.closeAllConnections();
  await new Promise((resolve) => liveSite.close(resolve));
});

/** A checkout with its remote, an editor on it that knows the live site (or none), and About retitled and published. */
async function publishedAbout(name: string, withSite = true) {
  const remote = await repos.remote(name);
  const checkout = await repos.clone(remote, name);
  const editor = await startEditor({
    codeRoot: root,
    contentRoot: checkout,
    host: '127.0.0.1',
    port: 0,
    liveSite: withSite ? site : undefined,
  });
  editors.push(editor);
  retitle(checkout, 'about.json', 'About the studio');
  const published = await send(editor, '/__editor/api/publish', {
    method: 'POST',
    body: JSON.stringify({ paths: ['pages/about.json'], message: 'A new title', author: { name: 'Ada', email: 'ada@example.com' } }),
  });
  const answer = published.json() as unknown as PublishAnswer;
  if (answer.status !== 'published') throw new Error(`not published: ${JSON.stringify(answer)}`);
  return { editor, commit: answer.commit };
}

const ask = async (editor: RunningEditor, commits: string[]) => {
  const answer = await send(editor, `/__editor/api/live?commits=${commits.join(',')}`);
  return { status: answer.status, body: answer.json() as unknown as LiveAnswer & { error?: string } };
};

const followed = (state: string, extra: Record<string, unknown> = {}) => ({
  kind: 'json' as const,
  body: (commit: string) => ({ commit, state, at: null, served: 'a'.repeat(40), ...extra }),
});

describe('the live route', () => {
  it("says where a published change stands as the live site moves it, unknown to building to live, with the changed page's live address", async () => {
    const { editor, commit } = await publishedAbout('moving');
    behaviour = followed('unknown');
    const page = { title: 'About the studio', url: `${site}/about` };
    expect((await ask(editor, [commit])).body).toEqual({ site, commits: [{ commit, stage: 'unknown', at: null, pages: [page] }] });
    expect(asked.at(-1)).toBe(commit);
    behaviour = followed('building');
    expect((await ask(editor, [commit])).body.commits[0]?.stage).toBe('building');
    behaviour = followed('live', { at: '2026-11-28T14:02:09.000Z' });
    expect((await ask(editor, [commit])).body).toEqual({
      site,
      commits: [{ commit, stage: 'live', at: '2026-11-28T14:02:09.000Z', pages: [page] }],
    });
  });

  it('gives the reason of a refused change in one line, the site file and pages named as the person knows them', async () => {
    const { editor, commit } = await publishedAbout('refused');
    behaviour = followed('refused', {
      reason: 'pages/_site.json: the Services menu links to /testing,\nwhich no page has; see pages/about.json',
    });
    expect((await ask(editor, [commit])).body.commits[0]).toEqual({
      commit,
      stage: 'refused',
      at: null,
      reason: 'Menus, footer and site settings: the Services menu links to /testing, which no page has; see About the studio',
      pages: [{ title: 'About the studio', url: `${site}/about` }],
    });
  });

  it.each([
    ['does not answer at all', { kind: 'silent' } as Behaviour],
    ['sends its answer one byte at a time, for ever', { kind: 'drip' } as Behaviour],
    ['answers 10 MB', { kind: 'huge' } as Behaviour],
    ['answers what is not JSON', { kind: 'text', text: '{"commit": "abc", "state": live' } as Behaviour],
    ['answers JSON that is not its answer', { kind: 'text', text: '{"commit": 12, "state": "done"}' } as Behaviour],
    ['answers 500', { kind: 'status', status: 500 } as Behaviour],
  ])("answers 'unreachable' when the live site %s, and the editor goes on", async (what, given) => {
    const { editor, commit } = await publishedAbout(`unreachable-${what.replace(/\W+/g, '-')}`);
    behaviour = given;
    const { status, body } = await ask(editor, [commit]);
    expect(status).toBe(200);
    expect(body.commits.map((each) => [each.commit, each.stage, each.at, each.reason])).toEqual([[commit, 'unreachable', null, undefined]]);
    expect((await send(editor, '/__editor/api/publishing')).json()).toEqual({ available: true });
  });

  it("answers 'not-following' when the live site's server does not follow the remote (404)", async () => {
    const { editor, commit } = await publishedAbout('not-following');
    behaviour = { kind: 'status', status: 404 };
    expect((await ask(editor, [commit])).body.commits[0]?.stage).toBe('not-following');
  });

  it('says nothing about going live when the editor has no live site set, and asks it nothing', async () => {
    const { editor, commit } = await publishedAbout('no-site', false);
    const before = asked.length;
    expect((await ask(editor, [commit])).body).toEqual({ site: null, commits: [] });
    expect(asked.length).toBe(before);
  });

  it('refuses, in words, commits that are no full ids or more than 10 of them, and a request from another site', async () => {
    const { editor, commit } = await publishedAbout('refusals');
    const words =
      "The editor's page sent a request its server cannot read (not 1 to 10 versions to ask the live site about): reload the page and try again.";
    for (const commits of [[], ['HEAD'], [commit.slice(0, 7)], [`--output=${commit}`], Array(11).fill(commit)]) {
      const { status, body } = await ask(editor, commits);
      expect([status, body.error], commits.join(',')).toEqual([400, words]);
    }
    const foreign = await send(editor, `/__editor/api/live?commits=${commit}`, { headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });
});

describe('PREVIEW_SITE_URL and PREVIEW_LINK_SECRET', () => {
  it('are read together, the address as an origin, and refused in one line alone, short, or no http(s) origin', () => {
    const secret = 'the editor and the server share it';
    expect(editSettings({ PREVIEW_SITE_URL: 'https://Preview.example.com/', PREVIEW_LINK_SECRET: secret }, [], root).preview).toEqual({
      site: 'https://preview.example.com',
      secret,
    });
    expect(editSettings({}, [], root).preview).toBeUndefined();
    expect(() => editSettings({ PREVIEW_SITE_URL: 'https://preview.example.com' }, [], root)).toThrow(
      "PREVIEW_SITE_URL needs PREVIEW_LINK_SECRET, the secret preview links are signed with: at least 16 characters, the same as the site server's.",
    );
    expect(() => editSettings({ PREVIEW_SITE_URL: 'https://preview.example.com', PREVIEW_LINK_SECRET: 'short' }, [], root)).toThrow(
      / The one set is shorter\.$/,
    );
    expect(() => editSettings({ PREVIEW_LINK_SECRET: secret }, [], root)).toThrow(
      "PREVIEW_LINK_SECRET is set but PREVIEW_SITE_URL is not: set it to the preview server's address, or leave both unset.",
    );
    expect(() => editSettings({ PREVIEW_SITE_URL: 'ftp://preview.example.com', PREVIEW_LINK_SECRET: secret }, [], root)).toThrow(
      /^PREVIEW_SITE_URL must be the preview server's address/,
    );
  });
});

describe('LIVE_SITE_URL', () => {
  it('is read as an origin, and refused in one line when it is no http(s) origin', () => {
    expect(editSettings({ LIVE_SITE_URL: ' HTTPS://www.Example.com/ ' }, [], root).liveSite).toBe('https://www.example.com');
    expect(editSettings({}, [], root).liveSite).toBeUndefined();
    expect(() => editSettings({ LIVE_SITE_URL: 'http://www.example.com:99999' }, [], root)).toThrow(
      'LIVE_SITE_URL must be the live site\'s address, http:// or https:// with its host name and at most a port, like https://www.example.com; it is "http://www.example.com:99999".',
    );
  });
});
