import { fileURLToPath } from 'node:url';

/** The browser's entry: it hydrates the islands. */
export const CLIENT_ENTRY = 'src/client/entry-client.tsx';
/** The page's one script tag: it fetches the client entry once the page has painted. */
export const BOOT_ENTRY = 'src/client/boot.ts';
/** The prerenderer's entry, built for Node. */
export const SERVER_ENTRY = 'src/render/entry-render.tsx';

/** Module aliases every Vite server of the project shares (the site's and the editor's). */
export const VITE_ALIASES = {
  // RJSF imports a Markdown renderer our forms never use (see src/forms/stubs/markdown.tsx).
  'markdown-to-jsx/react': fileURLToPath(new URL('../../src/forms/stubs/markdown.tsx', import.meta.url)),
};
