import { dirname, relative } from 'node:path';
import type { JsonSchema, SchemaSet } from '../content/schema/schema-set';
import { blockSchemas } from '../content/schema/schema-set';
import { DefinitionError, isBlock, type FoundDefinition } from '../content/find-definitions';

export const BANNER = 'Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand.';

const importOf = (from: string, { file, definition }: FoundDefinition): string => {
  const path = relative(dirname(from), file).replace(/\.ts$/, '');
  return `import ${definition.name} from '${path.startsWith('.') ? path : `./${path}`}';`;
};

/**
 * Checks the block definitions against the block schemas: one definition per schema, each
 * naming its schema file and the same type. Returns the block definitions sorted by type.
 */
export function checkBlocks(found: FoundDefinition[], set: SchemaSet): FoundDefinition[] {
  const blocks = found.filter(({ definition }) => isBlock(definition)).sort((a, b) => a.definition.name.localeCompare(b.definition.name));
  const schemas = blockSchemas(set);
  const problems: string[] = [];
  for (const { file, definition } of blocks) {
    if (!isBlock(definition)) continue;
    const schema = schemas.get(definition.type);
    if (!schema) problems.push(`${file}: no schema in schemas/blocks/ has "type": { "const": "${definition.type}" }.`);
    else if (schema.key !== `blocks/${definition.schema}`)
      problems.push(`${file}: names ${definition.schema}, but the schema of "${definition.type}" is ${schema.key}.`);
  }
  for (const type of schemas.keys()) {
    if (!blocks.some(({ definition }) => definition.name === type))
      problems.push(`schemas/blocks: "${type}" has no src/blocks/<folder>/definition.ts (docs/adding-a-block.md).`);
  }
  if (problems.length > 0) throw new DefinitionError(problems.join('\n'));
  return blocks;
}

/** src/generated/blocks.ts: every block's definition by type, for the server's renderer and the editor. */
export function generateBlockRegistry(blocks: FoundDefinition[]): string {
  const file = 'src/generated/blocks.ts';
  return [
    `/* ${BANNER} */`,
    "import type { BlockDefinition, BlockType } from '../blocks/define-block';",
    ...blocks.map((block) => importOf(file, block)),
    '',
    '/** Every block type and its definition. Only server-side code imports this: the browser gets islands.ts. */',
    `export const blocks = { ${blocks.map(({ definition }) => definition.name).join(', ')} } as const satisfies { [T in BlockType]: BlockDefinition<T> };`,
    '',
  ].join('\n');
}

const islandsOf = (found: FoundDefinition[]): FoundDefinition[] =>
  found
    .filter(({ definition }) => !isBlock(definition) || definition.island)
    .sort((a, b) => a.definition.name.localeCompare(b.definition.name));

/** A module's path as an import from src/generated/, without its extension. */
const importPath = (from: string, module: string): string => {
  const path = relative(dirname(from), module).replace(/\.tsx?$/, '');
  return path.startsWith('.') ? path : `./${path}`;
};

/**
 * src/generated/islands.ts: how the browser brings each island to life, by name: its own
 * script, or its component for React to hydrate. It names those modules directly (not the
 * definitions), so the browser's bundle holds no component of a script island; static blocks
 * are absent, so they never get a chunk.
 */
export function generateIslandTable(found: FoundDefinition[]): string {
  const file = 'src/generated/islands.ts';
  const islands = islandsOf(found);
  const browserModule = ({ script, module }: FoundDefinition): string => script ?? module;
  return [
    `/* ${BANNER} */`,
    "import type { BrowserIsland } from '../ui/define-island';",
    '',
    '/** Every island the browser may bring to life, by the name in its `data-island` attribute: with its script, or with React. */',
    'export const islands = {',
    ...islands.map(
      (island) =>
        `  ${island.definition.name}: { kind: '${island.script ? 'script' : 'react'}', load: () => import('${importPath(file, browserModule(island))}'), preload: ${island.definition.preload} },`,
    ),
    '} as const satisfies Record<string, BrowserIsland>;',
    '',
    '/** An island name: a mistyped one fails `npm run typecheck`. */',
    'export type IslandName = keyof typeof islands;',
    '',
    "/** Each island's browser module (its chunk in the build manifest) and whether the page fetches it at once: for the build (the browser never reads it, so its bundle drops it). */",
    `export const islandModules = {\n${islands.map((island) => `  ${island.definition.name}: { module: '${browserModule(island)}', preload: ${island.definition.preload} },`).join('\n')}\n} as const satisfies Record<IslandName, { module: string; preload: boolean }>;`,
    '',
  ].join('\n');
}

