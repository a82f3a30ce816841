/**
 * The pages a published commit added or changed, as visitors reach them on the live site, by
 * title: what "Live at 14:02" links to. And the live site's reason for refusing a change, with
 * the content files it names said as the editor says them (a page's title; the site file as
 * "Menus, footer and site settings"), never as paths.
 */
import { contentFileOf } from '../content/content-file';
import { routeOfEntry } from '../content/route-of-file';
import { git } from '../publish/git/git';
import type { FileInfo } from '../../src/content/api-types';
import type { LivePage } from '../../src/content/live-types';
import { SITE_FILE_NAME } from '../../src/content/site-file-name';

/** What the editor calls the site file everywhere a person reads. */
const SITE_FILE_WORDS = SITE_FILE_NAME;

/** A file's name for a person: its title; for the site file, what it holds; for a file now gone, its address or its name. */
function nameOf(path: string, files: FileInfo[]): string {
  const file = files.find((each) => each.path === path);
  if (file?.kind === 'site' || path === 'pages/_site.json') return SITE_FILE_WORDS;
  if (file) return file.title;
  const known = contentFileOf(path.slice('pages/'.length));
  return known && 'route' in known && known.kind === 'page'
    ? `the page at ${known.route}`
    : (path.split('/').at(-1) ?? path).replace(/\.json$/, '');
}

/** `reason` with every content file's path in it replaced by its name for a person. */
export function reasonWords(reason: string, files: FileInfo[]): string {
  return reason.replace(/\bpages\/[A-Za-z0-9_./[\]-]+?\.json\b/g, (path) => nameOf(path, files));
}

/** The address a changed file has on the live site `site`, or null when it is no one page (a template, a file gone). */
function addressOf(file: FileInfo, files: FileInfo[], site: string): string | null {
  if (file.kind === 'site') return `${site}/`;
  if (file.kind === 'page' && file.route) return `${site}${file.route}`;
  if (file.kind === 'entry') {
    const template = files.find((each) => each.kind === 'template' && each.collection === file.collection);
    const id = file.path
      .split('/')
      .at(-1)
      ?.replace(/\.json$/, '');
    return template?.route && id ? `${site}${routeOfEntry(template.route, id)}` : null;
  }
  return null;
}

/** The pages commit `commit` added or changed that are still in `files`, each with its live address on `site`. */
export async function livePages(root: string, commit: string, files: FileInfo[], site: string): Promise<LivePage[]> {
  const { code, stdout } = await git(root, ['diff-tree', '--no-commit-id', '--name-only', '--root', '-r', '-z', commit, '--', 'pages/'], {
    allowFailure: true,
  });
  if (code !== 0) return [];
  const pages: LivePage[] = [];
  for (const path of stdout.split('\0').filter(Boolean)) {
    const file = files.find((each) => each.path === path);
    const url = file ? addressOf(file, files, site) : null;
    if (file && url && !pages.some((page) => page.url === url)) pages.push({ title: nameOf(path, files), url });
  }
  return pages;
}
