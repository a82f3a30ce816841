import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { blockSchemas, loadSchemaSet } from '../../../scripts/content/schema/schema-set';
import { collectConsole, hydrateAll, sharedBrowser } from '../browser';
import { root } from '../../helpers/project';

const KNOWN = [...blockSchemas(loadSchemaSet(join(root, 'schemas'))).keys()].sort().join(', ');
const scratch = join(root, 'tests/.tmp/dev-pages');
const browser = sharedBrowser();
let server: ViteDevServer;
let base = '';

/** A copy of pages/ whose "$schema" paths point at schemas/ from the copy's depth. */
function copyPages(): void {
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  cpSync(join(root, 'pages'), scratch, { recursive: true });
  const fix = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) fix(path);
      else {
        const schemaPath = relative(dir, join(root, 'schemas')).split('\\').join('/');
        writeFileSync(path, readFileSync(path, 'utf8').replace(/"\$schema": "(?:\.\.\/)+schemas\//, `"$schema": "${schemaPath}/`));
      }
    }
  };
  fix(scratch);
}

beforeAll(async () => {
  copyPages();
  process.env.PAGES_DIR = scratch;
  server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'silent',
    server: { port: 0, host: '127.0.0.1' },
  });
  await server.listen();
  const address = server.httpServer?.address() as AddressInfo | undefined;
  base = `http://127.0.0.1:${address?.port}`;
});
afterAll(async () => {
  await server?.close();
  delete process.env.PAGES_DIR;
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('shows a broken page file as the validator message, then the page again once it is fixed', async () => {
    const page = await browser().newPage();
    await page.goto(`${base}/about`);
    await expect(page.locator('h1').textContent()).resolves.toBe('About Nuvora Systems');
    await page.waitForFunction(() => document.querySelector('[data-island]')?.hasAttribute('data-hydrated'));

    const file = join(scratch, 'about.json');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('"type": "caseStudies"', '"type": "casestudies"'));
    await page.waitForSelector('text=This page has 1 problem');
    const line = original.split('\n').findIndex((text) => text.includes('"type": "caseStudies"')) + 1;
    await expect(page.locator('pre').textContent()).resolves.toContain(
      `tests/.tmp/dev-pages/about.json:${line}:15  blocks[2].type: unknown block type "casestudies". Known types: ${KNOWN}. Did you mean "caseStudies"?`,
    );

    // Every other page still renders, with a note of what is wrong elsewhere.
    const other = await browser().newPage();
    await other.goto(`${base}/careers`);
    await expect(other.locator('main h1').textContent()).resolves.toBe('Careers at Nuvora Systems');
    await expect(other.locator('[data-dev-problems]').textContent()).resolves.toBe(
      '1 problem in other files: tests/.tmp/dev-pages/about.json. npm run validate lists them all.',
    );

    // Closed first: the fix makes the server reload every open page, and a reload of
    // our own racing that one fails with "not attached to an active page".
    await other.close();
    writeFileSync(file, original);
    await page.waitForSelector('h1:text("About Nuvora Systems")');
    const after = await browser().newPage();
    await after.goto(`${base}/careers`);
    await expect(after.locator('main h1').textContent()).resolves.toBe('Careers at Nuvora Systems');
    expect(await after.locator('[data-dev-problems]').count()).toBe(0);
    await after.close();
    await page.close();
  });

  it('logs no error or warning on any page, islands hydrated', async () => {
    const routes = loadSite(root, scratch).pages.map((loaded) => loaded.route);
    const page = await browser().newPage();
    const messages = collectConsole(page);
    for (const route of routes) {
      await page.goto(`${base}${route}`);
      await hydrateAll(page);
    }
    expect(messages.filter((message) => !message.includes('Download the React DevTools'))).toEqual([]);
    await page.close();
    // Every route of the site in the development server, each compiled on first request.
  });
});
