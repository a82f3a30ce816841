/**
 * Turns Vite's build manifest into the tags a prerendered page needs: the client entry,
 * and the chunks and stylesheets of exactly the islands on that page.
 */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = 'src/entry-client.tsx';
/** The page's script tag (src/boot.ts): it fetches the client entry once the page has painted. */
export const BOOT_ENTRY = 'src/boot.ts';

const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The manifest key of an island's module. By convention an island lives in a folder named
 * after it in kebab case: island "productCarousel" is src/blocks/product-carousel/….
 */
export function islandChunkKey(manifest: Manifest, island: string): string {
  const folder = `/${kebab(island)}/`;
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.isDynamicEntry && candidate.includes(folder));
  if (!key) throw new Error(`No chunk for island "${island}": its module must live in a folder named ${kebab(island)}/.`);
  return key;
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
 * Islands of the layout (the navigation bar, the banner video) are at the top of the page:
 * their code is fetched together with the client entry. Other islands load when they come
 * near the viewport; their CSS is in <head> regardless.
 */
export const PRELOADED_ISLANDS = new Set(['navBar', 'heroVideo']);

/** The body font's Latin file (declared in src/theme/fonts.css), fetched at once so it is there for the first paint. */
export const PRELOADED_FONT = 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

export function pageAssets(manifest: Manifest, islands: string[], base = '/'): PageAssets {
  const boot = manifest[BOOT_ENTRY];
  if (!boot || !manifest[CLIENT_ENTRY]) throw new Error(`The manifest has no ${BOOT_ENTRY} or ${CLIENT_ENTRY}; run the client build first.`);
  const seen = new Set<string>();
  const keys = [CLIENT_ENTRY, ...islands.map((island) => islandChunkKey(manifest, island))].flatMap((key) => closure(manifest, key, new Set()));
  const css = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))];
  const preloaded = [CLIENT_ENTRY, ...islands.filter((island) => PRELOADED_ISLANDS.has(island)).map((island) => islandChunkKey(manifest, island))].flatMap((key) => closure(manifest, key, seen));
  const modules = preloaded.map((key) => `${base}${manifest[key]?.file ?? ''}`);
  const font = manifest[PRELOADED_FONT]?.file;
  if (!font) throw new Error(`The manifest has no ${PRELOADED_FONT}: src/theme/fonts.css and PRELOADED_FONT must name the same file.`);
  return {
    head: [
      `<link rel="preload" href="${base}${font}" as="font" type="font/woff2" crossorigin>`,
      ...css.map((file) => `<link rel="stylesheet" href="${base}${file}">`),
    ].join('\n'),
    // No modulepreload links: the boot script fetches these once the page has painted.
    scripts: `<script type="module" src="${base}${boot.file}" data-modules="${modules.join(' ')}"></script>`,
  };
}
