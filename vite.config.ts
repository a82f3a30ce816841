import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BOOT_ENTRY, VITE_ALIASES } from './scripts/vite/entries.ts';
import { pagesDevServer } from './scripts/vite/pages-dev-server.ts';
import { lazyChakraGlobals } from './scripts/vite/lazy-chakra-globals.ts';

/**
 * The client build: a tiny boot script, the entry that hydrates islands, and a chunk per island. The
 * prerenderer (scripts/build.ts) builds src/render/entry-render.tsx with the same config in SSR
 * mode and renders every page with it. In development, pagesDevServer renders each request
 * from the page files, so editing a page shows at once.
 */
export default defineConfig({
  plugins: [react(), pagesDevServer(), lazyChakraGlobals()],
  // Pages are rendered by pagesDevServer, not served from an index.html.
  appType: 'custom',
  resolve: { alias: VITE_ALIASES },
  // The dev server has no index.html to scan for the browser's dependencies: it is told where
  // the browser's code starts (the boot script, whose dynamic imports lead to React, the
  // islands and the dialogs), so they are optimized before the first page, not found one by
  // one as a visitor scrolls (each find would reload the page).
  optimizeDeps: { entries: [BOOT_ENTRY] },
  build: {
    manifest: true,
    outDir: 'dist',
    // scripts/build.ts copies public/ itself, never through a link out of it (scripts/build/output/copy-public.ts):
    // Vite's copy follows every link, so a link to a file elsewhere would publish that file.
    copyPublicDir: false,
    // boot.ts is the page's one script tag; everything else (island scripts, React, dialogs) it imports on demand.
    rollupOptions: { input: [BOOT_ENTRY] },
  },
  server: {
    host: process.env.HOST ?? '127.0.0.1',
    // Vite serves any file under the project to the browser; not the store, the built site, nor
    // secrets. A deny list given here replaces Vite's, so its defaults (Vite 8) come first.
    fs: {
      deny: [
        '.env',
        '.env.*',
        '*.{crt,pem,key,p12,pfx,cer,der}',
        '.npmrc',
        '.yarnrc.yml',
        '**/.git/**',
        `${import.meta.dirname}/data/**`,
        `${import.meta.dirname}/dist/**`,
        '*.db*',
      ],
    },
  },
});
