import { defineIsland } from '../../ui/define-island';

/** The navigation bar: at the top of every page, its script fetched with it; the browser never loads React for it. */
export default defineIsland({ name: 'navBar', load: () => import('./NavBar'), script: () => import('./script'), preload: true });
