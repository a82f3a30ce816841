/**
 * The visual editor's view of a project's content files: it lists, reads, checks and writes
 * them with the same code as `npm run validate` and `npm run migrate`, so a draft has exactly
 * the problems the validator would print for it once saved. Nothing is kept anywhere else.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { CheckResult, FileInfo, OpenedFile, Problem, SaveResult } from '../../src/content/api-types';
import { refusal } from '../site-server/refusal';
import { ID } from '../content/resolve-page';
import { type ContentFile, contentFileAt } from '../content/content-file';
import { listJsonFiles, loadSite, type LoadedSite } from '../content/load-site';
import { formatJson, migrateTree, type Migration, readTree, rewriteJson, writeChanges } from '../content/fixing/migrate-tree';
import { isWellFormedRoute, routeOfEntry } from '../content/route-of-file';
import { readVersion, versionOf } from '../content/fixing/schema-version';
import { realFileIn } from '../content/real-path-inside';
import { placeOf } from '../publish/links-to-removed';
import { collectionEntries } from './workspace/collection-entries';
import { filesStamp } from './workspace/files-stamp';
import { writeWhole } from './workspace/write-whole';
import { pageWords } from '../publish/page-words';
import { SITE_FILE_NAME } from '../../src/content/site-file-name';

/** Said of a request for anything but a page, an entry or the site's settings (the editor asks for nothing else). */
const NOT_A_PAGE = 'The editor edits pages, entries and the menus, footer and site settings only.';

