/**
 * A prerendering thread started early (an incremental build's: scripts/build.ts) waits about as
 * long as the build reads the site, and its first page then costs several times any later one,
 * as V8 compiles React's and the blocks' code on first use (a page of the site: 370 ms first,
 * 30 ms after). So the thread renders a page of the last build meanwhile, into a folder of its
 * own that it then removes: the sample each build leaves in the build cache, a page it rendered
 * with the site file and bundles it rendered it with. It is a guess, never an input: a sample
 * missing, unreadable or failing leaves the thread as it was, and nothing it renders is kept.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Page, Site } from '../../../src/generated/schema-types';
import { replaceFile } from '../output/replace-file';
import type { Manifest } from '../bundles/page-assets';
import { pageRenderer, type ServerEntry } from './page-renderer';
import { siteWithEndpoints } from './site-with-endpoints';
import { warmUpFile } from '../incremental/kept-files';

/** What a thread warms up with: one page and everything it is rendered with. */
interface Sample {
  site: Site;
  manifest: Manifest;
  route: string;
  page: Page;
  today: string;
  compressLevel?: number;
}

/** Keeps `sample` for the next build's early thread (see the file's comment); a cache that cannot be written keeps none. */
export function keepWarmUpSample(cacheDir: string, sample: Sample): void {
  try {
    mkdirSync(cacheDir, { recursive: true });
    replaceFile(warmUpFile(cacheDir), JSON.stringify(sample));
  } catch {
    // Only a later build's first page is slower for it.
  }
}

/** Renders the sample kept in `file` and forgets it (see the file's comment); says whether it rendered it whole. Never fails. */
export async function warmUp(entry: ServerEntry, file: string | undefined): Promise<boolean> {
  if (!file) return false;
  let folder: string | undefined;
  try {
    const sample = JSON.parse(readFileSync(file, 'utf8')) as Sample;
    folder = mkdtempSync(`${file}-`);
    const renderer = pageRenderer(entry, siteWithEndpoints(sample.site), sample.manifest, folder, sample.today, sample.compressLevel);
    await renderer.render(sample.route, sample.page, 'index.html');
    return renderer.failures.length === 0;
  } catch {
    // A guess that failed: the pages are rendered as they would have been.
    return false;
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
