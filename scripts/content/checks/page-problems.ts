import type { Page } from '../../../src/generated/schema-types';
import { opensWithBanner } from '../../../src/ui/use-is-first-block';
import { didYouMean } from '../problems/did-you-mean';
import { problem } from '../problems/catalog';
import { type Problem, problemAt } from '../problems/problem-at';
import type { CheckedDocument } from './create-validator';

/** Ids every page has besides its blocks' anchors: the main content, target of the skip link. */
const PAGE_IDS = ['content'];

/** The anchors a link may name on a page: its blocks' and the page's own. */
export function anchorsOf(page: Page): string[] {
  return [...PAGE_IDS, ...page.blocks.flatMap((block) => (block.anchor ? [block.anchor] : []))];
}

/**
 * What is allowed but probably not meant: a page that opens with a banner is headed by it, so a
 * second banner straight after stacks two dark headers, and the page's own "heading", logo and
 * icon go unseen.
 */
export function pageWarnings(doc: CheckedDocument, page: Page): Problem[] {
  if (page.layout === 'navigationOnly' || !opensWithBanner(page.blocks)) return [];
  const at = (path: (string | number)[], result: ReturnType<typeof problem>): Problem => problemAt(doc, path, result);
  const found: Problem[] = [];
  if (page.blocks[1]?.type === 'banner') found.push(at(['blocks', 1], problem('twoHeaders')));
  if (page.heading !== undefined) found.push(at(['heading'], problem('headingUnseen')));
  for (const field of ['technology', 'icon'] as const) if (page[field] !== undefined) found.push(at([field], problem('markUnseen', field)));
  return found;
}

/**
 * What a page's schema cannot say, checked on the loaded page (defaults filled in): a page
 * with no blocks, a level-1 banner anywhere but first (a second <h1> and a header mid-page),
 * an anchor used twice, and a listed job whose values the filters do not offer (reported in
 * the job's own file).
 */
export function pageProblems(
  doc: CheckedDocument,
  page: Page,
  entryDoc: (collection: string, id: string) => { doc: CheckedDocument; title: (field: string) => string } | undefined,
): Problem[] {
  const found: Problem[] = [];
  const at = (path: (string | number)[], result: ReturnType<typeof problem>): Problem => problemAt(doc, path, result);
  if (page.layout !== 'navigationOnly' && page.blocks.length === 0) found.push(at(['blocks'], problem('emptyPage')));
  const anchors = new Map<string, number>();
  page.blocks.forEach((block, index) => {
    if (block.type === 'banner' && block.level === 1 && index > 0)
      found.push(at(['blocks', index, 'level'], problem('heroNotFirst', index + 1)));
    if (block.anchor) {
      const first = anchors.get(block.anchor);
      if (first !== undefined) found.push(at(['blocks', index, 'anchor'], problem('duplicateAnchor', block.anchor, first + 1)));
      else anchors.set(block.anchor, index);
    }
    if (block.type !== 'jobList') return;
    // A job the filters cannot find is written in its own file: that is where it is reported.
    // A list left out offers the jobs' own values, so only a written list can miss one.
    const options = { category: block.filters.categories, location: block.filters.locations, jobType: block.filters.types };
    for (const job of block.jobs) {
      for (const field of ['category', 'location', 'jobType'] as const) {
        const written = options[field];
        if (!written || written.includes(job[field])) continue;
        const entry = entryDoc('jobs', job.id);
        const result = problem('notAFilterOption', entry?.title(field) ?? field, job[field], written, didYouMean(job[field], written));
        found.push(entry ? problemAt(entry.doc, [field], result) : at(['blocks', index], result));
      }
    }
  });
  return found;
}
