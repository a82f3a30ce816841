import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { TSX, root } from '../../helpers/project';

mkdirSync(join(root, 'tests/.tmp'), { recursive: true });
// A pages folder beside the fixtures (the same depth, so the same "$schema"), holding links of every kind.
const pagesDir = mkdtempSync(join(root, 'tests/.tmp/linked-pages-'));
const folder = pagesDir.slice(root.length + 1);
afterAll(() => rmSync(pagesDir, { recursive: true, force: true }));
for (const name of ['_site.json', 'index.json']) copyFileSync(join(root, 'tests/fixtures/invalid-pages', name), join(pagesDir, name));
symlinkSync('nowhere.json', join(pagesDir, 'dangling.json'));
symlinkSync('/nowhere/folder', join(pagesDir, 'gone'));
symlinkSync('../../fixtures/invalid-pages/wrong-type.json', join(pagesDir, 'outside.json'));
symlinkSync('../../fixtures/invalid-pages', join(pagesDir, 'elsewhere'));
symlinkSync('.', join(pagesDir, 'again'));
symlinkSync('index.json', join(pagesDir, 'copy.json'));
// What Emacs leaves beside a file it is editing: a link that leads nowhere, named like a hidden file.
symlinkSync('editor@host.1234:1700000000', join(pagesDir, '.#index.json'));

const linked = (name: string, target: string, which: string, kind = 'file') =>
  `${folder}/${name} is a link to "${target}", which ${which}: replace it with the ${kind} itself.`;
const EXPECTED = [
  ['again', linked('again', '.', 'is a folder that holds it, so reading it would never end', 'folder')],
  ['dangling.json', linked('dangling.json', 'nowhere.json', 'does not exist')],
  ['elsewhere', linked('elsewhere', '../../fixtures/invalid-pages', `lies outside ${folder}/`, 'folder')],
  ['gone', linked('gone', '/nowhere/folder', 'does not exist')],
  ['outside.json', linked('outside.json', '../../fixtures/invalid-pages/wrong-type.json', `lies outside ${folder}/`)],
];

describe('a link in pages/', () => {
  const { problems, pages } = loadSite(root, pagesDir);

  it('that leads nowhere, out of pages/ or round a loop is one problem where it lies, and is not read', () => {
    expect(problems).toEqual(
      EXPECTED.map(([name, message]) => ({
        file: `${folder}/${name}`,
        line: 1,
        column: 1,
        path: '',
        code: 'linkedFile',
        message,
        editorMessage: expect.stringContaining('is only a shortcut to another place'),
      })),
    );
  });

  it('leaves the rest of the site to validate, following only a link that stays inside', () => {
    expect(pages.map((page) => page.route).sort()).toEqual(['/', '/copy']);
  });

  it('is printed by npm run validate without a stack trace', () => {
    const run = spawnSync(process.execPath, [...TSX, join(root, 'scripts/validate.ts'), folder], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    // The copy of index.json repeats its title: two warnings, which do not count as problems.
    const lines = run.stdout.split('\n').filter((line) => !line.endsWith('(a warning: it does not stop the build)'));
    expect(lines.filter(Boolean)).toEqual(EXPECTED.map(([name, message]) => `${folder}/${name}:1:1  ${message} [linkedFile]`));
    expect(run.stderr).toContain('5 problems in 5 files.');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/^\s+at /m);
  });
});
