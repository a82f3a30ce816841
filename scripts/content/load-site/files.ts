/**
 * loadSite's stages about files as files: which files pages/ holds (with the editor's
 * overlay), the site file, and the files that can never be content.
 */
import { basename, dirname, join, relative } from 'node:path';
import type { Site } from '../../../src/generated/schema-types';
import { SITE_FILE } from '../content-file';
import { fileProblem } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import { filesInside } from '../real-path-inside';
import { checkFile, display, type SiteContext } from './site-context';

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

/** Checks the site file, which every site needs: its value is the site's when it has no problem. */
export function readSiteFile(site: SiteContext): void {
  const path = join(site.pagesDir, SITE_FILE);
  if (!site.names.includes(SITE_FILE)) {
    site.problems.push(fileProblem(display(site, path), problem('missingSiteFile', display(site, path))));
    return;
  }
  const doc = checkFile(site, path, 'site.schema.json');
  site.checked.push({ doc, rootKey: 'site.schema.json' });
  if (doc.problems.length === 0) site.site = doc.value as Site;
}

/** A file in pages/ that is not .json is never a page, however much it looks like one: it is to be renamed. */
export function reportFilesNotJson(site: SiteContext): void {
  for (const name of site.names.filter((entry) => !entry.endsWith('.json'))) {
    if (basename(name).startsWith('.')) continue;
    const file = join(site.pagesDir, name);
    const renamed = display(site, join(dirname(file), `${basename(name).replace(/\.[^.]*$/, '')}.json`));
    site.problems.push(fileProblem(display(site, file), problem('notJsonFile', display(site, file), renamed)));
  }
}
