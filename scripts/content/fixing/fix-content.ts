import { applyEdits, createScanner, format, modify, parse, type ParseError, type SyntaxKind } from 'jsonc-parser';

/** jsonc-parser's token kinds (a const enum in its types, which isolated modules cannot read). */
const TOKEN = { closeBrace: 2, closeBracket: 4, comma: 5, lineBreak: 14, trivia: 15, end: 17 } as const satisfies Record<
  string,
  SyntaxKind
>;

const CURLY = new Set(['\u201C', '\u201D', '\u201E', '\u201F', '\u2033']);

/**
 * Straight quotes where a word processor put typographic ones as JSON's delimiters. Curly
 * quotes inside a text (the “best” team) are words, and stay.
 */
function straightenQuotes(text: string): { text: string; count: number } {
  let out = '';
  let count = 0;
  let inString: '"' | 'curly' | undefined;
  for (let i = 0; i < text.length; i++) {
    const character = text[i] ?? '';
    if (inString === '"') {
      out += character;
      if (character === '\\') out += text[++i] ?? '';
      else if (character === '"') inString = undefined;
    } else if (inString === 'curly') {
      // A curly quote ends the text only where JSON goes on (a colon, comma, bracket or line end):
      // in “The “best” team”, the inner ones are words.
      const next = text.slice(i + 1).match(/^[ \t]*(.)/s)?.[1];
      if ((CURLY.has(character) || character === '"') && (next === undefined || /[:,}\]\r\n]/.test(next))) {
        out += '"';
        count += CURLY.has(character) ? 1 : 0;
        inString = undefined;
      } else out += character;
    } else if (character === '"') {
      out += character;
      inString = '"';
    } else if (CURLY.has(character)) {
      out += '"';
      count += 1;
      inString = 'curly';
    } else out += character;
  }
  return { text: out, count };
}

/** The text without commas that stand right before a closing brace or bracket (token by token, so texts are untouched). */
function dropTrailingCommas(text: string): { text: string; count: number } {
  const scanner = createScanner(text, false);
  const commas: number[] = [];
  let pendingComma: number | undefined;
  for (let token: number = scanner.scan(); token !== TOKEN.end; token = scanner.scan()) {
    if (token === TOKEN.trivia || token === TOKEN.lineBreak) continue;
    if ((token === TOKEN.closeBrace || token === TOKEN.closeBracket) && pendingComma !== undefined) commas.push(pendingComma);
    pendingComma = token === TOKEN.comma ? scanner.getTokenOffset() : undefined;
  }
  let out = text;
  for (const offset of commas.reverse()) out = out.slice(0, offset) + out.slice(offset + 1);
  return { text: out, count: commas.length };
}

const FORMAT = { tabSize: 2, insertSpaces: true, eol: '\n', insertFinalNewline: true };

export interface FixResult {
  /** The repaired text, when anything changed. */
  text?: string;
  /** What was changed, in words, for the person who runs npm run fix. */
  changes: string[];
  /** Why the file was left as it is, when it could not be repaired without guessing. */
  leftAlone?: string;
}

/**
 * Repairs what is mechanical in one content file and nothing that carries meaning: a
 * byte-order mark, typographic quotes used as JSON's quotes, trailing commas, the `$schema`
 * path for the file's depth, and the repository's formatting (two-space JSON, one entry a
 * line, as the visual editor writes it). Every value keeps the text it was written with
 * (99999999999999999999 stays so). A file that is still not JSON after these repairs is left
 * for a person: repairing it would mean guessing.
 */
export function fixContent(original: string, schemaRef: string): FixResult {
  const changes: string[] = [];
  let text = original;
  if (text.startsWith('\uFEFF')) {
    text = text.slice(1);
    changes.push('removed the byte-order mark');
  }
  const straightened = straightenQuotes(text);
  if (straightened.count > 0) {
    text = straightened.text;
    changes.push(`replaced ${straightened.count} typographic quote${straightened.count === 1 ? '' : 's'} with "`);
  }
  const trailing = dropTrailingCommas(text);
  if (trailing.count > 0) {
    text = trailing.text;
    changes.push(`removed ${trailing.count} trailing comma${trailing.count === 1 ? '' : 's'}`);
  }
  const errors: ParseError[] = [];
  const value = parse(text, errors, { disallowComments: true }) as unknown;
  if (errors.length > 0 || typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { changes: [], leftAlone: 'it is not JSON even after the mechanical repairs; npm run validate says where' };
  }
  const formatted = applyEdits(text, format(text, undefined, FORMAT));
  if (formatted !== text) changes.push("formatted in the repository's style");
  text = formatted;
  const written = (value as { $schema?: unknown }).$schema;
  if (typeof written === 'string' && written !== schemaRef) {
    text = applyEdits(text, modify(text, ['$schema'], schemaRef, { formattingOptions: FORMAT }));
    changes.push(`"$schema" ${JSON.stringify(written)} → ${JSON.stringify(schemaRef)}`);
  }
  return text === original ? { changes: [] } : { text, changes };
}
