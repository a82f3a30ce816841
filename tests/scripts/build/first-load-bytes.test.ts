import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../scripts/build/bundles/page-assets';
import { budgets, firstLoadBudgetKb, hasInteractiveBlocks } from '../../../scripts/build/bundles/budgets';
import { firstLoadBytes, lazyChunks } from '../../../scripts/build/bundles/first-load-bytes';
import { outputFileOfRoute } from '../../../scripts/content/route-of-file';
import { loadSite } from '../../../scripts/content/load-site';
import { root } from '../../helpers/project';

const dist = join(root, 'dist');
const { pages } = loadSite(root);

describe('size budgets (scripts/budgets.json)', () => {
  const { firstLoadJsKb } = budgets;
  it(`loads at most ${firstLoadJsKb.pageWithoutInteractiveBlocks} KB gzip of JavaScript before interaction on a page without interactive blocks, ${firstLoadJsKb.home} KB on the home page`, () => {
    const sizes = pages.map(({ route, page }) => ({
      route,
      budget: firstLoadBudgetKb(route, page),
      kb: firstLoadBytes(dist, readFileSync(join(dist, outputFileOfRoute(route)), 'utf8')) / 1024,
    }));
    // The budgets apply: most pages are static, and those get the small one.
    expect(pages.filter(({ page }) => !hasInteractiveBlocks(page)).length).toBeGreaterThan(pages.length / 2);
    expect(sizes.find(({ route }) => route === '/')?.budget).toBe(firstLoadJsKb.home);
    expect(
      sizes.filter(({ kb, budget }) => kb > budget).map(({ route, kb, budget }) => `${route}: ${kb.toFixed(1)} KB, over ${budget} KB`),
    ).toEqual([]);
  });

  it(`keeps the dialogs and their forms to at most ${budgets.formChunkKb} KB gzip, loaded on first use`, () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const forms = lazyChunks(dist, manifest).find(({ name }) => name.startsWith('src/dialogs/open-dialog.tsx'));
    expect(forms).toBeDefined();
    expect((forms?.bytes ?? Infinity) / 1024).toBeLessThanOrEqual(budgets.formChunkKb);
  });
});
