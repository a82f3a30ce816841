/**
 * The editor's publishing routes over HTTP, with real git: a bare remote and a checkout cloned
 * from it (tests/helpers/git-repos.ts) as the editor's content root. What a publish commits is
 * read back with git: exactly the chosen files, the person as author, their words as message.
 * Who the author is: publish-api-author.test.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import type { ChangesAnswer, PublishAnswer } from '../../../src/content/api-types';
import { root } from '../../helpers/project';
import { silentServer, until } from '../../helpers/silent-server';
import { publishingEditors } from './publishing-editors';

const { repos, send, editorOn, published, retitle, lastCommit } = publishingEditors();

describe('publishing from the editor', () => {
  it('answers in words with 409 when the content folder is not a git checkout, and names no colleague', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'not-a-checkout-'));
    for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(plain, folder), { recursive: true });
    try {
      const editor = await editorOn(plain);
      for (const path of ['changes', 'author', 'history?path=pages/about.json', 'deleted']) {
        const answer = await send(editor, `/__editor/api/${path}`);
        expect(answer.status, path).toBe(409);
        expect(answer.json().error, path).toBe(
          'Publishing is not set up for this copy of the site: ask whoever set up the editor to connect it to where the site is published.',
        );
      }
      expect((await send(editor, '/__editor/api/publishing')).json()).toEqual({
        available: false,
        reason:
          'Publishing is not set up for this copy of the site: ask whoever set up the editor to connect it to where the site is published.',
      });
      const publish = await send(editor, '/__editor/api/publish', { method: 'POST', body: '{"paths":[],"message":"x"}' });
      expect(publish.status).toBe(409);
      // Asked as every page opens: no one to name, and no failed request in the page's console.
      const colleagues = await send(editor, `/__editor/api/colleagues?path=${encodeURIComponent('pages/about.json')}`);
      expect([colleagues.status, colleagues.json()]).toEqual([200, { since: null }]);
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('lists two changed pages and publishes them in one commit with the person and their words, pushed to the remote', async () => {
    const { remote, checkout, editor } = await published('two');
    retitle(checkout, 'about.json', 'About the studio');
    retitle(checkout, 'careers.json', 'Talk to us');
    expect((await send(editor, '/__editor/api/publishing')).json()).toEqual({ available: true });
    const changes = (await send(editor, '/__editor/api/changes')).json() as unknown as ChangesAnswer;
    expect(changes.changes.map((change) => change.path).sort()).toEqual(['pages/about.json', 'pages/careers.json']);
    expect(changes.remote).toEqual({ remote: 'origin', branch: 'main' });

    const answer = await send(editor, '/__editor/api/publish', {
      method: 'POST',
      body: JSON.stringify({
        paths: ['pages/about.json', 'pages/careers.json'],
        message: 'New titles for About and Careers',
        author: { name: 'Ada Writer', email: 'ada@example.com' },
      }),
    });
    expect(answer.status).toBe(200);
    expect((answer.json() as unknown as PublishAnswer).status).toBe('published');
    const expected = ['Ada Writer <ada@example.com>', 'New titles for About and Careers', 'pages/about.json', 'pages/careers.json'];
    expect(await lastCommit(checkout)).toEqual(expected);
    expect(await lastCommit(remote, 'main')).toEqual(expected);
    expect(((await send(editor, '/__editor/api/changes')).json() as unknown as ChangesAnswer).changes).toEqual([]);
  });

  it('says why a publish is refused: no description (in words, 200), a body that is not JSON (400), too large (413)', async () => {
    const { checkout, editor } = await published('refused');
    retitle(checkout, 'about.json', 'About');
    const publish = (body: string) => send(editor, '/__editor/api/publish', { method: 'POST', body });
    const empty = await publish(JSON.stringify({ paths: ['pages/about.json'], message: '  ' }));
    expect(empty.status).toBe(200);
    expect(empty.json()).toMatchObject({ status: 'refused', reason: 'message' });
    expect((await publish('not json')).status).toBe(400);
    expect((await publish(JSON.stringify({ paths: 'pages/about.json', message: 'x' }))).status).toBe(400);
    expect((await publish(JSON.stringify({ paths: [], message: 'x', filler: 'x'.repeat(300 * 1024) }))).status).toBe(413);
    expect((await lastCommit(checkout))[1]).toBe('The site as published');
  });

  it('answers a description or a name holding a NUL with words, never a failure', async () => {
    const { checkout, editor } = await published('nul');
    retitle(checkout, 'about.json', 'About');
    const publish = (body: object) => send(editor, '/__editor/api/publish', { method: 'POST', body: JSON.stringify(body) });
    const message = await publish({ paths: ['pages/about.json'], message: 'About\u0000 page' });
    expect(message.status).toBe(200);
    expect(message.json()).toEqual({
      status: 'refused',
      reason: 'message',
      message: 'The description holds a null character (U+0000), an invisible control character: remove it.',
    });
    const name = await publish({ paths: ['pages/about.json'], message: 'About', author: { name: 'Ana\u0000', email: 'ana@example.com' } });
    expect(name.status).toBe(200);
    expect(name.json()).toEqual({
      status: 'refused',
      reason: 'author',
      message: 'The name holds a null character (U+0000), an invisible control character: remove it.',
    });
    expect((await lastCommit(checkout))[1]).toBe('The site as published');
  });

  it('is behind the Host and Origin rules of every editor route', async () => {
    const { checkout, editor } = await published('guarded');
    retitle(checkout, 'about.json', 'About');
    expect((await send(editor, '/__editor/api/changes', { headers: { Host: 'evil.example' } })).status).toBe(421);
    expect((await send(editor, '/__editor/api/author', { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    const body = JSON.stringify({ paths: ['pages/about.json'], message: 'x' });
    expect(
      (await send(editor, '/__editor/api/publish', { method: 'POST', body, headers: { Origin: 'https://evil.example' } })).status,
    ).toBe(403);
    const discard = JSON.stringify({ path: 'pages/about.json' });
    expect(
      (await send(editor, '/__editor/api/discard', { method: 'POST', body: discard, headers: { Origin: 'https://evil.example' } })).status,
    ).toBe(403);
    // The hand edit is still there: nothing was discarded.
    expect((JSON.parse(readFileSync(join(checkout, 'pages/about.json'), 'utf8')) as { title: string }).title).toBe('About');
    const noOrigin = await new Promise<number>((resolve, reject) => {
      const url = new URL(editor.url);
      httpRequest(
        { host: '127.0.0.1', port: url.port, path: '/__editor/api/publish', method: 'POST', headers: { Host: url.host } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
        .on('error', reject)
        .end(body);
    });
    expect(noOrigin).toBe(403);
    expect((await lastCommit(checkout))[1]).toBe('The site as published');
  });
});

describe('an editor with a token', () => {
  it('answers the publishing routes only with it', async () => {
    const remote = await repos.remote('token');
    const checkout = await repos.clone(remote, 'token');
    const token = 'a-long-enough-secret-token';
    const editor = await editorOn(checkout, false, token);
    retitle(checkout, 'about.json', 'About');
    const body = JSON.stringify({ paths: ['pages/about.json'], message: 'x' });
    for (const path of ['changes', 'author', 'history?path=pages/about.json', 'deleted'])
      expect((await send(editor, `/__editor/api/${path}`)).status, path).toBe(401);
    expect((await send(editor, '/__editor/api/publish', { method: 'POST', body })).status).toBe(401);
    const allowed = { Authorization: `Bearer ${token}` };
    expect((await send(editor, '/__editor/api/changes', { headers: allowed })).status).toBe(200);
    expect((await lastCommit(checkout))[1]).toBe('The site as published');
  });
});

describe('a server that never answers', () => {
  it('answers a publish in words once PUBLISH_TIMEOUT_SECONDS is up, and a discard sent after it "busy" after PUBLISH_WAIT_SECONDS', async () => {
    const server = await silentServer();
    const settings = { timeout: process.env.PUBLISH_TIMEOUT_SECONDS, wait: process.env.PUBLISH_WAIT_SECONDS };
    try {
      const { checkout, editor } = await published('silent');
      await git(checkout, ['remote', 'set-url', 'origin', server.url]);
      retitle(checkout, 'about.json', 'About, waiting');
      retitle(checkout, 'careers.json', 'Careers, waiting');
      const post = (route: string, body: object) => send(editor, `/__editor/api/${route}`, { method: 'POST', body: JSON.stringify(body) });
      // A publish that waits for the server (which never answers) while a discard is sent.
      process.env.PUBLISH_TIMEOUT_SECONDS = '600';
      process.env.PUBLISH_WAIT_SECONDS = '1';
      const holding = post('publish', { paths: ['pages/about.json'], message: 'About: waiting' });
      await until(() => server.accepted() > 0);
      const discarded = await post('discard', { path: 'pages/careers.json' });
      expect(discarded.status).toBe(200);
      expect(discarded.json()).toEqual({
        status: 'refused',
        message: 'Another publish or discard has been under way for more than 1 s, so nothing was changed: try again in a minute.',
      });
      server.hangUp();
      expect((await holding).json()).toMatchObject({ status: 'not-pushed', reason: 'failed' });
      // The change waits as not yet published; publishing it again meets the silent server for 2 s, then says so.
      process.env.PUBLISH_TIMEOUT_SECONDS = '2';
      const again = await post('publish', { paths: ['pages/about.json'], message: 'About: waiting' });
      expect(again.status).toBe(200);
      expect(again.json()).toMatchObject({
        status: 'not-pushed',
        reason: 'timeout',
        message:
          'The server that keeps the published site did not answer within 2 s; nothing was lost: your change waits as not yet published. Try again later.',
      });
      await until(() => server.open() === 0);
    } finally {
      for (const [name, value] of [
        ['PUBLISH_TIMEOUT_SECONDS', settings.timeout],
        ['PUBLISH_WAIT_SECONDS', settings.wait],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      await server.close();
    }
  });
});

describe('history, versions, compare, restore and deleted files', () => {
  it('answers through the editor, with 400 and 404 in words for a bad name or a missing version', async () => {
    const { checkout, editor } = await published('history');
    const first = (await git(checkout, ['rev-parse', 'HEAD'])).stdout.trim();
    retitle(checkout, 'about.json', 'About, second version');
    await send(editor, '/__editor/api/publish', {
      method: 'POST',
      body: JSON.stringify({ paths: ['pages/about.json'], message: 'Second version' }),
    });
    const second = (await git(checkout, ['rev-parse', 'HEAD'])).stdout.trim();
    const history = (await send(editor, '/__editor/api/history?path=pages/about.json')).json() as {
      versions: { commit: string; message?: string }[];
    };
    expect(history.versions.map((version) => version.commit)).toEqual([second, first]);
    const version = (await send(editor, `/__editor/api/version?path=pages/about.json&commit=${first}`)).json() as {
      value: { title: string };
    };
    expect(version.value.title).not.toBe('About, second version');
    const compared = (await send(editor, `/__editor/api/compare?path=pages/about.json&from=${first}&to=${second}`)).json() as {
      same: boolean;
      fields: unknown[];
    };
    expect(compared.same).toBe(false);
    expect(compared.fields.length).toBeGreaterThan(0);
    const draft = (await send(editor, `/__editor/api/compare?path=pages/about.json&from=${second}`)).json() as { same: boolean };
    expect(draft.same).toBe(true);
    const restored = await send(editor, '/__editor/api/restore', {
      method: 'POST',
      body: JSON.stringify({ path: 'pages/about.json', commit: first }),
    });
    expect(restored.status).toBe(200);
    expect((restored.json() as { value: { title: string } }).value.title).toBe(version.value.title);
    // Restore writes nothing: the draft is the editor's.
    expect(JSON.parse(readFileSync(join(checkout, 'pages/about.json'), 'utf8')).title).toBe('About, second version');
    expect((await send(editor, '/__editor/api/version?path=../etc/passwd&commit=HEAD')).status).toBe(400);
    expect((await send(editor, '/__editor/api/version?path=pages/about.json&commit=--output=x')).status).toBe(400);
    expect((await send(editor, `/__editor/api/version?path=pages/no-such-page.json&commit=${first}`)).status).toBe(404);
    expect((await send(editor, '/__editor/api/deleted')).json()).toEqual({ files: [] });
  });
});
