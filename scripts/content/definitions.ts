import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BlockDefinition } from '../../src/blocks/define-block';
import type { IslandDefinition } from '../../src/ui/island';
import type { SchemaSet } from './schema-set';
import type { PaletteEntry } from '../../src/types/content';

/** A definition that cannot be used, said in one sentence that names its file (npm run gen prints it as it is). */
export class DefinitionError extends Error {
  override name = 'DefinitionError';
}

/** A definition.ts found under src/, with what `npm run gen` derives from it. */
export interface FoundDefinition {
  /** The definition file, relative to the project root with forward slashes. */
  file: string;
  /** The module its `load` imports: the component's chunk in the client build. */
  module: string;
  definition: IslandDefinition<object> | BlockDefinition;
}

const posix = (path: string): string => path.split(sep).join('/');

/** The one module a definition's `load: () => import('./X')` names, resolved to a file. */
function componentModule(root: string, file: string): string {
  const imports = [...readFileSync(join(root, file), 'utf8').matchAll(/import\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*\)/g)].map(
    (match) => match[2] ?? '',
  );
  if (imports.length !== 1)
    throw new DefinitionError(`${file}: its load must be one import('./Component'); found ${imports.length} import() calls.`);
  const base = join(root, dirname(file), imports[0] ?? '');
  const found = ['', '.tsx', '.ts']
    .map((extension) => base + extension)
    .find((candidate) => existsSync(candidate) && !candidate.endsWith(sep));
  if (!found) throw new DefinitionError(`${file}: its load imports ${imports[0]}, which is no file.`);
  return posix(relative(root, found));
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
    found.push({ file, module: componentModule(root, file), definition: module.default });
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
