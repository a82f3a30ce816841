import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page, Site } from '../../../src/generated/schema-types';
import type * as ServerEntryModule from '../../../src/render/entry-render';
import type { IslandMemo } from '../../../src/render/island-memo';
import { pageAssets, type Manifest } from '../bundles/page-assets';
import { firstLoadScripts } from '../bundles/first-load-bytes';
import { compressedCopies } from '../output/precompress';
import { inlineSmallImages } from './inline-small-images';
import { replaceFile } from '../output/replace-file';
import { type BodyFacts, bodyFacts, keptBody, type RuleBook } from './kept-body';

/** The server entry's exports, typed by the module itself; the build loads it as Vite built it for Node. */
export type ServerEntry = typeof ServerEntryModule;

export interface PrerenderResult {
  files: string[];
  /** The scripts each page rendered loads before any interaction (first-load-bytes.ts, firstLoadScripts), by route. */
  firstLoad: [route: string, scripts: string[]][];
  /** The pages compressed as they were written (compressedCopies), and their bytes before and after. */
  compressed: { files: string[]; before: number; after: number };
  /** Blocks that threw while rendering, by route: the build refuses to ship them. */
  failures: { route: string; error: unknown }[];
  /** The routes whose render read the day it was rendered for (a job's age): a new day renders them again. */
  dated: string[];
  /** What to keep of each page's body for the next build (kept-body.ts), by route: those rendered, and those kept. */
  bodies: [route: string, facts: BodyFacts][];
  /** The rules of the bodies rendered that the rule book given did not hold. */
  rules: [id: string, css: string, registered: string | null][];
  /** How many pages kept their body from the last build. */
  keptBodies: number;
}

/** A page the last build wrote, or undefined when there is none to read. */
function readPage(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Renders pages one at a time into `outDir`, each at `<route>/index.html` with its own critical
 * CSS, preloading only its islands; remembers the files it wrote and the blocks that threw.
 * With `compressLevel`, it also writes each page's Brotli (at that level) and gzip copies from
 * the page in memory.
 */
export function pageRenderer(
  entry: ServerEntry,
  site: Site,
  manifest: Manifest,
  outDir: string,
  today: string,
  compressLevel?: number,
  book: RuleBook = {},
) {
  const files: string[] = [];
  const bodies: PrerenderResult['bodies'] = [];
  const rules: PrerenderResult['rules'] = [];
  const rulesKept = new Map(Object.entries(book));
  const known = new Set(rulesKept.keys());
  const result = { keptBodies: 0 };
  const compressed: PrerenderResult['compressed'] = { files: [], before: 0, after: 0 };
  const firstLoad: PrerenderResult['firstLoad'] = [];
  const failures: PrerenderResult['failures'] = [];
  const dated: PrerenderResult['dated'] = [];
  // Each folder made once: a recursive mkdir per page cost about 7 % of a page's render time.
  const folders = new Set<string>();
  const folderOf = (file: string): string => {
    const path = join(outDir, file);
    const folder = dirname(path);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    return path;
  };
  const write = (file: string, content: string): void => {
    replaceFile(folderOf(file), content);
    files.push(file);
  };
  // Every page's tokens stylesheet is the same file: the layer is the site's whole token set.
  // Its name is its content's hash, so one there already (an incremental build's) is this one.
  const tokenFiles = new Set<string>();
  const tokenStylesheet = (css: string): string => {
    const file = `assets/tokens-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    if (!tokenFiles.has(file) && !existsSync(join(outDir, file))) write(file, css);
    tokenFiles.add(file);
    return `/${file}`;
  };
  // Islands rendered for one page serve the next where they come out the same (the navigation
  // bar on nearly every page). Made with the first page: a renderer may be given none.
  let islandMemo: IslandMemo | undefined;
  const inline = (html: string): string => inlineSmallImages(html, outDir);
  let loaded: Promise<void> | undefined;
  return {
    files,
    compressed,
    firstLoad,
    failures,
    dated,
    bodies,
    rules,
    get keptBodies() {
      return result.keptBodies;
    },
    /** Renders `route` into `file`; with `kept`, what the last build kept of its body, to take it from the page written then when it still holds. */
    async render(route: string, page: Page | undefined, file: string, kept?: BodyFacts): Promise<void> {
      // Nothing suspends, so each page is the same whichever pages this thread rendered before it.
      loaded ??= entry.loadEveryComponent();
      await loaded;
      // A turn of the event loop before each page: rendering settles through promises alone, so a
      // loop of pages would never reach the callbacks React leaves to setImmediate, each holding
      // the page it rendered (10,000 pages grew past 2 GB).
      await new Promise((resolve) => setImmediate(resolve));
      islandMemo ??= entry.createIslandMemo();
      const before = kept && readPage(join(outDir, file));
      const body = kept && keptBody(kept, site, today, before, rulesKept);
      const rendered = await entry.renderRoute(site, route, page, { tokenStylesheet, today, islandMemo, inline, kept: body });
      for (const error of rendered.errors) failures.push({ route, error });
      if (rendered.dated) dated.push(route);
      const assets = pageAssets(manifest, rendered.islands);
      const html = entry.renderDocument({
        site,
        route,
        page,
        body: rendered.body,
        // The page's style tags come after its stylesheets, as the rules Emotion adds in the
        // browser do (at the end of <head>): the same order before and after scripts run.
        head: `${assets.head}\n${rendered.styles}`,
        scripts: assets.scripts,
      });
      const path = folderOf(file);
      files.push(file);
      const facts = rendered.pageBody && rendered.errors.length === 0 ? bodyFacts(site, today, rendered.pageBody, html) : body && kept;
      if (facts) bodies.push([route, facts]);
      if (body) result.keptBodies += 1;
      for (const [id, css, registered] of rendered.pageBody?.rules ?? []) {
        if (known.has(id)) continue;
        known.add(id);
        rules.push([id, css, registered]);
      }
      // Copied: the names matched in the page are slices of it, and would keep every page in memory.
      firstLoad.push([route, structuredClone(firstLoadScripts(html))]);
      const bytes = Buffer.from(html);
      // Written at once: writing on libuv's threads while the next page renders took more of
      // the two cores than it saved (10,061 pages: 59 s, 24 s of it in the kernel; 50 s and 10 s so).
      replaceFile(path, bytes);
      if (compressLevel === undefined) return;
      const { br, gz } = compressedCopies(bytes, compressLevel);
      replaceFile(`${path}.br`, br);
      replaceFile(`${path}.gz`, gz);
      compressed.after += br.length;
      compressed.before += bytes.length;
      compressed.files.push(file);
    },
  };
}
