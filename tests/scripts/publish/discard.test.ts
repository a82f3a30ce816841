import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discard } from '../../../scripts/publish/discard';
import { ANA, versionRepo, type VersionRepo } from './version-repo';

let repo: VersionRepo;

beforeAll(async () => {
  repo = await versionRepo('discard');
});
afterAll(() => repo.remove());

const at = (path: string): string => join(repo.root, path);
const read = (path: string): string => readFileSync(at(path), 'utf8');
const status = (): Promise<string> => repo.run(['status', '--porcelain', '--untracked-files=all']);

describe('discarding a file’s changes', () => {
  it('brings back a page changed or deleted on disk as the last commit has it, and removes a page made since', async () => {
    const about = read('pages/about.json');
    writeFileSync(at('pages/about.json'), about.replace(/"title": "[^"]*"/, '"title": "Changed"'));
    expect(await discard(repo.root, 'pages/about.json')).toEqual({ status: 'discarded', restored: ['pages/about.json'], removed: [] });
    expect(read('pages/about.json')).toBe(about);

    const careers = read('pages/careers.json');
    rmSync(at('pages/careers.json'));
    expect(await discard(repo.root, 'pages/careers.json')).toEqual({ status: 'discarded', restored: ['pages/careers.json'], removed: [] });
    expect(read('pages/careers.json')).toBe(careers);

    writeFileSync(at('pages/new-page.json'), '{"title": "New"}\n');
    expect(await discard(repo.root, 'pages/new-page.json')).toEqual({
      status: 'discarded',
      restored: [],
      removed: ['pages/new-page.json'],
    });
    expect(existsSync(at('pages/new-page.json'))).toBe(false);
    expect(await status()).toBe('');
  });

  it('puts a renamed page back under its old name, and touches no other file and not the index', async () => {
    const digital = read('pages/digital.json');
    renameSync(at('pages/digital.json'), at('pages/digital-services.json'));
    // Another change, on disk and staged by the person: left exactly as it is.
    writeFileSync(at('pages/testing.json'), read('pages/testing.json').replace(/"title": "[^"]*"/, '"title": "Staged"'));
    await repo.run(['add', '--', 'pages/testing.json']);
    const answer = await discard(repo.root, 'pages/digital-services.json');
    expect(answer).toEqual({ status: 'discarded', restored: ['pages/digital.json'], removed: ['pages/digital-services.json'] });
    expect(read('pages/digital.json')).toBe(digital);
    expect(existsSync(at('pages/digital-services.json'))).toBe(false);
    expect(await status()).toBe('M  pages/testing.json');
    await repo.run(['reset', '-q', '--', 'pages/testing.json']);
    await repo.run(['checkout', '--', 'pages/testing.json']);
  });

  it('keeps a change already in a commit made here, and refuses in words what it cannot discard', async () => {
    const changed = read('pages/about.json').replace(/"title": "[^"]*"/, '"title": "Committed"');
    await repo.commit('About retitled', { 'pages/about.json': changed }, ANA);
    // Its change is in the history (the first commit is all that counts as published here: no remote, so HEAD is).
    expect(await discard(repo.root, 'pages/about.json')).toEqual({
      status: 'refused',
      message: 'pages/about.json has no change to discard.',
    });
    writeFileSync(at('pages/about.json'), changed.replace('"Committed"', '"On disk"'));
    expect(await discard(repo.root, 'pages/about.json')).toEqual({ status: 'discarded', restored: ['pages/about.json'], removed: [] });
    expect(read('pages/about.json')).toBe(changed);

    for (const path of ['-rf', '--source=HEAD~1', 'pages/../package.json', 'schemas/page.schema.json', '/etc/passwd']) {
      expect(await discard(repo.root, path)).toEqual({
        status: 'refused',
        message: 'Only files inside pages/ and public/media/ can be discarded.',
      });
    }
    expect(await discard(repo.root, 'pages/-n.json')).toEqual({ status: 'refused', message: 'pages/-n.json has no change to discard.' });
    writeFileSync(at('pages/-n.json'), '{}\n');
    expect(await discard(repo.root, 'pages/-n.json')).toEqual({ status: 'discarded', restored: [], removed: ['pages/-n.json'] });
    expect(await status()).toBe('');
  });
});
