/**
 * Version 1: content written once. Jobs, case studies, products and outcomes move out of the
 * pages into collections (pages/_collections/<collection>/<id>.json), and the blocks that
 * showed them name them by id instead:
 *
 * - each job card of a jobList block and the jobDetail page it links to become one job
 *   entry; the posting pages in one folder become that folder's template, [jobs].json, and a
 *   posting page elsewhere (/career-detail) names its job; a jobList lists every job;
 * - the studies of caseStudies blocks become case-study entries (the same study on several
 *   pages becomes one entry; two different studies with one title keep both, as -2);
 * - the items of productCarousel blocks become entries: outcomes when their picture is under
 *   /images/outcomes/, products otherwise.
 */
import type { ContentTree, Json, Migration } from '../scripts/content/fixing/migrate-tree';

/** A file name for a title: lowercase words joined by hyphens. */
const slug = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'entry';

/** "12 November 2025" as 2025-11-12; a date already written so stays. */
function isoDate(text: unknown): string {
  const value = String(text ?? '');
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(`${value} UTC`);
  return Number.isNaN(time) ? value : new Date(time).toISOString().slice(0, 10);
}

/** The route of a page file: "careers/x.json" is /careers/x, "index.json" is /. */
const routeOf = (path: string): string => `/${path.replace(/\.json$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/';

type Block = Json & { type: string };
const blocksOf = (page: Json): Block[] => (Array.isArray(page.blocks) ? (page.blocks as Block[]) : []);

/** Adds an entry, reusing an identical one; returns its id. */
function keep(tree: ContentTree, collection: string, title: string, fields: Json): string {
  const base = slug(title);
  for (let n = 1; ; n += 1) {
    const id = n === 1 ? base : `${base}-${n}`;
    const path = `_collections/${collection}/${id}.json`;
    const existing = tree.get(path);
    if (!existing) {
      tree.set(path, { ...fields });
      return id;
    }
    const { $schema: _s, schemaVersion: _v, ...same } = existing;
    if (JSON.stringify(same) === JSON.stringify(fields)) return id;
  }
}

const isPage = (path: string): boolean => !path.split('/').some((part) => part.startsWith('_'));

function migrate(input: ContentTree): ContentTree {
  // Pure: the files it was given are copied before anything changes.
  const tree: ContentTree = new Map([...input].map(([path, value]) => [path, structuredClone(value)]));
  const pages = [...tree].filter(([path, value]) => isPage(path) && value.schemaVersion === undefined);

  // Jobs: each card, joined with the posting page it links to.
  const detailByRoute = new Map<string, { path: string; page: Json; block: Block }>();
  for (const [path, page] of pages) {
    const block = blocksOf(page).find((candidate) => candidate.type === 'jobDetail' && 'title' in candidate);
    if (block) detailByRoute.set(routeOf(path), { path, page, block });
  }
  const jobIdByRoute = new Map<string, string>();
  for (const [, page] of pages) {
    for (const block of blocksOf(page)) {
      if (block.type !== 'jobList' || !Array.isArray(block.jobs)) continue;
      for (const card of block.jobs as Json[]) {
        if (typeof card !== 'object' || card === null || !('title' in card)) continue;
        const href = String(card.href ?? '');
        const detail = detailByRoute.get(href);
        const id = href.startsWith('/careers/') ? href.slice('/careers/'.length) : slug(String(card.title));
        const job: Json = {
          title: card.title,
          summary: card.description,
          category: card.category,
          location: card.location,
          jobType: card.jobType,
          experience: detail?.block.experience ?? card.experience,
          resources: detail?.block.resources ?? 1,
          date: isoDate(detail?.block.date),
          postedAge: detail?.block.postedAge ?? '',
          responsibilities: detail?.block.responsibilities ?? [],
          skills: detail?.block.skills ?? [],
          pageTitle: detail?.page.title ?? card.title,
          pageDescription: detail?.page.description ?? card.description,
        };
        tree.set(`_collections/jobs/${id}.json`, job);
        jobIdByRoute.set(href, id);
      }
      delete block.jobs;
    }
  }
  // Posting pages: those at /<folder>/<job id> become the folder's template; any other names its
  // job and, when a template gives every job its own page, stays out of search results (it
  // would repeat that page's title and description).
  const templates = new Set<string>();
  const inFolder = (path: string, id: string): boolean => path.includes('/') && path.endsWith(`/${id}.json`);
  const templated = [...detailByRoute].some(([route, { path }]) => inFolder(path, jobIdByRoute.get(route) ?? '\0'));
  for (const [route, { path, page, block }] of detailByRoute) {
    const id = jobIdByRoute.get(route);
    if (!id) continue;
    const reference: Block = { type: 'jobDetail', job: id, labels: block.labels, previous: block.previous, apply: block.apply };
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    if (inFolder(path, id)) {
      tree.delete(path);
      const templatePath = `${folder}/[jobs].json`;
      if (templates.has(templatePath)) continue;
      templates.add(templatePath);
      const blocks = blocksOf(page).map((candidate) => (candidate === block ? { ...reference, job: '{id}' } : candidate));
      const filled: Json = { title: '{pageTitle}', description: '{pageDescription}', blocks };
      tree.set(templatePath, Object.fromEntries(Object.entries(page).map(([key, value]) => [key, key in filled ? filled[key] : value])));
    } else {
      const { blocks: _blocks, ...fields } = page;
      const hidden = templated && page.hiddenFromSearch === undefined ? { hiddenFromSearch: true } : {};
      tree.set(path, { ...fields, ...hidden, blocks: blocksOf(page).map((candidate) => (candidate === block ? reference : candidate)) });
    }
  }

  // Case studies, products and outcomes.
  for (const [path, page] of pages) {
    if (!tree.has(path)) continue;
    const current = tree.get(path) as Json;
    const blocks = blocksOf(current).map((block) => {
      if (block.type === 'caseStudies' && Array.isArray(block.studies) && typeof block.studies[0] === 'object') {
        return { ...block, studies: (block.studies as Json[]).map((study) => keep(tree, 'case-studies', String(study.title), study)) };
      }
      if (block.type === 'productCarousel' && Array.isArray(block.items) && typeof block.items[0] === 'object') {
        const items = (block.items as Json[]).map((item) => {
          const src = String((item.image as Json | undefined)?.src ?? '');
          return keep(tree, src.startsWith('/images/outcomes/') ? 'outcomes' : 'products', String(item.title), item);
        });
        return { ...block, items };
      }
      return block;
    });
    if (page.blocks !== undefined) tree.set(path, { ...current, blocks });
  }
  return tree;
}

export default { version: 1, title: 'jobs, case studies, products and outcomes become collections', migrate } satisfies Migration;
