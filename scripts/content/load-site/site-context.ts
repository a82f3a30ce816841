/**
 * What loadSite's stages share (scripts/content/load-site.ts runs them in order): the schemas
 * and their validator, read once, and what each stage finds for the next (entries, routes,
 * checked documents, pages), with the problems and warnings found so far. The helpers here
 * read one file, name one field and show one path the same way in every stage.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Site } from '../../../src/generated/schema-types';
import type { Entries } from '../resolve-page';
import { schemaRefOf } from '../content-file';
import { relativeTo } from '../path-below';
import { parseJsonWithPositions } from '../problems/parse-json-with-positions';
import type { LoadedPage, LoadOptions } from '../load-site';
import { fileProblem, type Problem, problemAt } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import { keptValidators } from '../schema/kept-validators';
import { readSchemas } from '../schema/read-schemas';
import { schemasAlongPath } from '../schema/schemas-along-path';
import type { SchemaSet } from '../schema/schema-set';
import { type CheckedDocument, createValidator } from '../checks/create-validator';
import { readVersion, versionOf, versionProblems } from '../fixing/schema-version';

type Validator = ReturnType<typeof createValidator>;

export interface SiteContext {
  root: string;
  pagesDir: string;
  options: LoadOptions;
  schemas: SchemaSet;
  validator: Validator;
  /** The schemas' version: a file written for another is only told to migrate. */
  version: number;
  /** The compiled schemas' hash: a kept check (check-cache.ts) holds for these schemas only. */
  schemasKey: string;
  /** Every file under pages/, relative and sorted, as the overlay has it (listFiles). */
  names: string[];
  /** The absolute paths of the .json ones among them. */
  jsonPaths: string[];
  /** What must be fixed, found so far. */
  problems: Problem[];
  /** What is worth a look, found so far. */
  warnings: Problem[];
  /** The site file's value, when it has no problem (readSiteFile). */
  site: Site | undefined;
  /** Every collection's entries that checked cleanly, by collection and id (readEntries). */
  entries: Entries;
  /** Each of those entries' documents, by "<collection>/<id>": some checks report in the entry's own file. */
  entryDocs: Map<string, CheckedDocument>;
  /** Every document checked, with the schema it was checked against: its problems are reported and its links followed last (checkLinks). */
  checked: { doc: CheckedDocument; rootKey: string }[];
  /** The file that gives each route, and so claims it (readPages). */
  routeOwners: Map<string, string>;
  /** The document of each page to load, by route: a page file's, or a template's filled in for one entry, that entry's file with it (readPages). */
  pageDocs: { doc: CheckedDocument; route: string; entry?: string }[];
  /** The pages that loaded, each with its document (resolveReferences). */
  pages: { loaded: LoadedPage; doc: CheckedDocument }[];
  /** The anchors a link may name on each page that resolved (resolveReferences). */
  anchors: Map<string, string[]>;
}

/**
 * The last schemas compiled, by their content: a process that loads the site again and again
 * (the editor checks each draft this way) compiles them once, and again only when they change.
 * With `kept`, the validators are those kept as code there (schema/kept-validators.ts): the build
 * keeps them in its cache.
 */
let compiled: { memo: string; key: string; validator: Validator } | undefined;
export function compiledValidator(schemas: SchemaSet, kept?: LoadOptions['keptValidators']): Validator {
  const key = createHash('sha256')
    .update(JSON.stringify([...schemas]))
    .digest('hex');
  const memo = kept ? `${key} ${kept.path} ${kept.key}` : key;
  if (compiled?.memo !== memo) {
    const validator = createValidator(schemas, kept ? keptValidators(schemas, kept.path, kept.key) : undefined);
    // Compiled now, so that a schema Ajv refuses is reported here and not midway.
    validator.compile();
    compiled = { memo, key, validator };
  }
  return compiled.validator;
}

