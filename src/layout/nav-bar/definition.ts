import { defineIsland } from '../../ui/island';

/** The navigation bar: an island at the top of every page, fetched with it. */
export default defineIsland({ name: 'navBar', load: () => import('./NavBar'), preload: true });
