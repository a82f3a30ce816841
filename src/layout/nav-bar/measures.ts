/** The bar's numbers, shared by its markup (NavBar.tsx and the menus) and its script (script.ts). */

/** Past 90 px of scroll the bar takes its scrolled style and logo (the spec's threshold). */
export const SCROLL_THRESHOLD = 90;

/** The least room kept between an open desktop panel and the window's edges, in px. */
export const PANEL_EDGE = 16;

/** The width from which the bar shows its menus (Chakra's xl); below it, the phone menu. */
export const DESKTOP_QUERY = '(min-width: 1200px)';
