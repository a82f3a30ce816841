/** The editor's view of the content files (scripts/editor/workspace.ts): always the files as they are on disk. */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Workspace } from '../../../scripts/editor/workspace';
import { root } from '../../helpers/project';

const scratch = join(root, 'tests/.tmp/workspace', String(process.pid));

beforeAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  for (const folder of ['pages', 'schemas', 'public']) cpSync(join(root, folder), join(scratch, folder), { recursive: true });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the workspace', () => {
  it('reads the site again when a file changed, though no watcher told it (a folder remade by git, a network file system)', async () => {
    // It looks at most every 200 ms.
    const later = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 250));
    const workspace = new Workspace(scratch);
    expect(workspace.open('pages/careers.json').problems).toEqual([]);
    expect(workspace.isRead()).toBe(true);
    const file = join(scratch, 'pages/careers.json');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/"title": "[^"]*"/, '"title": ""'));
    await later();
    expect(workspace.isRead()).toBe(false);
    expect(workspace.open('pages/careers.json').problems.map((problem) => problem.path)).toEqual(['title']);
    // A page removed, and one added.
    writeFileSync(file, text);
    rmSync(join(scratch, 'pages/about.json'));
    await later();
    expect(workspace.files().some((listed) => listed.path === 'pages/about.json')).toBe(false);
    expect(workspace.open('pages/careers.json').problems).toEqual([]);
    writeFileSync(join(scratch, 'pages/new-page.json'), '{');
    await later();
    expect(workspace.files().find((listed) => listed.path === 'pages/new-page.json')?.problems).toBeGreaterThan(0);
  });
});
