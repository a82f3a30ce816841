import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { Page, Site } from '../../src/generated/schema-types';
import { entryOf, fillTemplate, ID, resolvePage, type Entries } from './collections';
import { contentFileAt, SITE_FILE, schemaRefOf } from './content-file';
import { didYouMean } from './did-you-mean';
import { parseJsonWithPositions } from './json-position';
import { linkProblems } from './link-problems';
import { fileProblem, type Problem, problemAt } from './located-problem';
import { anchorsOf, pageProblems, pageWarnings } from './page-checks';
import { problem, type ProblemCode } from './problem-catalog';
import { isWellFormedRoute, routeOfEntry } from './routes';
import { filesInside } from './safe-path';
import { readSchemas } from './schema-check';
import type { SchemaSet } from './schema-set';
import { schemasAlongPath } from './schema-path';
import { endpointProblems } from './site-checks';
import { createValidator, type CheckedDocument } from './validator';
import { readVersion, versionOf, versionProblems } from './versions';

export interface LoadedPage {
  route: string;
  file: string;
  /** The page as its blocks receive it: references replaced by their entries. */
  page: Page;
}

export interface LoadedSite {
  site: Site | undefined;
  pages: LoadedPage[];
  /** What must be fixed: the build refuses a site with any. */
  problems: Problem[];
  /** What is worth a look but breaks nothing (two pages with the same title). */
  warnings: Problem[];
  /** Every collection's entries, by collection and id. */
  entries: Entries;
}

/** Every .json file under `dir`, at any depth, leaving out links that lead out of it or nowhere (filesInside). */
export function listJsonFiles(dir: string): string[] {
  return filesInside(dir)
    .files.filter((path) => path.endsWith('.json'))
    .map((path) => join(dir, path));
}

/** The collections that one reference may name between them ("x-ref": ["products", "outcomes"]). */
function collectionsNamedTogether(schemas: Map<string, unknown>): string[][] {
  const groups = new Map<string, string[]>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const ref = (node as Record<string, unknown>)['x-ref'];
      if (Array.isArray(ref) && ref.length > 1) groups.set([...ref].sort().join(' '), ref as string[]);
      Object.values(node).forEach(walk);
    }
  };
  schemas.forEach(walk);
  return [...groups.values()];
}

/** Problems of a file as a file, not of its values against a schema. */
const FILE_PROBLEMS = new Set<ProblemCode>([
  'emptyFile',
  'byteOrderMark',
  'curlyQuotes',
  'missingOpeningQuote',
  'syntax',
  'tooDeep',
  'duplicateKey',
  'behindVersion',
  'aheadVersion',
]);

/**
 * The last schemas compiled, by their content: a process that loads the site again and again
 * (the editor checks each draft this way) compiles them once, and again only when they change.
 */
let compiled: { key: string; validator: ReturnType<typeof createValidator> } | undefined;
function compiledValidator(schemas: SchemaSet): ReturnType<typeof createValidator> {
  const key = createHash('sha256')
    .update(JSON.stringify([...schemas]))
    .digest('hex');
  if (compiled?.key !== key) {
    const validator = createValidator(schemas);
    // Compiled now, so that a schema Ajv refuses is reported here and not midway.
    validator.compile();
    compiled = { key, validator };
  }
  return compiled.validator;
}

const empty = (problems: Problem[]): LoadedSite => ({ site: undefined, pages: [], problems, warnings: [], entries: new Map() });

export interface LoadOptions {
  /** Leave out the check that the schemas' fingerprint was recorded (npm run migrate -- --record checks before recording). */
  ignoreFingerprint?: boolean;
  /**
   * Files as they would be, by absolute path: a text stands in for the file (which need not exist
   * yet), null for a file deleted. The visual editor checks its drafts this way, with the same code.
   */
  overlay?: ReadonlyMap<string, string | null>;
}

/**
 * Reads every content file under `pagesDir`: the site file, the pages, the collections'
 * entries (pages/_collections/<collection>/<id>.json) and the page templates that make one
 * page per entry (pages/careers/[jobs].json). Checks each against its schema and its schema
 * version, every reference to an entry, every route (well formed, and claimed once), every
 * internal link, anchor and file, and reports every problem found, sorted by file and line.
 * Pages come back with their references replaced by the entries they name.
 */
