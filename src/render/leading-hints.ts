/**
 * React starts a root's markup with preload links for the pictures in it. They go to the page's
 * <head> (inside an island they would be markup its hydration does not expect): the hints, and
 * the markup without them.
 */
export function leadingHints(html: string): { hints: string[]; rest: string } {
  const leading = html.match(/^(?:<link rel="preload"[^>]*\/>)+/)?.[0] ?? '';
  return { hints: leading.match(/<link[^>]*\/>/g) ?? [], rest: html.slice(leading.length) };
}
