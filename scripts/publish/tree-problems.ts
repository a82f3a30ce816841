/**
 * The site as a commit would hold it, checked by the validator itself: the tree's pages/,
 * public/ and schemas/ written out to a folder of their own (git checkout-index, links as
 * links, pictures as the tree has them), then read by loadSite exactly as `npm run validate`
 * reads a checkout. What is checked is the tree, so it is what is committed or pushed, whatever
 * happens to the files on disk meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSite } from '../content/load-site';
import type { Problem } from '../content/problems/problem-at';
import { nulSplit, type Repository, run, withIndex } from './git/repository';

/**
 * The problems of the trees checked last, by tree id: a tree's content is its id, so its
 * problems never change (for one version of the validator: this process's).
 */
const checked = new Map<string, Problem[]>();
const KEPT = 4;

/** What the validator reads of a checkout. */
const SITE_FOLDERS = ['pages', 'public', 'schemas'];

/**
 * The validator's problems with the site `treeish` (a commit or a tree) holds, written out in
 * `folder` (emptied first); none for null (nothing committed yet).
 */
async function problemsOf(repo: Repository, treeish: string | null, folder: string): Promise<Problem[]> {
  if (treeish === null) return [];
  const tree = (await run(repo, ['rev-parse', '--verify', '--end-of-options', `${treeish}^{tree}`])).stdout.trim();
  const known = checked.get(tree);
  if (known) return known;
  for (const name of SITE_FOLDERS) rmSync(join(folder, name), { recursive: true, force: true });
  await withIndex(repo, treeish, async (env) => {
    const files = nulSplit((await run(repo, ['ls-files', '-z', '--', ...SITE_FOLDERS], { env })).stdout);
    if (files.length === 0) return;
    await run(repo, ['checkout-index', '-z', '--stdin', `--prefix=${folder}/`], { env, input: files.map((path) => `${path}\0`).join('') });
  });
  const { problems } = loadSite(folder);
  checked.set(tree, problems);
  // The last few only: the tree just published is the next publish's base.
  for (const old of [...checked.keys()].slice(0, -KEPT)) checked.delete(old);
  return problems;
}

const problemKey = (found: Problem): string => [found.file, found.code, found.path, found.message].join('\0');

/**
 * What stops `tree` from being published on top of `base`: every problem of the files in
 * `mine` (the ones this change brings), and every problem elsewhere that `base` does not have
 * (a link in another page to a page this change deletes).
 */
export async function treeProblems(repo: Repository, base: string | null, tree: string, mine: ReadonlySet<string>): Promise<Problem[]> {
  // One folder for both, so that no problem differs between them by where it was read.
  const folder = mkdtempSync(join(tmpdir(), 'publish-check-'));
  try {
    const known = new Set((await problemsOf(repo, base, folder)).map(problemKey));
    return (await problemsOf(repo, tree, folder)).filter((found) => mine.has(found.file) || !known.has(problemKey(found)));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
