/* Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand. */
import counters from '../blocks/counters/definition';
import heroVideo from '../blocks/banner/hero-video/definition';
import jobList from '../blocks/job-list/definition';
import navBar from '../layout/nav-bar/definition';
import productCarousel from '../blocks/product-carousel/definition';
import ticker from '../blocks/ticker/definition';

/** Every island the browser may hydrate, by the name in its `data-island` attribute. */
export const islands = { counters, heroVideo, jobList, navBar, productCarousel, ticker } as const;

/** An island name: a mistyped one fails `npm run typecheck`. */
export type IslandName = keyof typeof islands;

/** Each island's component module (its chunk in the build manifest) and whether the page fetches it at once: for the build (the browser never reads it, so its bundle drops it). */
export const islandModules = {
  counters: { module: 'src/blocks/counters/Counters.tsx', preload: false },
  heroVideo: { module: 'src/blocks/banner/hero-video/HeroVideo.tsx', preload: true },
  jobList: { module: 'src/blocks/job-list/JobList.tsx', preload: false },
  navBar: { module: 'src/layout/nav-bar/NavBar.tsx', preload: true },
  productCarousel: { module: 'src/blocks/product-carousel/ProductCarousel.tsx', preload: false },
  ticker: { module: 'src/blocks/ticker/Ticker.tsx', preload: false },
} as const satisfies Record<IslandName, { module: string; preload: boolean }>;
