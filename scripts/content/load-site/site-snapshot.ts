/**
 * The site as the build's last load left it, kept whole beside the kept checks (check-cache.ts),
 * so that a build after a few pages changed checks those pages and no other. Among 10,000
 * pages, the kept checks still cost every unchanged page a hash of its inputs, a line read and
 * verified, and its facts parsed and made again: 1.8-2.2 s of a 3 s build. The snapshot keeps
 * what the build reads of each page (its route, file, sources, search summary, hash and
 * anchors), the site file's value and the entries (which every page may read), the warnings,
 * and what stat said of each content file with its text's hash.
 *
 * It stands for a full load only where it cannot differ from one:
 * - it was taken by the same code, schemas, public files and Node.js (the build's code key),
 *   of the same folder, from a load with no problem;
 * - the folder lists the same files, and every file's stat is the one kept, except page files
 *   of their own (no template, entry or site file: every page may read those);
 * - each such page, checked now, has no problem, names the same anchors as before (other
 *   pages' links may name them), and its links lead where the kept routes and anchors say.
 * Anything else, and the caller loads the site in full (loadSite), which reports exactly.
 *
 * What a load from the snapshot changed is added to a second file, one line each (writing the
 * whole of it again took 0.2 s among 10,000 pages); the snapshot is written whole again by a
 * full load, or once the changes are a tenth of its size. Each part carries a sum: a file cut
 * short, changed or of another snapshot is not used. An unchanged page's value is not kept:
 * read, it loads the whole site once (a build reads only the pages it renders, which changed).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { crc32 } from 'node:zlib';
import type { Page, Site } from '../../../src/generated/schema-types';
import type { CheckedDocument } from '../checks/create-validator';
import { contentFileAt } from '../content-file';
import { type LoadedPage, type LoadedSite, type LoadOptions, loadSite, type PageSummary, siteLoaded } from '../load-site';
import { relativeTo } from '../path-below';
import { parseJsonWithPositions } from '../problems/parse-json-with-positions';
import type { Problem } from '../problems/problem-at';
import type { Entry } from '../resolve-page';
import { checkLinks } from './check-links';
import { listFiles } from './list-files';
import { readPages } from './read-pages';
import { lazyPage, resolveReferences } from './resolve-references';
import { openSite } from './site-context';
import { sha256Hex, stampOf } from './stat-index';
import { warnSameTexts } from './warn-same-texts';

/** The version of the kept files' form: raised when it or what they hold changes. */
const SNAPSHOT_FORMAT = 1;

/** What is kept of one loaded page: what the build reads of it besides its value. */
interface KeptPage {
  route: string;
  /** Its file and sources, by their names in the folder (keptName). */
  file: string;
  sources: string[];
  summary: PageSummary;
  hash: string;
  anchors: string[];
}

/** What a load from the snapshot changed in it: each changed file's stamp and hash, its pages, and the warnings now. */
interface Change {
  files: Record<string, [string, string]>;
  pages: KeptPage[];
  warnings: Problem[];
}

interface Kept extends Change {
  format: number;
  key: string;
  root: string;
  pagesDir: string;
  /** Every file under the folder, relative to it, as listFiles has them. */
  names: string[];
  site: Site;
  /** Every entry, its page's address with it. */
  entries: Entry[];
}

/** A load from the snapshot (see SiteSnapshot). */
interface SnapshotLoad {
  loaded: LoadedSite;
  /** The hash of a content file's text, by its name in problems. */
  textHash(file: string): string | undefined;
  /** How many content files were checked again, of how many. */
  checked: number;
  files: number;
  /** Adds what changed to the snapshot. */
  keep(): void;
}

