/**
 * What a publish brought in from others: the commits the site had that this checkout had not
 * (between `here` and `site`), each with its author, date and the pages it changed by their
 * titles, for the editor to say "Also on the site now: Priya Shah's change to Home (14:02)".
 */
import type { CameIn } from '../../../src/content/colleague-types';
import { SITE_FILE_NAME } from '../../../src/content/site-file-name';
import { nulSplit, type Repository, run, textAt } from '../git/repository';

/** A page's title as `commit` (else its parent, for a page it deleted) has it; its file name when it has none. */
async function titleOf(repo: Repository, commit: string, path: string): Promise<string> {
  if (path === 'pages/_site.json') return SITE_FILE_NAME;
  const text = (await textAt(repo, commit, path)) ?? (await textAt(repo, `${commit}^`, path));
  try {
    const value = JSON.parse((text ?? '').replace(/^\uFEFF/, '')) as { title?: unknown; name?: unknown };
    if (typeof value.title === 'string') return value.title;
    if (typeof value.name === 'string') return value.name;
  } catch {
    // Not JSON: named by its file.
  }
  return (path.split('/').pop() ?? path).replace(/\.json$/, '');
}

/** Others' commits on the site (in `site`, not in `here`), oldest first, each with the pages it changed. */
export async function cameIn(repo: Repository, here: string, site: string): Promise<CameIn[]> {
  const commits = (await run(repo, ['log', '--reverse', '--format=%H%x00%an%x00%cI', `${here}..${site}`])).stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\0'));
  const found: CameIn[] = [];
  for (const [commit = '', name = '', date = ''] of commits) {
    const files = nulSplit((await run(repo, ['diff-tree', '-r', '-z', '--no-commit-id', '--name-only', '--root', commit])).stdout);
    // Pages and the site file by their titles; a picture comes with the page that shows it.
    const pages = files.filter((path) => path.startsWith('pages/') && path.endsWith('.json'));
    const titles = [...new Set(await Promise.all(pages.map((path) => titleOf(repo, commit, path))))];
    if (titles.length > 0) found.push({ name, date, titles });
  }
  return found;
}
