import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadOptions } from '../../../scripts/content/load-site';
import { checkIdsAcrossCollections } from '../../../scripts/content/load-site/check-ids-across-collections';
import { listFiles } from '../../../scripts/content/load-site/list-files';
import { readEntries } from '../../../scripts/content/load-site/read-entries';
import { readSiteFile } from '../../../scripts/content/load-site/read-site-file';
import { readPages } from '../../../scripts/content/load-site/read-pages';
import { resolveReferences } from '../../../scripts/content/load-site/resolve-references';
import { warnSameTexts } from '../../../scripts/content/load-site/warn-same-texts';
import { openSite, type SiteContext } from '../../../scripts/content/load-site/site-context';
import { root } from '../../helpers/project';

const pagesDir = join(root, 'pages');
const about = readFileSync(join(pagesDir, 'about.json'), 'utf8');

/** The project's own site with `overlay`, run through the stages given, in order. */
function runStages(stages: ((site: SiteContext) => void)[], overlay: LoadOptions['overlay'] = new Map()): SiteContext {
  const site = openSite(root, pagesDir, { overlay });
  if (Array.isArray(site)) throw new Error(`The project's schemas have problems: ${site.map((found) => found.message).join('; ')}`);
  for (const stage of stages) stage(site);
  return site;
}

describe('load-site stages', () => {
  it('list the files of pages/ as the overlay has them: added, deleted, never outside pages/', () => {
    const site = runStages(
      [listFiles],
      new Map([
        [join(pagesDir, 'drafts/new.json'), '{}'],
        [join(pagesDir, 'about.json'), null],
        [join(root, 'outside.json'), '{}'],
      ]),
    );
    expect(site.names).toContain('drafts/new.json');
    expect(site.names).not.toContain('about.json');
    expect(site.names).not.toContain('../outside.json');
    expect(site.names).toEqual([...site.names].sort());
    expect(site.jsonPaths).toContain(join(pagesDir, 'drafts/new.json'));
  });

  it('read the site file and the entries before the pages, and give each template page its route and its entry its href', () => {
    const site = runStages([listFiles, readSiteFile, readEntries, checkIdsAcrossCollections, readPages]);
    expect(site.site?.name).toBeTruthy();
    const [job] = site.entries.get('jobs')?.values() ?? [];
    expect(job?.href).toBe(`/careers/${job?.id}`);
    expect(site.routeOwners.get(`/careers/${job?.id}`)).toBe(`pages/careers/[jobs].json (for ${job?.file})`);
    expect(site.pageDocs.map(({ route }) => route)).toContain('/about');
  });

  it('leave out a page whose route another file gives, with the problem in its own file', () => {
    const [id] = [...(runStages([listFiles, readSiteFile, readEntries]).entries.get('jobs')?.keys() ?? [])];
    const copy = about.replace('"../schemas/', '"../../schemas/');
    const site = runStages([listFiles, readSiteFile, readEntries, readPages], new Map([[join(pagesDir, `careers/${id}.json`), copy]]));
    expect(site.problems).toEqual([
      expect.objectContaining({ file: `pages/careers/${id}.json`, code: 'duplicateRoute', line: 1, column: 1 }),
    ]);
    expect(site.pageDocs.filter(({ route }) => route === `/careers/${id}`)).toHaveLength(1);
  });

  it('load the pages whose references resolve, and warn at the second of two pages with one title', () => {
    const site = runStages(
      [listFiles, readSiteFile, readEntries, readPages, resolveReferences, warnSameTexts],
      new Map([[join(pagesDir, 'about-again.json'), about]]),
    );
    expect(site.pages.map(({ loaded }) => loaded.route)).toEqual(expect.arrayContaining(['/about', '/about-again']));
    expect(site.anchors.get('/about')).toContain('content');
    expect(site.warnings.filter((found) => found.code === 'samePageText')).toEqual([
      expect.objectContaining({ file: 'pages/about.json', path: 'title' }),
      expect.objectContaining({ file: 'pages/about.json', path: 'description' }),
    ]);
  });
});
