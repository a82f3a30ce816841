import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_ENTRY } from '../../vite/entries';
import type { ServerEntry } from './page-renderer';

/**
 * Builds src/render/entry-render.tsx for Node into `outDir`. The entry bundles its
 * dependencies, so swiper's CSS imports and the CommonJS builds of some packages resolve exactly as
 * they do in the browser.
 */
export async function bundleServerEntry(root: string, outDir: string): Promise<void> {
  // Loaded here, not at the top: an incremental build renders with a kept entry and never needs Vite.
  const { build } = await import('vite');
  await build({
    root,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: { ssr: SERVER_ENTRY, outDir, emptyOutDir: true, manifest: false, rollupOptions: { input: SERVER_ENTRY } },
  });
  // The entry is an ES module wherever it is written (a folder outside the project included), for this thread and the prerendering ones.
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n');
}

/** Loads the server entry bundleServerEntry wrote into `outDir`. */
export const loadServerEntry = async (outDir: string): Promise<ServerEntry> =>
  (await import(pathToFileURL(serverEntryFile(outDir)).href)) as ServerEntry;

/** Builds the server entry into `outDir` and loads it. */
export async function buildServerEntry(root: string, outDir: string): Promise<ServerEntry> {
  await bundleServerEntry(root, outDir);
  return loadServerEntry(outDir);
}

/** Where buildServerEntry writes the entry: prerendering threads load it from there. */
export const serverEntryFile = (outDir: string): string => join(outDir, 'entry-render.js');
