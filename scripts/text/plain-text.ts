/**
 * Text that people typed (a visitor's message, an editor's description or name), made fit to
 * reach other people as text: in a mail, a commit, a terminal, a CSV file. Two things in it can
 * make it read as something it is not, and this module is the one place that deals with both:
 *
 * - line breaks other than LF: a bare CR, CRLF, a vertical tab or form feed, NEL (U+0085), the
 *   line and paragraph separators (U+2028, U+2029). A mail reader, a terminal or git may break
 *   the line where a check that looked only for LF saw one line, so a visitor's "Email: …" reads
 *   as one of the mail's own fields;
 * - characters that act or hide instead of showing themselves: controls, direction overrides and
 *   isolates (U+202E turns "cv\u202Efdp.exe" into what reads as "cvexe.pdf"), zero-width and
 *   other format characters, tags, private-use and unassigned code points.
 *
 * Line breaks are made LF (`normaliseLineBreaks`); hidden characters are shown as escapes such as
 * `\u{202e}` (`visible`) or listed so that a caller can refuse the text in words (`hiddenIn`).
 */

/** Every way a line can end in text a person typed or pasted. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/** The text with every line break (CRLF, CR, VT, FF, NEL, U+2028, U+2029) written as LF. */
export const normaliseLineBreaks = (text: string): string => text.replace(LINE_BREAK, '\n');

/**
 * What hides: the category C (controls, format characters such as direction marks, zero-width
 * characters, U+061C, interlinear annotation and tags, lone surrogates, private use, unassigned
 * code points: newer than this Node's Unicode counts as unassigned), line and paragraph
 * separators, and the other default-ignorable characters (Hangul fillers, the combining grapheme
 * joiner, variation selectors), which render as nothing. By category rather than by a list, so
 * the next character of a kind is caught too.
 */
const HIDDEN = String.raw`\p{C}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}`;

/**
 * The hidden characters that only shape what is visible and are kept between visible ones: a
 * variation selector right after a visible character chooses its look (❤️ is U+2764 U+FE0F); a
 * zero-width joiner between two pictographs makes one emoji (👩‍💻); a zero-width non-joiner
 * between two letters of a script that spells with it (Persian, the Indic scripts; not Latin,
 * where it has no use a reader would miss) is spelling. Anywhere else (at the start,
 * after a space, a second of a run) they can carry hidden data, and are escaped.
 */
const SHAPING = String.raw`(?<=[^${HIDDEN}\s])(\p{Variation_Selector})|(?<=\p{Extended_Pictographic}[\u{fe0f}\u{1f3fb}-\u{1f3ff}]?)(\u{200d})(?=\p{Extended_Pictographic})|(?<=(?!\p{Script=Latin})\p{L}\p{M}*)(\u{200c})(?=(?!\p{Script=Latin})\p{L})`;

/** A shaping character in its place, or a hidden character, or a backslash. */
const ESCAPED = new RegExp(String.raw`${SHAPING}|[${HIDDEN}\\]`, 'gu');

export interface VisibleOptions {
  /** Keep line breaks (every kind, written as LF) rather than escape them. */
  keepLineBreaks: boolean;
  /** Keep tabs rather than escape them (a mail body may hold them; a table cell may not). */
  keepTabs?: boolean;
}

/**
 * The text with every hidden character written as a visible escape (`\u{1b}`) and every
 * backslash doubled, so that `\u{…}` comes only from an escape and a person who typed one is
 * shown `\\u{…}`; line breaks, of every kind, are kept as LF or escaped too.
 */
export function visible(text: string, { keepLineBreaks, keepTabs = false }: VisibleOptions): string {
  const lines = keepLineBreaks ? normaliseLineBreaks(text) : text.replace(/\r\n/g, '\n');
  return lines.replace(ESCAPED, (character: string, ...kept: (string | undefined)[]) => {
    if (kept.slice(0, 3).some((shaping) => shaping !== undefined)) return character;
    if (character === '\\') return '\\\\';
    if ((character === '\n' && keepLineBreaks) || (character === '\t' && keepTabs)) return character;
    return `\\u{${character.codePointAt(0)?.toString(16)}}`;
  });
}

/** The text on one line: every line break and run of white space one space, trimmed. */
export const oneLine = (text: string): string => normaliseLineBreaks(text).replace(/\s+/g, ' ').trim();

/** Names of the hidden characters people meet most, for messages that refuse them. */
const NAMES: Record<string, string> = {
  '0000': 'a null character',
  '0009': 'a tab',
  '000A': 'a line break',
  '000D': 'a carriage return',
  '00AD': 'a soft hyphen',
  '200B': 'a zero-width space',
  '200E': 'a left-to-right mark',
  '200F': 'a right-to-left mark',
  '202A': 'a left-to-right embedding',
  '202B': 'a right-to-left embedding',
  '202C': 'a direction pop',
  '202D': 'a left-to-right override',
  '202E': 'a right-to-left override',
  '2066': 'a left-to-right isolate',
  '2067': 'a right-to-left isolate',
  '2068': 'a first-strong isolate',
  '2069': 'an isolate pop',
  FEFF: 'a zero-width no-break space',
};

/** "a right-to-left override (U+202E)": a hidden character named for a person. */
export function characterName(character: string): string {
  const hex = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `${NAMES[hex] ?? 'an invisible character'} (U+${hex})`;
}

/**
 * The hidden characters in `text`, each once, in the order met (shaping characters in their
 * place aside); line breaks of every kind count unless `allowLineBreaks`, tabs unless `allowTabs`.
 */
export function hiddenIn(text: string, { allowLineBreaks = false, allowTabs = false } = {}): string[] {
  const found = new Set<string>();
  const lines = allowLineBreaks ? normaliseLineBreaks(text) : text;
  for (const match of lines.matchAll(ESCAPED)) {
    const [character] = match;
    if (match.slice(1, 4).some((shaping) => shaping !== undefined) || character === '\\') continue;
    if ((character === '\n' && allowLineBreaks) || (character === '\t' && allowTabs)) continue;
    found.add(character);
  }
  return [...found];
}

/** One unit of text `visible` made: an escape, a doubled backslash, or one character. */
const SHOWN_UNIT = /\\u\{[0-9a-f]+\}|\\\\|./gsu;

/**
 * Text `visible` made, cut to at most `max` characters with "…" at the end when it is longer,
 * at a whole unit: never inside an escape, a doubled backslash or a surrogate pair.
 */
export function cutShown(shown: string, max: number): string {
  const units = shown.match(SHOWN_UNIT) ?? [];
  if (Array.from(shown).length <= max) return shown;
  let cut = '';
  for (const unit of units) {
    if (Array.from(cut + unit).length > max - 1) break;
    cut += unit;
  }
  return `${cut}…`;
}

/** One hidden character (as `visible` escapes them, shaping ones included), or a lone surrogate. */
const HIDDEN_CHARACTER = new RegExp(`[${HIDDEN}]`, 'gu');

/**
 * JSON text with every hidden character inside its strings written as a \u escape: the same data
 * to the program that parses it, and no raw direction override or line separator in the bytes
 * for a person who looks at them (in a log, a terminal, a request inspector). JSON's structure is
 * ASCII, so such a character can only stand inside a string.
 */
export const escapeHiddenInJson = (json: string): string =>
  json.replace(HIDDEN_CHARACTER, (character) =>
    Array.from({ length: character.length }, (_, index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`).join(''),
  );
