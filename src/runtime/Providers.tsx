import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { createSiteSystem } from '../theme/create-site-system';

type System = ReturnType<typeof createSiteSystem>;

/**
 * Marks a prerendered page's global style tag whose tokens were pruned (src/render/prune-token-css.ts);
 * its value is the address of the stylesheet that declares them all.
 */
export const PRUNED_TOKENS_ATTRIBUTE = 'data-tokens-pruned';
let systems: { full: System; withoutGlobals: System } | undefined;

/**
 * Builds the site's style system once, on first need; the browser calls this in a task of its
 * own before hydrating (see src/client/hydrate-island.tsx). `withoutGlobals` is the same system without
 * its global styles (reset, tokens, the layer order). ChakraProvider writes those through
 * Emotion's <Global>; the page's own render puts them in the HTML once. Every island and
 * dialog is a React root of its own, and a <Global> in each would add another copy of the
 * whole global sheet as it hydrates, making the browser restyle and lay out the entire page
 * once per island. (So the browser never reads `full._global`, which the build makes lazy:
 * scripts/vite/lazy-chakra-globals.ts.)
 */
export function prepareStyles(): { full: System; withoutGlobals: System } {
  if (systems) return systems;
  const full = createSiteSystem();
  const withoutGlobals = Object.create(full, { _global: { value: [] }, layers: { value: { ...full.layers, atRule: '' } } }) as System;
  systems = { full, withoutGlobals };
  if (typeof document !== 'undefined') addPrunedTokens();
  return systems;
}

/**
 * A prerendered page carries only the tokens its own CSS uses (src/render/prune-token-css.ts);
 * what islands and dialogs draw later may use any. The stylesheet with the full set, built
 * once for the whole site, goes in before the first of them renders, in the same cascade layer.
 */
function addPrunedTokens(): void {
  const pruned = document.querySelector(`style[${PRUNED_TOKENS_ATTRIBUTE}]`);
  const href = pruned?.getAttribute(PRUNED_TOKENS_ATTRIBUTE);
  if (!pruned || !href || document.querySelector('link[data-tokens-full]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.setAttribute('data-tokens-full', '');
  pruned.after(link);
}

/**
 * The style providers every render needs: the Emotion cache and the Chakra system. `globals`
 * is for the one render that owns the page (the prerendered document); islands and dialogs
 * leave it off.
 */
export function Providers({ cache, globals = false, children }: { cache: EmotionCache; globals?: boolean; children: ReactNode }) {
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={globals ? prepareStyles().full : prepareStyles().withoutGlobals}>{children}</ChakraProvider>
    </CacheProvider>
  );
}
