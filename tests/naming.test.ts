import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './helpers/project';

/** Files that keep another name for a reason: the stub stands in for markdown-to-jsx/react under its own name. */
const EXCEPTIONS = new Set(['src/forms/stubs/markdown.tsx']);

const sources = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
  .map((path) => `src/${path.split('\\').join('/')}`)
  .filter((path) => /\.tsx?$/.test(path) && !path.startsWith('src/generated/') && !EXCEPTIONS.has(path));

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
});
