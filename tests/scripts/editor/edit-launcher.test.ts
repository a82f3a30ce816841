/**
 * `npm run edit` runs the editor from a bundle of its server code (scripts/edit.mjs): the
 * bundle is made once per change of the sources, its code finds the project where the sources
 * are, and the migrations it runs are the project's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../../../scripts/content/fixing/load-migrations';
import { root } from '../../helpers/project';

const scratch = join(root, 'tests/.tmp/edit-launcher', String(process.pid));
const cache = join(root, 'node_modules/.cache/editor-server');
const running: ChildProcess[] = [];

/** Starts `npm run edit` on a copy of the content and waits for the address it prints. */
function startEdit(): Promise<{ url: string; output: string[]; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(root, 'scripts/edit.mjs')], {
    cwd: root,
    env: { ...process.env, EDIT_ROOT: join(scratch, 'project'), EDIT_PORT: '0', EDIT_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output.push(...chunk.toString().split('\n').filter(Boolean));
      const url = output.map((line) => /^Page editor: (http:\/\/127\.0\.0\.1:\d+)\//.exec(line)?.[1]).find(Boolean);
      if (url) resolve({ url, output, child });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm run edit ended (${code}): ${output.join(' | ')}`)));
  });
}

const stopped = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    // Ended already (with a code, or by a signal: then 'exit' has been and gone).
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

afterAll(async () => {
  await Promise.all(running.map(stopped));
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm run edit (scripts/edit.mjs)', () => {
  it('runs the editor from a bundle of its code, which serves the project’s pages and its preview, and stops on SIGTERM', async () => {
    for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(scratch, 'project', folder), { recursive: true });
    const { url, child } = await startEdit();
    const files = (await (await fetch(`${url}/__editor/api/files`)).json()) as { path: string }[];
    expect(files.map((file) => file.path)).toContain('pages/index.json');
    // The preview's renderer is found where the sources say, not where the bundle lies.
    const preview = await fetch(`${url}/__editor/preview`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('<div id="root">');
    expect(await stopped(child)).toBe(0);
  });

  it('is made once: a second start runs the same bundle without building it again', async () => {
    const { output, child } = await startEdit();
    expect(output.some((line) => line.startsWith("Building the editor's server"))).toBe(false);
    // Stopped at once, as soon as it says where it is: it still stops as asked.
    expect(await stopped(child)).toBe(0);
  });

  it('holds the project’s migrations, which load as the sources do, in order', async () => {
    const bundles = readdirSync(cache).filter((name) => existsSync(join(cache, name, 'scripts/editor/run-editor.mjs')));
    expect(bundles.length).toBeGreaterThan(0);
    // The bundle the starts above ran: the newest.
    const newest = bundles
      .map((name) => join(cache, name))
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
      .at(-1) as string;
    const fromSources = await loadMigrations(join(root, 'migrations'));
    const fromBundle = await loadMigrations(join(newest, 'migrations'));
    expect(fromBundle.map((migration) => migration.version)).toEqual(fromSources.map((migration) => migration.version));
    expect(fromBundle.length).toBeGreaterThan(0);
  });
});
