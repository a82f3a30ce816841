/** The browser's entry: it hydrates the islands. */
export const CLIENT_ENTRY = 'src/client/entry-client.tsx';
/** The page's one script tag: it fetches the client entry once the page has painted. */
export const BOOT_ENTRY = 'src/client/boot.ts';
/** The prerenderer's entry, built for Node. */
export const SERVER_ENTRY = 'src/server/entry-server.tsx';
