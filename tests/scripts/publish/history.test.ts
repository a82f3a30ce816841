import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { commitOf, history, versionAt, VersionError } from '../../../scripts/publish/history/history';
import { ANA, authorEnv, BEN, ISOLATED, versionRepo, type VersionRepo } from './version-repo';

const ABOUT = 'pages/about.json';
const about = JSON.parse(readFileSync(join(import.meta.dirname, '../../../pages/about.json'), 'utf8')) as Record<string, unknown>;
const text = (title: string): string => `${JSON.stringify({ ...about, title }, null, 2)}\n`;

/** A message with everything a person might type: quotes, a blank line, %, $( ), a tab, a record separator and non-ASCII. */
const AWKWARD = 'Fix the "About" title: 100% “right” now\n\nBody line one — naïve café\n\tindented $(whoami) %H %x00 \u001e end';

let repo: VersionRepo;
const made: string[] = [];

beforeAll(async () => {
  repo = await versionRepo('history');
  made.push(await repo.commit('About: first rewrite', { [ABOUT]: text('About the team') }, ANA, '2026-11-02T10:00:00+01:00'));
  made.push(await repo.commit(AWKWARD, { [ABOUT]: text('About Nuvora') }, BEN, '2026-11-03T11:30:00-05:00'));
  made.push(await repo.commit('About: shorter title', { [ABOUT]: text('About') }, ANA, '2026-11-04T08:15:00+00:00'));
});
afterAll(() => repo.remove());

describe('history', () => {
  it('lists a file’s versions newest first, with their authors, dates and messages exactly as written', async () => {
    const { versions, upstream, more } = await history(repo.root, ABOUT);
    expect(upstream).toBeNull();
    expect(more).toBe(false);
    expect(versions.map((version) => version.commit)).toEqual([...made].reverse().concat(versions.at(-1)?.commit ?? ''));
    expect(versions.map(({ author, date, subject, change, path, state }) => ({ author, date, subject, change, path, state }))).toEqual([
      {
        author: ANA,
        date: '2026-11-04T08:15:00+00:00',
        subject: 'About: shorter title',
        change: 'modified',
        path: ABOUT,
        state: 'published',
      },
      {
        author: BEN,
        date: '2026-11-03T11:30:00-05:00',
        subject: 'Fix the "About" title: 100% “right” now',
        change: 'modified',
        path: ABOUT,
        state: 'published',
      },
      {
        author: ANA,
        date: '2026-11-02T10:00:00+01:00',
        subject: 'About: first rewrite',
        change: 'modified',
        path: ABOUT,
        state: 'published',
      },
      { author: ANA, date: '2026-11-01T09:00:00+01:00', subject: 'The site as it was', change: 'added', path: ABOUT, state: 'published' },
    ]);
    expect(versions[1]?.message).toBe(AWKWARD);
  });

  it('keeps the newest so many, and says when there are more', async () => {
    const { versions, more } = await history(repo.root, ABOUT, { limit: 2 });
    expect(versions.map((version) => version.commit)).toEqual([made[2], made[1]]);
    expect(more).toBe(true);
    expect((await history(repo.root, ABOUT, { limit: 4 })).more).toBe(false);
  });

  it('follows a file across a rename to its old path, where each older version is read', async () => {
    await repo.run(['mv', '--', ABOUT, 'pages/about-us.json']);
    const renamed = await repo.commit('Move About to /about-us', {}, BEN, '2026-11-05T12:00:00+01:00');
    const { versions } = await history(repo.root, 'pages/about-us.json');
    expect(versions.map(({ commit, change, path, from }) => ({ commit, change, path, from }))).toEqual([
      { commit: renamed, change: 'renamed', path: 'pages/about-us.json', from: ABOUT },
      { commit: made[2], change: 'modified', path: ABOUT, from: undefined },
      { commit: made[1], change: 'modified', path: ABOUT, from: undefined },
      { commit: made[0], change: 'modified', path: ABOUT, from: undefined },
      { commit: versions[4]?.commit, change: 'added', path: ABOUT, from: undefined },
    ]);
    const before = await versionAt(repo.root, made[1] as string, ABOUT);
    expect(before.value?.title).toBe('About Nuvora');
    // The old path's own history ends with the rename that took it away.
    expect((await history(repo.root, ABOUT)).versions[0]).toMatchObject({ commit: renamed, change: 'deleted', path: ABOUT });
  });
});

