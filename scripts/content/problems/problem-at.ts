/**
 * What a problem is, and the two ways one is made: at a value of a parsed file (problemAt),
 * or of a file as a whole (fileProblem). Every problem `npm run validate` reports is made by
 * one of them, so its place is worked out the same way everywhere; its words come from the
 * catalog (catalog.ts), never from here.
 */
import { type ParsedJson, type Position, positionOfPath } from './parse-json-with-positions';
import type { problem, ProblemCode } from './catalog';
import type { Problem as SharedProblem } from '../../../src/content/content-types';

/** One thing wrong with a file, located as editors and terminals expect; its code is a key of the catalog. */
export type Problem = SharedProblem<ProblemCode>;

/** A problem's code and words, as the catalog's `problem()` gives them. */
type Said = ReturnType<typeof problem>;

/** A file and its parsed text: what a problem at one of its values needs (a CheckedDocument is one). */
interface Parsed {
  file: string;
  parsed: ParsedJson;
}

/** A value's path written as people read it: `blocks[2].cards[0].title`. */
export function jsonPath(path: (string | number)[]): string {
  return path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

/**
 * A problem of the value at `path` in a parsed file, at the line and column where it was
 * written (or where it should be added, when it is missing). `at` points at the property's
 * name instead ('key': an unknown field is best shown by its name), or at a place found
 * otherwise (the second of a key written twice, which the path alone cannot tell apart).
 */
export function problemAt(doc: Parsed, path: (string | number)[], said: Said, at: 'value' | 'key' | Position = 'value'): Problem {
  const position = typeof at === 'object' ? at : positionOfPath(doc.parsed, path, at === 'key');
  return { file: doc.file, ...position, path: jsonPath(path), ...said };
}

/**
 * A problem of a file as a whole, not of one of its values (its name, its text, its place):
 * no path, and at its first line unless `at` says where in the text it shows.
 */
export function fileProblem(file: string, said: Said, at: Position = { line: 1, column: 1 }): Problem {
  return { file, line: at.line, column: at.column, path: '', ...said };
}
