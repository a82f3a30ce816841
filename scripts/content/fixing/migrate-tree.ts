import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { applyEdits, modify, type JSONPath } from 'jsonc-parser';
import { contentFileOf, schemaRefOf } from '../content-file';
import { listJsonFiles } from '../load-site';
import { versionOf } from './schema-version';

/** A JSON object of a content file. */
export type Json = { [key: string]: unknown };

/** Every content file under the pages folder, by its path there ("careers.json", "_collections/jobs/x.json"). */
export type ContentTree = Map<string, Json>;

/**
 * One schema change, as a pure function over the content: it reads the files written for
 * the version before its own and returns the whole tree as that version wants it (files may
 * change, appear or go). It never reads the disk and never sets "schemaVersion": the engine
 * does, for every file it upgraded.
 */
export interface Migration {
  /** The version it upgrades files to. */
  version: number;
  /** What changed, in a few words, for `npm run migrate`'s report. */
  title: string;
  migrate: (tree: ContentTree) => ContentTree;
}

/** The content files under a pages folder, parsed; a file that is not JSON is left out (npm run validate reports it). */
export function readTree(pagesDir: string): ContentTree {
  const tree: ContentTree = new Map();
  if (!existsSync(pagesDir)) return tree;
  for (const path of listJsonFiles(pagesDir).sort()) {
    try {
      const value = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')) as unknown;
      if (value !== null && typeof value === 'object' && !Array.isArray(value))
        tree.set(relative(pagesDir, path).split(sep).join('/'), value as Json);
    } catch {
      // Not JSON: nothing to migrate; the validator says what is wrong with it.
    }
  }
  return tree;
}

/** The file with its "$schema" for where it lies and its "schemaVersion" right after it, keys otherwise in their order. */
function stamp(root: string, pagesDir: string, path: string, value: Json, version: number): Json {
  const schemaFile = contentFileOf(path)?.schema;
  const { $schema, schemaVersion: _old, ...rest } = value;
  const schemaRef = schemaFile ? schemaRefOf(root, join(pagesDir, path), schemaFile) : $schema;
  return { ...(schemaRef === undefined ? {} : { $schema: schemaRef }), schemaVersion: version, ...rest };
}

export interface MigrationResult {
  tree: ContentTree;
  /** What happened to each file that changed, with the migrations that changed it. */
  changes: Map<string, { change: 'changed' | 'added' | 'removed'; by: string[] }>;
}

/**
 * Brings every file up to `target`: each migration in turn runs over the whole tree and
 * upgrades the files written for the version before it. A file already at `target` is left
 * exactly as it is, so running this twice changes nothing the second time.
 */
export function migrateTree(root: string, pagesDir: string, tree: ContentTree, migrations: Migration[], target: number): MigrationResult {
  let current: ContentTree = new Map(tree);
  const changes: MigrationResult['changes'] = new Map();
  const note = (path: string, change: 'changed' | 'added' | 'removed', by: string): void => {
    const before = changes.get(path);
    changes.set(path, { change: before?.change === 'added' && change === 'changed' ? 'added' : change, by: [...(before?.by ?? []), by] });
  };
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (migration.version > target) break;
    const behind = [...current].filter(([, value]) => versionOf(value) === migration.version - 1);
    if (behind.length === 0) continue;
    const by = `${migration.version}: ${migration.title}`;
    const next = migration.migrate(new Map(current));
    for (const path of current.keys()) if (!next.has(path)) note(path, 'removed', by);
    for (const [path, value] of next) {
      const old = current.get(path);
      // Files at this migration's version already, and not changed by it, stay byte for byte.
      if (old && versionOf(old) !== migration.version - 1 && JSON.stringify(old) === JSON.stringify(value)) continue;
      const upgraded = stamp(root, pagesDir, path, value, migration.version);
      next.set(path, upgraded);
      if (!old) note(path, 'added', by);
      else if (JSON.stringify(old) !== JSON.stringify(upgraded)) note(path, 'changed', by);
    }
    current = next;
  }
  return { tree: current, changes };
}

/** A file as the repository writes it: two-space JSON, one key a line. */
export const formatJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const FORMAT = { formattingOptions: { tabSize: 2, insertSpaces: true, eol: '\n' } };
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A file's text changed to hold `value`, by the smallest edits: only the fields that differ are
 * rewritten, each where it was, so the rest keeps its formatting and `git diff` shows only what
 * moved. A new field goes where it stands in `value` ("schemaVersion" right after "$schema").
 * Text that cannot be edited into `value` is written afresh.
 */
export function rewriteJson(text: string, value: unknown): string {
  let out = text;
  const edit = (path: JSONPath, next: unknown, index?: number): void => {
    // A removal is not reformatted: jsonc-parser would reformat the whole line before it.
    const format = next === undefined ? {} : FORMAT;
    out = applyEdits(out, modify(out, path, next, { ...format, ...(index === undefined ? {} : { getInsertionIndex: () => index }) }));
  };
  const walk = (path: JSONPath, before: unknown, after: unknown): void => {
    if (isObject(before) && isObject(after)) {
      for (const key of Object.keys(before)) if (!(key in after)) edit([...path, key], undefined);
      const keys = Object.keys(after);
      for (const [index, key] of keys.entries()) {
        if (key in before) walk([...path, key], before[key], after[key]);
        else edit([...path, key], after[key], keys.slice(0, index).filter((each) => each in before).length);
      }
    } else if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
      for (const [index, item] of after.entries()) walk([...path, index], before[index], item);
    } else if (JSON.stringify(before) !== JSON.stringify(after)) {
      edit(path, after);
    }
  };
  try {
    walk([], JSON.parse(text.replace(/^\uFEFF/, '')), value);
    if (JSON.stringify(JSON.parse(out.replace(/^\uFEFF/, ''))) === JSON.stringify(value)) return out;
  } catch {
    // Not editable JSON: written afresh below.
  }
  return formatJson(value);
}

/** Writes what migrateTree changed into the pages folder: edited in place, added or removed. */
export function writeChanges(pagesDir: string, { tree, changes }: MigrationResult): void {
  for (const [path, { change }] of changes) {
    const file = join(pagesDir, path);
    if (change === 'removed') {
      rmSync(file);
    } else if (change === 'added' || !existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, formatJson(tree.get(path)));
    } else {
      writeFileSync(file, rewriteJson(readFileSync(file, 'utf8'), tree.get(path)));
    }
  }
}
