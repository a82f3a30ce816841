/**
 * What checking each content file learned, kept between runs by the file's content: a build
 * among 10,000 pages spent 6.4 s reading and checking every file again when one had changed.
 * Only the check of one file against its schema is kept (its value with the schema's defaults,
 * its problems, and the links, files and references it names); everything that spans files
 * (routes claimed once, references, where links lead, ids across collections) runs on the whole
 * site as it is now, every time, so a page deleted is missed by its links exactly as in a full
 * check.
 *
 * A result is found by a hash of everything it depends on: the file's text, its path (problems
 * name it), the schema it was checked against and the "$schema" it must name, the compiled
 * schemas, and `key`, the code that checks (the caller's: scripts/build hashes the code, the
 * schemas and the Node.js version). The kept file starts with that key and a hash of the rest:
 * a cache written by other code, cut short or changed is ignored as a whole, never trusted.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CheckedDocument } from '../checks/create-validator';
import { type ParsedJson, parseJsonWithPositions } from '../problems/parse-json-with-positions';

/** The version of the kept file's form: raised when it or what it holds changes. */
const CACHE_FORMAT = 1;

/** What is kept of one checked document: everything but its file (in the key) and its parse (made again when a problem needs a place). */
type Kept = Pick<CheckedDocument, 'value' | 'problems' | 'links' | 'files' | 'refs'>;

export interface CheckCache {
  /**
   * The document checked earlier from `file`'s `text` and the same other inputs (`parts`), made
   * whole with the text's parse when first needed; undefined when none was kept.
   */
  find(parts: string[], file: string, text: string): CheckedDocument | undefined;
  /** Keeps `doc`, just checked from `parts` and the text `find` was last given for its file: called before anything else can change it. */
  keep(parts: string[], doc: CheckedDocument): void;
  /** The hash of the text `file` was checked from in this run (sha256, in hex), if it was: the build records it rather than read the file again. */
  textHash(file: string): string | undefined;
  /** How many documents were found and how many checked anew, since the cache was opened. */
  counts(): { found: number; kept: number };
  /** Writes the documents found or kept since it was opened (no others), when any was new or any went unused. */
  save(): void;
}

const hashOf = (text: string): string => createHash('sha256').update(text).digest('hex');

const isArray = (value: unknown): boolean => Array.isArray(value);

/** The kept documents of `path` under `key`, each as its JSON text by its hash; empty when there are none to trust. */
function readKept(path: string, key: string): Map<string, string> {
  const kept = new Map<string, string>();
  if (!existsSync(path)) return kept;
  try {
    const text = readFileSync(path, 'utf8');
    const end = text.indexOf('\n');
    const head = JSON.parse(text.slice(0, end)) as { format?: unknown; key?: unknown; sum?: unknown };
    const rest = text.slice(end + 1);
    if (head.format !== CACHE_FORMAT || head.key !== key || head.sum !== hashOf(rest)) return kept;
    for (const line of rest.split('\n')) {
      const space = line.indexOf(' ');
      if (space > 0) kept.set(line.slice(0, space), line.slice(space + 1));
    }
  } catch {
    // Unreadable or not ours: checked anew, and written again whole.
    kept.clear();
  }
  return kept;
}

/** A document made again from what was kept, or undefined when it is not of the kept form. */
function documentOf(json: string, file: string, text: string): CheckedDocument | undefined {
  let kept: Kept;
  try {
    kept = JSON.parse(json) as Kept;
  } catch {
    return undefined;
  }
  if (typeof kept !== 'object' || kept === null || ![kept.problems, kept.links, kept.files, kept.refs].every(isArray)) return undefined;
  let parsed: ParsedJson | undefined;
  const doc = { file, value: kept.value, problems: kept.problems, links: kept.links, files: kept.files, refs: kept.refs };
  // Parsed again only when a problem is to be placed in it (a link to a page gone, say).
  return Object.defineProperty(doc, 'parsed', {
    get: () => {
      parsed ??= parseJsonWithPositions(text);
      return parsed;
    },
    enumerable: true,
  }) as CheckedDocument;
}

/** The cache kept in `path` for checks by the code `key` names (see the file's comment). */
export function checkCache(path: string, key: string): CheckCache {
  const before = readKept(path, key);
  const now = new Map<string, string>();
  const texts = new Map<string, string>();
  let found = 0;
  let kept = 0;
  // The text by its hash (computed once, and recorded for textHash), each part with its length: no two lists hash alike.
  const hashOfParts = (parts: string[], file: string): string => {
    const hash = createHash('sha256');
    for (const part of [...parts, texts.get(file) ?? '']) hash.update(`${part.length}:${part}\0`);
    return hash.digest('hex');
  };
  return {
    find(parts, file, text) {
      texts.set(file, hashOf(text));
      const hash = hashOfParts(parts, file);
      const json = before.get(hash);
      const doc = json === undefined ? undefined : documentOf(json, file, text);
      if (doc && json !== undefined) {
        now.set(hash, json);
        found += 1;
      }
      return doc;
    },
    keep(parts, doc) {
      const { value, problems, links, files, refs } = doc;
      now.set(hashOfParts(parts, doc.file), JSON.stringify({ value, problems, links, files, refs } satisfies Kept));
      kept += 1;
    },
    textHash: (file) => texts.get(file),
    counts: () => ({ found, kept }),
    save() {
      if (kept === 0 && now.size === before.size) return;
      const rest = [...now].map(([hash, json]) => `${hash} ${json}`).join('\n');
      mkdirSync(dirname(path), { recursive: true });
      // Written beside it and renamed over it: a build reading it meanwhile finds it whole.
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify({ format: CACHE_FORMAT, key, sum: hashOf(rest) })}\n${rest}`);
      renameSync(temporary, path);
    },
  };
}
