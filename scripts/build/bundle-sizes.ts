import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { closure, type Manifest } from './assets';
import { BOOT_ENTRY, CLIENT_ENTRY } from '../vite/entries';

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

export function firstLoadBytes(distDir: string, html: string): number {
  return firstLoadScripts(html).reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0);
}

/**
 * The code loaded later, on demand, by each dynamic import of the entries: what it adds beyond
 * the entry's own chunks (the dialogs and forms, the island chunks).
 */
export function lazyChunks(distDir: string, manifest: Manifest): { name: string; bytes: number }[] {
  const entries = [BOOT_ENTRY, CLIENT_ENTRY];
  const entry = new Set(entries.flatMap((key) => closure(manifest, key)));
  return entries
    .flatMap((key) => manifest[key]?.dynamicImports ?? [])
    .map((key) => {
      const own = closure(manifest, key).filter((chunk) => !entry.has(chunk));
      return { name: key, bytes: own.reduce((sum, chunk) => sum + gzipSize(join(distDir, manifest[chunk]?.file ?? '')), 0) };
    });
}
