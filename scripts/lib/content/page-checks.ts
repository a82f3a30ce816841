import type { Page } from '../../../src/generated/schema-types';
import { didYouMean } from './did-you-mean';
import { positionOfPath } from './json-position';
import { problem } from './problem-catalog';
import { jsonPath, type CheckedDocument, type Problem } from './validator';

/** Ids every page has besides its blocks' anchors: the main content, target of the skip link. */
const PAGE_IDS = ['content'];

/** The anchors a link may name on a page: its blocks' and the page's own. */
export function anchorsOf(page: Page): string[] {
  return [...PAGE_IDS, ...page.blocks.flatMap((block) => (block.anchor ? [block.anchor] : []))];
}

/**
 * What a page's schema cannot say, checked on the loaded page (defaults filled in): a page
 * with no blocks, a level-1 banner anywhere but first (a second <h1> and a header mid-page),
 * job values the filters do not offer, and an anchor used twice.
 */
export function pageProblems(doc: CheckedDocument, page: Page, titleAt: (path: (string | number)[]) => string): Problem[] {
  const found: Problem[] = [];
  const at = (path: (string | number)[], result: ReturnType<typeof problem>): Problem => ({
    file: doc.file,
    ...positionOfPath(doc.parsed, path),
    path: jsonPath(path),
    ...result,
  });
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
    const options = { category: block.filters.categories, location: block.filters.locations, jobType: block.filters.types };
    block.jobs.forEach((job, jobIndex) => {
      for (const field of ['category', 'location', 'jobType'] as const) {
        if (options[field].includes(job[field])) continue;
        const path = ['blocks', index, 'jobs', jobIndex, field];
        found.push(
          at(path, problem('notAFilterOption', titleAt(path), job[field], options[field], didYouMean(job[field], options[field]))),
        );
      }
    });
  });
  return found;
}
