/**
 * "Undo this change": one version of a page taken back, and everything since kept. It is the
 * three-way merge Publish settles conflicts with (src/content/merge.ts), turned round: base is
 * the page as that version made it, theirs the page just before it, mine the page as it is now
 * (the file saved on disk, else the last commit). Merging brings in exactly "from the version
 * back to before it", field by field and block by block, onto today's page: a field it changed
 * goes back, a block it added goes, one it removed comes back at its place, one it moved goes
 * back, and whatever a later change touched elsewhere stays. A field a later change touched as
 * well is a conflict, named with that later change's author and date, for the person to choose.
 *
 * It writes nothing: the editor makes the answer the page's draft, to be checked, saved and
 * published like any change. What cannot be undone is refused in words (UndoRefused).
 */
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Migration } from '../../content/fixing/migrate-tree';
import { sameJson } from '../../../src/content/same-json';
import { type Conflict, type JsonObject, merge } from '../../../src/content/merge';
import type { Version } from '../../../src/content/publishing-types';
import type { LaterChange, UndoChoices, Undone } from '../../../src/content/undo-types';
import { git } from '../git/git';
import { gitLog } from './git-log';
import { commitOf, history, parsedObject, textsAt, VersionError } from './history';
import { restoreVersion } from './restore-version';
import { SITE_FILE_NAME } from '../../../src/content/site-file-name';

/** An undo that cannot be made, in words a person can act on (the editor answers it with 422). */
export class UndoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndoRefused';
  }
}

export interface UndoOptions {
  /** The choices for the conflicts an earlier answer gave, in order; a conflict without one keeps the later change. */
  choices?: UndoChoices;
  /** The migrations to upgrade old versions with; the project's migrations/ when not given. */
  migrations?: Migration[];
}

/** A page as the person knows it: its title; "Home"; "Menus, footer and site settings" for the site file. */
function titleOf(path: string, value: JsonObject | undefined): string {
  if (path === 'pages/_site.json') return SITE_FILE_NAME;
  if (path === 'pages/index.json') return 'Home';
  const named = value?.title ?? value?.name;
  return typeof named === 'string' && named !== '' ? named : (path.split('/').pop() ?? path).replace(/\.json$/, '');
}

/** The page as it is now: the file saved on disk, else the last commit's; undefined when neither has it. */
interface PageNow {
  value: JsonObject | undefined;
  onDisk: boolean;
  /** The last commit's text of it, when the file on disk is read. */
  committed?: string;
  /** The file on disk is a link (its text is where it points: never read, as Restore reads none), or not a JSON object. */
  unreadable?: 'link' | 'not-json';
}

async function pageNow(root: string, path: string): Promise<PageNow> {
  const file = join(root, path);
  const [committed] = (await git(root, ['rev-parse', '--verify', '--quiet', 'HEAD'], { allowFailure: true })).stdout.split('\n');
  const atHead = committed ? (await textsAt(root, [{ commit: committed, path }])).get(path) : undefined;
  // lstat, not exists: a link that points nowhere is still a link.
  const entry = lstatSync(file, { throwIfNoEntry: false });
  if (entry?.isSymbolicLink()) return { value: undefined, onDisk: true, unreadable: 'link' };
  if (entry) {
    const value = parsedObject(readFileSync(file, 'utf8'));
    if (value === undefined) return { value, onDisk: true, unreadable: 'not-json' };
    return { value, onDisk: true, ...(atHead === undefined ? {} : { committed: atHead }) };
  }
  return { value: atHead === undefined ? undefined : parsedObject(atHead), onDisk: false };
}

/** Where the page at `path` lives now, when a commit after `since` moved it away; followed through later moves. */
async function movedTo(root: string, path: string, since: string): Promise<string | undefined> {
  const prefix = (await git(root, ['rev-parse', '--show-prefix'])).stdout.trim();
  const inProject = (name: string): string => (name.startsWith(prefix) ? name.slice(prefix.length) : name);
  const renames = await gitLog(root, [
    '-M',
    '--name-status',
    '--diff-filter=R',
    '--reverse',
    '--end-of-options',
    `${since}..HEAD`,
    '--',
    'pages',
  ]);
  let here = path;
  for (const { files } of renames) {
    const moved = files.find((file) => file.from !== undefined && inProject(file.from) === here);
    if (moved) here = inProject(moved.path);
  }
  return here === path ? undefined : here;
}

/** A conflict's place and values, alike in every merge with the same base and theirs: how it is found again against a later version. */
const keyOf = (conflict: Conflict): string =>
  JSON.stringify([
    conflict.block?.type ?? null,
    conflict.block ? conflict.path.slice(2) : conflict.path,
    conflict.base ?? null,
    conflict.theirs ?? null,
  ]);

/**
 * Who made each conflict's value what it is now: walking back from today through the later
 * versions, the oldest one since which the conflict has stood with today's value. `steps` are
 * the page after each later change, oldest first, today last; a step's `by` null is the file
 * saved here and not yet published.
 */
function whoChanged(
  conflicts: Conflict[],
  base: JsonObject,
  theirs: JsonObject,
  steps: { value: JsonObject | undefined; by: LaterChange | null }[],
): (LaterChange | null)[] {
  const found = steps.map(({ value }) =>
    value ? new Map(merge(base, theirs, value).conflicts.map((conflict) => [keyOf(conflict), conflict.mine])) : new Map<string, unknown>(),
  );
  return conflicts.map((conflict) => {
    const key = keyOf(conflict);
    let at = steps.length - 1;
    while (at > 0 && found[at - 1]?.has(key) && sameJson(found[at - 1]?.get(key), conflict.mine)) at -= 1;
    // The value may hold nowhere the merge can find it (a version written for older schemas): the newest change is named.
    return found[at]?.has(key) ? (steps[at]?.by ?? null) : (steps.at(-1)?.by ?? null);
  });
}

