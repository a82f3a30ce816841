import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../scripts/build/assets';
import { firstLoadBytes, lazyChunks } from '../../../scripts/build/bundle-sizes';
import { outputFileOfRoute } from '../../../scripts/content/routes';
import { loadSite } from '../../../scripts/content/load-site';
import { root } from '../../helpers/project';

const dist = join(root, 'dist');
const budgets = JSON.parse(readFileSync(join(root, 'scripts/budgets.json'), 'utf8')) as { firstLoadJsKb: number; formChunkKb: number };
const { pages } = loadSite(root);

describe('size budgets (scripts/budgets.json)', () => {
  it(`loads at most ${budgets.firstLoadJsKb} KB gzip of JavaScript before interaction on every route`, () => {
    const over = pages
      .map(({ route }) => ({ route, kb: firstLoadBytes(dist, readFileSync(join(dist, outputFileOfRoute(route)), 'utf8')) / 1024 }))
      .filter(({ kb }) => kb > budgets.firstLoadJsKb)
      .map(({ route, kb }) => `${route}: ${kb.toFixed(1)} KB`);
    expect(over).toEqual([]);
  });

  it(`keeps the dialogs and their forms to at most ${budgets.formChunkKb} KB gzip, loaded on first use`, () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const forms = lazyChunks(dist, manifest).find(({ name }) => name === 'src/dialogs/open-dialog.tsx');
    expect(forms).toBeDefined();
    expect((forms?.bytes ?? Infinity) / 1024).toBeLessThanOrEqual(budgets.formChunkKb);
  });
});
