import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatJson } from '../../../scripts/content/fixing/migrate-tree';
import { deletedFiles } from '../../../scripts/publish/history/history';
import { restoreVersion } from '../../../scripts/publish/history/restore-version';
import { root } from '../../helpers/project';
import { ANA, BEN, versionRepo, type VersionRepo } from './version-repo';

const TESTING = 'pages/testing.json';
const JOB = 'pages/_collections/jobs/frontend-web-developer.json';
const textOf = (path: string): string => readFileSync(join(root, path), 'utf8');

let repo: VersionRepo;
let first: string;

beforeAll(async () => {
  repo = await versionRepo('restore');
  first = await repo.run(['rev-parse', 'HEAD']);
});
afterAll(() => repo.remove());

/** Nothing in the checkout changed: restoring only reads. */
async function untouched(): Promise<void> {
  expect(await repo.run(['status', '--porcelain'])).toBe('');
}

describe('a deleted page', () => {
  it('is found with the commit that deleted it and its last version, and restoring that gives it back as it was', async () => {
    const deletion = await repo.commit('Remove the testing page', { [TESTING]: null }, BEN, '2026-11-03T10:00:00+01:00');
    // A page renamed is not deleted: it lives on under its new name.
    await repo.run(['mv', '--', 'pages/digital.json', 'pages/digital-services.json']);
    await repo.commit('Digital moves to /digital-services', {}, ANA, '2026-11-04T10:00:00+01:00');

    const deleted = await deletedFiles(repo.root);
    expect(deleted).toEqual([
      {
        path: TESTING,
        title: 'Testing services',
        deleted: {
          commit: deletion,
          date: '2026-11-03T10:00:00+01:00',
          committed: '2026-11-03T10:00:00+01:00',
          author: BEN,
          subject: 'Remove the testing page',
          message: 'Remove the testing page',
        },
        lastVersion: first,
      },
    ]);

    const restored = await restoreVersion(repo.root, deleted[0]?.lastVersion ?? '', TESTING);
    expect(restored).toEqual({
      commit: first,
      path: TESTING,
      value: JSON.parse(textOf(TESTING)),
      text: textOf(TESTING),
      problems: [],
      warnings: [],
    });
    expect(existsSync(join(repo.root, TESTING))).toBe(false);
    await untouched();

    // Saved again as a draft, it is no longer gone.
    writeFileSync(join(repo.root, TESTING), restored.text);
    expect(await deletedFiles(repo.root)).toEqual([]);
    rmSync(join(repo.root, TESTING));
  });
});

describe('a version written for older schemas', () => {
  it('comes back upgraded through migrations/ to today’s version, and valid', async () => {
    // Before migration 2, a job said how long ago it was posted, typed by hand.
    const today = JSON.parse(textOf(JOB)) as Record<string, unknown>;
    const { date, ...rest } = today;
    const atVersion1 = { ...rest, schemaVersion: 1, date, postedAge: '3 weeks ago' };
    const old = await repo.commit('A job at version 1', { [JOB]: formatJson(atVersion1) }, ANA, '2026-11-05T10:00:00+01:00');
    await repo.commit('Jobs upgraded', { [JOB]: textOf(JOB) }, ANA, '2026-11-06T10:00:00+01:00');

    const restored = await restoreVersion(repo.root, old, JOB);
    expect(restored.upgradedFrom).toBe(1);
    expect(restored.value).toEqual(today);
    expect(restored.value).not.toHaveProperty('postedAge');
    expect(restored.problems).toEqual([]);
    expect(restored.text).toBe(formatJson(restored.value));
    await untouched();

    // Without the migrations, today's validator only tells it to migrate.
    const unmigrated = await restoreVersion(repo.root, old, JOB, { migrations: [] });
    expect(unmigrated.upgradedFrom).toBeUndefined();
    expect(unmigrated.value.postedAge).toBe('3 weeks ago');
    expect(unmigrated.problems.map((found) => found.code).sort()).toEqual(['behindVersion']);
  });
});

describe('a version with a problem', () => {
  it('lists today’s problems where the validator puts them', async () => {
    const about = JSON.parse(textOf('pages/about.json')) as Record<string, unknown>;
    const empty = await repo.commit('About without a title', { 'pages/about.json': formatJson({ ...about, title: '' }) });
    await repo.commit('About with its title', { 'pages/about.json': textOf('pages/about.json') });
    const { problems } = await restoreVersion(repo.root, empty, 'pages/about.json');
    expect(problems.map(({ file, line, column, path, code }) => ({ file, line, column, path, code }))).toEqual([
      { file: 'pages/about.json', line: 4, column: 12, path: 'title', code: 'tooShort' },
    ]);
  });
});

describe('a version in which the file was a link', () => {
  it('is refused in words, and nothing is written', async () => {
    symlinkSync('about.json', join(repo.root, 'pages/about-us.json'));
    await repo.run(['add', '--', 'pages/about-us.json']);
    await repo.run(['commit', '-q', '-m', 'About, under a second name']);
    const linked = await repo.run(['rev-parse', 'HEAD']);
    await repo.commit('No second name', { 'pages/about-us.json': null });
    await expect(restoreVersion(repo.root, linked, 'pages/about-us.json')).rejects.toThrow(
      'In that version, the page at /about-us was kept somewhere else (behind a link), not a page of its own, so it cannot be restored.',
    );
    expect(existsSync(join(repo.root, 'pages/about-us.json'))).toBe(false);
    await untouched();
  });
});
