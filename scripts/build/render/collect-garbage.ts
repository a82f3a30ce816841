/**
 * A full garbage collection, where the build runs with `--expose-gc` (package.json's build
 * script), and nothing elsewhere. V8 collects lazily: reading 10,000 pages left about 165 MB of
 * garbage in the main thread through the whole prerender, which one collection, once the site
 * is handed to the threads, gives back. (Collections forced in the rendering threads every
 * 1,000 pages cost 18 s of CPU in that build: the threads get their pages in batches instead,
 * prerenderer.ts, and hold little.)
 */
export const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();
