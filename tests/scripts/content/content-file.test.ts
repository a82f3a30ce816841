import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFileAt, contentFileOf, schemaRefOf } from '../../../scripts/content/content-file';
import { routeOfEntry } from '../../../scripts/content/route-of-file';

describe('content-file', () => {
  it('knows the site file', () => {
    expect(contentFileOf('_site.json')).toEqual({ kind: 'site', schema: 'site.schema.json' });
  });

  it('makes a page of any other .json file outside "_" folders, with the route its path gives', () => {
    expect(contentFileOf('index.json')).toEqual({ kind: 'page', schema: 'page.schema.json', route: '/' });
    expect(contentFileOf('services/index.json')).toEqual({ kind: 'page', schema: 'page.schema.json', route: '/services' });
    expect(contentFileOf('services/cloud-migration.json')).toEqual({
      kind: 'page',
      schema: 'page.schema.json',
      route: '/services/cloud-migration',
    });
  });

  it('still says what a badly named page is: whether its route is well formed is for its reader to report', () => {
    expect(contentFileOf('About_Us.json')).toEqual({ kind: 'page', schema: 'page.schema.json', route: '/About_Us' });
  });

  it('makes an entry of a file directly inside a collection’s folder, named by its collection and id', () => {
    expect(contentFileOf('_collections/jobs/ux-designer.json')).toEqual({
      kind: 'entry',
      schema: 'collections/jobs.schema.json',
      collection: 'jobs',
      id: 'ux-designer',
    });
  });

  it('makes a template of a page named after a collection in brackets, with its route pattern', () => {
    const template = contentFileOf('careers/[jobs].json');
    expect(template).toEqual({ kind: 'template', schema: 'page.schema.json', route: '/careers/<id>', collection: 'jobs' });
    expect(routeOfEntry(template?.kind === 'template' ? template.route : '', 'ux-designer')).toBe('/careers/ux-designer');
  });

  it('makes no content of other files', () => {
    expect(contentFileOf('notes.txt')).toBeUndefined();
    expect(contentFileOf('_drafts/about.json')).toBeUndefined();
    expect(contentFileOf('services/_old.json')).toBeUndefined();
    expect(contentFileOf('_collections/jobs.json')).toBeUndefined();
    expect(contentFileOf('_collections/jobs/archive/old.json')).toBeUndefined();
  });

  it('reads an absolute path under the pages folder the same way', () => {
    const pages = join('/project', 'pages');
    expect(contentFileAt(pages, join(pages, 'services', 'index.json'))).toEqual(contentFileOf('services/index.json'));
    expect(contentFileAt(pages, join(pages, '_site.json'))?.kind).toBe('site');
  });

  it('says what "$schema" a file must hold, from its depth', () => {
    expect(schemaRefOf('/project', '/project/pages/about.json', 'page.schema.json')).toBe('../schemas/page.schema.json');
    expect(schemaRefOf('/project', '/project/pages/_collections/jobs/a.json', 'collections/jobs.schema.json')).toBe(
      '../../../schemas/collections/jobs.schema.json',
    );
  });
});
