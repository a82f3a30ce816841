/**
 * `npm run audit`: Lighthouse (mobile, default config) on every route of the built site,
 * 3 runs each (medians), and the same route with every script blocked: the no-JavaScript
 * floor of that very page. Writes reports/lighthouse.md and reports/lighthouse.json.
 * `--routes /,/about` audits some routes only; `--runs 1` changes the number of runs. Exits
 * with an error naming each route below the budgets in scripts/budgets.json ("lighthouse").
 *
 * `--vs <folder>` also audits another finished build (an earlier commit's dist/, say), served
 * beside this one: each run of a route measures both, the order swapped from run to run
 * (before then after, after then before...), so both builds meet the same machine at the
 * same moments. The report gives both builds' medians route by route (`--vs-label` names the
 * other build). The budgets apply to this build only.
 */
import { budgets } from './build/bundles/budgets';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tooling/chromium';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadSite } from './content/load-site';
import { createSiteServer } from './site-server/site-server';

const root = join(fileURLToPath(import.meta.url), '../..');
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    routes: { type: 'string' },
    vs: { type: 'string' },
    'vs-label': { type: 'string' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of at least 1, not ${options.runs}`);
const vsDir = options.vs ? resolve(options.vs) : undefined;
if (vsDir && !existsSync(join(vsDir, 'index.html'))) throw new Error(`--vs ${options.vs}: no finished build there (no index.html)`);
const vsLabel = options['vs-label'] ?? options.vs ?? '';
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

const kb = (bytes: number): string => `${Math.round(bytes / 1024)} KB`;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const medianOf = (measures: Measure[]): Measure =>
  Object.fromEntries(
    Object.keys(measures[0] ?? {}).map((key) => [key, median(measures.map((measure) => measure[key as keyof Measure]))]),
  ) as unknown as Measure;

/** Serves a finished build on a free local port; resolves to its address. */
async function serve(distDir: string): Promise<{ base: string; close: () => void }> {
  const server = createSiteServer({ distDir });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
const current = await serve(join(root, 'dist'));
const other = vsDir ? await serve(vsDir) : undefined;
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

const summary = (measure: Measure): string =>
  `performance ${measure.performance}, accessibility ${measure.accessibility}, TBT ${Math.round(measure.tbt)} ms, LCP ${(measure.lcp / 1000).toFixed(2)} s, JS ${kb(measure.jsBytes)}`;

const results: { route: string; page: Measure; floor: Measure; vs?: Measure }[] = [];
try {
  for (const [index, route] of routes.entries()) {
    const page: Measure[] = [];
    const floor: Measure[] = [];
    const vs: Measure[] = [];
    for (let run = 0; run < runs; run++) {
      // With --vs, the build measured first alternates: other, this; this, other; ...
      if (other && run % 2 === 0) vs.push(await measure(`${other.base}${route}`, false));
      page.push(await measure(`${current.base}${route}`, false));
      if (other && run % 2 === 1) vs.push(await measure(`${other.base}${route}`, false));
      floor.push(await measure(`${current.base}${route}`, true));
    }
    const result = { route, page: medianOf(page), floor: medianOf(floor), ...(other ? { vs: medianOf(vs) } : {}) };
    results.push(result);
    console.log(
      `[${index + 1}/${routes.length}] ${route}: ${summary(result.page)} (floor ${(result.floor.lcp / 1000).toFixed(2)} s)${result.vs ? `; ${vsLabel}: ${summary(result.vs)}` : ''}`,
    );
  }
} finally {
  await chrome.kill();
  current.close();
  other?.close();
}

const rows = results.map(
  ({ route, page, floor }) =>
    `| ${route} | ${page.performance} | ${page.accessibility} | ${page.bestPractices} | ${page.seo}${hidden.has(route) ? ' †' : ''} | ${(page.lcp / 1000).toFixed(2)} s | ${Math.round(page.tbt)} ms | ${page.cls.toFixed(3)} | ${kb(page.bytes)} | ${kb(page.jsBytes)} | ${(page.lcp / Math.max(floor.lcp, 1)).toFixed(2)} |`,
);
mkdirSync(join(root, 'reports'), { recursive: true });
const range = (values: number[], format: (value: number) => string): string => {
  const low = format(Math.min(...values));
  const high = format(Math.max(...values));
  return low === high ? low : `${low}–${high}`;
};
const ms = (value: number): string => `${Math.round(value)} ms`;
/** With --vs: both builds' medians, route by route, and the range of each over all routes. */
const comparison = (): string[] => {
  const pairs = results.flatMap(({ route, page, vs }) => (vs ? [{ route, after: page, before: vs }] : []));
  if (pairs.length === 0) return [];
  const cell = (pick: (measure: Measure) => number, format: (value: number) => string) => ({
    before: range(
      pairs.map(({ before }) => pick(before)),
      format,
    ),
    after: range(
      pairs.map(({ after }) => pick(after)),
      format,
    ),
  });
  const spans = {
    performance: cell((measure) => measure.performance, String),
    accessibility: cell((measure) => measure.accessibility, String),
    tbt: cell((measure) => measure.tbt, ms),
    lcp: cell(
      (measure) => measure.lcp / 1000,
      (value) => `${value.toFixed(2)} s`,
    ),
    js: cell((measure) => measure.jsBytes, kb),
  };
  return [
    `## This build against ${vsLabel}`,
    '',
    `Both builds served side by side in the same run; each run of a route measured both, the one measured first alternating from run to run. Medians of ${runs} run(s) each.`,
    '',
    `Over ${pairs.length} route(s): performance ${spans.performance.before} before, ${spans.performance.after} now; accessibility ${spans.accessibility.before} before, ${spans.accessibility.after} now; Total Blocking Time ${spans.tbt.before} before, ${spans.tbt.after} now; LCP ${spans.lcp.before} before, ${spans.lcp.after} now; JavaScript ${spans.js.before} before, ${spans.js.after} now.`,
    '',
    '| Route | Perf before | Perf now | A11y before | A11y now | TBT before | TBT now | LCP before | LCP now | JS before | JS now |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...pairs.map(
      ({ route, before, after }) =>
        `| ${route} | ${before.performance} | ${after.performance} | ${before.accessibility} | ${after.accessibility} | ${ms(before.tbt)} | ${ms(after.tbt)} | ${(before.lcp / 1000).toFixed(2)} s | ${(after.lcp / 1000).toFixed(2)} s | ${kb(before.jsBytes)} | ${kb(after.jsBytes)} |`,
    ),
    '',
  ];
};

writeFileSync(
  join(root, 'reports/lighthouse.json'),
  `${JSON.stringify({ runs, date: new Date().toISOString(), ...(vsDir ? { vs: vsLabel } : {}), results }, null, 2)}\n`,
);
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
    ...comparison(),
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
