import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers/project';

/** Files that keep another name for a reason: the stub stands in for markdown-to-jsx/react under its own name. */
const EXCEPTIONS = new Set(['src/forms/stubs/markdown.tsx']);

const listed = (top: string) =>
  (readdirSync(join(root, top), { recursive: true }) as string[])
    .map((path) => `${top}/${path.split('\\').join('/')}`)
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts') && !path.startsWith('src/generated/') && !EXCEPTIONS.has(path));
const sources = listed('src');
const modules = [...sources, ...listed('scripts')].filter((path) => /^[a-z]/.test(path.split('/').pop() ?? ''));

const camelCase = (stem: string) => stem.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
const pascalCase = (stem: string) => camelCase(stem).replace(/^[a-z]/, (letter) => letter.toUpperCase());

/**
 * Catalogs: modules whose exports are equals that belong together, none of them the main one,
 * each with why it stays one module (STYLE: "only catalogs and generated files may be long").
 */
const CATALOGS: Record<string, string> = {
  'src/theme/tokens.ts': 'the design tokens, defined once (colors, fonts, durations)',
  'src/theme/recipes.ts': 'the design recipes, defined once; the theme test reads them all',
  'src/ui/styled.tsx': 'the styled primitives every block shares; one chunk for the site',
  'src/render/entry-render.tsx': 'the server build entry: its functions are the server bundle, found by its file name',
  'src/forms/mobile-wire.ts': 'two inverse functions, the browser joining and the server splitting the same wire format',
  'src/editor/file/block-operations.ts': 'the page session’s block operations, each one action of its reducer',
  'scripts/gen/registry-files.ts': 'the generators of the registry files `npm run gen` writes',
  'scripts/text/plain-text.ts': 'the one place that decides which characters act or hide, for every command',
};

/**
 * Why a kebab-case module may lack an export named after it:
 * - an entry point (a command, a worker, a page's boot script) exports nothing: it runs;
 * - a block's `definition.ts` and `script.ts` export one default, found by the registry through the folder's name;
 * - an `index` module is named after its folder;
 * - a `…-types.ts` module is a catalog of types only;
 * - a module of constants only (UPPER_CASE) is settings, with no main one;
 * - a catalog above.
 */
const mainExportProblem = (path: string): string | undefined => {
  const folders = path.split('/');
  const file = folders.pop() ?? '';
  const text = readFileSync(join(root, path), 'utf8');
  let stem = file.replace(/\.tsx?$/, '');
  if (!/^export /m.test(text)) return undefined;
  if ((stem === 'definition' || stem === 'script') && /^export default /m.test(text)) return undefined;
  if (stem === 'index') stem = folders.at(-1) ?? stem;
  const exported = [...text.matchAll(/^export (?:default )?(?:async )?(function\*? ?|const |let |class |type |interface |enum )(\w+)/gm)];
  if (stem.endsWith('-types') && exported.every((match) => /^(type|interface) $/.test(match[1] ?? ''))) return undefined;
  if (exported.length > 0 && exported.every((match) => match[1] === 'const ' && /^[A-Z][A-Z0-9_]*$/.test(match[2] ?? ''))) return undefined;
  if (path in CATALOGS) return undefined;
  const names = exported.map((match) => match[2] ?? '');
  if (names.includes(camelCase(stem)) || names.includes(pascalCase(stem))) return undefined;
  return `${path}: exports no ${camelCase(stem)} or ${pascalCase(stem)} (it exports ${names.join(', ') || 'nothing by name'})`;
};

describe('source file names', () => {
  it('name a component file (PascalCase) after the component it exports, and every other module in kebab-case', () => {
    const wrong = sources.flatMap((path) => {
      const stem = (path.split('/').pop() ?? '').replace(/\.tsx?$/, '');
      const text = readFileSync(join(root, path), 'utf8');
      if (/^[A-Z][A-Za-z0-9]*$/.test(stem))
        return new RegExp(`export (default )?(function|const|class) ${stem}\\b`).test(text) ? [] : [`${path}: exports no ${stem}`];
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(stem)) return [`${path}: neither PascalCase nor kebab-case`];
      const exported = [...text.matchAll(/export (?:default )?(?:function|const|class) (\w+)/g)].map((match) => match[1] ?? '');
      const onlyComponent = path.endsWith('.tsx') && exported.length === 1 && /^[A-Z]/.test(exported[0] ?? '');
      return onlyComponent ? [`${path}: holds one component, ${exported[0]}, so is named ${exported[0]}.tsx`] : [];
    });
    expect(sources.length).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('give every other module one main export named after its file, in camelCase or PascalCase', () => {
    expect(modules.length).toBeGreaterThan(250);
    expect(modules.flatMap((path) => mainExportProblem(path) ?? [])).toEqual([]);
    // A catalog that is gone, or renamed, leaves the list.
    expect(Object.keys(CATALOGS).filter((path) => !modules.includes(path))).toEqual([]);
  });
});
