import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChanges } from '../../../scripts/publish/changes/list-changes';
import { discard } from '../../../scripts/publish/changes/discard';
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
      message: 'The page at /about has no change to discard.',
    });
    writeFileSync(at('pages/about.json'), changed.replace('"Committed"', '"On disk"'));
    expect(await discard(repo.root, 'pages/about.json')).toEqual({ status: 'discarded', restored: ['pages/about.json'], removed: [] });
    expect(read('pages/about.json')).toBe(changed);

    for (const path of ['-rf', '--source=HEAD~1', 'pages/../package.json', 'schemas/page.schema.json', '/etc/passwd']) {
      expect(await discard(repo.root, path)).toEqual({
        status: 'refused',
        message: 'Only changes to pages, entries, the menus, footer and site settings, and pictures can be discarded.',
      });
    }
    expect(await discard(repo.root, 'pages/-n.json')).toEqual({ status: 'refused', message: 'The page at /-n has no change to discard.' });
    writeFileSync(at('pages/-n.json'), '{}\n');
    expect(await discard(repo.root, 'pages/-n.json')).toEqual({ status: 'discarded', restored: [], removed: ['pages/-n.json'] });
    expect(await status()).toBe('');
  });

  it('never puts a link back over a folder that now holds a new page, and keeps the page', async () => {
    // A committed link pages/outdir, replaced by a real folder holding a new page, as the editor tells people to do with links.
    symlinkSync('services', at('pages/outdir'));
    await repo.run(['add', '--', 'pages/outdir']);
    await repo.run(['commit', '-q', '-m', 'A link to the services']);
    rmSync(at('pages/outdir'));
    mkdirSync(at('pages/outdir'));
    const page = read('pages/about.json').replace(/"title": "[^"]*"/, '"title": "Out and about"');
    writeFileSync(at('pages/outdir/new-page.json'), page);
    const listed = (await listChanges(repo.root)).changes.map((change) => `${change.path} ${change.state}`);
    expect(listed).toEqual(['pages/outdir deleted', 'pages/outdir/new-page.json added']);

    const refused = {
      status: 'refused',
      message:
        'That page was kept somewhere else (behind a link) in the published site, and Discard never brings that back: nothing was changed.',
    };
    expect(await discard(repo.root, 'pages/outdir')).toEqual(refused);
    expect(lstatSync(at('pages/outdir')).isDirectory()).toBe(true);
    expect(read('pages/outdir/new-page.json')).toBe(page);
    // Emptied (the new page discarded on its own), the folder still never becomes the link again.
    expect(await discard(repo.root, 'pages/outdir/new-page.json')).toEqual({
      status: 'discarded',
      restored: [],
      removed: ['pages/outdir/new-page.json'],
    });
    expect(await discard(repo.root, 'pages/outdir')).toEqual(refused);
    expect(lstatSync(at('pages/outdir')).isDirectory()).toBe(true);
    rmSync(at('pages/outdir'), { recursive: true });
    symlinkSync('services', at('pages/outdir'));
    expect(await status()).toBe('');
  });

  it('puts a page back only where it was: never over a folder of unpublished work, never beneath a folder made a link', async () => {
    // The About page deleted, and a folder of the same name holding a new page in its place.
    const about = read('pages/about.json');
    const draft = '{ "title": "A draft of a page, nothing like the About page" }\n';
    rmSync(at('pages/about.json'));
    mkdirSync(at('pages/about.json'));
    writeFileSync(at('pages/about.json/draft.json'), draft);
    expect(await discard(repo.root, 'pages/about.json')).toEqual({
      status: 'refused',
      message:
        'The page at /about now holds pages that were never published, which Discard would delete: nothing was changed. Discard those pages one by one instead.',
    });
    expect(read('pages/about.json/draft.json')).toBe(draft);
    rmSync(at('pages/about.json'), { recursive: true });
    writeFileSync(at('pages/about.json'), about);

    // The services folder moved elsewhere and a link left in its place: a discard of one of its pages writes nothing through it.
    const elsewhere = `${repo.root}-elsewhere`;
    renameSync(at('pages/services'), elsewhere);
    symlinkSync(elsewhere, at('pages/services'));
    try {
      const cloud = readFileSync(join(elsewhere, 'product-development.json'), 'utf8');
      writeFileSync(join(elsewhere, 'product-development.json'), cloud.replace(/"title": "[^"]*"/, '"title": "Elsewhere"'));
      expect(await discard(repo.root, 'pages/services/product-development.json')).toEqual({
        status: 'refused',
        message:
          "The page at /services/product-development cannot be brought back: what holds it on this computer was replaced by something else, and Discard touches nothing but the page. Nothing was changed; ask whoever looks after the site's files.",
      });
      expect(readFileSync(join(elsewhere, 'product-development.json'), 'utf8')).toContain('"title": "Elsewhere"');
      expect(lstatSync(at('pages/services')).isSymbolicLink()).toBe(true);
      writeFileSync(join(elsewhere, 'product-development.json'), cloud);
    } finally {
      rmSync(at('pages/services'));
      renameSync(elsewhere, at('pages/services'));
    }
    expect(await status()).toBe('');
  });
});
