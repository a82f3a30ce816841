import { createContext, useContext } from 'react';

/**
 * The day the page is rendered for, as YYYY-MM-DD (UTC): the build's day for a built site (one
 * day for every page of a build), the day of the request for the development server and the
 * editor's preview. Only components rendered on the server read it (a job's "3 weeks ago"): the
 * prerendered HTML is final, and no browser recomputes it on another day.
 */
export const BuildDateContext = createContext<string | null>(null);

/**
 * Told each time a component reads the day: the build renders a page again on a new day only
 * if its render read it (scripts/build/incremental/build-record.ts).
 */
export const BuildDateReadContext = createContext<(() => void) | null>(null);

export function useBuildDate(): string {
  const date = useContext(BuildDateContext);
  const read = useContext(BuildDateReadContext);
  if (!date) throw new Error('useBuildDate() needs a <BuildDateContext.Provider> around the page.');
  read?.();
  return date;
}
