/** The hostile trial of issue 22: what the editor serves, the links it never follows, and drafts it cannot use. */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenedFile } from '../../../src/content/api-types';
import { root } from '../../helpers/project';
import { editorOnCopy } from './editor-on-copy';
import { png } from './png';

// The folder's name is the one the first test asks the editor for files in.
const server = editorOnCopy('editor-server');
const { scratch, content, send, post } = server;
let base = '';
beforeAll(() => {
  base = server.base();
});

describe('the editor serves only the editor (hostile trial, issue 22)', () => {
  it('its app, its modules and the public files, and nothing else of the project: no store, no sources, no package.json', async () => {
    // Files that Vite, rooted at the project, used to hand out: a store under the project and its sources.
    const inScratch = `/tests/.tmp/editor-server/${process.pid}`;
    mkdirSync(join(scratch, 'data'), { recursive: true });
    writeFileSync(join(scratch, 'data/submissions.db-wal'), 'visitor@example.com +91 9876543210');
    for (const path of [
      `${inScratch}/data/submissions.db-wal`,
      '/data/submissions.db',
      '/package.json',
      '/vite.config.ts',
      '/vite.config.ts?raw',
      '/README.md',
      '/scripts/editor/start-editor.ts',
      '/src/editor/app/api.ts?raw',
      '/src/editor/app/api.ts?url',
      '/src/editor/app/api.ts?inline',
      '/src/render/entry-render.tsx',
      '/src/%2e%2e/package.json',
      '/src/..%2fpackage.json',
      '/node_modules/.vite/deps/_metadata.json',
      '/node_modules/vite/package.json',
      '/@fs/etc/hostname',
      `/@fs${root}/package.json`,
      '/@id/package.json',
      '/__open-in-editor?file=/etc/hostname',
      '/pages/about.json',
      '/.git/config',
    ]) {
      const answer = await send(path, { headers: { Accept: '*/*' } });
      expect([403, 404], path).toContain(answer.status);
      expect(answer.text, path).not.toMatch(/visitor@example\.com|"devDependencies"|defineConfig|\[core\]/);
    }
    // What the editor app itself loads still comes.
    for (const path of ['/@vite/client', '/src/editor/main.tsx', '/src/editor/app/api.ts', '/favicon.svg'])
      expect((await send(path, { headers: { Accept: '*/*' } })).status, path).toBe(200);
  });

  it('starts no process for /__open-in-editor, from any method or page', async () => {
    const marker = join(scratch, 'launched');
    const launcher = join(scratch, 'launch.sh');
    writeFileSync(launcher, `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    const saved = { LAUNCH_EDITOR: process.env.LAUNCH_EDITOR, EDITOR: process.env.EDITOR };
    process.env.LAUNCH_EDITOR = launcher;
    process.env.EDITOR = launcher;
    try {
      for (const method of ['GET', 'POST']) {
        const answer = await send('/__open-in-editor?file=/etc/hostname', { method, headers: { Origin: base.replace(/\/$/, '') } });
        expect([403, 404]).toContain(answer.status);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(existsSync(marker)).toBe(false);
    } finally {
      Object.assign(process.env, saved);
      for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name];
    }
  });

  it('refuses what a browser marks as coming from another site (Sec-Fetch-Site), whatever the method and path', async () => {
    for (const site of ['same-site', 'cross-site'])
      for (const path of ['/__editor/api/files', '/', '/src/editor/main.tsx', '/favicon.svg'])
        expect((await send(path, { headers: { 'Sec-Fetch-Site': site, Accept: 'text/html' } })).status, `${site} ${path}`).toBe(403);
    for (const site of ['same-origin', 'none'])
      expect((await send('/__editor/api/files', { headers: { 'Sec-Fetch-Site': site } })).status, site).toBe(200);
  });

  it('serves no public file through a link, even one that points inside the project', async () => {
    symlinkSync(join(content, 'pages/about.json'), join(content, 'public/linked.json'));
    symlinkSync(join(content, 'pages'), join(content, 'public/linked-folder'));
    try {
      for (const path of ['/linked.json', '/linked-folder/about.json'])
        expect((await send(path, { headers: { Accept: '*/*' } })).status, path).toBe(404);
    } finally {
      rmSync(join(content, 'public/linked.json'));
      rmSync(join(content, 'public/linked-folder'));
    }
  });
});

describe('the editor never follows a link out of its folders (hostile trial, issue 22)', () => {
  it('refuses in words to save through a dangling link, and creates nothing outside pages/', async () => {
    const outside = join(scratch, 'outside');
    symlinkSync(join(outside, 'x.json'), join(content, 'pages/dangle.json'));
    symlinkSync(join(outside, 'folder'), join(content, 'pages/gone'));
    try {
      const opened = (await send('/__editor/api/file?path=pages%2Fabout.json')).json() as OpenedFile;
      for (const path of ['pages/dangle.json', 'pages/gone/x.json']) {
        const saved = await post('save', { path, value: opened.value, base: null });
        expect(saved.status, path).toBe(400);
        expect((saved.json() as { error: string }).error, path).toMatch(
          /is kept somewhere else on this computer \(behind a link\), so the editor neither opens nor saves it/,
        );
        expect((await send(`/__editor/api/file?path=${encodeURIComponent(path)}`)).status, path).toBe(400);
      }
      expect(existsSync(outside)).toBe(false);
      // The rest of the site is still checked and saved: a dangling link is a problem of its own, not a 500.
      expect((await post('check', { path: 'pages/about.json', value: opened.value })).status).toBe(200);
      expect((await send('/__editor/api/files')).status).toBe(200);
    } finally {
      rmSync(join(content, 'pages/dangle.json'));
      rmSync(join(content, 'pages/gone'));
    }
  });

  it('files a page’s problems under one spelling of its path, so "pages//about.json" cannot save a page with problems', async () => {
    const opened = (await send('/__editor/api/file?path=pages%2Fabout.json')).json() as OpenedFile;
    const value = { ...opened.value, description: 'Too short.' };
    for (const path of ['pages//about.json', 'pages///about.json']) {
      const saved = await post('save', { path, value, base: opened.hash });
      expect(saved.status, path).toBe(422);
      expect((saved.json() as { problems: { file: string; code: string }[] }).problems, path).toEqual([
        expect.objectContaining({ file: 'pages/about.json', code: 'tooShort' }),
      ]);
      const checked = (await post('check', { path, value })).json() as { problems: unknown[] };
      expect(checked.problems, path).toHaveLength(1);
    }
    expect(readFileSync(join(content, 'pages/about.json'), 'utf8')).toBe(opened.text);
  });

  it('uploads no picture through a public/media that is a link', async () => {
    const media = join(content, 'public/media');
    const moved = join(scratch, 'media-moved');
    cpSync(media, moved, { recursive: true });
    rmSync(media, { recursive: true });
    symlinkSync(join(scratch, 'elsewhere'), media);
    try {
      const answer = await send('/__editor/api/upload', {
        method: 'POST',
        headers: { Origin: base.replace(/\/$/, ''), 'X-File-Name': 'photo.png' },
        body: png(2, 2),
      });
      expect(answer.status).toBe(400);
      expect(existsSync(join(scratch, 'elsewhere'))).toBe(false);
    } finally {
      rmSync(media);
      cpSync(moved, media, { recursive: true });
    }
  });
});

describe('the editor answers a draft it cannot use in words, never with a 500 (hostile trial, issue 22)', () => {
  it('a draft that is no page, or nests thousands deep: 400 or 422, and the editor still answers', async () => {
    // Written out by hand: JSON.stringify itself overflows on 5,000 levels.
    const deep = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    const raw = (name: string, body: string) =>
      send(`/__editor/api/${name}`, {
        method: 'POST',
        headers: { Origin: base.replace(/\/$/, ''), 'Content-Type': 'application/json' },
        body,
      });
    for (const value of ['{}', '[]', 'null', '"text"', '{"blocks":"none"}', '{"blocks":[null]}', `{"title":${deep}}`]) {
      for (const name of ['check', 'render', 'save']) {
        const answer = await raw(name, `{"path":"pages/about.json","base":"x","value":${value}}`);
        expect(answer.status, `${name} ${value.slice(0, 40)}`).toBeLessThan(500);
        expect(answer.text).not.toMatch(/\n\s+at /);
      }
    }
    const nested = (await raw('render', `{"path":"pages/about.json","value":{"title":${deep}}}`)).json() as { error: string };
    expect(nested.error).toMatch(/nests more than 64 levels/);
    expect((await post('render', { path: 'pages/about.json', value: {} })).status).toBe(422);
    expect((await send('/__editor/api/files')).status).toBe(200);
  });

  it('an upload whose name is not percent-encoded UTF-8: 400', async () => {
    const answer = await send('/__editor/api/upload', {
      method: 'POST',
      headers: { Origin: base.replace(/\/$/, ''), 'X-File-Name': 'photo%E9%ZZ.png' },
      body: png(2, 2),
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/a picture’s name it cannot spell out/);
  });
});
