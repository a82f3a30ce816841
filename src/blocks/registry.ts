import type { ComponentType } from 'react';
import type { Block } from '../generated/schema-types';

export type BlockType = Block['type'];
export type BlockProps<T extends BlockType> = Extract<Block, { type: T }>;

export interface BlockDefinition<T extends BlockType> {
  /** Loads the block's component. Static blocks are only ever loaded by the prerenderer. */
  load: () => Promise<{ default: ComponentType<BlockProps<T>> }>;
  /** Interactive blocks are islands: prerendered, then hydrated in the browser. */
  island: boolean;
}

/**
 * Every block type and its component, one entry per schema in schemas/blocks/ (a test
 * fails when the two disagree). Loading through `import()` gives each block its own chunk,
 * so a page's JavaScript holds only the islands it uses.
 */
export const blocks = {
  banner: { load: () => import('./banner/Banner'), island: false },
  callToAction: { load: () => import('./call-to-action/CallToAction'), island: false },
  cardGrid: { load: () => import('./card-grid/CardGrid'), island: false },
  caseStudies: { load: () => import('./case-studies/CaseStudies'), island: false },
  counters: { load: () => import('./counters/Counters'), island: true },
  faq: { load: () => import('./faq/Faq'), island: false },
  jobDetail: { load: () => import('./job-detail/JobDetail'), island: false },
  jobList: { load: () => import('./job-list/JobList'), island: true },
  logoCloud: { load: () => import('./logo-cloud/LogoCloud'), island: false },
  productCarousel: { load: () => import('./product-carousel/ProductCarousel'), island: true },
  prose: { load: () => import('./prose/Prose'), island: false },
  steps: { load: () => import('./steps/Steps'), island: false },
  ticker: { load: () => import('./ticker/Ticker'), island: true },
} as const satisfies { [T in BlockType]: BlockDefinition<T> };
