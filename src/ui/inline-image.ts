/**
 * Marks an <img> the build may write into the page itself: a small SVG (at most
 * INLINE_IMAGE_LIMIT bytes, Vite's own limit for inlining assets) becomes a data: URL, so a
 * block showing many small pictures at once (a wall of client logos) costs the page no request
 * for each of them. The editor's preview and `npm run dev` keep the file's address.
 */
export const INLINE_IMAGE_ATTRIBUTE = 'data-inline';
export const INLINE_IMAGE_LIMIT = 4096;
