import { createContext, useContext } from 'react';
import type { Site } from '../generated/schema-types';

/**
 * The site file, for components rendered on the server. Islands (the parts hydrated in the
 * browser) get what they need as props instead, so the browser never receives the whole file.
 */
export const SiteContext = createContext<Site | null>(null);

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() needs a <SiteContext.Provider> around the page.');
  return site;
}
