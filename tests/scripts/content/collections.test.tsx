import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../scripts/content/load-site';
import { readVersion } from '../../../scripts/content/fixing/schema-version';
import { renderRoute } from '../../../src/render/entry-render';
import { root } from '../../helpers/project';

/** A copy of the project's content and schemas, as a person's checkout would be, to add files to. */
const scratch = join(root, 'tests/.tmp/collections', String(process.pid));
function project(name: string): string {
  const dir = join(scratch, name);
  for (const folder of ['schemas', 'pages']) cpSync(join(root, folder), join(dir, folder), { recursive: true });
  symlinkSync(join(root, 'public'), join(dir, 'public'));
  return dir;
}
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** The version a file written today says it was written for. */
const schemaVersion = readVersion(root).version;

function add(dir: string, path: string, value: unknown): void {
  mkdirSync(join(dir, 'pages', path, '..'), { recursive: true });
  writeFileSync(join(dir, 'pages', path), `${JSON.stringify(value, null, 2)}\n`);
}

/** A route of a loaded site, rendered as the build renders it, as text with its markup. */
async function render(dir: string, route: string): Promise<string> {
  const { site, pages, problems } = loadSite(dir);
  expect(problems).toEqual([]);
  const page = pages.find((candidate) => candidate.route === route);
  expect(page, route).toBeDefined();
  if (!site || !page) return '';
  const { body, errors } = await renderRoute(site, route, page.page);
  expect(errors).toEqual([]);
  return body;
}

describe('content written once', () => {
  it('adds a job with one file: it is in the list, in the filters, and at its own address', async () => {
    const dir = project('job');
    add(dir, '_collections/jobs/data-engineer.json', {
      $schema: '../../../schemas/collections/jobs.schema.json',
      schemaVersion,
      title: 'Data Engineer',
      summary: 'Build the pipelines and models behind our clients’ reporting and AI agents. 1 opening.',
      category: 'Data Engineering',
      location: 'Chennai',
      jobType: 'Full time',
      experience: '4+ years',
      resources: 1,
      date: '2026-11-20',
      responsibilities: ['Design and run data pipelines on cloud warehouses'],
      skills: ['SQL and Python, and one orchestration tool'],
      pageTitle: 'Data Engineer – Chennai, full time',
      pageDescription: 'Data Engineer in Chennai, full time: 4+ years of experience, 1 opening. Responsibilities, skills and how to apply.',
    });
    const list = await render(dir, '/careers');
    // Newest first, its category offered by the category menu, its card linking to its page.
    expect(list.indexOf('Data Engineer')).toBeLessThan(list.indexOf('Android &amp; Java Spring Boot Developer'));
    expect(list).toContain('<option value="Data Engineering">Data Engineering</option>');
    expect(list).toMatch(/href="\/careers\/data-engineer"[^>]*>View Details/);
    const posting = await render(dir, '/careers/data-engineer');
    expect(posting).toContain('Design and run data pipelines on cloud warehouses');
    expect(posting).toContain('<time dateTime="2026-11-20">20 November 2026</time>');
  });

  it('adds a product with one file: it has its own page, and any carousel that names it shows it with a link there', async () => {
    const dir = project('product');
    add(dir, '_collections/products/field-service-app.json', {
      $schema: '../../../schemas/collections/products.schema.json',
      schemaVersion,
      title: 'Field Service App',
      text: 'Jobs, parts and signatures for engineers on site, with schedules that adjust as the day changes.',
      features: ['Job lists that work without a signal'],
      image: { src: '/images/products/tracking.svg', alt: 'A map with a route between job sites', width: 640, height: 420 },
    });
    const page = await render(dir, '/products/field-service-app');
    expect(page).toContain('>Field Service App</h1>');
    expect(page).toContain('Jobs, parts and signatures for engineers on site');
    expect(page).toContain('<li>Job lists that work without a signal</li>');

    // A carousel's products are chosen by the page: naming the id is the one line it takes.
    const index = JSON.parse(readFileSync(join(dir, 'pages/index.json'), 'utf8')) as { blocks: { type: string; items?: string[] }[] };
    index.blocks.find((block) => block.type === 'productCarousel')?.items?.push('field-service-app');
    writeFileSync(join(dir, 'pages/index.json'), JSON.stringify(index, null, 2));
    const home = await render(dir, '/');
    expect(home).toMatch(/href="\/products\/field-service-app"[^>]*>More about<!-- --> <!-- -->Field Service App<\/a>/);
    // The carousel's props, written into the page for hydration, carry only what it shows.
    expect(home).not.toContain('Job lists that work without a signal');
  });

  it('shows one case study, written once, on every page that names it', async () => {
    const dir = project('case-study');
    add(dir, '_collections/case-studies/warehouse-slotting.json', {
      $schema: '../../../schemas/collections/case-studies.schema.json',
      schemaVersion,
      title: 'Warehouse slotting',
      vertical: 'Logistics',
      problem: 'Pickers walked the length of the warehouse for the fastest-moving lines.',
      solution: 'A slotting model that moves fast movers next to dispatch every week.',
    });
    for (const file of ['about.json', 'digital.json']) {
      const path = join(dir, 'pages', file);
      const page = JSON.parse(readFileSync(path, 'utf8')) as { blocks: { type: string; studies?: string[] }[] };
      page.blocks.find((block) => block.type === 'caseStudies')?.studies?.push('warehouse-slotting');
      writeFileSync(path, JSON.stringify(page, null, 2));
    }
    for (const route of ['/about', '/digital']) {
      expect(await render(dir, route)).toContain('A slotting model that moves fast movers next to dispatch every week.');
    }
  });
});
