/**
 * An incremental build makes exactly what a full build from scratch makes of the same pages:
 * after each kind of change, the real `npm run build` into a folder it built before is compared,
 * file for file and byte for byte, with `npm run build -- --full` into an empty folder with an
 * empty build cache. The site's own pages (PAGES_DIR, a copy), no more: each step is one
 * incremental build and one full build. Each step starts from what the steps before it built.
 */
import { readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writePageSet } from '../../../scripts/bench/write-page-set';
import { root, runCommand, scratchFolder } from '../../helpers/project';

const scratch = scratchFolder('same-as-full-build');
const pagesDir = writePageSet(root, scratch, 0, []);
const out = join(scratch, 'out');
const cache = join(scratch, 'cache');
const shown = (file: string): string => relative(root, join(pagesDir, file));

/** `npm run build` of the copy into `folder` with its build cache in `cacheDir`: its status and what it printed. */
function run(folder: string, cacheDir: string, ...args: string[]) {
  return runCommand('build', ['--out', folder, ...args], { env: { ...process.env, PAGES_DIR: pagesDir, BUILD_CACHE_DIR: cacheDir } });
}

/** An incremental build into the folder the steps share; fails unless it rendered only pages (no full build). */
function buildIncrementally(): string {
  const built = run(out, cache);
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}\n${built.stderr}`);
  expect(built.stdout.split('\n')[0]).toMatch(/^Rebuilt \d+ of \d+ pages/);
  return built.stdout;
}

/** Every file of a folder but the build's record (which holds each file's time), by its path there. */
function files(folder: string): string[] {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter((file) => statSync(join(folder, file)).isFile() && !file.startsWith('.build'))
    .sort();
}

/** Builds the copy in full into an empty folder with an empty cache, and compares the shared folder with it, byte for byte. */
function expectSameAsFullBuild(): void {
  const full = join(scratch, 'full');
  const fullCache = join(scratch, 'full-cache');
  rmSync(full, { recursive: true, force: true });
  rmSync(fullCache, { recursive: true, force: true });
  const built = run(full, fullCache, '--full');
  if (built.status !== 0) throw new Error(`npm run build -- --full failed:\n${built.stdout}\n${built.stderr}`);
  expect(files(out)).toEqual(files(full));
  const differing = files(full).filter((file) => !readFileSync(join(out, file)).equals(readFileSync(join(full, file))));
  expect(differing).toEqual([]);
}

const editJson = (file: string, edit: (json: Record<string, unknown>) => void): void => {
  const path = join(pagesDir, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(json);
  writeFileSync(path, JSON.stringify(json, null, 2));
};

/** The about page as another page, with its own title and description, and its first card linking to `href`, if given. */
function writePage(file: string, title: string, href?: string): void {
  const page = JSON.parse(readFileSync(join(pagesDir, 'about.json'), 'utf8')) as {
    title: string;
    description: string;
    blocks: { cards?: { href?: string }[] }[];
  };
  page.title = title;
  page.description = `${title}: a page added to test incremental builds.`;
  const card = page.blocks[0]?.cards?.[0];
  if (card && href) card.href = href;
  writeFileSync(join(pagesDir, file), JSON.stringify(page, null, 2));
}

/** The problems a build printed, one per line, as `file:line:column  …`. */
const problemLines = (stderr: string): string[] => stderr.split('\n').filter((line) => /^\S+:\d+:\d+ {2}/.test(line));

beforeAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(cache, { recursive: true, force: true });
  expect(run(out, cache, '--full').status).toBe(0);
});

describe('an incremental build', () => {
  it('makes what a full build makes after one page’s text changed, checking only that file again', () => {
    editJson('about.json', (page) => {
      page.title = 'About us, changed';
    });
    expect(buildIncrementally()).toMatch(/^Checked 1 of \d+ content files again; the others as the last build found them\.$/m);
    expectSameAsFullBuild();
  });

  it('makes what a full build makes after a menu label changed in the site file, rendering the pages but no bundle', () => {
    const text = readFileSync(join(pagesDir, '_site.json'), 'utf8');
    writeFileSync(join(pagesDir, '_site.json'), text.replace('"label": "Solutions"', '"label": "Our solutions"'));
    const said = buildIncrementally();
    expect(said).toMatch(new RegExp(`^Rebuilt (\\d+) of \\1 pages and the not-found page: ${shown('_site.json')} changed\\.$`, 'm'));
    // Every page's body is as it was: only the menus and the footer around it are rendered again.
    const [, kept, rendered] = /^Kept the body of (\d+) of (\d+) pages rendered from the last build/m.exec(said) ?? [];
    expect(Number(kept)).toBeGreaterThan(0.9 * Number(rendered));
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('Our solutions');
    expectSameAsFullBuild();
  });

  it('makes what a full build makes after a label only the menus show changed, keeping the bodies', () => {
    editJson('_site.json', (site) => {
      (site.labels as { openMenu: string }).openMenu = 'Show the menu';
    });
    expect(buildIncrementally()).toMatch(/^Kept the body of [1-9]\d* of \d+ pages rendered from the last build/m);
    expect(readFileSync(join(out, 'about/index.html'), 'utf8')).toContain('Show the menu');
    expectSameAsFullBuild();
  });

  it('makes what a full build makes after a label every page’s body reads changed, rendering the bodies again', () => {
    editJson('_site.json', (site) => {
      (site.labels as { blockError: string }).blockError = 'This part of the page cannot be shown just now.';
    });
    const said = buildIncrementally();
    expect(said).not.toMatch(/^Kept the body/m);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('This part of the page cannot be shown just now.');
    expectSameAsFullBuild();
  });

  it('makes what a full build makes after the footer changed', () => {
    editJson('_site.json', (site) => {
      (site.footer as { tagline: string }).tagline = 'Software you can trust, changed.';
    });
    buildIncrementally();
    expect(readFileSync(join(out, 'about/index.html'), 'utf8')).toContain('Software you can trust, changed.');
    expectSameAsFullBuild();
  });

  it('makes what a full build makes after two pages were added, one linking to the other', () => {
    writePage('added-target.json', 'Added target');
    writePage('added-source.json', 'Added source', '/added-target');
    expect(buildIncrementally()).toMatch(/^Rebuilt 2 of \d+ pages: /);
    expectSameAsFullBuild();
  });

  it('fails, with the same located problem as a full build, when a page an unchanged page links to is deleted', () => {
    const target = readFileSync(join(pagesDir, 'added-target.json'));
    unlinkSync(join(pagesDir, 'added-target.json'));
    const incremental = run(out, cache);
    const full = run(join(scratch, 'full-refused'), join(scratch, 'full-refused-cache'), '--full');
    expect(incremental.status).toBe(1);
    expect(full.status).toBe(1);
    const problems = problemLines(incremental.stderr);
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^${shown('added-source.json')}:\\d+:\\d+ {2}blocks\\[0\\]\\.cards\\[0\\]\\.href: `)),
    ]);
    expect(problems[0]).toContain('/added-target');
    expect(problems).toEqual(problemLines(full.stderr));
    writeFileSync(join(pagesDir, 'added-target.json'), target);
  });

  it('makes what a full build makes after a page was deleted with the link to it', () => {
    unlinkSync(join(pagesDir, 'added-target.json'));
    writePage('added-source.json', 'Added source');
    expect(buildIncrementally()).toMatch(/^Rebuilt 1 of \d+ pages and removed 1: /);
    expectSameAsFullBuild();
  });

  it('checks every file again when its kept checks are another code’s, a kept check changed by hand again, and makes what a full build makes', () => {
    editJson('about.json', (page) => {
      page.title = 'About us, changed again';
    });
    const kept = join(cache, 'checked-files');
    const [head = '', ...rest] = readFileSync(kept, 'utf8').split('\n');
    // Kept checks that, trusted, would put another title on a page whose file did not change.
    const forged = rest.join('\n').replaceAll('"title":"Testing services"', '"title":"Forged title"');
    expect(forged).not.toBe(rest.join('\n'));
    // Another code's: every file is checked again. (The site's snapshot, which would stand for the kept checks, is removed.)
    const snapshot = join(cache, 'site-snapshot');
    rmSync(snapshot, { force: true });
    writeFileSync(kept, `${JSON.stringify({ ...JSON.parse(head), key: 'f'.repeat(64) })}\n${forged}`);
    expect(buildIncrementally()).toMatch(/^Checked (\d+) of \1 content files again\.$/m);
    expect(readFileSync(join(out, 'testing/index.html'), 'utf8')).not.toContain('Forged title');
    // This code's, one line changed by hand: that file alone is checked again.
    editJson('about.json', (page) => {
      page.title = 'About us, changed a third time';
    });
    const now = readFileSync(kept, 'utf8');
    const changed = now.replaceAll('"title":"Testing services"', '"title":"Forged title"');
    expect(changed).not.toBe(now);
    writeFileSync(kept, changed);
    rmSync(snapshot, { force: true });
    expect(buildIncrementally()).toMatch(/^Checked 2 of \d+ content files again/m);
    expect(readFileSync(join(out, 'testing/index.html'), 'utf8')).not.toContain('Forged title');
    expectSameAsFullBuild();
  });
});
