import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { createSiteServer } from '../../scripts/lib/server';

const root = join(import.meta.dirname, '../..');
export const DEV_DIST = join(root, 'node_modules/.cache/dist-dev');
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

declare module 'vitest' {
  export interface ProvidedContext {
    wsEndpoint: string;
    baseUrl: string;
    devBuildUrl: string;
  }
}

/**
 * Once per suite: one Chromium, the production build served once, and a development build
 * of the same pages (React's development build reports every hydration mismatch).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run npm run build first (npm test does).');
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--development', '--out', DEV_DIST], { cwd: root, stdio: 'inherit' });
  const listen = async (distDir: string): Promise<{ url: string; close: () => void }> => {
    const server = createSiteServer({ distDir });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  };
  const production = await listen(join(root, 'dist'));
  const development = await listen(DEV_DIST);
  const browser: BrowserServer = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('baseUrl', production.url);
  project.provide('devBuildUrl', development.url);
  return async () => {
    await browser.close();
    production.close();
    development.close();
  };
}
