/**
 * What a review's preview is built from: the files of the commit the site serves now, with the
 * review's change on top (every file it adds, changes or deletes from its base to its tip, as
 * its tip has it). So the preview shows the site as it would be if the review were approved now,
 * built by the code served now: a review brings content, never code. A review whose change
 * touches anything but the content folders the editor writes (pages/ and public/media/), or
 * holds a link or a submodule, is refused, and nothing of it is written out or built.
 */
import { isContentPath, nulSplit, type Repository, run, withIndex } from '../../publish/git/repository';

/** The tree to build, or the files that make the review no content change. */
export type PreviewTree = { tree: string } | { refused: string[] };

/** The modes of a regular file, and of a file deleted by the change. */
const FILE_MODES = new Set(['100644', '100755']);
const DELETED = '000000';

/** The tree of `served` with the change of review `base..tip` on top; see the file's comment. */
export async function previewTree(repo: Repository, served: string, base: string, tip: string): Promise<PreviewTree> {
  const fields = nulSplit((await run(repo, ['diff-tree', '-r', '-z', '--no-renames', '--raw', base, tip, '--'])).stdout);
  const lines: string[] = [];
  const refused: string[] = [];
  for (let at = 0; at + 1 < fields.length; at += 2) {
    // ":<old mode> <new mode> <old id> <new id> <status>", then the path.
    const [, mode = '', , id = ''] = (fields[at] ?? '').slice(1).split(' ');
    const path = fields[at + 1] ?? '';
    if (!isContentPath(path) || (mode !== DELETED && !FILE_MODES.has(mode))) refused.push(path);
    else lines.push(mode === DELETED ? `0 ${'0'.repeat(id.length)}\t${path}` : `${mode} ${id}\t${path}`);
  }
  if (refused.length > 0) return { refused };
  const tree = await withIndex(repo, `${served}^{tree}`, async (env) => {
    if (lines.length > 0) await run(repo, ['update-index', '--index-info'], { env, input: `${lines.join('\n')}\n` });
    return (await run(repo, ['write-tree'], { env })).stdout.trim();
  });
  return { tree };
}
