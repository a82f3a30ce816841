/** Who may reach the editor: its own Host and Origin, paths inside pages/, pictures only, and a token beyond loopback. */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EditorStartError, startEditor } from '../../../scripts/editor/start-editor';
import { root } from '../../helpers/project';
import { editorOnCopy } from './editor-on-copy';
import { png } from './png';

const server = editorOnCopy('editor-server-access');
const { content, send, post } = server;
let base = '';
beforeAll(() => {
  base = server.base();
});

/** A request to another editor on this machine, with exactly the headers given; the answer's headers too. */
function rawRequest(
  port: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) =>
    httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    })
      .on('error', reject)
      .end(),
  );
}

describe('the editor server refuses', () => {
  it('a Host that is not its own (DNS rebinding), before anything is read', async () => {
    for (const host of ['evil.example', 'evil.example:80', `localhost.evil.example:${new URL(base).port}`, '127.0.0.1:1'])
      expect((await send('/__editor/api/files', { headers: { Host: host } })).status, host).toBe(421);
  });

  it('a request from another site, and any change without an Origin', async () => {
    expect((await send('/__editor/api/files', { headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await post('save', { path: 'pages/about.json', value: {}, base: null }, { Origin: 'null' })).status).toBe(403);
    const noOrigin = await send('/__editor/api/save', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(noOrigin.status).toBe(403);
    expect((await send('/__editor/api/files')).status).toBe(200);
  });

  it('a path that leaves pages/, or a file that is no content, whatever its spelling', async () => {
    mkdirSync(join(content, 'pages/outside-link'), { recursive: true });
    symlinkSync(join(content, 'schemas'), join(content, 'pages/outside-link/schemas'));
    for (const path of [
      'pages/../package.json',
      'pages/%2e%2e/package.json',
      'pages/About Us.json',
      'pages/_collections/jobs/../../../package.json',
      'pages/_collections/Jobs/x.json',
      '../pages/about.json',
      '/etc/passwd',
      'pages/about.txt',
      'schemas/page.schema.json',
      'pages/./about.json',
      'pages\\..\\package.json',
      'pages/outside-link/schemas/page.schema.json',
      'pages/about.json\0.png',
    ]) {
      const opened = await send(`/__editor/api/file?path=${encodeURIComponent(path)}`);
      expect(opened.status, path).toBe(400);
      const saved = await post('save', { path, value: { title: 'x' }, base: null });
      expect(saved.status, path).toBe(400);
    }
    expect(readFileSync(join(content, 'schemas/page.schema.json'), 'utf8')).toBe(
      readFileSync(join(root, 'schemas/page.schema.json'), 'utf8'),
    );
    rmSync(join(content, 'pages/outside-link'), { recursive: true });
  });

  it('to start beyond loopback without a token, and then any request without it', async () => {
    await expect(startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0 })).rejects.toBeInstanceOf(EditorStartError);
    await expect(startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0, token: 'short' })).rejects.toThrow(
      'at least 16 characters',
    );
    const token = 'a-long-random-secret-for-tests';
    const open = await startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0, token });
    try {
      const port = new URL(open.url).port;
      const ask = (headers: Record<string, string>) => rawRequest(port, '/__editor/api/files', headers).then((answer) => answer.status);
      expect(await ask({})).toBe(401);
      expect(await ask({ Authorization: 'Bearer wrong-secret-of-the-same-size' })).toBe(401);
      expect(await ask({ Authorization: `Bearer ${token}` })).toBe(200);
      // The cookie holds a session, never the token: the token itself in a cookie opens nothing.
      expect(await ask({ Cookie: `editor_token=${token}` })).toBe(401);
      expect(await ask({ Cookie: `editor_session=${token}` })).toBe(401);
      // A remote browser is given addresses it can open, and told that plain HTTP carries the token in clear.
      expect(open.addresses.length).toBeGreaterThan(0);
      for (const address of open.addresses) expect(address).not.toMatch(/0\.0\.0\.0|\[::\]/);
      expect(open.notices.join(' ')).toMatch(/plain HTTP.*SSH tunnel.*TLS/);
    } finally {
      await open.close();
    }
  });

  it('an upload that is no picture, an SVG, or one over 5 MB; a picture goes to public/media/ under a safe, new name', async () => {
    const upload = (name: string, body: Buffer) =>
      send('/__editor/api/upload', {
        method: 'POST',
        headers: { Origin: base.replace(/\/$/, ''), 'X-File-Name': encodeURIComponent(name) },
        body,
      });
    expect((await upload('notes.png', Buffer.from('just text'))).status).toBe(415);
    expect((await upload('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).status).toBe(415);
    expect((await upload('huge.png', Buffer.concat([png(2, 2), Buffer.alloc(5 * 1024 * 1024)]))).status).toBe(413);
    const first = await upload('../../Team Photo ü.png', png(4, 3));
    expect(first.status).toBe(201);
    // A picture with nothing to take out is stored byte for byte, and the answer says so.
    expect(first.json()).toEqual({
      src: '/media/team-photo-u.png',
      width: 4,
      height: 3,
      bytes: png(4, 3).length,
      said: 'Kept as it was, 1 KB.',
    });
    expect((await upload('team-photo-u.png', png(4, 3))).json()).toMatchObject({ src: '/media/team-photo-u-2.png' });
    expect(existsSync(join(content, 'public/media/team-photo-u.png'))).toBe(true);
  });
});

describe('the editor with a token (hostile trial, issue 22)', () => {
  it('works with a token of any characters, keeps a session rather than the token in its cookie, and never crashes on one', async () => {
    const tokens = ['sécret-€-token-0123456789', 'q1w2e3r4t5y6u7i8o9p0aA==', 'a token; with spaces = and more', 'Zm9vYmFyYmF6cXV4+/=='];
    for (const token of tokens) {
      const open = await startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0, token });
      try {
        const port = new URL(open.url).port;
        // The address npm run edit prints carries the token percent-encoded.
        const opened = await rawRequest(port, `/?token=${encodeURIComponent(token)}`, { Accept: 'text/html' });
        expect(opened.status, token).toBe(303);
        const cookie = String(opened.headers['set-cookie']);
        expect(cookie, token).toMatch(/^editor_session=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
        expect(cookie).not.toContain(encodeURIComponent(token));
        const session = cookie.split(';')[0] ?? '';
        expect((await rawRequest(port, '/__editor/api/files', { Cookie: session })).status, token).toBe(200);
        // Another scheme's Authorization (Basic from a proxy) does not hide the session.
        expect((await rawRequest(port, '/__editor/api/files', { Cookie: session, Authorization: 'Basic dXNlcjpwYXNz' })).status).toBe(200);
        expect((await rawRequest(port, '/__editor/api/files', { Cookie: `other=1; ${session}; more=a=b` })).status).toBe(200);
        // Scripts may send it as a Bearer token, in UTF-8 as HTTP clients do.
        const bearer = `Bearer ${Buffer.from(token, 'utf8').toString('latin1')}`;
        expect((await rawRequest(port, '/__editor/api/files', { Authorization: bearer })).status, token).toBe(200);
        // Still alive, and a wrong token still opens nothing.
        expect((await rawRequest(port, `/?token=${encodeURIComponent(`${token}x`)}`, {})).status).toBe(401);
      } finally {
        await open.close();
      }
    }
  });

  it('marks the session cookie Secure when a proxy on this machine says the page came over HTTPS, and only then', async () => {
    const token = 'a-long-random-secret-for-tests';
    const open = await startEditor({ codeRoot: root, contentRoot: content, host: '0.0.0.0', port: 0, token });
    try {
      const port = new URL(open.url).port;
      const viaTls = await rawRequest(port, `/?token=${token}`, { 'X-Forwarded-Proto': 'https' });
      expect(String(viaTls.headers['set-cookie'])).toMatch(/; Secure$/);
      const plain = await rawRequest(port, `/?token=${token}`, {});
      expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
      // Behind that proxy the page's Origin is https://: the editor's own requests are still its own.
      const session = String(viaTls.headers['set-cookie']).split(';')[0] ?? '';
      const host = `127.0.0.1:${port}`;
      const check = await new Promise<number>((resolve, reject) =>
        httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/__editor/api/migrate',
            method: 'POST',
            headers: { Cookie: session, Origin: `https://${host}` },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
          .on('error', reject)
          .end(),
      );
      expect(check).toBe(200);
    } finally {
      await open.close();
    }
  });
});
