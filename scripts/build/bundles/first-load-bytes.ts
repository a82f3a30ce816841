import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { closure, type Manifest } from './page-assets';
import { BOOT_ENTRY, CLIENT_ENTRY } from '../../vite/entries';

/** The gzip size (level 9) of a built file, in bytes. */
function gzipSize(path: string): number {
  try {
    return statSync(`${path}.gz`).size;
  } catch {
    return gzipSync(readFileSync(path), { level: 9 }).length;
  }
}

/** The JavaScript a page loads before any interaction: its boot script and the modules that script fetches (its data-modules). */
export function firstLoadScripts(html: string): string[] {
  const tag = /<script type="module" src="\/([^"]+\.js)"(?: data-modules="([^"]*)")?/.exec(html);
  if (!tag) return [];
  return [
    tag[1] ?? '',
    ...(tag[2] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((url) => url.replace(/^\//, '')),
  ];
}

/** The gzip bytes of some built scripts (paths in `distDir`); with `known`, each file's size is read once across calls. */
export function scriptBytes(distDir: string, files: string[], known = new Map<string, number>()): number {
  return files.reduce((sum, file) => {
    const size = known.get(file) ?? gzipSize(join(distDir, file));
    known.set(file, size);
    return sum + size;
  }, 0);
}

export function firstLoadBytes(distDir: string, html: string): number {
  return scriptBytes(distDir, firstLoadScripts(html));
}

/**
 * The code loaded later, on demand, through the boot script's dynamic imports (the island
 * scripts, React's entry, the React islands, the dialogs and forms): what each adds beyond the
 * boot script and, for those that need React, beyond React's entry (listed on its own).
 */
export function lazyChunks(distDir: string, manifest: Manifest): { name: string; bytes: number }[] {
  const boot = new Set(closure(manifest, BOOT_ENTRY));
  const react = new Set(closure(manifest, CLIENT_ENTRY).filter((chunk) => !boot.has(chunk)));
  const lazy = [...boot].flatMap((key) => manifest[key]?.dynamicImports ?? []);
  return [...new Set(lazy)].map((key) => {
    const chunks = closure(manifest, key).filter((chunk) => !boot.has(chunk));
    const needsReact = key !== CLIENT_ENTRY && chunks.some((chunk) => react.has(chunk));
    const own = key === CLIENT_ENTRY ? chunks : chunks.filter((chunk) => !react.has(chunk));
    return {
      name: key === CLIENT_ENTRY ? `${key} (React, Chakra, Emotion)` : needsReact ? `${key} (with React's entry)` : key,
      bytes: own.reduce((sum, chunk) => sum + gzipSize(join(distDir, manifest[chunk]?.file ?? '')), 0),
    };
  });
}
