import { chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { PageWeight, Review, ReviewPageWeight, ReviewWeights } from '../../content/review-types';
import { api } from '../app/api';

/** How often, and how many times, the weights are asked for while the preview is being made. */
const ASK_EVERY_MS = 2000;
const ASKS = 90;

/**
 * The weights of `review`'s pages and the site's check of it, asked for again while the preview
 * server is still making the preview; asked anew for each version of the review.
 */
export function useReviewWeights(review: Review | null): ReviewWeights | null {
  const [weights, setWeights] = useState<ReviewWeights | null>(null);
  const id = review?.id;
  const tip = review?.tip;
  useEffect(() => {
    if (!id) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setWeights(null);
    const ask = (left: number): void => {
      api
        .reviewWeights(id, tip ?? '')
        .then((answer) => {
          if (!current) return;
          setWeights(answer);
          if (answer.state === 'building' && left > 0) timer = setTimeout(() => ask(left - 1), ASK_EVERY_MS);
        })
        .catch((failure: Error) => current && setWeights({ state: 'unavailable', reason: failure.message }));
    };
    ask(ASKS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [id, tip]);
  return weights;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const was = (before: PageWeight | null, key: keyof PageWeight): string => (before ? `, was ${kb(before[key])}` : ', a new page');

/** One page's weights in words: its first-load JavaScript against its budget, and its pictures, each beside what it was. */
function weightWords({ before, after, budgetKb }: ReviewPageWeight): string {
  if (!after) return 'Deleted: it weighs nothing any more.';
  const over = budgetKb !== null && after.jsBytes > budgetKb * 1024;
  const budget = budgetKb === null ? '' : over ? `: over the ${budgetKb} KB allowed` : ` of the ${budgetKb} KB allowed`;
  return `First-load JavaScript ${kb(after.jsBytes)}${budget}${was(before, 'jsBytes')}. Pictures ${kb(after.pictureBytes)}${was(before, 'pictureBytes')}.`;
}

/** The line under a page of the review that says what it weighs, while it is weighed too. */
export function WeightLine({ weights, path }: { weights: ReviewWeights | null; path: string }) {
  const weight = weights?.state === 'ready' ? weights.pages.find((page) => page.path === path) : undefined;
  if (weights?.state === 'ready' && !weight) return null;
  const words = weight
    ? weightWords(weight)
    : weights?.state === 'unavailable'
      ? weights.reason
      : 'Weighing this page as visitors will load it…';
  const over = weight?.after && weight.budgetKb !== null && weight.after.jsBytes > weight.budgetKb * 1024;
  return (
    <chakra.p textStyle="small" color={over ? 'red.700' : 'text.muted'} fontWeight={over ? '600' : undefined} data-review-weight={path}>
      {words}
    </chakra.p>
  );
}
