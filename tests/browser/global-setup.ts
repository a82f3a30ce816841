import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/tooling/chromium';
import { formsApi } from '../../scripts/site-server/forms-api/forms-api';
import { createSiteServer, type RouteHandler } from '../../scripts/site-server/site-server';
import { startStoreWriter } from '../../scripts/site-server/store/store-writer';
import { TSX, root } from '../helpers/project';

export const DEV_DIST = join(root, 'node_modules/.cache/dist-dev');

declare module 'vitest' {
  export interface ProvidedContext {
    wsEndpoint: string;
    baseUrl: string;
    devBuildUrl: string;
    /** The production build behind endpoints that fail: the enquiry answers 503, the application never answers. */
    failingUrl: string;
    storePath: string;
  }
}

/**
 * Once per suite: one Chromium, the production build served once, and a development build
 * of the same pages (React's development build reports every hydration mismatch).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run npm run build first (npm test does).');
  execFileSync(process.execPath, [...TSX, join(root, 'scripts/build.ts'), '--development', '--out', DEV_DIST], {
    cwd: root,
    stdio: 'inherit',
  });
  const storeDir = mkdtempSync(join(tmpdir(), 'site-store-'));
  const storePath = join(storeDir, 'submissions.db');
  const store = await startStoreWriter(storePath);
  const failing: Record<string, RouteHandler> = {
    '/api/enquiry': (req, res) => {
      req.resume();
      res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"ok":false}');
    },
    '/api/apply': (req) => void req.resume(),
  };
  const listen = async (distDir: string, routes: Record<string, RouteHandler> = {}): Promise<{ url: string; close: () => void }> => {
    const server = createSiteServer({ distDir, routes });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  };
  const production = await listen(join(root, 'dist'), formsApi({ root, store, perMinute: 1000 }));
  const development = await listen(DEV_DIST);
  const failingServer = await listen(join(root, 'dist'), failing);
  const browser: BrowserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('baseUrl', production.url);
  project.provide('devBuildUrl', development.url);
  project.provide('failingUrl', failingServer.url);
  project.provide('storePath', storePath);
  return async () => {
    await browser.close();
    production.close();
    development.close();
    failingServer.close();
    await store.close();
    rmSync(storeDir, { recursive: true, force: true });
  };
}
