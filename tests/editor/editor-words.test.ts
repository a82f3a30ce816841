/**
 * The editor speaks to a marketing person: of pages by their title and of the menu as the
 * menu, never of files, folders, commands, git or schemas. Every sentence the editor's screens
 * can show (its string literals, template texts and JSX text with a space in them: what a person
 * reads, not a key or an address) is scanned for those words. So is every sentence of the
 * editor's server (scripts/editor, scripts/publish): what it answers (a refusal's error, a
 * publish's or a discard's reason) is put on a screen as it is.
 *
 * The line between the two audiences, on the server: a sentence only a developer reads may stay
 * technical, and only these are such —
 * - what is written to the log or the terminal (console.*, the build's `say`), and a plain
 *   Error's message or an EditorStartError's: a fault is logged, and the person reads the
 *   editor's own words for it (start-editor.ts answers EDITOR_FAILED, never the error's message);
 * - what is given to git as its arguments (run, git);
 * - the modules FOR_DEVELOPERS names, each with why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { root } from '../helpers/project';
import { catalog, type ProblemCode, problem } from '../../scripts/content/problems/catalog';

/** Words a marketing person should never have to read, with what to say instead. */
const DEVELOPER_WORDS: [RegExp, string][] = [
  [/\bpages\/|\.json\b|public\/media|a path put into a sentence/, 'a file path: name the page by its title'],
  [/\bnpm\b/, 'a command'],
  [/\bschemas?\b/i, '"schema": say the page format, or the field'],
  [/\bgit\b/i, 'git'],
  [/\bJSON\b/, 'JSON'],
  [/\bcommits?\b/i, '"commit": say version or change'],
  [/\bSite file\b/i, '"site file": say Menus, footer and site settings'],
  [/\bon disk\b|\bthe disk\b/i, '"on disk": say changed elsewhere, or saved'],
  [/\bthis folder\b|\bfolder’s history\b/i, 'this folder: say the site'],
];

/** Server modules whose every sentence is for developers, and why no person reads them. */
const FOR_DEVELOPERS: Record<string, string> = {
  'scripts/editor/run-editor.ts': 'the lines `npm run edit` prints in the terminal of whoever starts the editor',
  'scripts/editor/editor-build.ts': "builds the editor's code as it starts: its lines go to that terminal",
  'scripts/publish/git/git.ts': "git's own failures, thrown as faults: logged, and answered in the editor's words",
  'scripts/publish/git/remote.ts': "what to correct in git's setup: setup-problem.ts logs it and answers the person in words",
  'scripts/publish/git/repository.ts': 'the same, for a folder that is no checkout',
  'scripts/publish/commit-message.ts': 'the trailer prefixes git itself writes, which it looks for, never says',
};

/** Calls whose words go to the log or the terminal, or to git as its arguments (a reflog line), never to a screen. */
const NOT_TO_A_SCREEN = /^(console\.\w+|say|run|git|new (Error|EditorStartError|GitError))$/;

const sourcesIn = (folder: string, extension: RegExp): string[] =>
  (readdirSync(join(root, folder), { recursive: true }) as string[])
    .map((path) => `${folder}/${path.split('\\').join('/')}`)
    .filter((path) => extension.test(path));
// The editor's screens, and the shared words they show (src/content: merge notes, diff words, plurals).
const screens = [...sourcesIn('src/editor', /\.tsx?$/), ...sourcesIn('src/content', /\.ts$/)];
const server = [...sourcesIn('scripts/editor', /\.ts$/), ...sourcesIn('scripts/publish', /\.ts$/)].filter(
  (path) => !path.endsWith('.d.mts') && !(path in FOR_DEVELOPERS),
);

/** Names whose value is a file's path (or the checkout's, or git's remote), put into a sentence: `Saved ${path}.` */
const PATH_NAMES = /^(\w+\.)*(path|file|files|from|root|top|remote)$/;

/**
 * The texts of a source a person may read: string literals, template texts and JSX text that
 * hold a space, and a path put into one. On the server, not what a call NOT_TO_A_SCREEN is given.
 */
