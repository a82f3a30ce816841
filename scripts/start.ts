/**
 * `npm start`: builds the site if dist/ is missing or older than its sources, then serves
 * it on http://${HOST:-127.0.0.1}:${PORT:-4173}, with the forms' endpoints POST /api/enquiry
 * and POST /api/apply storing into ${STORE_PATH:-data/submissions.db}.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formsApi } from './lib/forms-api';
import { createSiteServer } from './lib/server';
import { DEFAULT_STORE_PATH, openStore } from './lib/store';

const root = join(fileURLToPath(import.meta.url), '../..');
const distDir = join(root, 'dist');
const stamp = join(distDir, '.build-stamp');

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

const sources = ['pages', 'schemas', 'src', 'public', 'scripts', 'package-lock.json', 'vite.config.ts'].map((entry) => join(root, entry)).filter(existsSync);
if (!existsSync(stamp) || Math.max(...sources.map(newestChange)) > statSync(stamp).mtimeMs) {
  console.log('Building the site first…');
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts')], { stdio: 'inherit' });
}

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4173);
const storePath = resolve(root, process.env.STORE_PATH ?? DEFAULT_STORE_PATH);
const store = openStore(storePath);
const routes = formsApi({ root, store, perMinute: Number(process.env.RATE_LIMIT_PER_MINUTE ?? 10) });
createSiteServer({ distDir, routes }).listen(port, host, () => {
  console.log(`Serving the site at http://${host}:${port}/ (Ctrl+C to stop); form submissions go to ${storePath}`);
});
