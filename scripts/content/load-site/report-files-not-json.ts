/** loadSite's stage about the files in pages/ that can never be content. */
import { basename, dirname, join } from 'node:path';
import { fileProblem } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import { display, type SiteContext } from './site-context';

/** A file in pages/ that is not .json is never a page, however much it looks like one: it is to be renamed. */
export function reportFilesNotJson(site: SiteContext): void {
  for (const name of site.names.filter((entry) => !entry.endsWith('.json'))) {
    if (basename(name).startsWith('.')) continue;
    const file = join(site.pagesDir, name);
    const renamed = display(site, join(dirname(file), `${basename(name).replace(/\.[^.]*$/, '')}.json`));
    site.problems.push(fileProblem(display(site, file), problem('notJsonFile', display(site, file), renamed)));
  }
}
