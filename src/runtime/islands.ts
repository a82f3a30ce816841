import type { ComponentType } from 'react';
import { blocks } from '../blocks/registry';

type Loader = () => Promise<{ default: ComponentType<never> }>;

/**
 * Loaders of everything the browser may hydrate: the interactive blocks, plus the parts of
 * the layout that react to the visitor. Keyed by the name in `data-island`.
 */
export const islands: Record<string, Loader> = {
  ...Object.fromEntries(Object.entries(blocks).flatMap(([type, definition]) => (definition.island ? [[type, definition.load as Loader]] : []))),
  navBar: () => import('../layout/nav-bar/NavBar'),
  heroVideo: () => import('../blocks/banner/hero-video/HeroVideo'),
};
