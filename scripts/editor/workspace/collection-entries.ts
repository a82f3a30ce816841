import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLLECTIONS_DIR, ID } from '../../content/resolve-page';
import { realFileIn } from '../../content/real-path-inside';

/** The entries of every collection under `pagesDir`, by id and title, for the fields that name one. */
export function collectionEntries(pagesDir: string): Record<string, { id: string; title: string }[]> {
  const folder = join(pagesDir, COLLECTIONS_DIR);
  if (!existsSync(folder)) return {};
  return Object.fromEntries(
    readdirSync(folder)
      .filter((name) => lstatSync(join(folder, name)).isDirectory())
      .map((collection) => [
        collection,
        readdirSync(join(folder, collection))
          .filter((name) => name.endsWith('.json') && ID.test(name.slice(0, -5)) && realFileIn(folder, `${collection}/${name}`).ok)
          .sort()
          .map((name) => {
            let title = name.slice(0, -5);
            try {
              title = String((JSON.parse(readFileSync(join(folder, collection, name), 'utf8')) as { title?: unknown }).title ?? title);
            } catch {
              // Its file name stands in.
            }
            return { id: name.slice(0, -5), title };
          }),
      ]),
  );
}
