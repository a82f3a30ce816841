import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '../../../src/generated/schema-types';
import { blocks } from '../../../src/generated/blocks';
import { buildSettings } from '../../settings/build-settings';

/**
 * scripts/budgets.json, read once: the one place the budgets are written. BUDGETS_FILE names
 * another file of the same form, to try the build against other numbers (its test does).
 */
export interface Budgets {
  firstLoadJsKb: { pageWithoutInteractiveBlocks: number; home: number; pageWithInteractiveBlocks: number };
  formChunkKb: number;
  /** What `npm run audit` holds every route to (Lighthouse mobile, medians). */
  lighthouse: { performance: number; accessibility: number; tbtMs: number };
}

export const budgets = JSON.parse(
  readFileSync(buildSettings().budgetsFile ?? fileURLToPath(new URL('../../budgets.json', import.meta.url)), 'utf8'),
) as Budgets;

/** Whether a page has a block that the browser brings to life (an island): the navigation bar is on every page and does not count. */
export const hasInteractiveBlocks = (page: Page): boolean => page.blocks.some((block) => blocks[block.type].island);

/** The most compressed JavaScript, in KB, a page may load before any interaction. */
export function firstLoadBudgetKb(route: string, page: Page): number {
  const { firstLoadJsKb } = budgets;
  if (route === '/') return firstLoadJsKb.home;
  return hasInteractiveBlocks(page) ? firstLoadJsKb.pageWithInteractiveBlocks : firstLoadJsKb.pageWithoutInteractiveBlocks;
}
