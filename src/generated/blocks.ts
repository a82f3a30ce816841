/* Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand. */
import type { BlockDefinition, BlockType } from '../blocks/define-block';
import banner from '../blocks/banner/definition';
import callToAction from '../blocks/call-to-action/definition';
import cardGrid from '../blocks/card-grid/definition';
import caseStudies from '../blocks/case-studies/definition';
import counters from '../blocks/counters/definition';
import faq from '../blocks/faq/definition';
import jobDetail from '../blocks/job-detail/definition';
import jobList from '../blocks/job-list/definition';
import logoCloud from '../blocks/logo-cloud/definition';
import productCarousel from '../blocks/product-carousel/definition';
import productDetail from '../blocks/product-detail/definition';
import prose from '../blocks/prose/definition';
import steps from '../blocks/steps/definition';
import ticker from '../blocks/ticker/definition';

/** Every block type and its definition. Only server-side code imports this: the browser gets islands.ts. */
export const blocks = { banner, callToAction, cardGrid, caseStudies, counters, faq, jobDetail, jobList, logoCloud, productCarousel, productDetail, prose, steps, ticker } as const satisfies { [T in BlockType]: BlockDefinition<T> };