/** src/generated/island-definitions.ts: every island's definition, for the server's render (which renders each component, script islands too). */
export function generateIslandDefinitions(found: FoundDefinition[]): string {
  const file = 'src/generated/island-definitions.ts';
  const islands = islandsOf(found);
  return [
    `/* ${BANNER} */`,
    ...islands.map((island) => importOf(file, island)),
    '',
    '/** Every island definition: only server-side code imports this (the browser gets islands.ts). */',
    `export const islandDefinitions = [${islands.map(({ definition }) => definition.name).join(', ')}] as const;`,
    '',
  ].join('\n');
}

/**
 * A block schema whose `type` property describes the block in the block's own words: an
 * editor's completion list for "type" then tells each block from the others (its title and
 * description are the schema's own, never written twice by hand).
 */
export function generateBlockSchema(schema: JsonSchema): string {
  const block = structuredClone(schema) as JsonSchema & { properties: { type: JsonSchema } };
  block.properties.type = { ...block.properties.type, title: String(schema.title), description: String(schema.description) };
  return `${JSON.stringify(block, null, 2)}\n`;
}

/** schemas/page.schema.json with its list of block schemas taken from the block definitions. */
export function generatePageSchema(set: SchemaSet, blocks: FoundDefinition[]): string {
  const page = structuredClone(set.get('page.schema.json') ?? {}) as JsonSchema & { definitions: { block: JsonSchema } };
  page.definitions.block.oneOf = blocks.map(({ definition }) => ({ $ref: `blocks/${isBlock(definition) ? definition.schema : ''}` }));
  return `${JSON.stringify(page, null, 2)}\n`;
}

/** "layout-dashboard" → "LayoutDashboardIcon": a name lucide-react exports the icon under (one that shadows no global, unlike Map). */
const componentName = (icon: string): string => `${icon.replace(/(^|-)([a-z0-9])/g, (_, __, letter: string) => letter.toUpperCase())}Icon`;

/**
 * The icon table: every name the schemas' icon list allows, bound to its lucide-react
 * component. A name the icon set does not have is refused here, before anything is written.
 */
export function generateIconTable(set: SchemaSet, exported: Record<string, unknown>): string {
  const names = (set.get('defs.schema.json')?.definitions as Record<string, JsonSchema> | undefined)?.icon?.enum as string[] | undefined;
  if (!names) throw new DefinitionError('schemas/defs.schema.json has no "icon" definition with an "enum" of icon names.');
  const missing = names.filter((name) => !(componentName(name) in exported));
  if (missing.length > 0)
    throw new DefinitionError(
      `schemas/defs.schema.json names icons that lucide-react does not have: ${missing.join(', ')}. Use the names shown at lucide.dev/icons.`,
    );
  return [
    `/* ${BANNER} */`,
    `import { ${names.map(componentName).join(', ')} } from 'lucide-react';`,
    "import type { Icon } from './schema-types';",
    '',
    '/** Every icon a page file may name (schemas/defs.schema.json, "icon"), by that name: drawn to SVG on the server. */',
    `export const icons = {\n${names.map((name) => `  '${name}': ${componentName(name)},`).join('\n')}\n} as const satisfies Record<Icon, unknown>;`,
    '',
  ].join('\n');
}

/** Where gen writes the technology logos; it owns the folder, so a logo no name needs any more is deleted. */
export const TECHNOLOGY_LOGO_FOLDER = 'public/images/technologies';

/** Names Simple Icons knows by another title. */
const SIMPLE_ICONS_TITLE: Record<string, string> = { Rails: 'Ruby on Rails', Golang: 'Go' };

/**
 * Logos Simple Icons does not have (their owners asked it to remove them), from two other
 * sets in Iconify's format: CoreUI Brands (cib, CC0) and Material Design Icons (mdi,
 * Apache-2.0). Each is named as set and icon, and, for a wide logo drawn small in its set's
 * square, the part of the square it fills (x, y, width, height: measured with getBBox in
 * Chromium, rounded outwards); gen fails when a set no longer has one.
 */
const OTHER_LOGOS: Record<string, [set: string, icon: string, crop?: [number, number, number, number]]> = {
  Java: ['cib', 'java'],
  NetSuite: ['cib', 'oracle-netsuite', [0, 11, 32, 10]],
  Oracle: ['cib', 'oracle', [0, 5.5, 32, 21]],
  Salesforce: ['cib', 'salesforce', [0, 4.5, 32, 23]],
  SharePoint: ['mdi', 'microsoft-sharepoint'],
};

