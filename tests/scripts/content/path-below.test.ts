/** The quick relative path (scripts/content/path-below.ts) says what path.relative says, or leaves the case to it. */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaRefOf } from '../../../scripts/content/content-file';
import { pathBelow, relativeTo } from '../../../scripts/content/path-below';

describe('a path below a folder', () => {
  it('is the part after the folder, as path.relative gives it', () => {
    for (const [dir, path] of [
      ['/site/pages', '/site/pages/about.json'],
      ['/site/pages', '/site/pages/careers/[jobs].json'],
      ['/site', '/site/pages/_collections/jobs/designer.json'],
    ] as const) {
      expect(pathBelow(dir, path)).toBe(relative(dir, path));
      expect(relativeTo(dir, path)).toBe(relative(dir, path));
    }
  });

  it('is left to path.relative when the path is not below the folder', () => {
    for (const [dir, path] of [
      ['/site/pages', '/site/pages-other/about.json'],
      ['/site/pages', '/site/pages'],
      ['/site/pages', '/elsewhere/about.json'],
      ['/site/pages', '/site/pages/../secret.json'],
    ] as const) {
      expect(pathBelow(dir, path)).toBeUndefined();
      expect(relativeTo(dir, path)).toBe(relative(dir, path));
    }
  });

  it('gives the "$schema" a file at any depth must name, as path.relative does', () => {
    const slow = (root: string, file: string, schema: string) => relative(`${file}/..`, `${root}/schemas/${schema}`);
    for (const file of ['/site/pages/about.json', '/site/pages/a/b/c.json', '/site/x.json', '/elsewhere/pages/about.json'])
      for (const schema of ['page.schema.json', 'collections/jobs.schema.json'])
        expect(schemaRefOf('/site', file, schema)).toBe(slow('/site', file, schema));
  });
});
