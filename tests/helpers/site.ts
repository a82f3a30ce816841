import { type LoadedSite, loadSite } from '../../scripts/content/load-site';
import { root } from './project';

/**
 * The project's own site, loaded as `npm run validate` loads it. It fails, naming the first
 * problems, when the site has any or has no pages: a test that loops over its pages must not
 * pass on fewer pages than exist.
 */
export function loadedSite(): LoadedSite & { site: NonNullable<LoadedSite['site']> } {
  const loaded = loadSite(root);
  if (loaded.problems.length > 0)
    throw new Error(
      `The site has ${loaded.problems.length} problems (npm run validate lists them), first: ${loaded.problems
        .slice(0, 3)
        .map((problem) => `${problem.file}:${problem.line} ${problem.message}`)
        .join('; ')}`,
    );
  if (!loaded.site || loaded.pages.length === 0) throw new Error('The site loaded no pages.');
  return loaded as LoadedSite & { site: NonNullable<LoadedSite['site']> };
}
