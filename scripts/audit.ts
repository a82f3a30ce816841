/**
 * `npm run audit`: Lighthouse (mobile, default config) on every route of the built site,
 * 3 runs each (medians), and the same route with every script blocked: the no-JavaScript
 * floor of that very page. Writes reports/lighthouse.md and reports/lighthouse.json.
 * `--routes /,/about` audits some routes only; `--runs 1` changes the number of runs. Exits
 * with an error naming each route below the budgets in scripts/budgets.json ("lighthouse").
 */
import { budgets } from './build/budgets';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tooling/chromium';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadSite } from './content/load-site';
import { createSiteServer } from './site-server/site-server';

const root = join(fileURLToPath(import.meta.url), '../..');
const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '3' }, routes: { type: 'string' } } });
const runs = Number(options.runs);
const site = loadSite(root);
const routes = options.routes?.split(',') ?? site.pages.map((page) => page.route);
/** Pages whose file asks search engines to skip them (noindex): Lighthouse's SEO score counts that against them. */
const hidden = new Set(site.pages.filter(({ page }) => page.hiddenFromSearch).map(({ route }) => route));

interface Measure {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  jsBytes: number;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const medianOf = (measures: Measure[]): Measure =>
  Object.fromEntries(
    Object.keys(measures[0] ?? {}).map((key) => [key, median(measures.map((measure) => measure[key as keyof Measure]))]),
  ) as unknown as Measure;

const server = createSiteServer({ distDir: join(root, 'dist') });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

async function measure(url: string, blockScripts: boolean): Promise<Measure> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    blockedUrlPatterns: blockScripts ? ['*.js'] : [],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  const score = (id: string): number => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? 0;
  const items =
    (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    jsBytes: items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
  };
}

const results: { route: string; page: Measure; floor: Measure }[] = [];
try {
  for (const [index, route] of routes.entries()) {
    const page: Measure[] = [];
    const floor: Measure[] = [];
    for (let run = 0; run < runs; run++) {
      page.push(await measure(`${base}${route}`, false));
      floor.push(await measure(`${base}${route}`, true));
    }
    const result = { route, page: medianOf(page), floor: medianOf(floor) };
    results.push(result);
    console.log(
      `[${index + 1}/${routes.length}] ${route}: performance ${result.page.performance}, accessibility ${result.page.accessibility}, TBT ${Math.round(result.page.tbt)} ms, LCP ${(result.page.lcp / 1000).toFixed(2)} s (floor ${(result.floor.lcp / 1000).toFixed(2)} s)`,
    );
  }
} finally {
  await chrome.kill();
  server.close();
}

const kb = (bytes: number): string => `${Math.round(bytes / 1024)} KB`;
const rows = results.map(
  ({ route, page, floor }) =>
    `| ${route} | ${page.performance} | ${page.accessibility} | ${page.bestPractices} | ${page.seo}${hidden.has(route) ? ' †' : ''} | ${(page.lcp / 1000).toFixed(2)} s | ${Math.round(page.tbt)} ms | ${page.cls.toFixed(3)} | ${kb(page.bytes)} | ${kb(page.jsBytes)} | ${(page.lcp / Math.max(floor.lcp, 1)).toFixed(2)} |`,
);
mkdirSync(join(root, 'reports'), { recursive: true });
writeFileSync(join(root, 'reports/lighthouse.json'), `${JSON.stringify({ runs, date: new Date().toISOString(), results }, null, 2)}\n`);
writeFileSync(
  join(root, 'reports/lighthouse.md'),
  [
    '# Lighthouse (mobile, default config)',
    '',
    `Medians of ${runs} run(s) per route on this machine, ${new Date().toISOString().slice(0, 10)}; "LCP / floor" compares with the same page with every script blocked. Made by \`npm run audit\`.`,
    '',
    '| Route | Perf | A11y | Best pr. | SEO | LCP | TBT | CLS | Bytes | JS | LCP / floor |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    ...(results.some(({ route }) => hidden.has(route))
      ? [
          '† Hidden from search by its page file (hiddenFromSearch: noindex, out of the sitemap), which Lighthouse scores as an SEO fault.',
          '',
        ]
      : []),
  ].join('\n'),
);
console.log(`Wrote reports/lighthouse.md and reports/lighthouse.json (${results.length} routes).`);

// The budgets (scripts/budgets.json): a route that misses one fails the audit, named.
const { lighthouse: target } = budgets;
const missed = results.flatMap(({ route, page }) => [
  ...(page.performance < target.performance ? [`${route}: performance ${page.performance}, below ${target.performance}`] : []),
  ...(page.accessibility < target.accessibility ? [`${route}: accessibility ${page.accessibility}, below ${target.accessibility}`] : []),
  ...(page.tbt > target.tbtMs ? [`${route}: Total Blocking Time ${Math.round(page.tbt)} ms, over ${target.tbtMs} ms`] : []),
]);
if (missed.length > 0) {
  for (const line of missed) console.error(line);
  console.error(`\n${missed.length} budget(s) missed (scripts/budgets.json, "lighthouse").`);
  process.exitCode = 1;
}
