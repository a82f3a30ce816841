/**
 * `npm run build`: validates the site (and refuses to build an invalid one), builds the
 * client and the server entry with Vite, then prerenders every page to static HTML in dist/.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { outputFileOfRoute } from './content/routes';
import { loadSite, type LoadedPage } from './content/load-site';
import { firstLoadBudgetKb } from './build/budgets';
import { formatProblem } from './content/validator';
import type { Manifest } from './build/assets';
import { firstLoadBytes, lazyChunks } from './build/bundle-sizes';
import { htmlQuality, MANY_PAGES, precompress } from './build/compress';
import { copyPublic } from './build/copy-public';
import { prerenderOnCores, workerCount } from './build/prerender-pool';
import { endpointVariableProblems } from './site-server/security-headers';
import { buildServerEntry, serverEntryFile } from './build/render-entry';

// react-dom/server picks its build from NODE_ENV when first loaded.
process.env.NODE_ENV = 'production';

const root = join(fileURLToPath(import.meta.url), '../..');
// `--development` builds the client with React's development build, which reports every
// hydration mismatch: the browser tests use it to prove hydration is clean.
const { values: options } = parseArgs({ options: { development: { type: 'boolean', default: false }, out: { type: 'string' } } });
const development = options.development;
const distDir = options.out ? resolve(options.out) : join(root, 'dist');
const ssrDir = join(root, 'node_modules/.cache/ssr');

/** Beyond this many routes, the size report names the largest only. */
const ROUTES_LISTED = 80;

/**
 * The build's size report: first-load JavaScript per route (the largest, on a large site), then
 * each lazily loaded chunk (KB gzip). Returns the routes over their budget (scripts/budgets.json).
 */
function printSizes(dir: string, pages: LoadedPage[], built: Manifest): string[] {
  const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  console.log('\nFirst-load JavaScript (gzip)');
  const sizes = pages.map(({ route, page }) => ({
    route,
    budget: firstLoadBudgetKb(route, page),
    bytes: firstLoadBytes(dir, readFileSync(join(dir, outputFileOfRoute(route)), 'utf8')),
  }));
  const listed = sizes.length > ROUTES_LISTED ? [...sizes].sort((a, b) => b.bytes - a.bytes).slice(0, 10) : sizes;
  for (const { route, bytes } of listed) console.log(`${kb(bytes)}  ${route}`);
  if (listed.length < sizes.length) console.log(`  (the 10 largest of ${sizes.length} routes)`);
  console.log('\nLazy chunks (gzip, beyond the boot script)');
  for (const { name, bytes } of lazyChunks(dir, built)) console.log(`${kb(bytes)}  ${name}`);
  console.log('');
  return sizes
    .filter(({ bytes, budget }) => bytes / 1024 > budget)
    .map(({ route, bytes, budget }) => `${route} loads ${(bytes / 1024).toFixed(1)} KB of JavaScript at once; its budget is ${budget} KB`);
}

const started = Date.now();
// PAGES_DIR builds another set of pages (a fixture, a scratch copy) with the same runtime.
const { site, pages, problems } = loadSite(root, process.env.PAGES_DIR ? resolve(process.env.PAGES_DIR) : undefined);
if (problems.length > 0 || !site) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`\nThe site has ${problems.length} problem(s); nothing was built. Fix them (npm run validate lists them) and build again.`);
  process.exit(1);
}
// An endpoint named by the environment reaches every page and the Content-Security-Policy.
const refusedEndpoints = endpointVariableProblems();
if (refusedEndpoints.length > 0) {
  for (const line of refusedEndpoints) console.error(line);
  process.exit(1);
}

await build({
  root,
  logLevel: 'warn',
  mode: development ? 'development' : 'production',
  define: development ? { 'process.env.NODE_ENV': '"development"' } : {},
  build: { outDir: distDir, emptyOutDir: true, minify: !development },
});
// Not Vite's copy, which follows links out of public/ (vite.config.ts turns it off).
copyPublic(join(root, 'public'), distDir);
const entry = await buildServerEntry(root, ssrDir);
const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const workers = workerCount(pages.length);
const { files, failures } = await prerenderOnCores(entry, serverEntryFile(ssrDir), site, pages, manifest, distDir, workers);
if (failures.length > 0) {
  for (const { route, error } of failures) console.error(`${route}: a block failed to render: ${(error as Error).stack ?? String(error)}`);
  console.error(`\n${failures.length} block(s) failed to render; the build is refused.`);
  process.exit(1);
}
rmSync(ssrDir, { recursive: true, force: true });
const compressed = await precompress(distDir, htmlQuality(pages.length));
const overBudget = printSizes(distDir, pages, manifest);
if (overBudget.length > 0) {
  for (const line of overBudget) console.error(line);
  console.error(`\n${overBudget.length} page(s) over their JavaScript budget (scripts/budgets.json); the build is refused.`);
  process.exit(1);
}
console.log(
  `Compressed ${compressed.files} text files: ${Math.round(compressed.before / 1024)} KB → ${Math.round(compressed.after / 1024)} KB (Brotli${htmlQuality(pages.length) < 11 ? `; pages at level ${htmlQuality(pages.length)}, for speed, as there are more than ${MANY_PAGES}` : ''}).`,
);
writeFileSync(join(distDir, '.build-stamp'), new Date().toISOString());
console.log(
  `Prerendered ${pages.length} pages (${files.length} files) into ${relative(process.cwd(), distDir) || '.'}/ in ${((Date.now() - started) / 1000).toFixed(1)} s${workers > 1 ? `, on ${workers} threads` : ''}; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`,
);
