/**
 * The site server following a clone of this project, built by its own npm run build; and whether an
 * install can build at all, and the CI way the README shows.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canBuild } from '../../../../scripts/site-server/follow/can-build';
import type { FollowOptions } from '../../../../scripts/site-server/follow/follow-branch';
import { git } from '../../../../scripts/publish/git/git';
import { type Cleanups, ISOLATED, serveAndFollow as serveFollowing } from '../../../helpers/follow-checkout';
import { root } from '../../../helpers/project';
import { waitFor } from '../../../helpers/wait';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A site server that starts on an empty folder and a follower that polls at its own pace (every 2 s, as npm start does); both stopped after the test. */
const serveAndFollow = (options: Omit<FollowOptions, 'serveBuild' | 'forgetPrevious' | 'log'>) =>
  serveFollowing(cleanups, { intervalMs: 2000, ...options });

/** Every file of a folder, by its path there, as its inode, modification time and content. */
const filesOf = (folder: string): Map<string, string> =>
  new Map(
    (readdirSync(folder, { recursive: true }) as string[])
      .filter((file) => statSync(join(folder, file)).isFile())
      .map((file) => {
        const { ino, mtimeMs } = statSync(join(folder, file));
        return [
          file,
          `${ino} ${mtimeMs} ${createHash('sha256')
            .update(readFileSync(join(folder, file)))
            .digest('hex')}`,
        ];
      }),
  );

describe('the real build', () => {
  // The project's own npm run build, once in full: about 15 s on two idle cores, a minute under
  // load; then once more, incrementally, for a commit that changes one page.
  it('builds a commit of a clone of this project with npm run build and serves it; the next commit, one page changed, is built from the build served and never writes to it', async () => {
    // Beside the installed packages, which the build hard-links in: one file system.
    const scratch = join(root, 'node_modules/.cache');
    mkdirSync(scratch, { recursive: true });
    const checkout = mkdtempSync(join(scratch, 'follow-clone-'));
    // The builds run as nobody when the tests run as root: the packages must be theirs to read.
    chmodSync(checkout, 0o755);
    const buildsDir = mkdtempSync(join(scratch, 'follow-real-builds-'));
    cleanups.push(() => {
      for (const dir of [checkout, buildsDir]) rmSync(dir, { recursive: true, force: true });
    });
    await git(scratch, ['clone', '-q', '--', root, checkout], { env: ISOLATED });
    symlinkSync(join(root, 'node_modules'), join(checkout, 'node_modules'));
    const head = (await git(checkout, ['rev-parse', 'HEAD'])).stdout.trim();

    const { follower, base, lines } = await serveAndFollow({ checkout, buildsDir });
    await waitFor('the build', () => follower.servedCommit === head || lines.some((line) => line.includes('failed')));
    expect(lines.find((line) => line.includes('failed'))).toBeUndefined();
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/^<!doctype html>[\s\S]*<\/html>\s*$/i);
    expect((await fetch(`${base}/about`)).status).toBe(200);
    expect(lines.find((line) => line.startsWith('The site now serves'))).toContain(': Full build: ');

    const served = join(buildsDir, readdirSync(buildsDir).find((name) => name.startsWith(`site-${head}-`)) ?? '-');
    const before = filesOf(served);
    const about = join(checkout, 'pages/about.json');
    writeFileSync(about, readFileSync(about, 'utf8').replace('"Good Rapport"', '"Good Rapport, Followed"'));
    await git(checkout, ['commit', '-q', '-a', '-m', 'About: one title changed'], { env: ISOLATED });
    const second = (await git(checkout, ['rev-parse', 'HEAD'])).stdout.trim();
    await waitFor('the second build', () => follower.servedCommit === second || lines.some((line) => line.includes('failed')));
    expect(lines.find((line) => line.includes('failed'))).toBeUndefined();
    expect(lines.find((line) => line.startsWith(`The site now serves commit ${second.slice(0, 12)}`))).toMatch(
      /: Rebuilt 1 of \d+ pages: pages\/about\.json changed\.$/,
    );
    expect(await (await fetch(`${base}/about`)).text()).toContain('Good Rapport, Followed');
    // The build served before (kept a while for requests still reading it) is as it was, file for file.
    expect(filesOf(served)).toEqual(before);
  });
});

describe('whether this install can build', () => {
  it('can with the dev dependencies, and cannot without them (a production install)', () => {
    expect(canBuild(root)).toBe(true);
    const bare = mkdtempSync(join(tmpdir(), 'follow-no-tools-'));
    cleanups.push(() => rmSync(bare, { recursive: true, force: true }));
    writeFileSync(join(bare, 'package.json'), '{}');
    expect(canBuild(bare)).toBe(false);
  });
});

describe('the CI way, as the README shows it', () => {
  it('tests every pushed commit in full and deploys only then, and the README quotes the workflow as it is', () => {
    const workflow = readFileSync(join(root, 'docs/deploy-workflow.yml'), 'utf8');
    expect(workflow).toMatch(/^on:\n {2}push:\n {4}branches: \[main\]$/m);
    expect([...workflow.matchAll(/^ +- run: (.+)$/gm)].map((match) => match[1])).toEqual(['npm ci', 'npm test']);
    // The upload of dist/ comes after the tests, in a step that says it is a placeholder.
    expect(workflow.indexOf('rsync -a')).toBeGreaterThan(workflow.indexOf('- run: npm test'));
    expect(workflow).toMatch(/rsync -a .* dist\/ /);
    expect(workflow).toContain('name: Deploy dist/ (placeholder');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).toContain('[docs/deploy-workflow.yml](docs/deploy-workflow.yml)');
    const excerpt = /```yaml\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(excerpt).toContain('npm test');
    expect(workflow).toContain(excerpt);
  });
});
