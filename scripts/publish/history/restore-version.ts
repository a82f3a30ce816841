/**
 * A version of a content file made ready to be the editor's draft again: upgraded through
 * migrations/ when it was written for older schemas, then checked against today's, exactly as
 * the validator would check it saved. It writes nothing; the editor makes it the draft, and the
 * draft is saved and published like any other change.
 */
import { pageWords } from '../page-words';
import { join } from 'node:path';
import { loadSite } from '../../content/load-site';
import type { Problem } from '../../content/problems/problem-at';
import { type ContentTree, type Migration, migrateTree, rewriteJson } from '../../content/fixing/migrate-tree';
import { readVersion, versionOf } from '../../content/fixing/schema-version';
import { loadMigrations } from '../../content/fixing/load-migrations';
import type { Restored as RestoredFile } from '../../../src/content/publishing-types';
import type { ProblemCode } from '../../content/problems/catalog';
import { git } from '../git/git';
import { parsedObject, textsAt, VersionError, versionAt } from './history';

/** A version made ready to be the draft (src/content/publishing-types.ts), with the validator's own problem codes. */
export type Restored = RestoredFile<ProblemCode>;

export interface RestoreOptions {
  /** The migrations to upgrade with; the project's migrations/ when not given. */
  migrations?: Migration[];
}

const PROJECT_MIGRATIONS = join(import.meta.dirname, '../../../migrations');

/**
 * The content files under pages/ in a commit, parsed, by their path inside pages/: the tree the
 * migrations were written to run over (one may need the other files of its time, as migration 1
 * needed the job pages to make the job entries). Files that are not JSON objects are left out.
 */
async function treeAt(root: string, commit: string): Promise<ContentTree> {
  const { stdout } = await git(root, ['ls-tree', '-r', '-z', '--end-of-options', commit, '--', 'pages']);
  const files = stdout
    .split('\0')
    // "<mode> <type> <id>\t<path>": regular files only, never a link.
    .map((line) => /^100\d{3} blob [0-9a-f]+\t(pages\/.+\.json)$/s.exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
  const texts = await textsAt(
    root,
    files.map((path) => ({ commit, path })),
  );
  const tree: ContentTree = new Map();
  for (const [path, text] of texts) {
    const value = parsedObject(text);
    if (value) tree.set(path.slice('pages/'.length), value);
  }
  return tree;
}

/**
 * The file at `path` as version `revision` had it, ready to be the draft: upgraded through the
 * migrations when written for older schemas than today's, with today's validator's problems.
 * Refused in words (VersionError) when the version or file is not there, was a link, is not
 * JSON, or when the upgrade moved its content into other files.
 */
export async function restoreVersion(root: string, revision: string, path: string, options: RestoreOptions = {}): Promise<Restored> {
  const version = await versionAt(root, revision, path);
  // A link's text is where it points: never made a draft, so no save can bring the link back as a file, or follow it.
  const { stdout: entry } = await git(root, ['ls-tree', '-z', '--end-of-options', version.commit, '--', path]);
  if (entry.startsWith('120000 '))
    throw new VersionError(
      'link',
      `In that version, ${pageWords(path)} was kept somewhere else (behind a link), not a page of its own, so it cannot be restored.`,
    );
  if (version.value === undefined)
    throw new VersionError('not-json', `${pageWords(path, true)} was damaged in that version, so it cannot be opened in the editor.`);
  const current = readVersion(root).version;
  const written = versionOf(version.value);
  let value = version.value;
  let text = version.text;
  if (written < current) {
    const tree = await treeAt(root, version.commit);
    const inPages = path.slice('pages/'.length);
    tree.set(inPages, version.value);
    const migrations = options.migrations ?? (await loadMigrations(PROJECT_MIGRATIONS));
    const upgraded = migrateTree(root, join(root, 'pages'), tree, migrations, current).tree.get(inPages);
    if (upgraded === undefined)
      throw new VersionError(
        'moved',
        `${pageWords(path, true)} was made in an older form of the site in that version, and what it held now lives in other pages, so it cannot be restored on its own.`,
      );
    value = upgraded;
    text = rewriteJson(version.text, upgraded);
  }
  const upgradedFrom = versionOf(value) > written ? written : undefined;
  const site = loadSite(root, join(root, 'pages'), { overlay: new Map([[join(root, path), text]]) });
  const mine = (list: Problem[]): Problem[] => list.filter((found) => found.file === path);
  return {
    commit: version.commit,
    path,
    value,
    text,
    ...(upgradedFrom === undefined ? {} : { upgradedFrom }),
    problems: mine(site.problems),
    warnings: mine(site.warnings),
  };
}
