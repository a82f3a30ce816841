/**
 * The editor speaks to a marketing person: of pages by their title and of the menu as the
 * menu, never of files, folders, commands, git or schemas. Every sentence the editor's screens
 * can show (its string literals, template texts and JSX text with a space in them: what a person
 * reads, not a key or an address) is scanned for those words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/project';

/** Words a marketing person should never have to read, with what to say instead. */
const DEVELOPER_WORDS: [RegExp, string][] = [
  [/\bpages\/|\.json\b|public\/media|a path put into a sentence/, 'a file path: name the page by its title'],
  [/\bnpm\b/, 'a command'],
  [/\bschemas?\b/i, '"schema": say the page format, or the field'],
  [/\bgit\b/i, 'git'],
  [/\bJSON\b/, 'JSON'],
  [/\bcommits?\b/i, '"commit": say version or change'],
  [/\bSite file\b/i, '"site file": say Menus, footer and site settings'],
];

const sources = (readdirSync(join(root, 'src/editor'), { recursive: true }) as string[])
  .map((path) => `src/editor/${path.split('\\').join('/')}`)
  .filter((path) => /\.tsx?$/.test(path));

/** The texts of a source file a person may read: string literals, template texts and JSX text that hold a space. */
function sentencesOf(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(join(root, path), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) text = node.text;
    else if (ts.isJsxText(node)) text = node.text.trim();
    if (text && /[A-Za-z] [A-Za-z]/.test(text)) found.push(text);
    // A file's path shown as it is, between a screen's words: <p>{path} · /about</p>, <li>{file.path}</li>.
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      if (/^(\w+\.)*(path|file|files)$/.test(node.expression.getText()))
        found.push(`{${node.expression.getText()}} (a path put into a sentence)`);
    }
    // A file's path put into a sentence: `Saved ${path}.`
    if (ts.isTemplateExpression(node) && /[A-Za-z] [$A-Za-z]/.test(node.getText())) {
      for (const span of node.templateSpans)
        if (/^(\w+\.)*(path|file|from)$/.test(span.expression.getText())) found.push(`${node.getText()} (a path put into a sentence)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the editor's words", () => {
  it('name no file, command, git or schema in any sentence a screen shows', () => {
    expect(sources.length).toBeGreaterThan(40);
    const found = sources.flatMap((path) =>
      sentencesOf(path).flatMap((text) =>
        DEVELOPER_WORDS.filter(([pattern]) => pattern.test(text)).map(([, instead]) => `${path}: "${text}" (${instead})`),
      ),
    );
    expect(found).toEqual([]);
  });
});