const posix = (path: string): string => path.split(sep).join('/');
const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** What the page list and an opened file show of a content file: its kind, its route (a template's pattern) and its collection. */
function shown(file: ContentFile): Pick<FileInfo, 'kind' | 'route' | 'collection'> {
  return {
    kind: file.kind,
    ...('route' in file ? { route: file.route } : {}),
    ...('collection' in file ? { collection: file.collection } : {}),
  };
}

/** How long a look at the files' sizes and times stands (Workspace.stamp). */
const STAMP_MS = 200;

export class Workspace {
  readonly pagesDir: string;
  readonly publicDir: string;
  private cached: { site: LoadedSite; stamp: string } | undefined;
  private stamped: { stamp: string; at: number } | undefined;

  constructor(
    readonly root: string,
    private readonly migrations: Migration[] = [],
  ) {
    this.pagesDir = join(root, 'pages');
    this.publicDir = join(root, 'public');
  }

  /** Forget what was read: a file changed on disk. */
  invalidate(): void {
    this.cached = undefined;
    this.stamped = undefined;
  }

  /**
   * Every file under pages/ and schemas/ by its path, size and time: what the site was read
   * from. The watchers say when a file changes, but a watch can miss one (a folder a git
   * operation made anew, a network file system): the site is read again whenever this differs,
   * which costs a millisecond or two to tell, and so is told at most every STAMP_MS.
   */
  private stamp(): string {
    // Taken at most every STAMP_MS: a keystroke's render and check ask for the site several times.
    const now = performance.now();
    if (this.stamped && now - this.stamped.at < STAMP_MS) return this.stamped.stamp;
    const stamp = filesStamp([this.pagesDir, join(this.root, 'schemas')]);
    this.stamped = { stamp, at: now };
    return stamp;
  }

  /** Whether the site is read as it is on disk (site() answers at once). */
  isRead(): boolean {
    return this.cached !== undefined && this.cached.stamp === this.stamp();
  }

  /** The site as it is on disk, read once until something changes. */
  site(): LoadedSite {
    const stamp = this.stamp();
    if (this.cached?.stamp !== stamp) this.cached = { site: loadSite(this.root, this.pagesDir), stamp };
    return this.cached.site;
  }

  /**
   * A content file's absolute path from its project path ("pages/about.json"), or a refusal:
   * only .json files inside pages/, never through a link that leads outside it.
   */
  contentPath(path: unknown): string {
    if (typeof path !== 'string' || path !== canonicalContentPath(path) || !/^pages\/[^\0\\]+\.json$/.test(path))
      throw refusal(400, NOT_A_PAGE);
    // Followed name by name, never through a link: a link (dangling or not) is refused in words, not followed.
    const found = realFileIn(this.pagesDir, path.slice('pages/'.length));
    if (!found.ok)
      throw refusal(
        400,
        found.reason === 'link'
          ? `${pageWords(path, true)} is kept somewhere else on this computer (behind a link), so the editor neither opens nor saves it. Ask whoever looks after the site's files to put the page itself there.`
          : `${pageWords(path, true)} cannot be opened or saved: what stands in its place is not a page. Ask whoever looks after the site's files.`,
      );
    const absolute = found.absolute;
    const file = this.fileAt(absolute);
    const wellNamed =
      file?.kind === 'site' ||
      (file?.kind === 'page' && isWellFormedRoute(file.route)) ||
      // A template's routes are well formed when its folder's are: every entry's id is (ID).
      (file?.kind === 'template' && isWellFormedRoute(routeOfEntry(file.route, 'id'))) ||
      (file?.kind === 'entry' && ID.test(file.id) && ID.test(file.collection));
    if (!wellNamed)
      throw refusal(
        400,
        `${pageWords(path, true)} cannot be edited here: a page's address is lowercase words joined by hyphens, like /services/cloud-migration.`,
      );
    return absolute;
  }

  /** What a content file is (contentFileOf), from its absolute path under pages/. */
  fileAt(absolute: string): ContentFile | undefined {
    return contentFileAt(this.pagesDir, absolute);
  }

  private display(absolute: string): string {
    return posix(relative(this.root, absolute));
  }

  /** Every content file with its title, address and number of problems. */
  files(): FileInfo[] {
    const { problems } = this.site();
    const count = (file: string): number => problems.filter((found) => found.file === file).length;
    return listJsonFiles(this.pagesDir)
      .sort()
      .flatMap((absolute) => {
        const file = this.fileAt(absolute);
        if (!file) return [];
        const path = this.display(absolute);
        let title = basename(absolute, '.json');
        try {
          const value = JSON.parse(readFileSync(absolute, 'utf8')) as { title?: unknown; name?: unknown };
          title = String(value.title ?? value.name ?? title);
        } catch {
          // Not JSON: it shows by its file name, with its problems.
        }
        return [{ path, ...shown(file), title, problems: count(path) }];
      });
  }

  /** One file, for editing: its text and value, its problems, and what upgrading it would change. */
  open(path: string): OpenedFile {
    const absolute = this.contentPath(path);
    if (!existsSync(absolute)) throw refusal(404, `${pageWords(path, true)} is not there any more: go back to the list of pages.`);
    const text = readFileSync(absolute, 'utf8');
    // contentPath refuses whatever is no content file.
    const file = this.fileAt(absolute) as ContentFile;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
    } catch {
      throw refusal(
        422,
        `${pageWords(path, true)} is damaged, so the editor cannot open it: ask whoever looks after the site's files to repair it, then open it here.`,
      );
    }
    const { problems, warnings } = this.site();
    const mine = (list: Problem[]) => list.filter((found) => found.file === path);
    return {
      path,
      ...shown(file),
      schema: schemaKey(file.schema),
      text,
      value,
      hash: hashOf(text),
      problems: mine(problems),
      warnings: mine(warnings),
      ...this.behind(path, text, value),
    };
  }

  /** What `npm run migrate -- --write` would change in this file, when it was written for older schemas. */
  private behind(path: string, text: string, value: unknown): Pick<OpenedFile, 'behind'> {
    const { version } = readVersion(this.root);
    const written = versionOf(value);
    if (written >= version) return {};
    const inPages = posix(relative(this.pagesDir, join(this.root, path)));
    const { tree, changes } = migrateTree(this.root, this.pagesDir, readTree(this.pagesDir), this.migrations, version);
    const upgraded = tree.has(inPages) ? rewriteJson(text, tree.get(inPages)) : '';
    return {
      behind: {
        written,
        current: version,
        patch: createTwoFilesPatch(path, path, text, upgraded, `version ${written}`, `version ${version}`),
        others: [...changes.keys()].filter((other) => other !== inPages).map((other) => `pages/${other}`),
      },
    };
  }

  /** Upgrades every content file, as `npm run migrate -- --write` does. */
  migrate(): number {
    const { version } = readVersion(this.root);
    const result = migrateTree(this.root, this.pagesDir, readTree(this.pagesDir), this.migrations, version);
    writeChanges(this.pagesDir, result);
    this.invalidate();
    return result.changes.size;
  }

  /** The text a draft would be saved as: the file edited where it differs, or a new file in the repository's formatting. */
  textOf(absolute: string, value: unknown): string {
    return existsSync(absolute) ? rewriteJson(readFileSync(absolute, 'utf8'), value) : formatJson(value);
  }

  /** A draft's problems and warnings: the validator's, for the site with this one file as the draft has it. */
  check(path: string, value: unknown): CheckResult {
    const absolute = this.contentPath(path);
    const { problems, warnings } = this.checkText(path, absolute, this.textOf(absolute, value));
    return { problems, warnings };
  }

  private checkText(path: string, absolute: string, text: string): CheckResult & { site: LoadedSite } {
    const site = loadSite(this.root, this.pagesDir, { overlay: new Map([[absolute, text]]) });
    return {
      problems: site.problems.filter((found) => found.file === path),
      warnings: site.warnings.filter((found) => found.file === path),
      site,
    };
  }

  /**
   * Saves a draft: refused while it has problems, and refused when the file changed on disk
   * since it was opened (`base` is the hash it had then; null for a new file, which must not
   * exist yet). Only the fields that changed are rewritten.
   */
  save(path: string, value: unknown, base: string | null): SaveResult {
    const absolute = this.contentPath(path);
    const current = existsSync(absolute) ? readFileSync(absolute, 'utf8') : null;
    if ((current === null ? null : hashOf(current)) !== base) {
      const now = current ?? '';
      return { status: 'changed', text: now, hash: hashOf(now) };
    }
    const text = this.textOf(absolute, value);
    const { problems } = this.checkText(path, absolute, text);
    if (problems.length > 0) return { status: 'problems', problems };
    mkdirSync(dirname(absolute), { recursive: true });
    writeWhole(absolute, text);
    this.invalidate();
    return { status: 'saved', hash: hashOf(text), text };
  }

  /** The hash of a file as it is on disk now (null when it does not exist): a draft's tab asks, to warn as soon as it changes. */
  hashNow(path: string): string | null {
    const absolute = this.contentPath(path);
    return existsSync(absolute) ? hashOf(readFileSync(absolute, 'utf8')) : null;
  }

  /**
   * What would break if this file went: links to its address and references to its id, as the
   * files they are in and as places a visitor knows ("the menu (Services › Testing)").
   */
  dependents(path: string): { files: string[]; places: string[] } {
    const absolute = this.contentPath(path);
    const before = new Set(this.site().problems.map(key));
    const after = loadSite(this.root, this.pagesDir, { overlay: new Map([[absolute, null]]) });
    const broken = after.problems.filter(
      (found) => !before.has(key(found)) && found.file !== path && ['deadLink', 'unknownEntry', 'unknownAnchor'].includes(found.code),
    );
    const textOf = (file: string): string => readFileSync(this.contentPath(file), 'utf8');
    return {
      files: [...new Set(broken.map((found) => found.file))].sort(),
      places: [...new Set(broken.map((found) => placeOf(found.file, found.path, textOf(found.file))))],
    };
  }

  /** Deletes a file, unless it changed since it was opened. */
  remove(path: string, base: string): void {
    const absolute = this.contentPath(path);
    if (!existsSync(absolute)) throw refusal(404, `${pageWords(path, true)} is not there any more: go back to the list of pages.`);
    if (hashOf(readFileSync(absolute, 'utf8')) !== base)
      throw refusal(409, `${pageWords(path, true)} was changed by someone else since you opened it: open it again first.`);
    if (this.fileAt(absolute)?.kind === 'site') throw refusal(400, `${SITE_FILE_NAME} cannot be deleted.`);
    rmSync(absolute);
    this.invalidate();
  }

  /** Every address a link may lead to. */
  routes(): string[] {
    return this.site()
      .pages.map((page) => page.route)
      .sort();
  }

  /** The entries of every collection, by id and title, for the fields that name one. */
  entries(): Record<string, { id: string; title: string }[]> {
    return collectionEntries(this.pagesDir);
  }

  /** A new page's file from its address: /services/cloud is pages/services/cloud.json. */
  static pathOfRoute(route: string): string {
    if (!route.startsWith('/') || !isWellFormedRoute(route))
      throw refusal(400, 'An address is / followed by lowercase words joined by hyphens, in folders: /services/cloud-migration.');
    return route === '/' ? 'pages/index.json' : `pages${route}.json`;
  }
}

/**
 * A content file's path as the editor names it everywhere (in problems, saves and lists): a
 * request's spelling with repeated slashes made one, so "pages//about.json" is "pages/about.json".
 * Anything else that is not plain ("." or ".." names, a backslash, a NUL) is refused.
 */
export function canonicalContentPath(path: string): string {
  const plain = path.replace(/\/{2,}/g, '/');
  if (/[\\\0]/.test(plain) || plain.split('/').some((part) => part === '.' || part === '..')) throw refusal(400, NOT_A_PAGE);
  return plain;
}

const key = (found: Problem): string => `${found.file}:${found.line}:${found.column}:${found.code}:${found.message}`;

/** The editor's name for a schema, and for the form made from it: its key in the schema set without ".schema.json" ("page", "collections/jobs"). */
export function schemaKey(schema: string): string {
  return schema.replace(/\.schema\.json$/, '');
}
