import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_BASE, type EditorBuild, editorBuild, sourceHash } from '../../../scripts/editor/editor-build';
import { root, scratchFolder } from '../../helpers/project';

const cache = scratchFolder('editor-build');
const told: string[] = [];
let build: EditorBuild;
let server: Server;
let base = '';

beforeAll(async () => {
  // A build cut short by its process's end left its lock behind: a process that ran and is gone.
  const gone = spawnSync(process.execPath, ['-e', '0']).pid;
  writeFileSync(join(cache, `${sourceHash(root)}.lock`), String(gone));
  build = await editorBuild(root, (line) => told.push(line), cache);
  server = createServer((req, res) => build.serve(req, res, new URL(req.url ?? '/', 'http://editor').pathname));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  build?.close();
  server?.close();
});

describe('the editor build', () => {
  it('builds the sources once, taking over the lock a process that ended left behind', async () => {
    expect(told[0]).toBe('Building the editor from its sources (after each change to them)…');
    expect(readdirSync(cache)).toEqual([sourceHash(root)]);
    const again: string[] = [];
    const second = await editorBuild(root, (line) => again.push(line), cache);
    second.close();
    expect(again).toEqual([]);
  });

  it("serves its app's page, scripts and styles, with the preview frame's modules preloaded", async () => {
    const page = build.page();
    const files = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      expect(file.startsWith(APP_BASE), file).toBe(true);
      const answer = await fetch(`${base}${file}`);
      expect(answer.status, file).toBe(200);
      expect(answer.headers.get('cache-control'), file).toContain('immutable');
    }
    const scripts = [...build.previewScripts().matchAll(/src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(2);
    for (const script of scripts) expect(page, script).toContain(`rel="modulepreload" crossorigin href="${script}"`);
  });

  it('serves nothing else: not its manifest, nor the renderer built beside it, whatever the spelling', async () => {
    expect(existsSync(join(cache, sourceHash(root), 'server/entry-render.js'))).toBe(true);
    for (const path of ['.vite/manifest.json', '%2e%2e/server/entry-render.js', '..%2fserver/entry-render.js', 'assets/none.js', ''])
      expect((await fetch(`${base}${APP_BASE}${path}`)).status, path).toBeGreaterThanOrEqual(400);
  });
});
