/**
 * `npm run build` runs the build from a bundle of its code (scripts/build.mjs), made once per
 * change of the sources in node_modules/.cache/build-script; where that bundle cannot be made,
 * it runs the same build from the sources through tsx, and says so. An unknown option shows the
 * build's own code ran: its answer comes from scripts/settings/build-settings.ts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, scratchFolder } from '../../helpers/project';

const UNKNOWN = "Unknown option '--nonsense': npm run build takes --full, --development and --out <folder>.";

/** `node <project>/scripts/build.mjs --nonsense`: its status and what it printed. */
const launch = (project: string) =>
  spawnSync(process.execPath, [join(project, 'scripts/build.mjs'), '--nonsense'], { cwd: project, encoding: 'utf8', timeout: 600_000 });

describe('npm run build (scripts/build.mjs)', () => {
  it('runs the build from a bundle of its code, made once and used again', () => {
    const cache = join(root, 'node_modules/.cache/build-script');
    const first = launch(root);
    expect([first.status, first.stderr.trim()]).toEqual([1, UNKNOWN]);
    const bundles = readdirSync(cache);
    const made = new Map(bundles.map((name) => [name, statSync(join(cache, name)).ino]));
    expect(bundles.length).toBeGreaterThan(0);
    const again = launch(root);
    expect([again.status, again.stderr.trim()]).toEqual([1, UNKNOWN]);
    // The same folders, none made anew.
    expect(new Map(readdirSync(cache).map((name) => [name, statSync(join(cache, name)).ino]))).toEqual(made);
  });

  it('runs the build from its sources when the bundle cannot be made, and says why', () => {
    // A copy of the code inside the project (its packages are found in the project's node_modules).
    const project = scratchFolder('build-launcher');
    for (const entry of ['scripts', 'src', 'schemas', 'package.json', 'tsconfig.json'])
      cpSync(join(root, entry), join(project, entry), { recursive: true });
    // Where the bundle goes stands a file.
    mkdirSync(join(project, 'node_modules/.cache'), { recursive: true });
    writeFileSync(join(project, 'node_modules/.cache/build-script'), 'in the way');
    const run = launch(project);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^The build runs from its sources: its bundle could not be made \(.+\)\.$/),
      UNKNOWN,
    ]);
    rmSync(project, { recursive: true, force: true });
  });
});
