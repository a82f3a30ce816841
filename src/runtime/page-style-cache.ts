import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * Marks a built page's own style tags (the server's Emotion cache wrote them; src/render/entry-render.tsx
 * renames Emotion's `data-emotion` to this). Its value is Emotion's: the cache's key, then
 * the names of the rules in the tag.
 */
export const PRERENDERED_STYLES_ATTRIBUTE = 'data-emotion-prerendered';

let cache: EmotionCache | undefined;

/**
 * The browser's one Emotion cache for the page, shared by its islands and its dialogs. It has
 * the server's key, and knows that the rules of the page's own style tags are in, so it does
 * not insert them again.
 *
 * Emotion would find those tags by their `data-emotion` attribute and move each to the end of
 * <head>, once when @emotion/react loads and once more for every cache made: each move makes
 * the browser restyle and lay out the whole page again while its scripts start (passes of
 * 20–50 ms each in Chromium on /about, four times that on a phone). Under another attribute
 * Emotion never sees them; the cache learns their rules' names from it instead, and adds new
 * rules at the end of <head>, after them.
 */
export function pageStyleCache(): EmotionCache {
  if (cache) return cache;
  cache = createCache({ key: 'css' });
  for (const tag of document.querySelectorAll(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`)) {
    const [key, ...names] = (tag.getAttribute(PRERENDERED_STYLES_ATTRIBUTE) ?? '').split(' ');
    if (key === cache.key) for (const name of names) cache.inserted[name] = true;
  }
  return cache;
}
