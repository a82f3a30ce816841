import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { Page, Site } from '../../../src/generated/schema-types';
import { isWellFormedRoute, routeOfFile, routeOfLink } from './routes';
import { didYouMean } from './did-you-mean';
import { positionOfPath } from './json-position';
import { anchorsOf, pageProblems } from './page-checks';
import { problem } from './problem-catalog';
import { readSchemas } from './schema-check';
import { schemasAlongPath } from './schema-path';
import { createValidator, jsonPath, type CheckedDocument, type Problem } from './validator';

export const SITE_FILE = '_site.json';

export interface LoadedPage {
  route: string;
  file: string;
  page: Page;
}

export interface LoadedSite {
  site: Site | undefined;
  pages: LoadedPage[];
  problems: Problem[];
}

/** Every .json file under `dir`, at any depth. */
export function listJsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[]).filter((path) => path.endsWith('.json')).map((path) => join(dir, path));
}

/**
 * Reads every page file and the site file under `root`, validates each against its schema,
 * checks that each route is well formed and unique and that every internal link leads to a
 * page (or a file in public/), and reports every problem found, sorted by file and line.
 */
/** What a file's "$schema" must say: the relative path from its folder to schemas/<schemaFile>. */
export function schemaRefOf(root: string, file: string, schemaFile: string): string {
  return relative(dirname(file), join(root, 'schemas', schemaFile))
    .split(sep)
    .join('/');
}

export function loadSite(root: string, pagesDir = join(root, 'pages')): LoadedSite {
  const { set: schemas, problems: schemaProblems } = readSchemas(root);
  if (schemaProblems.length > 0) return { site: undefined, pages: [], problems: schemaProblems };
  let validator: ReturnType<typeof createValidator>;
  try {
    validator = createValidator(schemas);
    // Compiled now, so that a schema Ajv refuses is reported here and not midway.
    validator.compile();
  } catch (error) {
    return {
      site: undefined,
      pages: [],
      problems: [
        { file: 'schemas/', line: 1, column: 1, path: '', ...problem('invalidSchema', (error as Error).message.split('\n')[0] ?? '') },
      ],
    };
  }
  const display = (path: string): string => relative(root, path).split(sep).join('/');
  const problems: Problem[] = [];
  const pages: LoadedPage[] = [];
  const checked: { doc: CheckedDocument; rootKey: string }[] = [];
  const routeOwners = new Map<string, string>();
  const anchors = new Map<string, string[]>();
  /** A field's title, from the schema it was checked against. */
  const titleAt = (rootKey: string, value: unknown, path: (string | number)[]): string =>
    (schemasAlongPath(schemas, rootKey, value, path).pop()?.schema.title as string | undefined) ?? String(path.at(-1) ?? '');

  // The editor finds the schema through "$schema", so the path must match the file's depth.
  const checkSchemaPath = (doc: CheckedDocument, path: string, schemaFile: string): void => {
    const expected = schemaRefOf(root, path, schemaFile);
    const written = (doc.value as { $schema?: unknown } | undefined)?.$schema;
    if (typeof written === 'string' && written !== expected) {
      // The schema's own pattern message can only say "like ../schemas/…"; this one names the exact path.
      doc.problems = doc.problems.filter((found) => found.path !== '$schema');
      doc.problems.push({
        file: doc.file,
        ...positionOfPath(doc.parsed, ['$schema']),
        path: '$schema',
        ...problem('notExactly', 'Schema', expected, written),
      });
    }
  };

  const sitePath = join(pagesDir, SITE_FILE);
  let site: Site | undefined;
  if (existsSync(sitePath)) {
    const doc = validator.check('site.schema.json', display(sitePath), readFileSync(sitePath, 'utf8'), {
      $schema: schemaRefOf(root, sitePath, 'site.schema.json'),
    });
    checked.push({ doc, rootKey: 'site.schema.json' });
    checkSchemaPath(doc, sitePath, 'site.schema.json');
    if (doc.problems.length === 0) site = doc.value as Site;
  } else {
    problems.push({ file: display(sitePath), line: 1, column: 1, path: '', ...problem('missingSiteFile', display(sitePath)) });
  }

  for (const path of listJsonFiles(pagesDir).sort()) {
    const relativePath = relative(pagesDir, path).split(sep).join('/');
    const route = routeOfFile(relativePath);
    if (route === null) continue;
    const file = display(path);
    if (!isWellFormedRoute(route)) {
      problems.push({ file, line: 1, column: 1, path: '', ...problem('badFileName', file) });
      continue;
    }
    const owner = routeOwners.get(route);
    if (owner) {
      problems.push({ file, line: 1, column: 1, path: '', ...problem('duplicateRoute', route, owner) });
      continue;
    }
    routeOwners.set(route, file);
    const doc = validator.check('page.schema.json', file, readFileSync(path, 'utf8'), {
      $schema: schemaRefOf(root, path, 'page.schema.json'),
    });
    checked.push({ doc, rootKey: 'page.schema.json' });
    checkSchemaPath(doc, path, 'page.schema.json');
    if (doc.problems.length > 0) continue;
    const page = doc.value as Page;
    anchors.set(route, anchorsOf(page));
    doc.problems.push(...pageProblems(doc, page, (at) => titleAt('page.schema.json', page, at)));
    if (doc.problems.length === 0) pages.push({ route, file, page });
  }

  // A file in pages/ that is not .json is never a page, however much it looks like one.
  const allFiles = existsSync(pagesDir) ? (readdirSync(pagesDir, { recursive: true }) as string[]) : [];
  for (const name of allFiles.filter((entry) => !entry.endsWith('.json'))) {
    const file = join(pagesDir, name);
    if (basename(name).startsWith('.') || !statSync(file).isFile()) continue;
    const renamed = display(join(dirname(file), `${basename(name).replace(/\.[^.]*$/, '')}.json`));
    problems.push({ file: display(file), line: 1, column: 1, path: '', ...problem('notJsonFile', display(file), renamed) });
  }

  const routes = [...routeOwners.keys()];
  const publicDir = join(root, 'public');
  const publicFiles = existsSync(publicDir)
    ? (readdirSync(publicDir, { recursive: true }) as string[]).map((path) => `/${path.split(sep).join('/')}`)
    : [];
  for (const { doc, rootKey } of checked) {
    problems.push(...doc.problems);
    const located = (path: (string | number)[], result: ReturnType<typeof problem>): Problem => ({
      file: doc.file,
      ...positionOfPath(doc.parsed, path),
      path: jsonPath(path),
      ...result,
    });
    for (const link of doc.links) {
      if (!link.href.startsWith('/')) continue;
      const target = routeOfLink(link.href);
      const title = titleAt(rootKey, doc.value, link.path);
      if (!routeOwners.has(target)) {
        if (!existsSync(join(publicDir, target)))
          problems.push(located(link.path, problem('deadLink', title, link.href, didYouMean(target, routes))));
        continue;
      }
      const fragment = /#(.+)$/.exec(link.href)?.[1];
      const there = anchors.get(target);
      if (fragment && there && !there.includes(fragment)) {
        problems.push(located(link.path, problem('unknownAnchor', title, link.href, target, there, didYouMean(fragment, there))));
      }
    }
    for (const named of doc.files) {
      if (publicFiles.includes(named.href)) continue;
      problems.push(
        located(
          named.path,
          problem('missingFile', titleAt(rootKey, doc.value, named.path), named.href, didYouMean(named.href, publicFiles)),
        ),
      );
    }
  }

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  return { site, pages, problems };
}
