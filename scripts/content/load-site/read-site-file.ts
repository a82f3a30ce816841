/** loadSite's stage that reads the site file (pages/_site.json). */
import { join } from 'node:path';
import type { Site } from '../../../src/generated/schema-types';
import { SITE_FILE } from '../content-file';
import { fileProblem } from '../problems/problem-at';
import { problem } from '../problems/catalog';
import { checkFile, display, type SiteContext } from './site-context';

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
