/**
 * What checking each content file learned, kept between runs by the file's content: a build
 * among 10,000 pages spent 6.4 s reading and checking every file again when one had changed.
 * Only the check of one file against its schema is kept (its value with the schema's defaults,
 * its problems, and the links, files and references it names); everything that spans files
 * (routes claimed once, references, where links lead, ids across collections) runs on the whole
 * site as it is now, every time, so a page deleted is missed by its links exactly as in a full
 * check. Those checks read a document's links, files and references, not its value: the value
 * is kept apart on its line and parsed only when something reads it (among 10,000 pages, the
 * entries', the site file's and the changed page's). What resolving a page learned is kept the
 * same way (`remember`, `recall`: load-site/resolve-references.ts), under the page's check and
 * every entry's, so that an unchanged page is not even parsed.
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
import { hash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CheckedDocument } from '../checks/create-validator';
import { type ParsedJson, parseJsonWithPositions } from '../problems/parse-json-with-positions';
import { sha256Hex, statIndex } from './stat-index';

/** The version of the kept file's form: raised when it or what it holds changes. */
const CACHE_FORMAT = 3;

/**
 * What is kept of one checked document: everything but its file (in the key) and its parse
 * (made again when a problem needs a place). Its value is kept after a tab, apart from the rest
 * (JSON has no raw tab), and parsed only when it is read: the checks that span files need the
 * rest only, and a build among 10,000 pages reads one value, of the page that changed.
 */
type Kept = Pick<CheckedDocument, 'problems' | 'links' | 'files' | 'refs'>;

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
  /**
   * What `facts` kept under `parts` (with `remember`, in this run or an earlier one): what a
   * check that spans files learned of one document, found by the document's key (`keyOf`)
   * and everything else it read.
   */
  recall(parts: string[]): unknown;
  /** Keeps `facts` (plain JSON) under `parts`, for `recall`. */
  remember(parts: string[], facts: unknown): void;
  /** The key of a document `find` found or `keep` kept, which changes with anything its check read. */
  keyOf(doc: CheckedDocument): string | undefined;
  /** The hash of the text `file` was checked from in this run (sha256, in hex), if it was: the build records it rather than read the file again. */
  textHash(file: string): string | undefined;
  /** Each file whose text was hashed in this run, by path: what stat said of it before it was read, and the text's hash (stat-index.ts). */
  stamps(): ReadonlyMap<string, { stamp: string; hash: string }>;
  /** How many documents were found and how many checked anew, how many files' texts were read and how many kept values parsed, since the cache was opened. */
  counts(): { found: number; kept: number; read: number; values: number };
  /** Adds the documents checked anew to the kept file, or writes it again with only those found or kept since it was opened. */
  save(): void;
}

const hashOf = sha256Hex;

/** A kept line: as read from the file (its bytes, never decoded whole), or as written in this run. */
type Line = Buffer;

/** A kept line's own hash, of its bytes after the sum: shorter than a content hash, it only tells a line that changed or was cut short. */
const lineSum = (rest: Uint8Array): string => hash('sha256', rest).slice(0, 16);

/** Whether `line` ("<sum> <hash> <json>") is as it was written. */
const isWhole = (line: Line): boolean => lineSum(line.subarray(17)) === line.toString('latin1', 0, 16);

/** The line that keeps `json` under `hash`. */
const lineOf = (hash: string, json: string): Line => {
  const rest = Buffer.from(`${hash} ${json}`);
  return Buffer.concat([Buffer.from(`${lineSum(rest)} `), rest]);
};

const isArray = (value: unknown): boolean => Array.isArray(value);

/** The hash of a list, each part with its length: no two lists hash alike. */
const hashOfList = (parts: string[]): string => hash('sha256', parts.map((part) => `${part.length}:${part}\0`).join(''));

/** The kept file's first line: its form and the code that wrote it. */
const headOf = (key: string): string => JSON.stringify({ format: CACHE_FORMAT, key });

const NEWLINE = 0x0a;
const NEWLINE_BYTE = Buffer.from('\n');
const TAB = 0x09;
const SPACE = 0x20;

/**
 * The kept lines of `path` under `key`, each by its hash; none when the file is not ours. Read
 * as bytes: 10,000 pages keep 24 MB, of which a build decodes only the parts it uses.
 */
function readKept(path: string, key: string): { lines: Map<string, Line>; ours: boolean } {
  const lines = new Map<string, Line>();
  if (!existsSync(path)) return { lines, ours: false };
  try {
    const bytes = readFileSync(path);
    const end = bytes.indexOf(NEWLINE);
    if (end < 0 || bytes.toString('utf8', 0, end) !== headOf(key)) return { lines, ours: false };
    for (let start = end + 1; start < bytes.length; ) {
      const stop = bytes.indexOf(NEWLINE, start);
      const line = bytes.subarray(start, stop < 0 ? bytes.length : stop);
      start = stop < 0 ? bytes.length : stop + 1;
      // "<line sum> <hash> <json>": the sum is checked when the line is used.
      const space = line.indexOf(SPACE, 17);
      if (space > 17) lines.set(line.toString('latin1', 17, space), line);
    }
    return { lines, ours: true };
  } catch {
    // Unreadable: checked anew, and written again whole.
    return { lines: new Map(), ours: false };
  }
}