export interface SiteSnapshot {
  /** The site loaded from the snapshot and the files changed since (see the file's comment), or undefined when only a full load can tell. */
  load(root: string, pagesDir: string, options: Pick<LoadOptions, 'keptValidators'>): SnapshotLoad | undefined;
  /**
   * Keeps `loaded`, a full load with no problem, as the snapshot: `stamps` says, by path, what
   * stat said of each content file before it was read, and the hash of the text read;
   * `textHash` gives, by the name problems use, the hash of a file read before it settled.
   */
  save(
    root: string,
    pagesDir: string,
    loaded: LoadedSite,
    stamps: ReadonlyMap<string, { stamp: string; hash: string }>,
    textHash: (file: string) => string | undefined,
  ): void;
}

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((each, index) => each === b[index]);

const SPACE = 0x20;
const NEWLINE = 0x0a;

/** "<sum> <text>": the sum tells a text cut short or changed. */
const summed = (text: string): Buffer => {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from(`${crc32(bytes)} `), bytes]);
};
/** The text of a summed line, or undefined when it is not whole. */
const unsummed = (line: Buffer): string | undefined => {
  const space = line.indexOf(SPACE);
  const text = line.subarray(space + 1);
  return space > 0 && line.toString('latin1', 0, space) === String(crc32(text)) ? text.toString('utf8') : undefined;
};

/**
 * How the snapshot names a content file: relative to the pages' folder (written once, not four
 * times for each page), which a file's name in problems starts with (`prefix`); undefined for a
 * name outside the folder, which no content file has.
 */
const keptName = (prefix: string, file: string): string | undefined => (file.startsWith(prefix) ? file.slice(prefix.length) : undefined);

/** A checked document that is a file's name and value only, its text parsed when a problem is to be placed in it. */
class FileDocument implements CheckedDocument {
  links = [];
  files = [];
  refs = [];
  problems = [];
  #parsed: CheckedDocument['parsed'] | undefined;
  constructor(
    private readonly path: string,
    readonly file: string,
    readonly value: unknown = undefined,
  ) {}
  get parsed(): CheckedDocument['parsed'] {
    this.#parsed ??= parseJsonWithPositions(readFileSync(this.path, 'utf8'));
    return this.#parsed;
  }
}

/** What is kept of each page of `loaded`, its files named as kept; undefined when a page is made of a file outside the folder. */
function keptPages(loaded: LoadedSite, pages: LoadedPage[], prefix: string): KeptPage[] | undefined {
  const kept: KeptPage[] = [];
  for (const { route, file, sources, summary, hash } of pages) {
    if (!summary || !hash) throw new Error(`The page at ${route} was loaded without its summary or hash.`);
    const names = [file, ...sources].map((each) => keptName(prefix, each));
    if (!names.every((name) => name !== undefined)) return undefined;
    const [name = '', ...sourceNames] = names as string[];
    kept.push({ route, file: name, sources: sourceNames, summary, hash, anchors: loaded.anchors.get(route) ?? [] });
  }
  return kept;
}

/** The prefix of the names of the files in `pagesDir` in problems, or undefined when a name there does not start with it. */
function prefixOf(root: string, pagesDir: string): string | undefined {
  const prefix = `${relativeTo(root, pagesDir)}/`;
  return relativeTo(root, join(pagesDir, 'a.json')) === `${prefix}a.json` ? prefix : undefined;
}

