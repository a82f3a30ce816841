import type { ParsedJson } from './json-position';
import { problem, type ProblemCode } from './problem-catalog';

/** jsonc-parser's error codes in plain words. */
const SYNTAX_WORDS: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a number written wrongly',
  PropertyNameExpected: 'a field name in double quotes was expected',
  ValueExpected: 'a value was expected',
  ColonExpected: 'a colon (:) was expected after the field name',
  CommaExpected: 'a comma was expected between two entries',
  CloseBraceExpected: 'a closing brace } was expected',
  CloseBracketExpected: 'a closing bracket ] was expected',
  EndOfFileExpected: 'the file should end here',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'a text is missing its closing double quote',
  UnexpectedEndOfNumber: 'a number ends unexpectedly',
  InvalidUnicode: 'an invalid \\u escape',
  InvalidEscapeCharacter: 'an invalid backslash escape',
  InvalidCharacter: 'an invalid character inside a text',
};

/** The problems of a file that is not JSON at all (empty) or not valid JSON, located where the parser stopped. */
export function syntaxProblems(
  file: string,
  text: string,
  parsed: ParsedJson,
): { file: string; line: number; column: number; path: string; code: ProblemCode; message: string }[] {
  if (!text.trim()) return [{ file, line: 1, column: 1, path: '', ...problem('emptyFile') }];
  return parsed.syntaxErrors.map(({ position, code }) => ({
    file,
    ...position,
    path: '',
    ...problem('syntax', SYNTAX_WORDS[code] ?? code),
  }));
}
