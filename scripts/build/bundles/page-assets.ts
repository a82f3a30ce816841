import { islandModules, type IslandName } from '../../../src/generated/islands';
import { BOOT_ENTRY } from '../../vite/entries';

/**
 * Turns Vite's build manifest into the tags a prerendered page needs: the boot script, and the
 * chunks and stylesheets of exactly the islands on that page.
 */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The manifest key of an island's component module, from its definition (src/generated/islands.ts). */
function islandChunkKey(manifest: Manifest, island: string): string {
  const module = Object.hasOwn(islandModules, island) ? islandModules[island as IslandName].module : undefined;
  if (!module || !manifest[module])
    throw new Error(`No chunk for island "${island}": is it declared in a definition.ts, and did npm run gen run?`);
  return module;
}

/** A chunk with everything it imports statically, each once. */
export function closure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  return [key, ...(manifest[key]?.imports ?? []).flatMap((child) => closure(manifest, child, seen))];
}

export interface PageAssets {
  head: string;
  scripts: string;
}

/**
 * Islands whose definition says `preload` (those at the top of the page: the navigation
 * bar, the banner video) are fetched together with the boot script. Other islands load when
 * they come near the viewport; their CSS is in <head> regardless.
 */
const preloads = (island: string): boolean => Object.hasOwn(islandModules, island) && islandModules[island as IslandName].preload;

/**
 * The body font's Latin file (declared in src/theme/fonts.css), fetched at once so it is there for
 * the first paint. Named by its place inside its package, since the manifest names it by its path
 * from the build's root: `node_modules/@fontsource-variable/…` where the packages are installed in
 * the project, `../…/@fontsource-variable/…` where node_modules links to packages installed
 * elsewhere (the follower's builds, scripts/site-server/follow/follow-branch.ts).
 */
const PRELOADED_FONT = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
const isPreloadedFont = (key: string): boolean => key.endsWith(`/${PRELOADED_FONT}`);

export function pageAssets(manifest: Manifest, islands: string[], base = '/'): PageAssets {
  const boot = manifest[BOOT_ENTRY];
  if (!boot) throw new Error(`The manifest has no ${BOOT_ENTRY}; run the client build first.`);
  const bootChunks = closure(manifest, BOOT_ENTRY);
  const keys = [...bootChunks, ...islands.flatMap((island) => closure(manifest, islandChunkKey(manifest, island)))];
  const css = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))];
  // The preloaded islands' chunks, beyond what the boot script itself imports.
  const seen = new Set(bootChunks);
  const preloaded = islands.filter(preloads).flatMap((island) => closure(manifest, islandChunkKey(manifest, island), seen));
  const modules = preloaded.map((key) => `${base}${manifest[key]?.file ?? ''}`);
  const fontKey = Object.keys(manifest).find(isPreloadedFont);
  const font = fontKey ? manifest[fontKey]?.file : undefined;
  if (!font) throw new Error(`The manifest has no ${PRELOADED_FONT}: src/theme/fonts.css and PRELOADED_FONT must name the same file.`);
  return {
    head: [
      `<link rel="preload" href="${base}${font}" as="font" type="font/woff2" crossorigin>`,
      ...css.map((file) => `<link rel="stylesheet" href="${base}${file}">`),
    ].join('\n'),
    // No modulepreload links in <head>: the boot script adds them for these.
    scripts: `<script type="module" src="${base}${boot.file}" data-modules="${modules.join(' ')}"></script>`,
  };
}