/** A document made again from a kept line, or undefined when the line changed or is not of the kept form. */
function documentOf(line: Line, file: string, text: () => string, parsing: () => void): CheckedDocument | undefined {
  if (!isWhole(line)) return undefined;
  const start = line.indexOf(SPACE, 17) + 1;
  const tab = line.indexOf(TAB, start);
  if (tab < 0) return undefined;
  let kept: Kept;
  try {
    kept = JSON.parse(line.toString('utf8', start, tab)) as Kept;
  } catch {
    return undefined;
  }
  if (typeof kept !== 'object' || kept === null || ![kept.problems, kept.links, kept.files, kept.refs].every(isArray)) return undefined;
  let parsed: ParsedJson | undefined;
  // Parsed when first read: the line's sum above already vouches for it.
  let value: { of: unknown } | undefined;
  const doc = { file, problems: kept.problems, links: kept.links, files: kept.files, refs: kept.refs };
  return Object.defineProperties(doc, {
    value: {
      get: () => {
        if (!value) {
          parsing();
          value = { of: tab + 1 === line.length ? undefined : (JSON.parse(line.toString('utf8', tab + 1)) as unknown) };
        }
        return value.of;
      },
      enumerable: true,
    },
    // Parsed again only when a problem is to be placed in it (a link to a page gone, say), from the file as it is then.
    parsed: {
      get: () => {
        parsed ??= parseJsonWithPositions(text());
        return parsed;
      },
      enumerable: true,
    },
  }) as CheckedDocument;
}

/** A kept line of anything else, or undefined when the line changed or is not JSON. */
function factsOf(line: Line): unknown {
  if (!isWhole(line)) return undefined;
  try {
    return JSON.parse(line.toString('utf8', line.indexOf(SPACE, 17) + 1)) as unknown;
  } catch {
    return undefined;
  }
}

/** The cache kept in `path` for checks by the code `key` names (see the file's comment). */
export function checkCache(path: string, key: string): CheckCache {
  const { lines: before, ours } = readKept(path, key);
  const stats = statIndex(`${path}.stats`, key);
  const used = new Map<string, Line>();
  const added: Line[] = [];
  const texts = new Map<string, string>();
  const keys = new WeakMap<CheckedDocument, string>();
  let found = 0;
  let checked = 0;
  let reads = 0;
  let values = 0;
  // The text by its hash (computed once, and recorded for textHash), each part with its length: no two lists hash alike.
  const hashOfParts = (parts: string[], file: string): string => hashOfList([...parts, texts.get(file) ?? '']);
  // Facts are found by their parts alone, marked apart from any file's.
  const hashOfFacts = (parts: string[]): string => hashOfList(['facts', ...parts]);
  const add = (hash: string, json: string): void => {
    const line = lineOf(hash, json);
    used.set(hash, line);
    added.push(line);
  };
  // Lines of the file used in this run: when most of the file is not, it is written again with these only.
  let usedBefore = 0;
  const use = (hash: string, line: Line): void => {
    if (!used.has(hash)) usedBefore += 1;
    used.set(hash, line);
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
      const doc =
        line === undefined
          ? undefined
          : documentOf(line, file, read, () => {
              values += 1;
            });
      if (doc && line !== undefined) {
        use(hash, line);
        keys.set(doc, hash);
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
      keys.set(doc, hash);
      checked += 1;
      // No value (a file that did not parse) is kept as nothing after the tab.
      add(hash, `${JSON.stringify({ problems, links, files, refs } satisfies Kept)}\t${JSON.stringify(value) ?? ''}`);
    },
    recall(parts) {
      const hash = hashOfFacts(parts);
      const added = used.get(hash);
      if (added) return factsOf(added);
      const line = before.get(hash);
      const facts = line === undefined ? undefined : factsOf(line);
      if (facts !== undefined && line !== undefined) use(hash, line);
      return facts;
    },
    remember(parts, facts) {
      add(hashOfFacts(parts), JSON.stringify(facts));
    },
    keyOf: (doc) => keys.get(doc),
    textHash: (file) => texts.get(file),
    stamps: () => stats.known(),
    counts: () => ({ found, kept: checked, read: reads, values }),
    save() {
      stats.save();
      const unused = before.size - usedBefore;
      const withNewlines = (lines: Iterable<Line>): Buffer[] => [...lines].flatMap((line) => [line, NEWLINE_BYTE]);
      if (ours && unused <= used.size) {
        if (added.length > 0) appendFileSync(path, Buffer.concat(withNewlines(added)));
        return;
      }
      mkdirSync(dirname(path), { recursive: true });
      // Written beside it and renamed over it: a build reading it meanwhile finds it whole.
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, Buffer.concat([Buffer.from(`${headOf(key)}\n`), ...withNewlines(used.values())]));
      renameSync(temporary, path);
    },
  };
}
