import { defineIsland } from '../../../ui/island';

/** The banner's background video: an island at the top of the page, fetched with it. */
export default defineIsland({ name: 'heroVideo', load: () => import('./HeroVideo'), preload: true });