/** How many versions are read at once, as textsAt reads files: a page with hundreds of later versions starts no more git processes than that. */
const AT_ONCE = 8;

/** The page's text in each version, in order (textsAt keys by path, and many versions share one). */
async function textsOfVersions(root: string, versions: readonly Version[]): Promise<(string | undefined)[]> {
  const texts: (string | undefined)[] = [];
  for (let start = 0; start < versions.length; start += AT_ONCE) {
    const batch = versions.slice(start, start + AT_ONCE);
    texts.push(...(await Promise.all(batch.map(async (each) => (await textsAt(root, [each])).get(each.path)))));
  }
  return texts;
}

const laterChange = (version: Version): LaterChange => ({
  commit: version.commit,
  date: version.date,
  author: version.author,
  subject: version.subject,
});

/**
 * The page at `path` (its path now) with version `revision`'s changes taken back and every later
 * change kept; its conflicts, each with who changed that field later. Refused in words
 * (VersionError for a name or version that is not there, UndoRefused for an undo that cannot be made).
 */
export async function undoVersion(root: string, revision: string, path: string, options: UndoOptions = {}): Promise<Undone> {
  const { versions } = await history(root, path);
  const commit = await commitOf(root, revision);
  const now = await pageNow(root, path);
  const newest = versions.find((version) => version.change !== 'deleted');
  const title = titleOf(path, now.value ?? (newest ? parsedObject((await textsAt(root, [newest])).get(newest.path) ?? '') : undefined));
  if (now.unreadable === 'link') throw new UndoRefused(`${title} is kept somewhere else (behind a link), so nothing can be undone in it.`);
  if (now.unreadable === 'not-json')
    throw new UndoRefused(`${title} as saved now cannot be read by the editor, so nothing can be undone in it: open it and mend it first.`);
  if (versions.length === 0)
    throw new VersionError('missing', 'No page of that name has ever been published, so there is no change of it to undo.');
  const index = versions.findIndex((version) => version.commit === commit);
  const version = versions[index];
  if (version === undefined)
    throw new UndoRefused(
      `That version did not change ${title}: choose “Undo this change” beside one of ${title}’s own versions in its History.`,
    );
  const made = `“${version.subject}” by ${version.author.name}`;
  if (version.state === 'incoming')
    throw new UndoRefused(`${made} is not in this copy of the site yet: it comes in with your next publish, so undo it after that.`);
  if (version.change === 'deleted')
    throw new UndoRefused(`${made} deleted ${title}: to bring it back, restore its last version from History.`);
  if (!now.value) {
    const moved = await movedTo(root, path, commit);
    const movedTitle = moved ? titleOf(moved, (await pageNow(root, moved)).value) : undefined;
    throw new UndoRefused(
      movedTitle
        ? `${title} moved to a new address after ${made}, and is now ${movedTitle}: open ${movedTitle}’s History from the page list and undo the change there.`
        : `${title} was deleted after ${made}, so there is no page to undo it in: restore ${title} from History first, then undo the change.`,
    );
  }
  const parent = await commitOf(root, `${commit}^`).catch(() => undefined);
  const beforePath = version.from ?? version.path;
  const inParent = parent ? (await textsAt(root, [{ commit: parent, path: beforePath }])).has(beforePath) : false;
  if (version.change === 'added' || !parent || !inParent)
    throw new UndoRefused(
      `${made} made ${title}, so undoing it would take the whole page away: delete the page from the page list instead.`,
    );

  // Both sides upgraded to today's schemas as Restore upgrades them, so that they merge with today's page.
  const base = (await restoreVersion(root, commit, version.path, { migrations: options.migrations })).value;
  const theirs = (await restoreVersion(root, parent, beforePath, { migrations: options.migrations })).value;
  if (sameJson(base, theirs))
    throw new UndoRefused(
      version.change === 'renamed'
        ? `${made} only gave ${title} a new address; nothing on the page changed, so there is nothing to undo.`
        : `${made} changed nothing on ${title}, so there is nothing to undo.`,
    );
  const merged = merge(base, theirs, now.value, options.choices ?? []);
  if (merged.conflicts.length === 0 && sameJson(merged.merged, now.value))
    throw new UndoRefused(
      `Everything ${made} changed on ${title} has been changed again or taken back since: there is nothing left of it to undo.`,
    );

  const later = versions
    .slice(0, index)
    .filter((each) => each.state !== 'incoming' && each.change !== 'deleted')
    .reverse();
  const texts = await textsOfVersions(root, later);
  const steps = later.map((each, at) => ({ value: parsedObject(texts[at] ?? ''), by: laterChange(each) as LaterChange | null }));
  const committed = now.committed === undefined ? undefined : parsedObject(now.committed);
  if (now.onDisk && !(committed && sameJson(committed, now.value))) steps.push({ value: now.value, by: null });
  const by = whoChanged(merged.conflicts, base, theirs, steps);
  return {
    commit,
    path,
    value: merged.merged,
    conflicts: merged.conflicts.map((conflict, at) => ({
      path: conflict.path,
      ...(conflict.block && { block: conflict.block }),
      ...(conflict.field !== undefined && { field: conflict.field }),
      before: conflict.theirs,
      now: conflict.mine,
      chosen: conflict.chosen,
      by: by[at] ?? null,
    })),
  };
}