/** The snapshot kept in `path`, taken by the code `key` names (see the file's comment). */
export function siteSnapshot(path: string, key: string): SiteSnapshot {
  const changesPath = `${path}.changes`;

  /** The snapshot with its changes, and the size of each: none when it is not of this code and folder. */
  const read = (root: string, pagesDir: string): { kept: Kept; sum: string; sizes: [number, number] } | undefined => {
    try {
      if (!existsSync(path)) return undefined;
      const bytes = readFileSync(path);
      const whole = unsummed(bytes);
      if (whole === undefined) return undefined;
      const kept = JSON.parse(whole) as Kept;
      if (kept.format !== SNAPSHOT_FORMAT || kept.key !== key || kept.root !== root || kept.pagesDir !== pagesDir) return undefined;
      const sum = bytes.toString('latin1', 0, bytes.indexOf(SPACE));
      const changes = existsSync(changesPath) ? readFileSync(changesPath) : Buffer.alloc(0);
      const byRoute = new Map<string, KeptPage>();
      for (let start = 0; start < changes.length; ) {
        const end = changes.indexOf(NEWLINE, start);
        const change = unsummed(changes.subarray(start, end < 0 ? changes.length : end));
        start = end < 0 ? changes.length : end + 1;
        // Of this snapshot, whole; a line after one that is not is not trusted either.
        if (change === undefined || !change.startsWith(`${sum} `)) break;
        const { files, pages, warnings } = JSON.parse(change.slice(sum.length + 1)) as Change;
        Object.assign(kept.files, files);
        for (const page of pages) byRoute.set(page.route, page);
        kept.warnings = warnings;
      }
      if (byRoute.size > 0) kept.pages = kept.pages.map((page) => byRoute.get(page.route) ?? page);
      return { kept, sum, sizes: [bytes.length, changes.length] };
    } catch {
      // Unreadable or not ours: a full load.
      return undefined;
    }
  };

  const write = (target: string, text: Buffer): void => {
    mkdirSync(dirname(target), { recursive: true });
    // Written beside it and renamed over it: a build reading it meanwhile finds it whole.
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, target);
  };

  const snapshot: SiteSnapshot = {
    load(root, pagesDir, options) {
      const prefix = prefixOf(root, pagesDir);
      const found = prefix === undefined ? undefined : read(root, pagesDir);
      if (!found || prefix === undefined) return undefined;
      const { kept, sum, sizes } = found;
      // The schemas' fingerprint is left out: it is part of the code the snapshot was taken by, from a load with no problem.
      const site = openSite(root, pagesDir, { ...options, ignoreFingerprint: true });
      if (Array.isArray(site)) return undefined;
      listFiles(site);
      if (site.problems.length > 0 || !sameList(site.names, kept.names)) return undefined;
      // What changed since: a file whose stat is not the kept one and whose text is not either, which may only be a page of its own.
      const entryFiles = new Set(kept.entries.map((entry) => entry.file));
      const changed: string[] = [];
      const overlay = new Map<string, string>();
      const change: Change = { files: {}, pages: [], warnings: [] };
      const names = site.names.filter((name) => name.endsWith('.json'));
      const changedNames = new Set<string>();
      for (const [index, file] of site.jsonPaths.entries()) {
        const name = names[index] ?? '';
        const was = kept.files[name];
        if (was?.[0] && stampOf(file, false) === was[0]) continue;
        // Read once, stamped before: checked from this very text, and kept with its hash (with no stamp when it has not settled).
        const stamp = stampOf(file, true) ?? '';
        const text = readFileSync(file, 'utf8');
        const hash = sha256Hex(text);
        change.files[name] = [stamp, hash];
        if (was?.[1] === hash) continue;
        if (entryFiles.has(prefix + name) || contentFileAt(pagesDir, file)?.kind !== 'page') return undefined;
        changed.push(file);
        changedNames.add(name);
        overlay.set(file, text);
      }
      site.options = { ...site.options, overlay };
      // The site file and the entries as kept; the routes every page claims; then the changed pages, checked.
      site.site = kept.site;
      for (const entry of kept.entries) {
        if (!site.entries.has(entry.collection)) site.entries.set(entry.collection, new Map());
        site.entries.get(entry.collection)?.set(entry.id, entry);
        site.entryDocs.set(`${entry.collection}/${entry.id}`, new FileDocument(join(root, entry.file), entry.file, entry.value));
      }
      for (const page of kept.pages) if (!changedNames.has(page.file)) site.routeOwners.set(page.route, prefix + page.file);
      const files = site.jsonPaths;
      site.jsonPaths = changed;
      readPages(site);
      resolveReferences(site);
      site.jsonPaths = files;
      const fresh = new Map(site.pages.map((each) => [each.loaded.route, each]));
      const keptAnchors = new Map(kept.pages.map((page) => [page.route, page.anchors]));
      if (fresh.size !== changed.length || [...fresh.keys()].some((route) => !sameList(site.anchors.get(route), keptAnchors.get(route))))
        return undefined;
      for (const [route, anchors] of keptAnchors) if (!fresh.has(route)) site.anchors.set(route, anchors);
      checkLinks(site);
      if (site.problems.length > 0) return undefined;

      // Every page in the order a full load gives them; an unchanged page's value, read, loads the site in full once.
      let whole: Map<string, LoadedPage> | undefined;
      const pageOf = (route: string): Page => {
        whole ??= new Map(loadSite(root, pagesDir, options).pages.map((page) => [page.route, page]));
        const found = whole.get(route);
        if (!found) throw new Error(`The page at ${route} was in the site's snapshot and is not in the site.`);
        return found.page;
      };
      site.pages = kept.pages.map((page) => {
        const made = fresh.get(page.route);
        if (made) return made;
        const file = prefix + page.file;
        const sources = page.sources.map((source) => prefix + source);
        return {
          loaded: lazyPage(page.route, file, sources, page, () => pageOf(page.route)),
          doc: new FileDocument(join(pagesDir, page.file), file),
        };
      });
      // The warnings of unchanged pages stay; two pages alike are compared again.
      const changedFiles = new Set(changed.map((file) => relativeTo(root, file)));
      site.warnings.push(...kept.warnings.filter((each) => !changedFiles.has(each.file) && each.code !== 'samePageText'));
      warnSameTexts(site);
      const loaded = siteLoaded(site);
      return {
        loaded,
        textHash(file) {
          const name = keptName(prefix, file);
          return name === undefined ? undefined : (change.files[name] ?? kept.files[name])?.[1];
        },
        checked: changed.length,
        files: files.length,
        keep() {
          if (Object.keys(change.files).length === 0) return;
          const pages = keptPages(
            loaded,
            [...fresh.values()].map(({ loaded }) => loaded),
            prefix,
          );
          if (!pages) return;
          change.pages = pages;
          change.warnings = loaded.warnings;
          const line = Buffer.concat([summed(`${sum} ${JSON.stringify(change)}`), Buffer.from('\n')]);
          // The changes a tenth of the snapshot: written whole again, with them in it.
          if (sizes[1] + line.length > sizes[0] / 10) {
            const stamps = new Map<string, { stamp: string; hash: string }>();
            for (const [name, [stamp, hash]] of Object.entries({ ...kept.files, ...change.files }))
              stamps.set(join(pagesDir, name), { stamp, hash });
            snapshot.save(root, pagesDir, loaded, stamps, () => undefined);
          } else appendFileSync(changesPath, line);
        },
      };
    },

    save(root, pagesDir, loaded, stamps, textHash) {
      if (!loaded.site) throw new Error('A site with no site file cannot be kept.');
      const prefix = prefixOf(root, pagesDir);
      const pages = prefix === undefined ? undefined : keptPages(loaded, loaded.pages, prefix);
      // The changes first: those of the snapshot written now would not match it, but nothing is left to chance.
      rmSync(changesPath, { force: true });
      if (prefix === undefined || !pages) {
        rmSync(path, { force: true });
        return;
      }
      const files: Kept['files'] = {};
      for (const name of loaded.files.filter((each) => each.endsWith('.json'))) {
        const hash = textHash(prefix + name);
        if (hash) files[name] = ['', hash];
      }
      for (const [file, { stamp, hash }] of stamps) {
        const name = relative(pagesDir, file);
        if (!name.startsWith('..')) files[name] = [stamp, hash];
      }
      const kept: Kept = {
        format: SNAPSHOT_FORMAT,
        key,
        root,
        pagesDir,
        names: loaded.files,
        files,
        site: loaded.site,
        entries: [...loaded.entries.values()].flatMap((entries) => [...entries.values()]),
        pages,
        warnings: loaded.warnings,
      };
      write(path, summed(JSON.stringify(kept)));
    },
  };
  return snapshot;
}