/**
 * The first stage: the schemas read and compiled, and the problem of a fingerprint not
 * recorded (the files are still checked against the schemas). Returns the problems instead
 * when the schemas cannot check anything.
 */
export function openSite(root: string, pagesDir: string, options: LoadOptions): SiteContext | Problem[] {
  const { set: schemas, problems: schemaProblems } = readSchemas(root);
  if (schemaProblems.length > 0) return schemaProblems;
  let validator: Validator;
  try {
    validator = compiledValidator(schemas, options.keptValidators);
  } catch (error) {
    return [fileProblem('schemas/', problem('invalidSchema', (error as Error).message.split('\n')[0] ?? ''))];
  }
  return {
    root,
    pagesDir,
    options,
    schemas,
    validator,
    version: readVersion(root).version,
    // Set by compiledValidator just now.
    schemasKey: compiled?.key ?? '',
    names: [],
    jsonPaths: [],
    problems: options.ignoreFingerprint ? [] : versionProblems(root, schemas),
    warnings: [],
    site: undefined,
    entries: new Map(),
    entryDocs: new Map(),
    checked: [],
    routeOwners: new Map(),
    pageDocs: [],
    pages: [],
    anchors: new Map(),
  };
}

/** A path as problems name it: from the project's root, with forward slashes. */
export function display(site: SiteContext, path: string): string {
  return relativeTo(site.root, path);
}

/** A field's title, from the schema its document was checked against. */
export function titleAt(site: SiteContext, rootKey: string, value: unknown, path: (string | number)[]): string {
  return (schemasAlongPath(site.schemas, rootKey, value, path).pop()?.schema.title as string | undefined) ?? String(path.at(-1) ?? '');
}

/**
 * Reads and checks one content file (or its text in the overlay): a file written for other
 * schemas than today's is only told to migrate (today's rules may not apply to it); "$schema"
 * must match its depth.
 */
export function checkFile(site: SiteContext, path: string, rootKey: string): CheckedDocument {
  const file = display(site, path);
  const overlaid = site.options.overlay?.get(path) ?? undefined;
  const cache = site.options.checkCache;
  if (!cache) return checkText(site, path, rootKey, file, overlaid ?? readFileSync(path, 'utf8'));
  // Everything the check below reads besides the text (which the cache adds) and the code (the cache's own key).
  const parts = [site.schemasKey, String(site.version), rootKey, file, schemaRefOf(site.root, path, rootKey)];
  const found = cache.find(parts, file, { path, text: overlaid });
  if ('doc' in found) return found.doc;
  const doc = checkText(site, path, rootKey, file, found.text);
  cache.keep(parts, doc);
  return doc;
}

/** checkFile, on the file's text. */
function checkText(site: SiteContext, path: string, rootKey: string, file: string, text: string): CheckedDocument {
  const parsed = parseJsonWithPositions(text);
  const written = versionOf(parsed.value);
  if (parsed.value !== undefined && written !== site.version) {
    const at = (parsed.value as { schemaVersion?: unknown }).schemaVersion === undefined ? [] : ['schemaVersion'];
    const result =
      written < site.version ? problem('behindVersion', written, site.version) : problem('aheadVersion', written, site.version);
    return { file, value: undefined, parsed, links: [], files: [], refs: [], problems: [problemAt({ file, parsed }, at, result)] };
  }
  const expected = schemaRefOf(site.root, path, rootKey);
  const doc = site.validator.check(rootKey, file, text, { $schema: expected });
  const schemaRef = (doc.value as { $schema?: unknown } | undefined)?.$schema;
  if (typeof schemaRef === 'string' && schemaRef !== expected) {
    // The schema's own pattern message can only say "like ../schemas/…"; this one names the exact path.
    doc.problems = doc.problems.filter((found) => found.path !== '$schema');
    doc.problems.push(problemAt(doc, ['$schema'], problem('notExactly', 'Schema', expected, schemaRef)));
  }
  return doc;
}
