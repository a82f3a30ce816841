import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesInside, realFileIn, realPathInside } from '../../../scripts/content/real-path-inside';

// A folder with a file, a subfolder, and links of every kind; beside it, what lies outside.
const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'real-path-inside-')));
const root = join(scratch, 'root');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
mkdirSync(join(root, 'images/brand'), { recursive: true });
mkdirSync(join(scratch, 'outside'));
writeFileSync(join(root, 'index.json'), '{}');
writeFileSync(join(root, 'images/brand/logo.svg'), '<svg/>');
writeFileSync(join(scratch, 'secret.json'), '{}');
writeFileSync(join(scratch, 'outside/page.json'), '{}');
symlinkSync('images/brand/logo.svg', join(root, 'alias.svg'));
symlinkSync('images', join(root, 'pictures'));
symlinkSync('../secret.json', join(root, 'leak.json'));
symlinkSync('../outside', join(root, 'elsewhere'));
symlinkSync('..', join(root, 'up'));
symlinkSync('nowhere.json', join(root, 'dangling.json'));
symlinkSync('/nowhere/at/all', join(root, 'gone'));
symlinkSync('..', join(root, 'images/loop'));
symlinkSync('circle-b', join(root, 'circle-a'));
symlinkSync('circle-a', join(root, 'circle-b'));

describe('realPathInside', () => {
  it('gives the real path of a file inside the folder', () => {
    expect(realPathInside(root, 'index.json')).toEqual({ ok: true, path: join(root, 'index.json') });
    expect(realPathInside(root, 'images/brand/logo.svg')).toEqual({ ok: true, path: join(root, 'images/brand/logo.svg') });
  });

  it('follows a link that stays inside, to where the file really is', () => {
    expect(realPathInside(root, 'alias.svg')).toEqual({ ok: true, path: join(root, 'images/brand/logo.svg') });
    expect(realPathInside(root, 'pictures/brand/logo.svg')).toEqual({ ok: true, path: join(root, 'images/brand/logo.svg') });
  });

  it('refuses a path that is not plain without looking at the disk', () => {
    for (const path of [
      '',
      '/index.json',
      '../secret.json',
      'images/../index.json',
      './index.json',
      'images//brand',
      'images/',
      'a\\b',
      'x\0.json',
    ])
      expect(realPathInside(root, path), path).toEqual({ ok: false, reason: 'notPlain' });
  });

  it('names the link that leads out of the folder, at any depth of the path', () => {
    expect(realPathInside(root, 'leak.json')).toEqual({ ok: false, reason: 'linkOutside', link: 'leak.json', target: '../secret.json' });
    expect(realPathInside(root, 'elsewhere/page.json')).toEqual({
      ok: false,
      reason: 'linkOutside',
      link: 'elsewhere',
      target: '../outside',
    });
    expect(realPathInside(root, 'up/secret.json')).toEqual({ ok: false, reason: 'linkOutside', link: 'up', target: '..' });
    expect(realPathInside(root, 'images/loop/up/secret.json')).toEqual({
      ok: false,
      reason: 'linkOutside',
      link: 'images/loop/up',
      target: '..',
    });
  });

  it('names a link that leads nowhere, or round in a circle', () => {
    expect(realPathInside(root, 'dangling.json')).toEqual({
      ok: false,
      reason: 'linkMissing',
      link: 'dangling.json',
      target: 'nowhere.json',
    });
    expect(realPathInside(root, 'gone/x.json')).toEqual({ ok: false, reason: 'linkMissing', link: 'gone', target: '/nowhere/at/all' });
    expect(realPathInside(root, 'circle-a')).toEqual({ ok: false, reason: 'linkMissing', link: 'circle-a', target: 'circle-b' });
  });

  it('tells a folder and a missing file from a file', () => {
    expect(realPathInside(root, 'images')).toEqual({ ok: false, reason: 'folder', path: join(root, 'images') });
    expect(realPathInside(root, 'pictures')).toEqual({ ok: false, reason: 'folder', path: join(root, 'images') });
    expect(realPathInside(root, 'images/none.svg')).toEqual({ ok: false, reason: 'missing' });
    expect(realPathInside(join(scratch, 'no-such-folder'), 'index.json')).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('filesInside', () => {
  it('lists the files, following links only where they stay inside, and the links it left out', () => {
    expect(filesInside(root)).toEqual({
      files: ['alias.svg', 'images/brand/logo.svg', 'index.json', 'pictures/brand/logo.svg'],
      refused: [
        { link: 'circle-a', target: 'circle-b', reason: 'linkMissing', folder: false },
        { link: 'circle-b', target: 'circle-a', reason: 'linkMissing', folder: false },
        { link: 'dangling.json', target: 'nowhere.json', reason: 'linkMissing', folder: false },
        { link: 'elsewhere', target: '../outside', reason: 'linkOutside', folder: true },
        { link: 'gone', target: '/nowhere/at/all', reason: 'linkMissing', folder: false },
        { link: 'images/loop', target: '..', reason: 'loop', folder: true },
        { link: 'leak.json', target: '../secret.json', reason: 'linkOutside', folder: false },
        { link: 'pictures/loop', target: '..', reason: 'loop', folder: true },
        { link: 'up', target: '..', reason: 'linkOutside', folder: true },
      ],
    });
  });

  it('stops at a link back to a folder that holds it instead of listing it forever', () => {
    const looped = join(scratch, 'looped');
    mkdirSync(join(looped, 'a'), { recursive: true });
    writeFileSync(join(looped, 'a/page.json'), '{}');
    symlinkSync('..', join(looped, 'a/back'));
    symlinkSync('.', join(looped, 'self'));
    expect(filesInside(looped)).toEqual({
      files: ['a/page.json'],
      refused: [
        { link: 'a/back', target: '..', reason: 'loop', folder: true },
        { link: 'self', target: '.', reason: 'loop', folder: true },
      ],
    });
  });

  it('lists nothing for a folder that does not exist', () => {
    expect(filesInside(join(scratch, 'no-such-folder'))).toEqual({ files: [], refused: [] });
  });
});

describe('realFileIn (for writing: no link at all)', () => {
  it('finds a real file, and a file not made yet in a real folder', () => {
    expect(realFileIn(root, 'images/brand/logo.svg')).toEqual({ ok: true, absolute: join(root, 'images/brand/logo.svg'), exists: true });
    expect(realFileIn(root, 'images/new/page.json')).toEqual({ ok: true, absolute: join(root, 'images/new/page.json'), exists: false });
  });

  it('names the first link on the way, even one that stays inside or leads nowhere', () => {
    for (const [path, at] of [
      ['alias.svg', 'alias.svg'],
      ['pictures/brand/logo.svg', 'pictures'],
      ['dangling.json', 'dangling.json'],
      ['gone/new.json', 'gone'],
      ['images/loop/index.json', 'images/loop'],
    ] as const)
      expect(realFileIn(root, path), path).toEqual({ ok: false, reason: 'link', at: join(root, at) });
  });

  it('refuses a folder where a file should be, and a file where a folder should be', () => {
    expect(realFileIn(root, 'images/brand')).toEqual({ ok: false, reason: 'not-a-file', at: join(root, 'images/brand') });
    expect(realFileIn(root, 'index.json/x.json')).toEqual({ ok: false, reason: 'not-a-folder', at: join(root, 'index.json') });
  });
});