describe('versionAt', () => {
  it('gives a file’s text exactly as committed, and its value, by full or short id or by a name git knows', async () => {
    const version = await versionAt(repo.root, made[0] as string, ABOUT);
    expect(version).toEqual({ commit: made[0], path: ABOUT, text: text('About the team'), value: { ...about, title: 'About the team' } });
    expect((await versionAt(repo.root, (made[1] as string).slice(0, 7), ABOUT)).value?.title).toBe('About Nuvora');
    expect((await versionAt(repo.root, 'main~1', ABOUT)).value?.title).toBe('About');
  });

  it('says so in words when the version or the file is not there', async () => {
    await expect(versionAt(repo.root, 'no-such-branch', ABOUT)).rejects.toThrow(
      'That version is not in the site’s history (any more): open the history again.',
    );
    await expect(versionAt(repo.root, 'HEAD', ABOUT)).rejects.toThrow(/^The page at \/about is not in that version\.$/);
    await expect(versionAt(repo.root, 'HEAD', 'pages/about.json')).rejects.toMatchObject({ reason: 'missing' });
  });
});

describe('names beginning with "-"', () => {
  it('refuses a version beginning with "-" in words, and git never takes it for an option', async () => {
    const output = join(mkdtempSync(join(tmpdir(), 'history-output-')), 'written');
    for (const revision of [`--output=${output}`, '-1', '--all']) {
      const refused = versionAt(repo.root, revision, 'pages/about-us.json');
      await expect(refused).rejects.toBeInstanceOf(VersionError);
      await expect(refused).rejects.toThrow(
        "The editor's page sent a request its server cannot read (a version it cannot name): reload the page and try again.",
      );
    }
    await expect(commitOf(repo.root, `--output=${output}`)).rejects.toMatchObject({ reason: 'revision' });
    expect(existsSync(output)).toBe(false);
    rmSync(join(output, '..'), { recursive: true });
  });

  it('refuses a path beginning with "-", and reads a file whose name begins with "-" as a file', async () => {
    for (const path of ['-rf', '--follow', '-pages/about.json']) {
      await expect(history(repo.root, path)).rejects.toThrow(
        'The editor keeps the history of pages, entries and the menus, footer and site settings only.',
      );
      await expect(versionAt(repo.root, 'HEAD', path)).rejects.toMatchObject({ reason: 'path' });
    }
    const dashed = await repo.commit('A page named -dash', { 'pages/-dash.json': text('Dash') }, BEN, '2026-11-06T09:00:00+01:00');
    // Made as a copy of the About page, its history starts at the copy: the About page's own is not its.
    expect((await history(repo.root, 'pages/-dash.json')).versions.map(({ commit, change, from }) => ({ commit, change, from }))).toEqual([
      { commit: dashed, change: 'added', from: 'pages/about-us.json' },
    ]);
    expect((await versionAt(repo.root, dashed, 'pages/-dash.json')).value?.title).toBe('Dash');
  });
});

describe('published or not', () => {
  it('marks the versions not yet pushed to the upstream branch, and those published elsewhere and not yet here', async () => {
    const remote = mkdtempSync(join(tmpdir(), 'history-remote-'));
    const other = mkdtempSync(join(tmpdir(), 'history-other-'));
    try {
      await git(remote, ['init', '-q', '--bare', '-b', 'main'], { env: ISOLATED });
      await repo.run(['remote', 'add', 'origin', remote]);
      await repo.run(['push', '-q', '-u', 'origin', 'main']);
      const pushed = await repo.run(['rev-parse', 'HEAD']);
      // Someone else publishes from their own copy; this checkout fetches it but has not merged it.
      await git(other, ['clone', '-q', remote, '.'], { env: ISOLATED });
      writeFileSync(join(other, 'pages/-dash.json'), text('Dash, from elsewhere'));
      await git(other, ['commit', '-q', '-am', 'From elsewhere'], { env: authorEnv(BEN) });
      await git(other, ['push', '-q', 'origin', 'main'], { env: ISOLATED });
      const incoming = (await git(other, ['rev-parse', 'HEAD'])).stdout.trim();
      await repo.run(['fetch', '-q', 'origin']);
      const local = await repo.commit('Not pushed yet', { 'pages/-dash.json': text('Dash, local') }, ANA, '2026-11-07T09:00:00+01:00');
      const { versions, upstream } = await history(repo.root, 'pages/-dash.json');
      expect(upstream).toBe('refs/remotes/origin/main');
      expect(new Set(versions.map(({ commit, state }) => `${commit} ${state}`))).toEqual(
        new Set([`${local} unpublished`, `${incoming} incoming`, `${pushed} published`]),
      );
    } finally {
      rmSync(remote, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });
});