function sentencesOf(path: string, text = readFileSync(join(root, path), 'utf8')): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const onServer = path.startsWith('scripts/');
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (onServer && (ts.isCallExpression(node) || ts.isNewExpression(node))) {
      const called = `${ts.isNewExpression(node) ? 'new ' : ''}${node.expression.getText()}`;
      if (NOT_TO_A_SCREEN.test(called)) return;
    }
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) text = node.text;
    else if (ts.isJsxText(node)) text = node.text.trim();
    if (text && /[A-Za-z] [A-Za-z]/.test(text)) found.push(text);
    // A file's path shown as it is, between a screen's words: <p>{path} · /about</p>, <li>{file.path}</li>.
    if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      if (PATH_NAMES.test(node.expression.getText())) found.push(`{${node.expression.getText()}} (a path put into a sentence)`);
    }
    // A file's path put into a sentence: `Saved ${path}.`
    if (ts.isTemplateExpression(node) && /[A-Za-z] [$A-Za-z]/.test(node.getText())) {
      for (const span of node.templateSpans)
        if (PATH_NAMES.test(span.expression.getText())) found.push(`${node.getText()} (a path put into a sentence)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Each sentence of `paths` that holds a developer word, with what to say instead. */
const developerWordsIn = (paths: string[], read?: (path: string) => string): string[] =>
  paths.flatMap((path) =>
    sentencesOf(path, read?.(path)).flatMap((text) =>
      DEVELOPER_WORDS.filter(([pattern]) => pattern.test(text)).map(([, instead]) => `${path}: "${text}" (${instead})`),
    ),
  );

/** What a catalog function's parameter holds when the checks call it: a file's path for these names, a title or a text for others. */
const FILE_PARAMETERS = new Set(['file', 'other', 'referrer', 'folder', 'rename', 'link', 'target']);
/** A value that reads as a text in a sentence and serves as a list too (`known.join(', ')`). */
const textAndList = (text: string) => Object.assign([text], { toString: () => text });
/** Arguments that cannot be such a value: one character to be named. */
const ARGUMENTS: Partial<Record<ProblemCode, unknown[]>> = { invisibleInLink: ['Link', '/a b', ' '] };

/** Each catalog problem as the editor shows it, made with a file's path wherever the checks pass one. */
const problemsAsTheEditorSays = (): [ProblemCode, string][] =>
  (Object.keys(catalog) as ProblemCode[]).map((code) => {
    const names = (/^\(?([^)=]*)\)?\s*=>/.exec(catalog[code].toString())?.[1] ?? '')
      .split(',')
      .map((name) => name.split(':')[0]?.trim() ?? '')
      .filter(Boolean);
    const values =
      ARGUMENTS[code] ?? names.map((name) => textAndList(FILE_PARAMETERS.has(name) ? 'pages/services/testing.json' : 'Services'));
    const said = (problem as (code: ProblemCode, ...values: unknown[]) => { message: string; editorMessage?: string })(code, ...values);
    return [code, said.editorMessage ?? said.message];
  });

describe("the editor's words", () => {
  it('name no file, command, git or schema in any problem the checks can report, as the editor shows it', () => {
    const said = problemsAsTheEditorSays();
    expect(said.length).toBeGreaterThan(60);
    // The terminal's words stay: the same problem, said there with the file and the command.
    expect(problem('byteOrderMark').message).toContain('npm run fix');
    const wrong = said.flatMap(([code, text]) =>
      [...DEVELOPER_WORDS, [/\bdocs\//, 'a developer’s document'] as [RegExp, string]]
        .filter(([pattern]) => pattern.test(text))
        .map(([, instead]) => `${code}: "${text}" (${instead})`),
    );
    expect(wrong).toEqual([]);
  });

  it('name no file, command, git or schema in any sentence a screen shows', () => {
    expect(screens.length).toBeGreaterThan(40);
    expect(developerWordsIn(screens)).toEqual([]);
  });

  it("name none in any sentence the editor's server answers, which a screen shows as it is", () => {
    expect(server.length).toBeGreaterThan(30);
    expect(developerWordsIn(server)).toEqual([]);
  });

  it('find a developer word planted in what the server answers, and leave what goes only to the log', () => {
    const planted = `
      import { refusal } from '../site-server/refusal';
      export function planted(path: string) {
        console.error(\`git push failed for \${path}\`);
        if (!path) throw new Error('git gave no answer for pages/index.json');
        if (path === 'a') throw refusal(400, 'Only files inside pages/ can be published.');
        if (path === 'b') return { status: 'refused', message: 'Run npm run fix, then publish again.' };
        return \`The change to \${path} could not be pushed.\`;
      }`;
    expect(developerWordsIn(['scripts/publish/planted.ts'], () => planted)).toEqual([
      'scripts/publish/planted.ts: "Only files inside pages/ can be published." (a file path: name the page by its title)',
      'scripts/publish/planted.ts: "Run npm run fix, then publish again." (a command)',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the planted source's own template, quoted as the test reports it.
      'scripts/publish/planted.ts: "`The change to ${path} could not be pushed.` (a path put into a sentence)" (a file path: name the page by its title)',
    ]);
  });
});
