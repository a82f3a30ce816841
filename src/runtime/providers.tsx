import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { createSiteSystem } from '../theme/system';

type System = ReturnType<typeof createSiteSystem>;
let systems: { full: System; withoutGlobals: System } | undefined;

/**
 * Builds the site's style system once, on first need; the browser calls this in a task of its
 * own before hydrating (see src/entry-client.tsx). `withoutGlobals` is the same system without
 * its global styles (reset, tokens, the layer order). ChakraProvider writes those through
 * Emotion's <Global>; the page's own render puts them in the HTML once. Every island and
 * dialog is a React root of its own, and a <Global> in each would add another copy of the
 * whole global sheet as it hydrates, making the browser restyle and lay out the entire page
 * once per island.
 */
export function prepareStyles(): { full: System; withoutGlobals: System } {
  if (systems) return systems;
  const full = createSiteSystem();
  const withoutGlobals = Object.assign(Object.create(full) as System, { _global: [], layers: { ...full.layers, atRule: '' } });
  systems = { full, withoutGlobals };
  return systems;
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
