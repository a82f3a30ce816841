import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_ENTRY, type Manifest } from './assets';

/** The gzip size (level 9) of a built file, in bytes. */
export function gzipSize(path: string): number {
  try {
    return statSync(`${path}.gz`).size;
  } catch {
    return gzipSync(readFileSync(path), { level: 9 }).length;
  }
}

/** The JavaScript a page loads before any interaction: its entry script and the chunks it preloads. */
export function firstLoadScripts(html: string): string[] {
  return [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="\/([^"]+\.js)"/g)].map((match) => match[1] ?? '');
}

export function firstLoadBytes(distDir: string, html: string): number {
  return firstLoadScripts(html).reduce((sum, file) => sum + gzipSize(join(distDir, file)), 0);
}

/**
 * The code loaded later, on demand, by each dynamic import of the entry: what it adds beyond
 * the entry's own chunks (the dialogs and forms, the island chunks).
 */
export function lazyChunks(distDir: string, manifest: Manifest): { name: string; bytes: number }[] {
  const closure = (key: string, seen: Set<string>): string[] => {
    if (seen.has(key)) return [];
    seen.add(key);
    return [key, ...(manifest[key]?.imports ?? []).flatMap((child) => closure(child, seen))];
  };
  const entry = new Set(closure(CLIENT_ENTRY, new Set()));
  return (manifest[CLIENT_ENTRY]?.dynamicImports ?? []).map((key) => {
    const own = closure(key, new Set()).filter((chunk) => !entry.has(chunk));
    return { name: key, bytes: own.reduce((sum, chunk) => sum + gzipSize(join(distDir, manifest[chunk]?.file ?? '')), 0) };
  });
}
