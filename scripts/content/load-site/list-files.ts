/** loadSite's first stage: which files pages/ holds, with the editor's overlay. */
import { basename, join, relative } from 'node:path';
import { fileProblem } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import { filesInside } from '../real-path-inside';
import { display, type SiteContext } from './site-context';

/**
 * Lists every file under pages/, following no link out of it: each link left out is one
 * problem where it lies. The overlay adds the files it gives a text and leaves out those it
 * deletes. Links named like hidden files are editors' own (Emacs locks a file with a link
 * .#name that leads nowhere) and pass unremarked.
 */
export function listFiles(site: SiteContext): void {
  const { pagesDir } = site;
  const { files: listed, refused } = filesInside(pagesDir);
  for (const { link, target, reason, folder } of refused.filter((each) => !basename(each.link).startsWith('.'))) {
    const file = display(site, join(pagesDir, link));
    site.problems.push(fileProblem(file, problem('linkedFile', file, target, reason, `${display(site, pagesDir)}/`, folder)));
  }
  const overlaid = [...(site.options.overlay ?? [])].map(([path, text]) => [relative(pagesDir, path), text] as const);
  site.names = [
    ...new Set([...listed, ...overlaid.filter(([name, text]) => text !== null && !name.startsWith('..')).map(([name]) => name)]),
  ]
    .filter((name) => !overlaid.some(([gone, text]) => text === null && gone === name))
    .sort();
  site.jsonPaths = site.names.filter((name) => name.endsWith('.json')).map((name) => join(pagesDir, name));
}
