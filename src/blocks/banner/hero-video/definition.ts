import { defineIsland } from '../../../ui/define-island';

/** The banner's background video: at the top of the page, its script fetched with it; the browser never loads React for it. */
export default defineIsland({ name: 'heroVideo', load: () => import('./HeroVideo'), script: () => import('./script'), preload: true });
