/**
 * The Vite builds of a full build, in a process of their own (build-site.ts runs this file):
 * the client bundles into `--out`, then the server entry into `--ssr`. Vite leaves close to a
 * gigabyte in the process that ran it, which the prerender of a large site needs: in a process
 * that ends once they are done, it is given back before the first page renders.
 */
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { bundleServerEntry } from '../render/build-server-entry';

const { values } = parseArgs({
  options: { root: { type: 'string' }, out: { type: 'string' }, ssr: { type: 'string' }, development: { type: 'boolean', default: false } },
});
const { root, out, ssr, development } = values;
if (!root || !out || !ssr) {
  console.error('vite-builds.ts needs --root, --out and --ssr.');
  process.exit(2);
}
await build({
  root,
  logLevel: 'warn',
  mode: development ? 'development' : 'production',
  define: development ? { 'process.env.NODE_ENV': '"development"' } : {},
  build: { outDir: out, emptyOutDir: true, minify: !development },
});
await bundleServerEntry(root, ssr);
console.log(
  `Vite builds done in ${process.uptime().toFixed(1)} s; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB, given back as they end.`,
);
