import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { TSX, root } from '../../helpers/project';

mkdirSync(join(root, 'tests/.tmp'), { recursive: true });
// A copy of the project (npm run validate checks the public/ beside its own scripts/), whose
// public/ holds links of every kind that no page names.
const project = mkdtempSync(join(root, 'tests/.tmp/linked-public-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
for (const folder of ['pages', 'schemas', 'public', 'migrations', 'scripts', 'src', 'package.json', 'tsconfig.json'])
  cpSync(join(root, folder), join(project, folder), { recursive: true });
symlinkSync(join(root, 'node_modules'), join(project, 'node_modules'));
writeFileSync(join(project, 'secret.txt'), 'not for visitors');
symlinkSync('/etc/hostname', join(project, 'public/leak.txt'));
symlinkSync('../../secret.txt', join(project, 'public/images/secret.txt'));
symlinkSync('..', join(project, 'public/up'));
symlinkSync('nowhere.pdf', join(project, 'public/gone.pdf'));
symlinkSync('..', join(project, 'public/images/loop'));
// What Emacs leaves beside a file it is editing: in public/ it is published like any other.
symlinkSync('editor@host.1234:1700000000', join(project, 'public/.#favicon.svg'));
// Links that stay inside public/ may stay; what lies behind one is reported once, where it really is.
symlinkSync('favicon.svg', join(project, 'public/icon.svg'));
symlinkSync('images', join(project, 'public/pictures'));

const OUTSIDE =
  'lies outside public/. Everything in public/ is published to every visitor, whether a page names it or not, so the site would publish whatever the link leads to';
const linked = (name: string, target: string, which: string, kind = 'file') =>
  `public/${name} is a link to "${target}", which ${which}. Replace the link with the ${kind} itself.`;
const EXPECTED = [
  ['.#favicon.svg', linked('.#favicon.svg', 'editor@host.1234:1700000000', 'does not exist, so the site cannot publish it')],
  ['gone.pdf', linked('gone.pdf', 'nowhere.pdf', 'does not exist, so the site cannot publish it')],
  ['images/loop', linked('images/loop', '..', 'is a folder that holds it, so copying it would never end', 'folder')],
  ['images/secret.txt', linked('images/secret.txt', '../../secret.txt', OUTSIDE)],
  ['leak.txt', linked('leak.txt', '/etc/hostname', OUTSIDE)],
  ['up', linked('up', '..', OUTSIDE, 'folder')],
];

describe('a link in public/', () => {
  it('that leads out of it, nowhere or round a loop is one problem where it lies, though no page names it', () => {
    expect(loadSite(project).problems).toEqual(
      EXPECTED.map(([name, message]) => ({
        file: `public/${name}`,
        line: 1,
        column: 1,
        path: '',
        code: 'linkedPublicFile',
        message,
        editorMessage: expect.stringContaining('is only a shortcut to another place'),
      })),
    );
  });

  it('stops npm run validate, and so npm run build, which validates first', () => {
    const run = spawnSync(process.execPath, [...TSX, 'scripts/validate.ts'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout.split('\n').filter(Boolean)).toEqual(
      EXPECTED.map(([name, message]) => `public/${name}:1:1  ${message} [linkedPublicFile]`),
    );
    expect(run.stderr).toContain('6 problems in 6 files.');
  });
});