export function loadSite(root: string, pagesDir = join(root, 'pages'), options: LoadOptions = {}): LoadedSite {
  const { set: schemas, problems: schemaProblems } = readSchemas(root);
  if (schemaProblems.length > 0) return empty(schemaProblems);
  let validator: ReturnType<typeof createValidator>;
  try {
    validator = compiledValidator(schemas);
  } catch (error) {
    return empty([fileProblem('schemas/', problem('invalidSchema', (error as Error).message.split('\n')[0] ?? ''))]);
  }
  const { version } = readVersion(root);
  const display = (path: string): string => relative(root, path).split(sep).join('/');
  // Schemas changed without their version recorded: the files are still checked against them.
  const problems: Problem[] = options.ignoreFingerprint ? [] : versionProblems(root, schemas);
  const warnings: Problem[] = [];
  const pages: LoadedPage[] = [];
  const checked: { doc: CheckedDocument; rootKey: string; route?: string }[] = [];
  const routeOwners = new Map<string, string>();
  const anchors = new Map<string, string[]>();
  const entries: Entries = new Map();
  const entryDocs = new Map<string, CheckedDocument>();
  /** A field's title, from the schema it was checked against. */
  const titleAt = (rootKey: string, value: unknown, path: (string | number)[]): string =>
    (schemasAlongPath(schemas, rootKey, value, path).pop()?.schema.title as string | undefined) ?? String(path.at(-1) ?? '');

  /**
   * Reads and checks one content file: a file written for other schemas than today's is only
   * told to migrate (today's rules may not apply to it); "$schema" must match its depth.
   */
  const checkFile = (path: string, rootKey: string): CheckedDocument => {
    const file = display(path);
    const text = options.overlay?.get(path) ?? readFileSync(path, 'utf8');
    const parsed = parseJsonWithPositions(text);
    const written = versionOf(parsed.value);
    if (parsed.value !== undefined && written !== version) {
      const at = (parsed.value as { schemaVersion?: unknown }).schemaVersion === undefined ? [] : ['schemaVersion'];
      const result = written < version ? problem('behindVersion', written, version) : problem('aheadVersion', written, version);
      return {
        file,
        value: undefined,
        parsed,
        links: [],
        files: [],
        refs: [],
        problems: [problemAt({ file, parsed }, at, result)],
      };
    }
    const doc = validator.check(rootKey, file, text, { $schema: schemaRefOf(root, path, rootKey) });
    const expected = schemaRefOf(root, path, rootKey);
    const schemaRef = (doc.value as { $schema?: unknown } | undefined)?.$schema;
    if (typeof schemaRef === 'string' && schemaRef !== expected) {
      // The schema's own pattern message can only say "like ../schemas/…"; this one names the exact path.
      doc.problems = doc.problems.filter((found) => found.path !== '$schema');
      doc.problems.push(problemAt(doc, ['$schema'], problem('notExactly', 'Schema', expected, schemaRef)));
    }
    return doc;
  };

  // Files only, and no link out of pages/ followed: each link left out is one problem where it lies.
  // Links named like hidden files are editors' own (Emacs locks a file with a link .#name that leads nowhere).
  const { files: listed, refused } = filesInside(pagesDir);
  for (const { link, target, reason, folder } of refused.filter((each) => !basename(each.link).startsWith('.'))) {
    const file = display(join(pagesDir, link));
    problems.push(fileProblem(file, problem('linkedFile', file, target, reason, `${display(pagesDir)}/`, folder)));
  }
  const overlaid = [...(options.overlay ?? [])].map(([path, text]) => [relative(pagesDir, path), text] as const);
  const all = [...new Set([...listed, ...overlaid.filter(([name, text]) => text !== null && !name.startsWith('..')).map(([name]) => name)])]
    .filter((name) => !overlaid.some(([gone, text]) => text === null && gone === name))
    .sort();
  const jsonFiles = all.filter((name) => name.endsWith('.json')).map((name) => join(pagesDir, name));

  // The site file.
  const sitePath = join(pagesDir, SITE_FILE);
  let site: Site | undefined;
  if (all.includes(SITE_FILE)) {
    const doc = checkFile(sitePath, 'site.schema.json');
    checked.push({ doc, rootKey: 'site.schema.json' });
    if (doc.problems.length === 0) site = doc.value as Site;
  } else {
    problems.push(fileProblem(display(sitePath), problem('missingSiteFile', display(sitePath))));
  }

  // The collections' entries: the file name is the id.
  for (const path of jsonFiles) {
    const content = contentFileAt(pagesDir, path);
    if (content?.kind !== 'entry') continue;
    const { schema: rootKey, collection, id } = content;
    if (!schemas.has(rootKey)) {
      const known = [...schemas.keys()]
        .filter((key) => key.startsWith('collections/'))
        .map((key) => key.slice('collections/'.length, -'.schema.json'.length));
      problems.push(fileProblem(display(path), problem('unknownCollection', collection, known, didYouMean(collection, known))));
      continue;
    }
    if (!ID.test(id)) {
      problems.push(fileProblem(display(path), problem('badFileName', display(path))));
      continue;
    }
    const doc = checkFile(path, rootKey);
    checked.push({ doc, rootKey });
    if (doc.problems.length > 0) continue;
    entryDocs.set(`${collection}/${id}`, doc);
    if (!entries.has(collection)) entries.set(collection, new Map());
    entries.get(collection)?.set(id, { collection, id, file: display(path), value: doc.value as Record<string, unknown> });
  }
  // An id in two collections one reference may name (a product and an outcome) is ambiguous.
  for (const group of collectionsNamedTogether(schemas)) {
    const seenIds = new Map<string, string>();
    for (const entry of group.flatMap((collection) => [...(entries.get(collection)?.values() ?? [])])) {
      const other = seenIds.get(entry.id);
      if (other) problems.push(fileProblem(entry.file, problem('duplicateId', entry.id, other)));
      else seenIds.set(entry.id, entry.file);
    }
  }

  const claimRoute = (route: string, file: string): boolean => {
    const owner = routeOwners.get(route);
    if (owner) {
      problems.push(fileProblem(file, problem('duplicateRoute', route, owner)));
      return false;
    }
    routeOwners.set(route, file);
    return true;
  };

  // Pages, and the pages each template makes for the entries of its collection.
  const pageDocs: { doc: CheckedDocument; route: string }[] = [];
  for (const path of jsonFiles) {
    const content = contentFileAt(pagesDir, path);
    if (content?.kind !== 'page' && content?.kind !== 'template') continue;
    const file = display(path);
    if (content.kind === 'template') {
      const { route: pattern, collection: template } = content;
      const doc = checkFile(path, 'page.schema.json');
      // The template's own problems are those of the file (syntax, version, "$schema"); the schema's
      // rules apply once it is filled in for an entry ("{pageDescription}" is no description yet).
      doc.problems = doc.problems.filter((found) => FILE_PROBLEMS.has(found.code) || found.path === '$schema');
      if (doc.problems.length > 0) {
        checked.push({ doc, rootKey: 'page.schema.json' });
        continue;
      }
      if (!entries.has(template)) {
        const known = [...entries.keys()];
        problems.push(problemAt(doc, [], problem('unknownCollection', template, known, didYouMean(template, known))));
        continue;
      }
      for (const entry of entries.get(template)?.values() ?? []) {
        const route = routeOfEntry(pattern, entry.id);
        entry.href = route;
        const filled = fillTemplate(doc.parsed.value, entry);
        const pageDoc = validator.checkValue('page.schema.json', file, doc.parsed, filled.value);
        for (const { path: at, name } of filled.unknown) {
          pageDoc.problems.push(
            problemAt(
              pageDoc,
              at,
              problem('unknownPlaceholder', name, Object.keys(entry.value), didYouMean(name, Object.keys(entry.value))),
            ),
          );
        }
        if (!claimRoute(route, `${file} (for ${entry.file})`)) continue;
        checked.push({ doc: pageDoc, rootKey: 'page.schema.json', route });
        pageDocs.push({ doc: pageDoc, route });
      }
      continue;
    }
    const { route } = content;
    if (!isWellFormedRoute(route)) {
      problems.push(fileProblem(file, problem('badFileName', file)));
      continue;
    }
    if (!claimRoute(route, file)) continue;
    const doc = checkFile(path, 'page.schema.json');
    checked.push({ doc, rootKey: 'page.schema.json', route });
    pageDocs.push({ doc, route });
  }

  // References, then the checks that need the entries themselves (a job the filters cannot find).
  for (const { doc, route } of pageDocs) {
    for (const ref of doc.refs) {
      if (entryOf(entries, ref)) continue;
      const ids = ref.collections.flatMap((collection) => [...(entries.get(collection)?.keys() ?? [])]);
      doc.problems.push(
        problemAt(
          doc,
          ref.path,
          problem('unknownEntry', titleAt('page.schema.json', doc.value, ref.path), ref.id, ref.collections, didYouMean(ref.id, ids)),
        ),
      );
    }
    if (doc.problems.length > 0) continue;
    const page = resolvePage(doc.value, doc.refs, entries, schemas) as Page;
    anchors.set(route, anchorsOf(page));
    const entryDoc = (collection: string, id: string) => {
      const entry = entryDocs.get(`${collection}/${id}`);
      return entry && { doc: entry, title: (field: string) => titleAt(`collections/${collection}.schema.json`, entry.value, [field]) };
    };
    const found = pageProblems(doc, page, entryDoc);
    // A problem in an entry's own file is the site's; the page still loads (the build refuses the site).
    problems.push(...found.filter((each) => each.file !== doc.file));
    doc.problems.push(...found.filter((each) => each.file === doc.file));
    if (doc.problems.length === 0) pages.push({ route, file: doc.file, page });
    warnings.push(...pageWarnings(doc, page));
  }

  // A file in pages/ that is not .json is never a page, however much it looks like one.
  for (const name of all.filter((entry) => !entry.endsWith('.json'))) {
    const file = join(pagesDir, name);
    if (basename(name).startsWith('.')) continue;
    const renamed = display(join(dirname(file), `${basename(name).replace(/\.[^.]*$/, '')}.json`));
    problems.push(fileProblem(display(file), problem('notJsonFile', display(file), renamed)));
  }

  // Every file of public/ is published, named by a page or not (the build copies the folder whole):
  // a link out of it, to nothing or round a loop is refused where it lies, even when nothing names it.
  // Met again through a link to its folder ("pictures/loop" for "images/loop"), it is the same link.
  const publicDir = join(root, 'public');
  const inPublic = filesInside(publicDir);
  const whereItLies = (link: string): boolean =>
    realpathSync(join(publicDir, dirname(link))) === join(realpathSync(publicDir), dirname(link));
  for (const { link, target, reason, folder } of inPublic.refused.filter((each) => whereItLies(each.link))) {
    const file = display(join(publicDir, link));
    problems.push(fileProblem(file, problem('linkedPublicFile', file, target, reason, folder)));
  }
  const targets = {
    routes: new Set(routeOwners.keys()),
    anchors,
    publicDir,
    publicFiles: inPublic.files.map((path) => `/${path}`),
  };
  for (const { doc, rootKey } of checked) {
    const found = [
      ...linkProblems(doc, { ...targets, title: (path) => titleAt(rootKey, doc.value, path) }),
      ...(rootKey === 'site.schema.json' ? endpointProblems(doc, (path) => titleAt(rootKey, doc.value, path)) : []),
    ];
    // These say precisely what the schema's pattern could only call "not in the expected form".
    const said = new Set(found.map((each) => each.path));
    problems.push(
      ...doc.problems.filter((each) => !(said.has(each.path) && (each.code === 'custom' || each.code === 'badForm'))),
      ...found,
    );
  }

  // Two pages with the same title or description compete in search results: worth a look.
  for (const field of ['title', 'description'] as const) {
    const seen = new Map<string, LoadedPage>();
    for (const loaded of pages) {
      // A page kept out of search results competes with none.
      if (loaded.page.hiddenFromSearch) continue;
      const text = loaded.page[field];
      const first = seen.get(text);
      if (!first) seen.set(text, loaded);
      else {
        // Every page loaded was read as one of pageDocs, under its own route.
        const doc = pageDocs.find((candidate) => candidate.route === loaded.route)?.doc as CheckedDocument;
        warnings.push(problemAt(doc, [field], problem('samePageText', field, first.route)));
      }
    }
  }

  const order = (a: Problem, b: Problem): number => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
  const unique = (list: Problem[]): Problem[] =>
    list.filter((found, i) => list.findIndex((other) => JSON.stringify(other) === JSON.stringify(found)) === i);
  return { site, pages, problems: unique(problems).sort(order), warnings: unique(warnings).sort(order), entries };
}
