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
 * Why a kebab-case module may lack an export named after it:
 * - an entry point (a command, a worker, a page's boot script) exports nothing: it runs;
 * - a block's `definition.ts` and `script.ts` export one default, found by the registry through the folder's name;
 * - an `index` module is named after its folder;
 * - a `…-types.ts` module is a catalog of types only.
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
  });
});
