import { fileURLToPath } from 'node:url';

/** React's entry in the browser: it hydrates the islands that need React, loaded only when one nears the viewport. */
export const CLIENT_ENTRY = 'src/client/hydrate-island.tsx';
/** The page's one script tag: it starts the islands and opens the dialogs. */
export const BOOT_ENTRY = 'src/client/boot.ts';
/** The prerenderer's entry, built for Node. */
export const SERVER_ENTRY = 'src/render/entry-render.tsx';

/** Module aliases every Vite server of the project shares (the site's and the editor's). */
export const VITE_ALIASES = {
  // RJSF imports a Markdown renderer our forms never use (see src/forms/stubs/markdown.tsx).
  'markdown-to-jsx/react': fileURLToPath(new URL('../../src/forms/stubs/markdown.tsx', import.meta.url)),
};
