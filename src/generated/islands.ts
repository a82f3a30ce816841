/* Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand. */
import type { BrowserIsland } from '../ui/define-island';

/** Every island the browser may bring to life, by the name in its `data-island` attribute: with its script, or with React. */
export const islands = {
  counters: { kind: 'script', load: () => import('../blocks/counters/script'), preload: false },
  heroVideo: { kind: 'script', load: () => import('../blocks/banner/hero-video/script'), preload: true },
  jobList: { kind: 'script', load: () => import('../blocks/job-list/script'), preload: false },
  navBar: { kind: 'script', load: () => import('../layout/nav-bar/script'), preload: true },
  productCarousel: { kind: 'react', load: () => import('../blocks/product-carousel/ProductCarousel'), preload: false },
  ticker: { kind: 'react', load: () => import('../blocks/ticker/Ticker'), preload: false },
} as const satisfies Record<string, BrowserIsland>;

/** An island name: a mistyped one fails `npm run typecheck`. */
export type IslandName = keyof typeof islands;

/** Each island's browser module (its chunk in the build manifest) and whether the page fetches it at once: for the build (the browser never reads it, so its bundle drops it). */
export const islandModules = {
  counters: { module: 'src/blocks/counters/script.ts', preload: false },
  heroVideo: { module: 'src/blocks/banner/hero-video/script.ts', preload: true },
  jobList: { module: 'src/blocks/job-list/script.ts', preload: false },
  navBar: { module: 'src/layout/nav-bar/script.ts', preload: true },
  productCarousel: { module: 'src/blocks/product-carousel/ProductCarousel.tsx', preload: false },
  ticker: { module: 'src/blocks/ticker/Ticker.tsx', preload: false },
} as const satisfies Record<IslandName, { module: string; preload: boolean }>;
