/**
 * What a content file is, from where it lies under pages/ and from nothing else: the site
 * file (pages/_site.json), an entry of a collection (pages/_collections/<collection>/<id>.json),
 * a template that makes one page per entry (pages/careers/[jobs].json), or a page. The
 * validator, the editor, fix and migrate all ask here, so they never disagree about a file.
 * Whether its name is well formed is not said here: each caller reports that in its own words.
 */
import { dirname, join, posix, relative, sep } from 'node:path';
import { COLLECTIONS_DIR, TEMPLATE } from './resolve-page';
import { pathBelow, relativeTo } from './path-below';
import { routeOfFile, routeOfTemplate } from './route-of-file';
import type { FileKind } from '../../src/content/content-types';

/** The site file's name, beside the pages (a "_" name is never a route). */
export const SITE_FILE = '_site.json';

/**
 * A content file by its kind. `schema` is the schema it is checked against, as the schema set
 * names it ("page.schema.json", "collections/jobs.schema.json"); `route` a page's route
 * ("/services/cloud") or a template's pattern ("/careers/<id>", filled in by routeOfEntry);
 * `collection` an entry's collection, or the one a template makes pages for; `id` an entry's
 * file name.
 */
export type ContentFile =
  | { kind: Kind<'site'>; schema: string }
  | { kind: Kind<'entry'>; schema: string; collection: string; id: string }
  | { kind: Kind<'template'>; schema: string; route: string; collection: string }
  | { kind: Kind<'page'>; schema: string; route: string };

/** One of the kinds the editor's app knows too (src/content/content-types.ts): a kind it does not know fails to compile. */
type Kind<K extends FileKind> = K;

/**
 * What the file at `relativePath` (inside pages/, with forward slashes) is; undefined for a
 * file that is no content: not .json, or inside a "_" folder other than the collections
 * (drafts, notes), or not directly inside a collection's folder.
 */
export function contentFileOf(relativePath: string): ContentFile | undefined {
  if (!relativePath.endsWith('.json')) return undefined;
  if (relativePath === SITE_FILE) return { kind: 'site', schema: 'site.schema.json' };
  const parts = relativePath.split('/');
  const [first, collection, name] = parts;
  if (first === COLLECTIONS_DIR) {
    if (parts.length !== 3 || collection === undefined || name === undefined) return undefined;
    return { kind: 'entry', schema: `collections/${collection}.schema.json`, collection, id: posix.basename(name, '.json') };
  }
  if (parts.some((part) => part.startsWith('_'))) return undefined;
  const template = TEMPLATE.exec(parts.at(-1) ?? '')?.[1];
  if (template !== undefined)
    return { kind: 'template', schema: 'page.schema.json', route: routeOfTemplate(relativePath), collection: template };
  const route = routeOfFile(relativePath);
  return route === null ? undefined : { kind: 'page', schema: 'page.schema.json', route };
}

/** What the file at an absolute `path` under `pagesDir` is (contentFileOf). */
export function contentFileAt(pagesDir: string, path: string): ContentFile | undefined {
  return contentFileOf(relativeTo(pagesDir, path));
}

/** What a file's "$schema" must say: the relative path from its folder to schemas/<schemaFile>. */
export function schemaRefOf(root: string, file: string, schemaFile: string): string {
  // A file below the root: one "../" for each folder it lies in.
  const below = pathBelow(root, file);
  if (below !== undefined && !below.startsWith('schemas/')) return `${'../'.repeat(below.split('/').length - 1)}schemas/${schemaFile}`;
  return relative(dirname(file), join(root, 'schemas', schemaFile))
    .split(sep)
    .join('/');
}
