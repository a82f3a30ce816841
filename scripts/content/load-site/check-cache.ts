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
 * schemas and the Node.js version). The kept file starts with that key; each kept check is a
 * line that carries a hash of itself, so that a line cut short or changed is ignored, never
 * trusted, and a file written by other code is ignored as a whole. A run adds the checks it
 * made to the end of the file (rewriting 24 MB for one page took 0.7 s), and writes the file
 * again, with only the checks it used, once more of it is unused than used.
 *
 * A file's text is read only when its size, times or inode differ from those kept beside the
 * checks (stat-index.ts): reading and hashing 10,000 unchanged files took 1.1 s.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CheckedDocument } from '../checks/create-validator';
import { type ParsedJson, parseJsonWithPositions } from '../problems/parse-json-with-positions';
import { sha256Hex, statIndex } from './stat-index';

/** The version of the kept file's form: raised when it or what it holds changes. */
const CACHE_FORMAT = 2;

/** What is kept of one checked document: everything but its file (in the key) and its parse (made again when a problem needs a place). */
type Kept = Pick<CheckedDocument, 'value' | 'problems' | 'links' | 'files' | 'refs'>;

/** A file to check: where it is, and its text when the editor's overlay gives one (the file may not exist). */
interface Source {
  path: string;
  text?: string;
}

export interface CheckCache {
  /**
   * The document checked earlier from `source`'s text (named `file` in problems) and the same
   * other inputs (`parts`), made whole with the text's parse when first needed; or, when none
   * was kept, the text to check.
   */
  find(parts: string[], file: string, source: Source): { doc: CheckedDocument } | { text: string };
  /** Keeps `doc`, just checked from `parts` and the text `find` gave for its file: called before anything else can change it. */
  keep(parts: string[], doc: CheckedDocument): void;
  /** The hash of the text `file` was checked from in this run (sha256, in hex), if it was: the build records it rather than read the file again. */
  textHash(file: string): string | undefined;
  /** How many documents were found and how many checked anew, and how many files' texts were read, since the cache was opened. */
  counts(): { found: number; kept: number; read: number };
  /** Adds the documents checked anew to the kept file, or writes it again with only those found or kept since it was opened. */
  save(): void;
}

const hashOf = sha256Hex;

/** A kept line's own hash: shorter than a content hash, it only tells a line that changed or was cut short. */
const lineSum = (line: string): string => hashOf(line).slice(0, 16);

const isArray = (value: unknown): boolean => Array.isArray(value);

/** The kept file's first line: its form and the code that wrote it. */
const headOf = (key: string): string => JSON.stringify({ format: CACHE_FORMAT, key });

/** The kept documents of `path` under `key`, each as its line ("<hash> <json>") by its hash; none when the file is not ours. */
function readKept(path: string, key: string): { lines: Map<string, string>; ours: boolean } {
  const lines = new Map<string, string>();
  if (!existsSync(path)) return { lines, ours: false };
  try {
    const text = readFileSync(path, 'utf8');
    const end = text.indexOf('\n');
    if (end < 0 || text.slice(0, end) !== headOf(key)) return { lines, ours: false };
    for (const line of text.slice(end + 1).split('\n')) {
      // "<line sum> <hash> <json>": the sum is checked when the line is used.
      const space = line.indexOf(' ', 17);
      if (space > 17) lines.set(line.slice(17, space), line);
    }
    return { lines, ours: true };
  } catch {
    // Unreadable: checked anew, and written again whole.
    return { lines: new Map(), ours: false };
  }
}

/** A document made again from a kept line, or undefined when the line changed or is not of the kept form. */
function documentOf(line: string, file: string, text: () => string): CheckedDocument | undefined {
  if (lineSum(line.slice(17)) !== line.slice(0, 16)) return undefined;
  let kept: Kept;
  try {
    kept = JSON.parse(line.slice(line.indexOf(' ', 17) + 1)) as Kept;
  } catch {
    return undefined;
  }
  if (typeof kept !== 'object' || kept === null || ![kept.problems, kept.links, kept.files, kept.refs].every(isArray)) return undefined;
  let parsed: ParsedJson | undefined;
  const doc = { file, value: kept.value, problems: kept.problems, links: kept.links, files: kept.files, refs: kept.refs };
  // Parsed again only when a problem is to be placed in it (a link to a page gone, say), from the file as it is then.
  return Object.defineProperty(doc, 'parsed', {
    get: () => {
      parsed ??= parseJsonWithPositions(text());
      return parsed;
    },
    enumerable: true,
  }) as CheckedDocument;
}

/** The cache kept in `path` for checks by the code `key` names (see the file's comment). */
export function checkCache(path: string, key: string): CheckCache {
  const { lines: before, ours } = readKept(path, key);
  const stats = statIndex(`${path}.stats`, key);
  const used = new Map<string, string>();
  const added: string[] = [];
  const texts = new Map<string, string>();
  let found = 0;
  let reads = 0;
  // The text by its hash (computed once, and recorded for textHash), each part with its length: no two lists hash alike.
  const hashOfParts = (parts: string[], file: string): string => {
    const hash = createHash('sha256');
    for (const part of [...parts, texts.get(file) ?? '']) hash.update(`${part.length}:${part}\0`);
    return hash.digest('hex');
  };
  return {
    find(parts, file, source) {
      // The editor's text for the file, or the file's as its stat knows it, or as read now.
      let text = source.text;
      if (text === undefined) {
        const known = stats.lookup(source.path);
        if ('hash' in known) texts.set(file, known.hash);
        else {
          text = readFileSync(source.path, 'utf8');
          reads += 1;
          const hash = hashOf(text);
          texts.set(file, hash);
          stats.record(source.path, known.stamp, hash);
        }
      } else texts.set(file, hashOf(text));
      const read = (): string => {
        if (text === undefined) reads += 1;
        text ??= readFileSync(source.path, 'utf8');
        return text;
      };
      const hash = hashOfParts(parts, file);
      const line = before.get(hash);
      const doc = line === undefined ? undefined : documentOf(line, file, read);
      if (doc && line !== undefined) {
        used.set(hash, line);
        found += 1;
        return { doc };
      }
      // Kept under the hash of the text it is checked from, should the file have changed since its stat.
      const checked = read();
      if (source.text === undefined) texts.set(file, hashOf(checked));
      return { text: checked };
    },
    keep(parts, doc) {
      const { value, problems, links, files, refs } = doc;
      const hash = hashOfParts(parts, doc.file);
      const rest = `${hash} ${JSON.stringify({ value, problems, links, files, refs } satisfies Kept)}`;
      const line = `${lineSum(rest)} ${rest}`;
      used.set(hash, line);
      added.push(line);
    },
    textHash: (file) => texts.get(file),
    counts: () => ({ found, kept: added.length, read: reads }),
    save() {
      stats.save();
      const unused = before.size - found;
      if (ours && unused <= used.size) {
        if (added.length > 0) appendFileSync(path, `${added.join('\n')}\n`);
        return;
      }
      mkdirSync(dirname(path), { recursive: true });
      // Written beside it and renamed over it: a build reading it meanwhile finds it whole.
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${headOf(key)}\n${[...used.values()].map((line) => `${line}\n`).join('')}`);
      renameSync(temporary, path);
    },
  };
}
