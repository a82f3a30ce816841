import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { parseJsonWithPositions, positionOfPath } from '../problems/parse-json-with-positions';
import { fileProblem, type Problem } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import { refTarget } from './schemas-along-path';
import type { JsonSchema, SchemaSet } from './schema-set';

/** The schemas every content file needs, whatever its blocks. */
const ROOTS = ['page.schema.json', 'site.schema.json', 'defs.schema.json'];

/** Every `$ref` in a schema, with its JSON path inside the file. */
function refsIn(node: unknown, path: (string | number)[] = []): { ref: string; path: (string | number)[] }[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => refsIn(item, [...path, index]));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string'
      ? [{ ref: value, path: [...path, key] }]
      : key === 'examples'
        ? []
        : refsIn(value, [...path, key]),
  );
}

/** A schema file's value, when it is JSON and an object (its problems are then found by parseJsonWithPositions). */
function plainJson(text: string): JsonSchema | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as JsonSchema) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads schemas/ and makes sure it can check content at all: every file is JSON, the root
 * schemas exist, and every `$ref` leads to a schema that is there. A problem here is said in
 * one located sentence, never as a compiler's stack trace; until it is fixed no content file
 * is checked, since none could be.
 */
export function readSchemas(root: string): { set: SchemaSet; problems: Problem[] } {
  const dir = join(root, 'schemas');
  const set: SchemaSet = new Map();
  const problems: Problem[] = [];
  // Each file's text: parsed with positions only to place a problem (it took 0.2 s of every check of the site).
  const texts = new Map<string, string>();
  const files = existsSync(dir)
    ? (readdirSync(dir, { recursive: true }) as string[]).filter((path) => path.endsWith('.schema.json')).sort()
    : [];
  for (const path of files) {
    const key = path.split(sep).join('/');
    const text = readFileSync(join(dir, path), 'utf8');
    const value = plainJson(text);
    if (value === undefined) {
      const parsed = parseJsonWithPositions(text);
      const [first] = parsed.syntaxErrors;
      problems.push(
        fileProblem(`schemas/${key}`, problem('brokenSchema', `schemas/${key}`, first?.code ?? 'not an object'), first?.position),
      );
      continue;
    }
    set.set(key, value);
    texts.set(key, text);
  }
  for (const key of ROOTS) {
    if (!set.has(key) && !problems.some((found) => found.file === `schemas/${key}`)) {
      problems.push(fileProblem(`schemas/${key}`, problem('missingSchema', `schemas/${key}`, 'every content file')));
    }
  }
  for (const [key, schema] of set) {
    for (const { ref, path } of refsIn(schema)) {
      const target = refTarget(key, ref).key;
      if (set.has(target) || problems.some((found) => found.file === `schemas/${target}`)) continue;
      const text = texts.get(key);
      // A problem of the schema file, shown at the "$ref" that names what is missing.
      const at = text === undefined ? undefined : positionOfPath(parseJsonWithPositions(text), path);
      problems.push(fileProblem(`schemas/${key}`, problem('missingSchema', `schemas/${target}`, `schemas/${key}`), at));
    }
  }
  return { set, problems };
}