interface SimpleIcon {
  title: string;
  slug: string;
  path: string;
}

/** An icon set in Iconify's JSON format, as @iconify-json/* packages export it. */
export interface IconifySet {
  prefix: string;
  /** The set's own description (the packages export it beside the icons): its name and licence. */
  info: { name: string; license?: { spdx?: string } };
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number; hidden?: boolean }>;
}

interface Logo {
  name: string;
  file: string;
  /** Where the drawing comes from and under which licence: the file says so. */
  source: string;
  box: [x: number, y: number, width: number, height: number];
  body: string;
}

/** A one-colour logo, white (it is drawn on the dark ticker and header), sized as its box. */
function whiteSvg({ box, body, source }: Logo): string {
  const [, , width, height] = box;
  const white = body.replace(/currentColor/g, '#ffffff');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box.join(' ')}" width="${width}" height="${height}"><!-- ${source}. The logo is a trademark of its owner. --><g fill="#ffffff">${white}</g></svg>\n`;
}

/**
 * The technology logos: for every name the schemas' technology list allows, a one-colour SVG
 * file in public/images/technologies/ from Simple Icons (found by title) or, for the few it
 * lacks, from the sets in OTHER_LOGOS; and the table of those files by name. Names no set has
 * a logo for (RAG, ServiceNow), and C#, whose logo is its name, are shown as text alone.
 */
export function generateTechnologyFiles(
  set: SchemaSet,
  simpleIcons: Record<string, unknown>,
  otherSets: IconifySet[],
): { path: string; content: string }[] {
  const names = (set.get('defs.schema.json')?.definitions as Record<string, JsonSchema> | undefined)?.technology?.enum as
    | string[]
    | undefined;
  if (!names) throw new DefinitionError('schemas/defs.schema.json has no "technology" definition with an "enum" of names.');
  const byTitle = new Map(
    Object.values(simpleIcons)
      .filter((icon): icon is SimpleIcon => typeof icon === 'object' && icon !== null && 'slug' in icon && 'path' in icon)
      .map((icon) => [icon.title.toLowerCase(), icon]),
  );
  const sets = new Map(otherSets.map((iconSet) => [iconSet.prefix, iconSet]));
  const found = names.flatMap((name): Logo[] => {
    const simple = byTitle.get((SIMPLE_ICONS_TITLE[name] ?? name).toLowerCase());
    if (simple)
      return [
        {
          name,
          file: `${simple.slug}.svg`,
          source: `"${simple.slug}" from Simple Icons (CC0-1.0)`,
          box: [0, 0, 24, 24],
          body: `<path d="${simple.path}"/>`,
        },
      ];
    const other = OTHER_LOGOS[name];
    if (!other) return [];
    const [prefix, iconName, crop] = other;
    const iconSet = sets.get(prefix);
    const icon = iconSet?.icons[iconName];
    if (!iconSet || !icon || icon.hidden)
      throw new DefinitionError(
        `The logo of "${name}" is set to ${prefix}:${iconName}, which the installed @iconify-json/${prefix} does not offer.`,
      );
    const box = crop ?? [0, 0, icon.width ?? iconSet.width ?? 16, icon.height ?? iconSet.height ?? 16];
    const source = `"${iconName}" from ${iconSet.info.name} (${iconSet.info.license?.spdx ?? 'licence not stated'})`;
    return [{ name, file: `${iconName}.svg`, source, box, body: icon.body }];
  });
  const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
  return [
    ...found.map((logo) => ({ path: `${TECHNOLOGY_LOGO_FOLDER}/${logo.file}`, content: whiteSvg(logo) })),
    {
      path: 'src/generated/technologies.ts',
      content: [
        `/* ${BANNER} */`,
        "import type { Technology } from './schema-types';",
        '',
        '/** The logo of each technology a logo set has (white, for the dark ticker and header), with its shape: the name beside it says what it is. */',
        `export const technologyLogos: Partial<Record<Technology, { src: string; width: number; height: number }>> = {\n${found
          .map(
            ({ name, file, box: [, , width, height] }) =>
              `  ${key(name)}: { src: '/images/technologies/${file}', width: ${width}, height: ${height} },`,
          )
          .join('\n')}\n};`,
        '',
      ].join('\n'),
    },
  ];
}
