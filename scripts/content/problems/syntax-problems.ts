import { MAX_DEPTH, type ParsedJson } from './parse-json-with-positions';
import { fileProblem, type Problem } from './problem-at';
import { problem } from './catalog';

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

/** Typographic quotes that word processors put where JSON needs a straight " . */
const CURLY_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u2018\u2019]/;

/**
 * The problems of a file that is not JSON, or barely: an empty file, an invisible byte-order
 * mark (reported, and read past so the rest is still checked), and the first place where the
 * text stops being JSON. Only the first: what follows is usually the same mistake echoing,
 * and one plain sentence about its cause helps more than a list of consequences.
 */
export function syntaxProblems(file: string, text: string, parsed: ParsedJson): Problem[] {
  if (!text.replace(/^\uFEFF/, '').trim()) return [fileProblem(file, problem('emptyFile'))];
  const found = parsed.byteOrderMark ? [fileProblem(file, problem('byteOrderMark'))] : [];
  const [first] = parsed.syntaxErrors;
  if (!first) return found;
  const at = (said: ReturnType<typeof problem>): Problem[] => [...found, fileProblem(file, said, first.position)];
  if (first.code === 'TooDeep') return at(problem('tooDeep', MAX_DEPTH));
  if (CURLY_QUOTES.test(first.character)) return at(problem('curlyQuotes', first.character));
  // A word where a value should start, with a closing quote after it: `"title": About",`.
  const word = /^([^\s",:{}[\]]+[^",:{}[\]]*)"/.exec(first.rest);
  if (first.code === 'InvalidSymbol' && word?.[1]) return at(problem('missingOpeningQuote', word[1].trim()));
  return at(problem('syntax', SYNTAX_WORDS[first.code] ?? first.code));
}
