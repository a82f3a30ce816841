import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { outputFileOfRoute } from '../../content/route-of-file';

/**
 * Removes what the build wrote for routes that are gone (a page deleted or renamed, an entry
 * whose template made it): the page and its compressed copies, then each folder left empty on
 * the way up, never `outDir` itself. A folder that still holds another route's page stays.
 */
export function removeRoutes(outDir: string, routes: string[]): void {
  const top = resolve(outDir);
  for (const route of routes) {
    const file = join(top, outputFileOfRoute(route));
    for (const path of [file, `${file}.br`, `${file}.gz`]) rmSync(path, { force: true });
    for (let folder = dirname(file); folder.startsWith(top + sep); folder = dirname(folder)) {
      if (!existsSync(folder) || readdirSync(folder).length > 0) break;
      rmdirSync(folder);
    }
  }
}
