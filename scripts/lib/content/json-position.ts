import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/** A place in a text file, 1-based as editors show it. */
export interface Position {
  line: number;
  column: number;
}

export interface ParsedJson {
  value: unknown;
  tree: Node | undefined;
  lineStarts: number[];
  syntaxErrors: { position: Position; code: string }[];
}

/**
 * Parses strict JSON (no comments, no trailing commas) and keeps the syntax tree, so that
 * any problem found later can be reported at the line and column where it was written.
 */
export function parseJsonWithPositions(text: string): ParsedJson {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  return {
    value: tree && errors.length === 0 ? getNodeValue(tree) : undefined,
    tree,
    lineStarts,
    syntaxErrors: errors.map((error) => ({ position: positionOfOffset(lineStarts, error.offset), code: printParseErrorCode(error.error) })),
  };
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
