/**
 * Incremental builds, with the real `npm run build` on a copy of the site's pages (PAGES_DIR)
 * into a folder of its own: one full build, then one change at a time, each followed by a
 * build into the same folder. What a build rewrote is told by the files' inode and mtime (a
 * file written again is a new file renamed over the old). The steps run in order and share
 * the folder: each starts from what the one before built.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writePageSet } from '../../../scripts/bench/write-page-set';
import { loadSite } from '../../../scripts/content/load-site';
import { outputFileOfRoute } from '../../../scripts/content/route-of-file';
import { root, runCommand, scratchFolder } from '../../helpers/project';

const scratch = scratchFolder('incremental-build');
const pagesDir = writePageSet(root, scratch, 0, []);
const out = join(scratch, 'out');
/** How the build names a content file of the copy: from the project's root. */
const shown = (file: string): string => relative(root, join(pagesDir, file));
/** How many pages the copy has at first (61 today). */
const { pages } = loadSite(root, pagesDir);
const PAGES = pages.length;
/** A page of its own for each job posting (pages/careers/[jobs].json). */
const jobRoutes = pages.map(({ route }) => route).filter((route) => route.startsWith('/careers/'));

/** `npm run build -- --out <out>` of the copy, its server entries kept in the scratch folder; fails with what it printed. */
function build(...args: string[]): string {
  const run = runCommand('build', ['--out', out, ...args], {
    env: { ...process.env, PAGES_DIR: pagesDir, BUILD_CACHE_DIR: join(scratch, 'cache') },
  });
  if (run.status !== 0) throw new Error(`npm run build failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/** Every file of a folder, by its path there, as its inode and modification time. */
function stamps(folder: string): Map<string, string> {
  return new Map(
    (readdirSync(folder, { recursive: true }) as string[])
      .filter((file) => statSync(join(folder, file)).isFile())
      .map((file) => {
        const { ino, mtimeMs } = statSync(join(folder, file));
        return [file, `${ino} ${mtimeMs}`];
      }),
  );
}

/** The files written, added or removed between two stamps, sorted. */
function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  const files = new Set([...before.keys(), ...after.keys()]);
  return [...files].filter((file) => before.get(file) !== after.get(file)).sort();
}

/** A page's HTML file and its compressed copies, as they lie in the output folder. */
const pageFiles = (route: string): string[] => [0, 1, 2].map((at) => `${outputFileOfRoute(route)}${['', '.br', '.gz'][at]}`);
/** What every build writes again: its record. */
const BOOKKEEPING = ['.build/record.json'];
/** The output folder as the build's messages name it (from the project's root, where the build runs). */
const shownOut = relative(root, out);

const editJson = (file: string, edit: (json: Record<string, unknown>) => void): void => {
  const path = join(pagesDir, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(json);
  writeFileSync(path, JSON.stringify(json, null, 2));
};
const html = (route: string): string => readFileSync(join(out, outputFileOfRoute(route)), 'utf8');

beforeAll(() => {
  rmSync(out, { recursive: true, force: true });
  const said = build('--full');
  expect(said).toContain('Full build: --full asks for one.');
  // Its last line says where the time went, the prerender among the steps.
  expect(said.trimEnd().split('\n').at(-1)).toMatch(
    /^Time by step: (?:[\w ,]+ \d+\.\d s, )*prerendering \d+\.\d s(?:, [\w ,]+ \d+\.\d s)*\.$/,
  );
});

describe('an incremental build', () => {
  it('renders only the page whose file changed, with its new text, and leaves every other file as it was', () => {
    const before = stamps(out);
    const text = readFileSync(join(pagesDir, 'about.json'), 'utf8');
    writeFileSync(join(pagesDir, 'about.json'), text.replace('"Good Rapport"', '"Good Rapport, Rebuilt"'));
    const said = build();
    expect(said).toContain(`Rebuilt 1 of ${PAGES} pages: ${shown('about.json')} changed.`);
    expect(said).toMatch(/^Time by step: .*\d+\.\d s\.$/m);
    expect(changed(before, stamps(out))).toEqual([...pageFiles('/about'), ...BOOKKEEPING].sort());
    expect(html('/about')).toContain('Good Rapport, Rebuilt');
  });

  it('leaves the page it rendered for the next build’s first thread to warm up with; a sample that cannot be used changes nothing', () => {
    const cache = join(scratch, 'cache');
    const sample = JSON.parse(readFileSync(join(cache, 'warm-up.json'), 'utf8')) as { route: string; page: unknown };
    expect(sample.route).toBe('/about');
    expect(JSON.stringify(sample.page)).toContain('Good Rapport, Rebuilt');
    const text = readFileSync(join(pagesDir, 'about.json'), 'utf8');
    for (const [garbage, words] of [
      ['not JSON', 'Warmed, not JSON'],
      [
        JSON.stringify({ site: {}, manifest: {}, route: '/about', page: { blocks: [{ type: 'nothing' }] }, today: 'never' }),
        'Warmed, wrong',
      ],
    ] as const) {
      writeFileSync(join(cache, 'warm-up.json'), garbage);
      const before = stamps(out);
      writeFileSync(join(pagesDir, 'about.json'), text.replace('"Good Rapport, Rebuilt"', `"${words}"`));
      expect(build()).toContain(`Rebuilt 1 of ${PAGES} pages: ${shown('about.json')} changed.`);
      expect(changed(before, stamps(out))).toEqual([...pageFiles('/about'), ...BOOKKEEPING].sort());
      expect(html('/about')).toContain(words);
      // Whatever the thread rendered to warm up is gone with its folder.
      expect(readdirSync(cache).filter((name) => name.startsWith('warm-up.json-'))).toEqual([]);
    }
    writeFileSync(join(pagesDir, 'about.json'), text);
    build();
  });

  it('renders on a new day only the pages that show a job post’s age, counted to the day they are built', () => {
    const recordFile = join(out, '.build/record.json');
    const record = JSON.parse(readFileSync(recordFile, 'utf8')) as { day: string; routes: Record<string, { dated?: true }> };
    const dated = Object.entries(record.routes)
      .filter(([, entry]) => entry.dated)
      .map(([route]) => route)
      .sort();
    // The job postings (each with its age) and the posting shown on /career-detail; no other page.
    expect(dated).toEqual(['/career-detail', ...jobRoutes].sort());
    writeFileSync(recordFile, JSON.stringify({ ...record, day: '2000-01-01' }));
    const before = stamps(out);
    expect(build()).toContain(
      `Rebuilt ${dated.length} of ${PAGES} pages: a new day (${dated.length} pages show the age of a job post, counted to the day it is built).`,
    );
    expect(changed(before, stamps(out))).toEqual([...dated.flatMap(pageFiles), ...BOOKKEEPING].sort());
  });

  it('renders every page that names a changed entry (its own page, a list of the collection, a page that picks it) and no other', () => {
    const before = stamps(out);
    editJson('_collections/jobs/ux-ui-designer.json', (job) => {
      job.title = 'UX/UI Designer, Rebuilt';
    });
    const said = build();
    expect(said).toContain(`Rebuilt 3 of ${PAGES} pages: ${shown('_collections/jobs/ux-ui-designer.json')} changed.`);
    const routes = ['/career-detail', '/careers', '/careers/ux-ui-designer'];
    expect(changed(before, stamps(out))).toEqual([...routes.flatMap(pageFiles), ...BOOKKEEPING].sort());
    for (const route of routes) expect(html(route), route).toContain('UX/UI Designer, Rebuilt');
  });

  it('renders a new entry’s page and the list of its collection, and removes both from the site when the entry goes', () => {
    cpSync(join(pagesDir, '_collections/jobs/ux-ui-designer.json'), join(pagesDir, '_collections/jobs/ui-engineer.json'));
    editJson('_collections/jobs/ui-engineer.json', (job) => {
      job.title = 'UI Engineer';
    });
    let before = stamps(out);
    expect(build()).toContain(`Rebuilt 2 of ${PAGES + 1} pages: ${shown('_collections/jobs/ui-engineer.json')} is new.`);
    expect(changed(before, stamps(out))).toEqual(
      [
        ...pageFiles('/careers'),
        ...pageFiles('/careers/ui-engineer'),
        'sitemap.xml',
        'sitemap.xml.br',
        'sitemap.xml.gz',
        ...BOOKKEEPING,
      ].sort(),
    );
    expect(html('/careers')).toContain('UI Engineer');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('/careers/ui-engineer</loc>');

    rmSync(join(pagesDir, '_collections/jobs/ui-engineer.json'));
    before = stamps(out);
    expect(build()).toContain(`Rebuilt 1 of ${PAGES} pages and removed 1: ${shown('_collections/jobs/ui-engineer.json')} was removed.`);
    expect(changed(before, stamps(out))).toEqual(
      [
        ...pageFiles('/careers'),
        ...pageFiles('/careers/ui-engineer'),
        'sitemap.xml',
        'sitemap.xml.br',
        'sitemap.xml.gz',
        ...BOOKKEEPING,
      ].sort(),
    );
    expect(readdirSync(join(out, 'careers'))).not.toContain('ui-engineer');
    expect(html('/careers')).not.toContain('UI Engineer');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).not.toContain('/careers/ui-engineer');
  });

  it('renders a new page and removes a deleted one, page and folder, from the site and its sitemap', () => {
    editJson('about.json', (page) => {
      page.title = 'About, once more';
      page.description = 'The same company, on a second page made for this test of the incremental build.';
    });
    cpSync(join(pagesDir, 'about.json'), join(pagesDir, 'about-again.json'));
    expect(build()).toContain(`Rebuilt 2 of ${PAGES + 1} pages: ${shown('about-again.json')} is new, ${shown('about.json')} changed.`);
    expect(html('/about-again')).toContain('About, once more');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).toContain('/about-again</loc>');

    rmSync(join(pagesDir, 'about-again.json'));
    const before = stamps(out);
    expect(build()).toContain(`Rebuilt 0 of ${PAGES} pages and removed 1: ${shown('about-again.json')} was removed.`);
    expect(changed(before, stamps(out))).toEqual(
      [...pageFiles('/about-again'), 'sitemap.xml', 'sitemap.xml.br', 'sitemap.xml.gz', ...BOOKKEEPING].sort(),
    );
    expect(readdirSync(out)).not.toContain('about-again');
    expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).not.toContain('/about-again');
  });

  it('writes again what was changed or deleted in its folder since the last build, though no content file changed, and removes what no build wrote', () => {
    const kept = join(scratch, 'before-hand-edits');
    rmSync(kept, { recursive: true, force: true });
    cpSync(out, kept, { recursive: true });
    rmSync(join(out, 'about/index.html'));
    writeFileSync(join(out, 'careers/index.html'), `${html('/careers')}<!-- edited by hand -->`);
    writeFileSync(join(out, 'sitemap.xml'), '<?xml version="1.0"?><urlset/>');
    rmSync(join(out, '404.html.gz'));
    writeFileSync(join(out, 'stray.html'), '<p>put here by hand</p>');
    // A folder where a page goes, with a file in it: the page cannot be renamed over it.
    rmSync(join(out, 'testing/index.html'));
    mkdirSync(join(out, 'testing/index.html'));
    writeFileSync(join(out, 'testing/index.html/by-hand.txt'), 'in the way');
    const before = stamps(out);
    expect(build()).toContain(
      `Rebuilt 3 of ${PAGES} pages and the not-found page: ${shownOut}/404.html.gz is missing, ${shownOut}/about/index.html is missing, ${shownOut}/careers/index.html differs from the last build, 2 more files of ${shownOut}/ differ from the last build, ${shownOut}/stray.html was not written by the last build, ${shownOut}/testing/index.html/by-hand.txt was not written by the last build.`,
    );
    expect(changed(before, stamps(out))).toEqual(
      [
        ...['/about', '/careers', '/testing'].flatMap(pageFiles),
        'testing/index.html/by-hand.txt',
        '404.html',
        '404.html.br',
        '404.html.gz',
        'sitemap.xml',
        'sitemap.xml.br',
        'sitemap.xml.gz',
        'stray.html',
        ...BOOKKEEPING,
      ].sort(),
    );
    // Each as the build had written it before the hand edits, and nothing else.
    const now = stamps(out);
    expect([...now.keys()].sort()).toEqual([...stamps(kept).keys()].sort());
    for (const file of now.keys()) {
      if (file === '.build/record.json') continue;
      expect(readFileSync(join(out, file)).equals(readFileSync(join(kept, file))), file).toBe(true);
    }
    // Nothing differs any more: the next build renders nothing.
    expect(build()).toContain(`Rebuilt 0 of ${PAGES} pages: no page changed.`);
  });

  it('is a full build when a bundle of its folder was changed by hand, and writes it again', () => {
    const script = readdirSync(join(out, 'assets')).find((name) => name.endsWith('.js')) ?? '';
    const original = readFileSync(join(out, 'assets', script));
    writeFileSync(join(out, 'assets', script), 'alert("edited by hand");\n');
    expect(build()).toContain(`Full build: ${shownOut}/assets/${script} differs from the last build.`);
    expect(readFileSync(join(out, 'assets', script)).equals(original)).toBe(true);
  });

  it('writes, after all these changes, the same files as a full build; a record it cannot read makes one', () => {
    const incremental = join(scratch, 'incremental');
    cpSync(out, incremental, { recursive: true });
    // A folder by the record's name: it cannot be read, and is removed like a record.
    rmSync(join(out, '.build/record.json'));
    mkdirSync(join(out, '.build/record.json/by-hand'), { recursive: true });
    expect(build()).toMatch(/^Full build: the build record cannot be read \(EISDIR: .+\)\.$/m);
    const full = stamps(out);
    expect([...stamps(incremental).keys()].sort()).toEqual([...full.keys()].sort());
    for (const file of full.keys()) {
      // The record holds each file's time too, which differs; everything else in it must not.
      if (file === '.build/record.json') continue;
      expect(readFileSync(join(incremental, file)).equals(readFileSync(join(out, file))), file).toBe(true);
    }
    const withoutTimes = (folder: string): unknown => {
      const record = JSON.parse(readFileSync(join(folder, '.build/record.json'), 'utf8')) as { outputs: Record<string, string> };
      return { ...record, outputs: Object.keys(record.outputs).sort() };
    };
    expect(withoutTimes(incremental)).toEqual(withoutTimes(out));
  });

  it('renders every page and the not-found page again, and builds no bundle, when the site file changed, as every page shows it', () => {
    const before = stamps(out);
    editJson('_site.json', (site) => {
      site.name = 'Nuvora Systems, Rebuilt';
    });
    expect(build()).toContain(`Rebuilt ${PAGES} of ${PAGES} pages and the not-found page: ${shown('_site.json')} changed.`);
    expect(html('/testing')).toContain('Nuvora Systems, Rebuilt');
    const written = changed(before, stamps(out));
    expect(written).toEqual(expect.arrayContaining([...pages.flatMap(({ route }) => pageFiles(route)), '404.html']));
    expect(written.filter((file) => file.startsWith('assets/') || file.startsWith('.vite/'))).toEqual([]);
  });

  it('refuses a page over its JavaScript budget, naming it, and renders it again next time', () => {
    // Budgets below what any page loads (about 3 KB): every page the build writes is over.
    const tight = join(scratch, 'budgets.json');
    const budgets = JSON.parse(readFileSync(join(root, 'scripts/budgets.json'), 'utf8')) as { firstLoadJsKb: Record<string, number> };
    budgets.firstLoadJsKb = { pageWithoutInteractiveBlocks: 1, home: 1, pageWithInteractiveBlocks: 1 };
    writeFileSync(tight, JSON.stringify(budgets));
    editJson('testing.json', (page) => {
      page.title = 'Testing, over budget';
    });
    const run = runCommand('build', ['--out', out], {
      env: { ...process.env, PAGES_DIR: pagesDir, BUILD_CACHE_DIR: join(scratch, 'cache'), BUDGETS_FILE: tight },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^Rebuilt 1 of \d+ pages/m);
    expect(run.stderr).toMatch(/^\/testing loads \d+\.\d KB of JavaScript at once; its budget is 1 KB$/m);
    expect(run.stderr).toContain('1 page(s) over their JavaScript budget (scripts/budgets.json); the build is refused.');
    // Not recorded: the next build, within the budgets, does not take the folder as finished.
    expect(build()).toMatch(/^Full build: /m);
    expect(html('/testing')).toContain('Testing, over budget');
  });

  it('leaves the output folder as it was when the site has a problem, though its Vite builds ran first', () => {
    const before = stamps(out);
    editJson('testing.json', (page) => {
      page.title = '';
    });
    const run = runCommand('build', ['--out', out, '--full'], {
      env: { ...process.env, PAGES_DIR: pagesDir, BUILD_CACHE_DIR: join(scratch, 'cache') },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('nothing was built');
    // The site's problem is what it says, not how the Vite builds (which ran first) fared.
    expect(`${run.stdout}${run.stderr}`).not.toContain('Vite builds done');
    expect(changed(before, stamps(out))).toEqual([]);
    // Nothing of the builds is left beside the folder or in the cache.
    expect(readdirSync(scratch).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readdirSync(join(scratch, 'cache')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
