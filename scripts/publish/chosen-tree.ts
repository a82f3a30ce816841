/**
 * The chosen files of a request to commit them (a publish, a request for review), taken into
 * git's objects once (snapshot.ts) and put in HEAD's tree: a rename brings its old path along,
 * a file not changed, not readable, or showing a new picture not chosen is refused in words.
 */
import { pageWords } from './page-words';
import { listWords } from '../../src/content/list-words';
import type { Scan, ScannedChange } from './changes/list-changes';
import { type Refusal, refusal } from './checked-request';
import { type Repository, textAt } from './git/repository';
import { type Snapshot, snapshot, treeWith } from './snapshot';

/** Pages and pictures named as a person knows them, in one list: "the page at /about and the picture /media/team.png". */
const pathWords = (paths: readonly string[]): string => listWords(paths.map((path) => pageWords(path)));

/**
 * The changes chosen by `paths`: each with a rename's old path (`all`), and those with something
 * to commit (`toCommit`); `doing` says what could not be done with a file unchanged ("publish").
 */
export function chosenFiles(
  scan: Scan,
  paths: readonly string[],
  doing = 'publish',
): { changes: Map<string, ScannedChange>; all: Set<string>; toCommit: string[] } | Refusal {
  const changes = new Map(scan.changes.map((change) => [change.path, change]));
  const unchanged = paths.filter((path) => !changes.has(path));
  if (unchanged.length > 0)
    return refusal('unchanged', `Nothing chosen has a change to ${doing}: it is published already.`, { paths: unchanged });
  const chosen = paths.map((path) => changes.get(path) as ScannedChange);
  // A rename is published whole: the old path's removal goes with the new path.
  const all = new Set(chosen.flatMap((change) => [change.path, ...(change.from ? [change.from] : [])]));
  return { changes, all, toCommit: [...all].filter((path) => scan.uncommitted.has(path)) };
}

/** The new pictures (not in HEAD, changed on disk, not chosen) that the chosen files' texts, as taken, name. */
async function picturesNeeded(repo: Repository, scan: Scan, chosen: Set<string>, taken: Snapshot): Promise<string[]> {
  const needed = new Set<string>();
  for (const media of scan.uncommitted) {
    if (!media.startsWith('public/media/') || chosen.has(media) || (await textAt(repo, scan.head, media)) !== null) continue;
    const named = `"/${media.slice('public/'.length)}"`;
    for (const [path, text] of taken.texts) if (path.endsWith('.json') && text.includes(named)) needed.add(media);
  }
  return [...needed];
}

/**
 * `toCommit` taken (the bytes on disk now) and put in the tree of `onto` (HEAD's when not given:
 * a review's update goes onto the review); refused when one cannot be read or shows a new
 * picture not among `all`. `doing` says what was not done ("published").
 */
export async function chosenTree(
  repo: Repository,
  scan: Scan,
  toCommit: string[],
  all: Set<string>,
  doing: string,
  onto: string | null = scan.head,
): Promise<{ taken: Snapshot; tree: string } | Refusal> {
  const taken = await snapshot(repo, toCommit);
  if (taken.unreadable.length > 0)
    return refusal(
      'unreadable',
      `Nothing was ${doing}: the editor is not allowed to read ${pathWords(taken.unreadable)}. Ask whoever looks after this computer to let the editor read ${taken.unreadable.length === 1 ? 'it' : 'them'}.`,
      { paths: taken.unreadable },
    );
  const needed = await picturesNeeded(repo, scan, all, taken);
  if (needed.length > 0)
    return refusal(
      'incomplete',
      `What you chose shows ${pathWords(needed)}, which ${needed.length === 1 ? 'is' : 'are'} new and not chosen: choose ${needed.length === 1 ? 'it' : 'them'} too.`,
      { paths: needed },
    );
  return { taken, tree: await treeWith(repo, onto, taken.entries) };
}
