/**
 * What the visual editor serves through Vite, once a request has passed its guard (guard.ts): the
 * editor app's modules, its dependencies and Vite's own client, and nothing else of the project
 * (no store, no package.json, no `?raw` source, none of the endpoints Vite mounts for its own use,
 * such as /__open-in-editor, which starts a process).
 */
/** The query parameters Vite itself adds to the modules it serves; any other (?raw, ?url, ?inline, ?worker) is refused. */
const VITE_QUERY = new Set(['v', 't', 'import', 'direct', 'used']);
/** Modules of the editor app and of the preview's islands: the browser's code, never the page renderer's (src/render/). */
const APP_MODULE = /^\/src\/(?!render\/)[\w./-]+\.(tsx?|jsx?|mjs|css)$/;
/** Vite's pre-bundled dependencies, and the files of packages a module or stylesheet names (fonts, styles). */
const DEPENDENCY = /^\/node_modules\/(\.vite\/deps\/[\w.@-]+\.js|(@[\w.-]+\/)?[\w.-]+\/[\w./@-]+\.(m?js|css|woff2?))$/;
const VITE_CLIENT = new Set(['/@vite/client', '/@vite/env', '/@react-refresh']);

/**
 * Whether Vite may answer this request: only the modules the editor app and its preview load.
 * `rawPath` is the path as the request spelt it; a spelling with "..", "\", a NUL or an encoded
 * "/" or "." is refused whatever it would resolve to.
 */
export function servesThroughVite(rawPath: string, query: URLSearchParams): boolean {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  if (/%2[ef]/i.test(rawPath) || /[\\\0]/.test(path) || path.split('/').some((part) => part === '..' || part === '.')) return false;
  if (![...query.keys()].every((key) => VITE_QUERY.has(key))) return false;
  return VITE_CLIENT.has(path) || APP_MODULE.test(path) || DEPENDENCY.test(path);
}
