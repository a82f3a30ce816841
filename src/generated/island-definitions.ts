/* Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand. */
import counters from '../blocks/counters/definition';
import heroVideo from '../blocks/banner/hero-video/definition';
import jobList from '../blocks/job-list/definition';
import navBar from '../layout/nav-bar/definition';
import productCarousel from '../blocks/product-carousel/definition';
import ticker from '../blocks/ticker/definition';

/** Every island definition: only server-side code imports this (the browser gets islands.ts). */
export const islandDefinitions = [counters, heroVideo, jobList, navBar, productCarousel, ticker] as const;
