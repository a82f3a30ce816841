/** Publishing to a remote that moved meanwhile, and two publishes in one checkout kept apart by the publish lock. */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChanges } from '../../../scripts/publish/changes/list-changes';
import { git } from '../../../scripts/publish/git/git';
import { publish, pushPending } from '../../../scripts/publish/publish';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';
import { ana, ben, edit, filesOf, history, type Json, lines, read, retitle, tip } from './content-edits';

let repos: GitRepos;
beforeAll(async () => {
  repos = await gitRepos();
});
// Many repositories to remove: on a loaded machine that takes a while.
afterAll(() => repos.cleanup());

describe('publishing to a remote that moved', () => {
  it('lands both when two checkouts publish different pages at once, keeping every commit', async () => {
    const remote = await repos.remote('race');
    const [a, b] = await Promise.all([repos.clone(remote, 'race-a'), repos.clone(remote, 'race-b')]);
    edit(a, 'pages/about.json', retitle('Who we are', 'About us, briefly'));
    edit(b, 'pages/testing.json', (value) => {
      value.title = 'Testing, end to end';
    });
    const results = await Promise.all([
      publish(a, { paths: ['pages/about.json'], message: 'About: a shorter heading', author: ana }),
      publish(b, { paths: ['pages/testing.json'], message: 'Testing: a new title', author: ben }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['published', 'published']);
    expect((await history(remote)).sort()).toEqual([
      'About: a shorter heading | Ana Editor',
      'Testing: a new title | Ben Writer',
      'The site as published | Seed',
    ]);
    expect(JSON.parse((await git(remote, ['show', 'main:pages/about.json'])).stdout).blocks[0].heading).toBe('About us, briefly');
    expect(JSON.parse((await git(remote, ['show', 'main:pages/testing.json'])).stdout).title).toBe('Testing, end to end');
    // The one that replayed its commit now has both, on disk too, and nothing left to publish.
    const rebased = results.find((result) => result.status === 'published' && result.rebased);
    const behind = rebased === results[0] ? a : b;
    expect((await git(behind, ['rev-parse', 'HEAD'])).stdout.trim()).toBe(await tip(remote));
    expect(read(behind, 'pages/about.json').blocks[0]?.heading).toBe('About us, briefly');
    expect(read(behind, 'pages/testing.json').title).toBe('Testing, end to end');
    expect((await listChanges(behind)).changes).toEqual([]);
  });

  it('merges two checkouts’ edits of different blocks of one page at once', async () => {
    const remote = await repos.remote('blocks');
    const [a, b] = await Promise.all([repos.clone(remote, 'blocks-a'), repos.clone(remote, 'blocks-b')]);
    edit(a, 'pages/index.json', retitle('Our Expertise', 'What we do'));
    edit(b, 'pages/index.json', retitle('Schedule a Call', 'Book a call'));
    const results = await Promise.all([
      publish(a, { paths: ['pages/index.json'], message: 'Home: what we do', author: ana }),
      publish(b, { paths: ['pages/index.json'], message: 'Home: book a call', author: ben }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['published', 'published']);
    expect((await history(remote)).sort()).toEqual([
      'Home: book a call | Ben Writer',
      'Home: what we do | Ana Editor',
      'The site as published | Seed',
    ]);
    const home = JSON.parse((await git(remote, ['show', 'main:pages/index.json'])).stdout) as Json;
    const headings = home.blocks.map((block) => block.heading);
    expect(headings).toContain('What we do');
    expect(headings).toContain('Book a call');
    expect(headings).not.toContain('Our Expertise');
  });

  it('returns both values when two checkouts changed the same field, loses nothing, and completes with the person’s choice', async () => {
    const remote = await repos.remote('same');
    const [a, b] = await Promise.all([repos.clone(remote, 'same-a'), repos.clone(remote, 'same-b')]);
    edit(a, 'pages/index.json', retitle('Our Expertise', 'What we do'));
    edit(b, 'pages/index.json', retitle('Our Expertise', 'Our services'));
    edit(b, 'pages/index.json', retitle('Schedule a Call', 'Book a call'));
    expect(await publish(a, { paths: ['pages/index.json'], message: 'Home: what we do', author: ana })).toMatchObject({
      status: 'published',
    });
    const published = await tip(remote);
    const bHead = (await git(b, ['rev-parse', 'HEAD'])).stdout.trim();

    const first = await publish(b, { paths: ['pages/index.json'], message: 'Home: our services', author: ben });
    expect(first.status).toBe('conflicts');
    if (first.status !== 'conflicts') return;
    expect(first.conflicts).toHaveLength(1);
    const [conflict] = first.conflicts;
    expect(conflict).toMatchObject({ path: 'pages/index.json', subject: 'Home: our services' });
    expect(conflict?.conflicts.map(({ path, theirs, mine, block, field }) => ({ path, theirs, mine, block, field }))).toEqual([
      {
        path: ['blocks', 3, 'heading'],
        theirs: 'What we do',
        mine: 'Our services',
        block: { number: 4, type: 'cardGrid' },
        field: 'heading',
      },
    ]);
    // Nothing pushed, the commit kept here and listed as not yet published, the files on disk as they were.
    expect(await tip(remote)).toBe(published);
    expect((await git(b, ['rev-parse', 'HEAD~1'])).stdout.trim()).toBe(bHead);
    expect(await lines(b, ['status', '--porcelain'])).toEqual([]);
    expect((await listChanges(b)).changes).toMatchObject([{ path: 'pages/index.json', committed: true, uncommitted: false }]);

    const second = await publish(b, {
      paths: ['pages/index.json'],
      message: 'Home: our services',
      author: ben,
      choices: { [conflict?.key ?? '']: ['mine'] },
    });
    expect(second).toMatchObject({ status: 'published', rebased: true });
    expect(await history(remote)).toEqual([
      'Home: our services | Ben Writer',
      'Home: what we do | Ana Editor',
      'The site as published | Seed',
    ]);
    const headings = (JSON.parse((await git(remote, ['show', 'main:pages/index.json'])).stdout) as Json).blocks.map(
      (block) => block.heading,
    );
    expect(headings).toContain('Our services');
    expect(headings).toContain('Book a call');
    expect(read(b, 'pages/index.json').blocks.map((block) => block.heading)).toEqual(headings);
    expect((await listChanges(b)).changes).toEqual([]);
  });

  it('shows the words of a hook that refuses the push, keeps the commit here as not yet published, and pushes it once the hook is gone', async () => {
    const remote = await repos.remote('hook');
    const a = await repos.clone(remote, 'hook-a');
    repos.hook(remote, 'echo "The site check failed: pages/about.json has 2 problems" >&2\nexit 1');
    edit(a, 'pages/about.json', retitle('Who we are', 'Us'));
    const before = await tip(remote);

    const refused = await publish(a, { paths: ['pages/about.json'], message: 'About: us', author: ana });
    expect(refused).toMatchObject({
      status: 'not-pushed',
      reason: 'refused',
      remote: ['The site check failed: pages/about.json has 2 problems'],
    });
    expect(refused.status === 'not-pushed' && refused.message).toBe(
      'The server that keeps the published site refused the change: a check it runs on every change turned this one down, saying what is below.',
    );
    expect(await tip(remote)).toBe(before);
    const list = await listChanges(a);
    expect(list.unpushed).toBe(1);
    expect(list.changes).toMatchObject([{ path: 'pages/about.json', committed: true, uncommitted: false }]);

    repos.hook(remote, null);
    expect(await pushPending(a)).toMatchObject({ status: 'published', rebased: false });
    expect(await history(remote)).toEqual(['About: us | Ana Editor', 'The site as published | Seed']);
    expect((await listChanges(a)).changes).toEqual([]);
  });
});

describe('the publish lock', () => {
  it('keeps two publishes in one checkout apart: two commits, each with its own file', async () => {
    const remote = await repos.remote('lock');
    const a = await repos.clone(remote, 'lock-a');
    edit(a, 'pages/about.json', retitle('Who we are', 'Us'));
    edit(a, 'pages/testing.json', (value) => {
      value.title = 'Testing';
    });
    const results = await Promise.all([
      publish(a, { paths: ['pages/about.json'], message: 'About', author: ana }),
      publish(a, { paths: ['pages/testing.json'], message: 'Testing', author: ben }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['published', 'published']);
    // In whichever order they ran, each commit holds its own file only.
    const commits = await lines(remote, ['log', '--format=%s|%an|%H', 'main~2..main']);
    const made = await Promise.all(
      commits.map(async (line) => {
        const [subject, author, commit = ''] = line.split('|');
        return `${subject} by ${author}: ${(await filesOf(remote, commit)).join(', ')}`;
      }),
    );
    expect(made.sort()).toEqual(['About by Ana Editor: pages/about.json', 'Testing by Ben Writer: pages/testing.json']);
  });

  it('waits for a lock whose process runs, and takes over one whose process is gone', async () => {
    const remote = await repos.remote('stale');
    const a = await repos.clone(remote, 'stale-a');
    const lock = join(a, '.git/editor-publish.lock');
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lock, `${gone} ${hostname()} left-behind`);
    edit(a, 'pages/about.json', retitle('Who we are', 'Us'));
    expect(await publish(a, { paths: ['pages/about.json'], message: 'About', author: ana })).toMatchObject({ status: 'published' });
    expect(existsSync(lock)).toBe(false);

    writeFileSync(lock, `${process.pid} ${hostname()} another-editor`);
    edit(a, 'pages/testing.json', (value) => {
      value.title = 'Testing';
    });
    const started = Date.now();
    setTimeout(() => rmSync(lock), 300);
    expect(await publish(a, { paths: ['pages/testing.json'], message: 'Testing', author: ana })).toMatchObject({ status: 'published' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(dirname(lock)).toBe(join(a, '.git'));
  });
});
