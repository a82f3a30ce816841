import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BlockDefinition } from '../../src/blocks/define-block';
import type { IslandDefinition } from '../../src/ui/define-island';
import type { SchemaSet } from './schema/schema-set';
import type { PaletteEntry } from '../../src/content/content-types';

/** A definition that cannot be used, said in one sentence that names its file (npm run gen prints it as it is). */
export class DefinitionError extends Error {
  override name = 'DefinitionError';
}

/** A definition.ts found under src/, with what `npm run gen` derives from it. */
export interface FoundDefinition {
  /** The definition file, relative to the project root with forward slashes. */
  file: string;
  /** The module its `load` imports: the component. */
  module: string;
  /** The module its `script` imports, when the browser brings the island to life without React. */
  script?: string;
  definition: IslandDefinition<object> | BlockDefinition;
}

const posix = (path: string): string => path.split(sep).join('/');

/** A module a definition's `load: () => import('./X')` or `script: () => import('./x')` names, resolved to a file. */
function definitionModules(root: string, file: string): { module: string; script?: string } {
  const imports = [...readFileSync(join(root, file), 'utf8').matchAll(/import\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g)].map((match) => ({
    path: match[2] ?? '',
    key: /\b(load|script)\s*:\s*\(\)\s*=>\s*$/.exec(match.input.slice(0, match.index))?.[1],
  }));
  const load = imports.filter(({ key }) => key === 'load');
  const script = imports.filter(({ key }) => key === 'script');
  if (load.length !== 1 || script.length > 1 || imports.length !== load.length + script.length)
    throw new DefinitionError(
      `${file}: a definition names its component as load: () => import('./Component'), and at most one script: () => import('./script'); found ${imports.length} import() calls.`,
    );
  const resolve = (path: string): string => {
    const base = join(root, dirname(file), path);
    const found = ['', '.tsx', '.ts']
      .map((extension) => base + extension)
      .find((candidate) => existsSync(candidate) && !candidate.endsWith(sep));
    if (!found) throw new DefinitionError(`${file}: it imports ${path}, which is no file.`);
    return posix(relative(root, found));
  };
  const scriptPath = script[0]?.path;
  return { module: resolve(load[0]?.path ?? ''), ...(scriptPath ? { script: resolve(scriptPath) } : {}) };
}

export const isBlock = (definition: FoundDefinition['definition']): definition is BlockDefinition => 'type' in definition;

/** Every definition.ts under src/ (blocks and layout islands), in path order. */
export async function findDefinitions(root: string): Promise<FoundDefinition[]> {
  const files = (readdirSync(join(root, 'src'), { recursive: true }) as string[])
    .map((path) => posix(join('src', path)))
    .filter((path) => path.endsWith('/definition.ts'))
    .sort();
  const found: FoundDefinition[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(root, file)).href)) as { default?: FoundDefinition['definition'] };
    if (!module.default?.name) throw new DefinitionError(`${file} must export default defineBlock({...}) or defineIsland({...}).`);
    found.push({ file, ...definitionModules(root, file), definition: module.default });
  }
  const names = found.map(({ definition }) => definition.name);
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) throw new DefinitionError(`Two definitions share the name ${repeated.join(', ')}: island names must be unique.`);
  return found;
}

/** Every block type as the editor's palette lists it; nothing here is written twice. */
export function paletteEntries(
  set: SchemaSet,
  blocks: Record<string, Pick<BlockDefinition, 'type' | 'schema' | 'category' | 'icon'>>,
): PaletteEntry[] {
  return Object.values(blocks).map((definition) => {
    const schema = set.get(`blocks/${definition.schema}`) ?? {};
    return {
      type: definition.type,
      title: String(schema.title ?? definition.type),
      description: String(schema.description ?? ''),
      category: definition.category,
      icon: definition.icon,
    };
  });
}
