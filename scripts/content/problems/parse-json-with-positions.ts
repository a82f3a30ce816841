import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/** A place in a text file, 1-based as editors show it. */
export interface Position {
  line: number;
  column: number;
}

export interface ParsedJson {
  value: unknown;
  /**
   * The syntax tree, parsed again when first read and kept from then on: only a problem needs
   * it, and 10,000 pages' trees held 0.5 GB while a site was loaded.
   */
  readonly tree: Node | undefined;
  lineStarts: number[];
  /** The text parsed (without a byte-order mark): offsets in the tree are into it. */
  text: string;
  /** Whether the text began with an invisible byte-order mark (read past, and reported). */
  byteOrderMark: boolean;
  /** The parser's errors in order; the first is where the file stops being JSON. */
  syntaxErrors: { position: Position; code: string; character: string; rest: string }[];
  /** Keys written twice in one object: JSON keeps only the last, silently. */
  duplicateKeys: { key: string; path: (string | number)[]; first: Position; second: Position }[];
}

/** JSON as the content files are written: no comments, no trailing commas, not empty. */
const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/**
 * Parses strict JSON (no comments, no trailing commas) and keeps the syntax tree, so that
 * any problem found later can be reported at the line and column where it was written.
 */
export function parseJsonWithPositions(source: string): ParsedJson {
  const byteOrderMark = source.startsWith('\uFEFF');
  const text = byteOrderMark ? source.slice(1) : source;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  // The parser recurses once per level: refuse absurd nesting before it can overflow the stack.
  const deep = tooDeepAt(text);
  if (deep !== undefined) {
    const position = positionOfOffset(lineStarts, deep);
    return {
      value: undefined,
      tree: undefined,
      text,
      lineStarts,
      byteOrderMark,
      duplicateKeys: [],
      syntaxErrors: [{ position, code: 'TooDeep', character: text.charAt(deep), rest: '' }],
    };
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, STRICT);
  const lineEnd = (offset: number): number => (text.indexOf('\n', offset) + 1 || text.length + 1) - 1;
  let kept: { tree: Node | undefined } | undefined;
  return {
    value: tree && errors.length === 0 ? getNodeValue(tree) : undefined,
    get tree() {
      kept ??= { tree: parseTree(text, [], STRICT) };
      return kept.tree;
    },
    text,
    lineStarts,
    byteOrderMark,
    syntaxErrors: errors.map((error) => ({
      position: positionOfOffset(lineStarts, error.offset),
      code: printParseErrorCode(error.error),
      character: text.charAt(error.offset),
      rest: text.slice(error.offset, lineEnd(error.offset)),
    })),
    duplicateKeys: errors.length === 0 && tree ? duplicatesIn(tree, [], lineStarts) : [],
  };
}

/** Deeper than any content file needs; far below what would exhaust the stack. */
export const MAX_DEPTH = 64;

/** Where the text first opens its (MAX_DEPTH + 1)th nested list or group, outside texts; undefined if it never does. */
function tooDeepAt(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const character = text[i];
    if (inString) {
      if (character === '\\') i++;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '{' || character === '[') {
      if (++depth > MAX_DEPTH) return i;
    } else if (character === '}' || character === ']') depth--;
  }
  return undefined;
}

/** Every key written twice in one object, anywhere in the tree, with both places. */
function duplicatesIn(node: Node, path: (string | number)[], lineStarts: number[]): ParsedJson['duplicateKeys'] {
  const found: ParsedJson['duplicateKeys'] = [];
  if (node.type === 'object') {
    const seen = new Map<string, Node>();
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      const key = String(keyNode?.value);
      const first = seen.get(key);
      if (first)
        found.push({
          key,
          path: [...path, key],
          first: positionOfOffset(lineStarts, first.offset),
          second: positionOfOffset(lineStarts, property.offset),
        });
      else seen.set(key, property);
      if (valueNode) found.push(...duplicatesIn(valueNode, [...path, key], lineStarts));
    }
  } else if (node.type === 'array') {
    for (const [index, child] of (node.children ?? []).entries()) found.push(...duplicatesIn(child, [...path, index], lineStarts));
  }
  return found;
}

function positionOfOffset(lineStarts: number[], offset: number): Position {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((lineStarts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
}

/**
 * The position of the value at a JSON path, or of its property name when `atKey` is set
 * (an unknown property is best pointed at by its name). Falls back to the nearest ancestor
 * that exists, so a missing field is reported where it should be added.
 */
export function positionOfPath(parsed: ParsedJson, path: (string | number)[], atKey = false): Position {
  if (!parsed.tree) return { line: 1, column: 1 };
  for (let length = path.length; length >= 0; length--) {
    const node = findNodeAtLocation(parsed.tree, path.slice(0, length));
    if (!node) continue;
    const target = atKey && length === path.length && node.parent?.type === 'property' ? node.parent : node;
    return positionOfOffset(parsed.lineStarts, target.offset);
  }
  return { line: 1, column: 1 };
}
