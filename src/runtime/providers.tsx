import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import type { ReactNode } from 'react';
import { system } from '../theme/system';

/**
 * The same system without its global styles (reset, tokens, the layer order). ChakraProvider
 * writes those through Emotion's <Global>; the page's own render puts them in the HTML once.
 * Every island and dialog is a React root of its own, and a <Global> in each would add another
 * copy of the whole global sheet as it hydrates, making the browser restyle and lay out the
 * entire page once per island.
 */
const systemWithoutGlobals: typeof system = Object.assign(Object.create(system) as typeof system, {
  _global: [],
  layers: { ...system.layers, atRule: '' },
});

/**
 * The style providers every render needs: the Emotion cache and the Chakra system. `globals`
 * is for the one render that owns the page (the prerendered document); islands and dialogs
 * leave it off.
 */
export function Providers({ cache, globals = false, children }: { cache: EmotionCache; globals?: boolean; children: ReactNode }) {
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={globals ? system : systemWithoutGlobals}>{children}</ChakraProvider>
    </CacheProvider>
  );
}
