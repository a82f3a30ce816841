import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonWithPositions } from '../problems/parse-json-with-positions';
import { type Problem, problemAt } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import type { JsonSchema, SchemaSet } from '../schema/schema-set';

/** schemas/version.json: the version of the schema set, and the fingerprint of the schemas it was recorded for. */
export interface SchemaVersion {
  version: number;
  fingerprint: string;
}

export const VERSION_FILE = 'schemas/version.json';

export function readVersion(root: string): SchemaVersion {
  const path = join(root, VERSION_FILE);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as SchemaVersion) : { version: 0, fingerprint: '' };
}

/**
 * The schemas' problem when what they accept changed since their version was recorded: at the
 * fingerprint in schemas/version.json, so that `npm run validate` (and `npm test`) names it.
 */
export function versionProblems(root: string, set: SchemaSet): Problem[] {
  const recorded = readVersion(root);
  if (fingerprint(set) === recorded.fingerprint) return [];
  const path = join(root, VERSION_FILE);
  // With no file yet, the fingerprint is reported at its first line, where it is to be written.
  const parsed = parseJsonWithPositions(existsSync(path) ? readFileSync(path, 'utf8') : '');
  return [problemAt({ file: VERSION_FILE, parsed }, ['fingerprint'], problem('schemasChanged', recorded.version, recorded.version + 1))];
}

/** The version a content file says it was written for; 0 for a file that says none (written before versions). */
export function versionOf(value: unknown): number {
  const version = (value as { schemaVersion?: unknown } | undefined)?.schemaVersion;
  return typeof version === 'number' ? version : 0;
}

/** Words that explain a schema without changing what it accepts: editing them needs no migration. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'errorMessage', '$comment']);

function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as JsonSchema)
      .filter(([key]) => !ANNOTATIONS.has(key))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => [
        key,
        key === 'properties' || key === 'definitions'
          ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, sub]) => [name, shape(sub)]))
          : shape(value),
      ]),
  );
}

/**
 * A fingerprint of what the schemas accept: every keyword but the words that only explain
 * (titles, descriptions, examples, messages). It changes when a content file could become
 * valid or invalid, which is when the version must be raised, with a migration.
 */
export function fingerprint(set: SchemaSet): string {
  const hash = createHash('sha256');
  // The forms' schemas check what visitors send, and the settings' schemas the settings files (scripts/), not content files.
  for (const key of [...set.keys()].filter((name) => !name.startsWith('forms/') && !name.startsWith('settings/')).sort())
    hash.update(`${key}\n${JSON.stringify(shape(set.get(key)))}\n`);
  return hash.digest('hex').slice(0, 16);
}
