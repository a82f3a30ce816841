/**
 * Why a text a person typed for a commit (a description, a name, an e-mail address) is refused,
 * in their words: the first character in it that acts or hides instead of showing itself
 * (scripts/text/plain-text.ts finds them), named, with what it would do.
 */
import { characterName, hiddenIn } from '../text/plain-text';

/** Direction controls, and the one that turns what follows it backwards. */
const DIRECTION = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const BACKWARDS = /[\u202e\u202b\u2067]/u;
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/u;

/** What a hidden character does, after its name. */
function whatItDoes(character: string): string {
  if (BACKWARDS.test(character)) return 'an invisible character that makes text read backwards';
  if (DIRECTION.test(character)) return 'an invisible character that changes the direction text reads in';
  if (LINE_BREAK.test(character)) return 'which would start a second line';
  if (character === '\t') return 'which looks like spaces but is not';
  if (/\p{Cc}/u.test(character)) return 'an invisible control character';
  return 'an invisible character';
}

/**
 * "The description holds a right-to-left override (U+202E), an invisible character that makes
 * text read backwards: remove it." for the first hidden character of `text`; undefined when it
 * has none. `what` names the field ("The description").
 */
export function hiddenWords(
  what: string,
  text: string,
  options: { allowLineBreaks?: boolean; allowTabs?: boolean } = {},
): string | undefined {
  const found = hiddenIn(text, options);
  const [first] = found;
  if (first === undefined) return undefined;
  const more = found.length > 1 ? ` (and ${found.length - 1} more invisible character${found.length > 2 ? 's' : ''})` : '';
  const name = characterName(first);
  // A character with no name of its own is named by what it is: "an invisible control character (U+001B)".
  const code = name.slice(name.lastIndexOf('('));
  const named = !name.startsWith('an invisible character')
    ? `${name}, ${whatItDoes(first)}`
    : LINE_BREAK.test(first)
      ? `a line break ${code}, ${whatItDoes(first)}`
      : `${/\p{Cc}/u.test(first) ? 'an invisible control character' : 'an invisible character'} ${code}`;
  return `${what} holds ${named}${more}: remove ${found.length > 1 ? 'them' : 'it'}.`;
}
