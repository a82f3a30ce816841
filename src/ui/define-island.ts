import type { ComponentType } from 'react';

/**
 * What brings an island to life in the browser without a framework: it is handed the island's
 * wrapper (whose children are the server's markup) and wires that markup up in place. It may
 * return a function that undoes what it did outside the wrapper (listeners on the window), for
 * the editor's preview, which replaces islands as a page is edited.
 */
export type IslandScript = (element: HTMLElement) => (() => void) | undefined;

/**
 * One interactive part of the site: prerendered like everything else, then brought to life in
 * the browser, either by a script of its own without a framework (`script`: the browser never
 * loads React for it) or by a React root hydrating its component. Everything that is not an
 * island is static HTML and costs the visitor no JavaScript. Each island has one definition,
 * in a `definition.ts` beside its component; `npm run gen` collects them into
 * src/generated/islands.ts (for the browser) and src/generated/island-definitions.ts.
 */
export interface IslandDefinition<P extends object = never> {
  /** The island's name in the page's `data-island` attribute, unique across the site. */
  name: string;
  /** The component: the server renders it; the browser hydrates it with React, unless the island has a `script`. */
  load: () => Promise<{ default: ComponentType<P> }>;
  /** The framework-free script that brings the server's markup to life instead (a chunk of its own in the client build). */
  script?: () => Promise<{ default: IslandScript }>;
  /** Fetched with the page because it is at the top of every page it is on; otherwise fetched when it nears the viewport. */
  preload: boolean;
}

/** An island as the browser knows it (src/generated/islands.ts): its script, or the component React hydrates. */
export type BrowserIsland =
  | { kind: 'script'; load: () => Promise<{ default: IslandScript }>; preload: boolean }
  | { kind: 'react'; load: () => Promise<{ default: ComponentType<never> }>; preload: boolean };

/** Declares an island; the object is its one definition, and what static components name it by. */
export function defineIsland<P extends object>(definition: IslandDefinition<P>): IslandDefinition<P> {
  return definition;
}
