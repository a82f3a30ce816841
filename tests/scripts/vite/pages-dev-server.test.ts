import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServer, isFileLoadingAllowed, resolveConfig, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../helpers/project';

const scratch = join(root, 'tests/.tmp/dev-server', String(process.pid));
// What /__open-in-editor would start: a script that leaves a mark, so a test can tell it ran.
const marker = join(scratch, 'editor-started');
const editor = join(scratch, 'editor.sh');
let server: ViteDevServer;
let port = 0;
const launchEditor = process.env.LAUNCH_EDITOR;

/** A raw request to the dev server, with exactly these headers (as a browser on another page sends them). */
function send(path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) =>
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    })
      .on('error', reject)
      .end(),
  );
}

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  writeFileSync(editor, `#!/bin/sh\ntouch '${marker}'\n`);
  chmodSync(editor, 0o755);
  process.env.LAUNCH_EDITOR = editor;
  for (const name of ['store.db', 'store.db-wal', '.env']) writeFileSync(join(scratch, name), 'visitor@example.com');
  server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1' },
  });
  await server.listen();
  port = (server.httpServer?.address() as AddressInfo | undefined)?.port ?? 0;
});
afterAll(async () => {
  await server?.close();
  if (launchEditor === undefined) delete process.env.LAUNCH_EDITOR;
  else process.env.LAUNCH_EDITOR = launchEditor;
  rmSync(scratch, { recursive: true, force: true });
});

const page = { Accept: 'text/html' };

describe('npm run dev', () => {
  it('answers an address typed in the browser, its own pages and anything without Sec-Fetch-Site', async () => {
    for (const site of ['none', 'same-origin', undefined]) {
      const headers: Record<string, string> = site ? { 'Sec-Fetch-Site': site } : {};
      const home = await send('/', { ...page, ...headers });
      expect([home.status, home.text.includes('<div id="root">')], String(site)).toEqual([200, true]);
      expect((await send('/@vite/client', headers)).status, String(site)).toBe(200);
    }
  });

  it("refuses every request from another site's page, a page on another port of this machine included", async () => {
    const paths = [
      '/',
      '/about',
      '/package.json',
      '/@vite/client',
      '/src/render/entry-render.tsx?raw',
      '/scripts/site-server/store/open-sqlite.ts',
    ];
    for (const site of ['cross-site', 'same-site'])
      for (const path of paths) {
        const answer = await send(path, { ...page, 'Sec-Fetch-Site': site });
        expect([answer.status, answer.text], `${site} ${path}`).toEqual([403, 'Requests from other sites are refused.']);
      }
  });

  it('never starts a process for /__open-in-editor, however the address is spelt', async () => {
    const file = 'package.json:1:1';
    for (const path of [
      `/__open-in-editor?file=${file}`,
      `/__OPEN-IN-EDITOR?file=${file}`,
      `/__open-in-editor/?file=${file}`,
      `/__open-in-editor.x?file=${file}`,
      `http://127.0.0.1:${port}/__open-in-editor?file=${file}`,
    ])
      expect.soft((await send(path, { 'Sec-Fetch-Site': 'none' })).status, path).toBe(404);
    // The editor would be started without waiting for it: give it the time to leave its mark.
    await sleep(1000);
    expect(existsSync(marker)).toBe(false);
  });

  it('serves no store, built site, secret or repository file, even to itself', async () => {
    const inScratch = scratch.slice(root.length);
    for (const path of [
      `${inScratch}/store.db`,
      `${inScratch}/store.db-wal`,
      `${inScratch}/store.db?raw`,
      `${inScratch}/store.db-wal?import&raw`,
      `${inScratch}/.env`,
      '/.git/config',
    ])
      expect((await send(path, { 'Sec-Fetch-Site': 'same-origin' })).status, path).toBe(403);
    // Vite's own question before it serves or loads a file, asked of the folders the build and the store write to.
    for (const path of ['data/submissions.db', 'data/notes.txt', 'dist/index.html', 'dist/.vite/manifest.json'])
      expect(isFileLoadingAllowed(server.config, join(root, path)), path).toBe(false);
    expect(isFileLoadingAllowed(server.config, join(root, 'src/render/escape-html.ts'))).toBe(true);
  });

  it("keeps Vite's own deny list", async () => {
    const defaults = await resolveConfig({ root, configFile: false, logLevel: 'silent' }, 'serve');
    expect(server.config.server.fs.deny).toEqual(expect.arrayContaining(defaults.server.fs.deny));
  });
});
