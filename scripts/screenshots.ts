/**
 * `npm run screenshots`: a full-page picture of every route of the built site at a phone
 * width (390 px) and a laptop width (1366 px), in screenshots/ (not kept in git), to look
 * at the whole site at once after a change. `--widths 320,768,1920` and `--routes /,/about`
 * choose others; `--out dir` writes elsewhere, `--dist dir` pictures another build (one made
 * before a change, say), `--jpeg` writes smaller JPEG files. `--readme` instead takes the four window-sized
 * pictures the README shows, into docs/screenshots/. Needs a build (npm run screenshots makes one).
 */
import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tooling/chromium';
import { loadSite } from './content/load-site';
import { createSiteServer } from './site-server/site-server';

const root = join(fileURLToPath(import.meta.url), '../..');
const { values: options } = parseArgs({
  options: {
    widths: { type: 'string', default: '390,1366' },
    routes: { type: 'string' },
    out: { type: 'string', default: join(root, 'screenshots') },
    readme: { type: 'boolean', default: false },
    dist: { type: 'string' },
    jpeg: { type: 'boolean', default: false },
  },
});

/** The README's pictures: a window's worth of a page, scrolled to a part of it when `at` names one. */
const README_SHOTS = [
  { file: 'home.jpg', route: '/', width: 1366 },
  { file: 'service-page.jpg', route: '/services/ux-ui-design', width: 1366 },
  { file: 'faq-and-contact-card.jpg', route: '/trust/procurement-faq', width: 1366, at: 'details' },
  { file: 'phone.jpg', route: '/testing', width: 390, at: 'article' },
];
const widths = options.widths.split(',').map(Number);
const routes = options.routes?.split(',') ?? loadSite(root).pages.map((page) => page.route);
const distDir = options.dist ?? join(root, 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`${distDir} has no build: run npm run build first.`);
  process.exit(1);
}

/** The file name of a route's picture: "/" is index, "/services/ux-ui-design" services--ux-ui-design. */
const fileOf = (route: string, width: number): string =>
  `${route === '/' ? 'index' : route.slice(1).replaceAll('/', '--')}@${width}.${options.jpeg ? 'jpg' : 'png'}`;

mkdirSync(options.out, { recursive: true });
const server = createSiteServer({ distDir, routes: {} });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
if (options.readme) {
  const dir = join(root, 'docs/screenshots');
  mkdirSync(dir, { recursive: true });
  for (const { file, route, width, at } of README_SHOTS) {
    const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 800 }, reducedMotion: 'reduce' });
    await page.goto(`${base}${route}`, { waitUntil: 'load' });
    if (at)
      await page
        .locator(at)
        .first()
        .evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -96));
    await page.waitForTimeout(600);
    await page.screenshot({ path: join(dir, file), type: 'jpeg', quality: 80 });
    await page.close();
  }
  console.log(`Wrote ${README_SHOTS.length} pictures to docs/screenshots/.`);
  await browser.close();
  server.closeAllConnections();
  server.close();
  process.exit(0);
}
try {
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 800 }, reducedMotion: 'reduce' });
    for (const route of routes) {
      await page.goto(`${base}${route}`, { waitUntil: 'load' });
      // Scroll through once so lazy pictures load and islands hydrate, then back to the top.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
        window.scrollTo(0, 0);
        // Pictures in view: a hidden one (the header picture on a phone) is never fetched, so it is not waited for.
        const shown = [...document.images].filter((image) => !image.complete && image.checkVisibility());
        await Promise.race([
          Promise.all(shown.map((image) => image.decode().catch(() => null))),
          new Promise((resolve) => setTimeout(resolve, 5000)),
        ]);
      });
      await page.waitForTimeout(300);
      await page.screenshot({
        path: join(options.out, fileOf(route, width)),
        fullPage: true,
        ...(options.jpeg ? { type: 'jpeg', quality: 60 } : {}),
      });
    }
    await page.close();
  }
  console.log(`Wrote ${routes.length * widths.length} screenshots to ${options.out}.`);
} finally {
  await browser.close();
  server.closeAllConnections();
  server.close();
}
