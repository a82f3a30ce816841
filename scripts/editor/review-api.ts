/**
 * The editor's review routes (src/content/api-routes.ts): the list of reviews, asking for one,
 * the author's update, a reviewer's request for changes or the author's withdrawal, and the
 * approval that publishes (scripts/publish/review/), and its preview links, shared and revoked.
 * Each person is named as a publish names its author (request-person.ts): a trusted sign-in
 * proxy's user, always, when there is one. Every review answered carries the address of each of
 * its links still working, signed anew (the token is never stored), when the editor has the
 * preview settings; it leads to the review's first page.
 */
import type { IncomingMessage } from 'node:http';
import type { PersonName } from '../../src/content/api-types';
import { misreadRequest } from '../publish/misread-request';
import { approveReview } from '../publish/review/approve-review';
import { answerReview, askForReview, updateReview } from '../publish/review/ask-for-review';
import { listReviews } from '../publish/review/list-reviews';
import { measuringClaim, type PreviewLinks, signPreview } from '../publish/review/read-preview';
import { isReviewId } from '../publish/review/read-review';
import { revokePreview, sharePreview } from '../publish/review/share-preview';
import { routeOfFile } from '../content/route-of-file';
import type { Review, ReviewWeights } from '../../src/content/review-types';
import { reviewMessages } from '../../src/content/review-messages';
import type { Page } from '../../src/generated/schema-types';
import { firstLoadBudgetKb } from '../build/bundles/budgets';
import { openRepository, textAt } from '../publish/git/repository';
import { refusal } from '../site-server/refusal';
import type { RouteHandlers } from './answer-route';
import type { PublishRoute } from './publish-api';
import { choicesOf, NO_SIGNED_IN_AUTHOR, requestPerson } from './request-person';
import { cannotApprove } from './approval-needed';
import { reviewSettings } from '../publish/review/review-settings';
import type { Workspace } from './workspace';

/** The routes this module answers. */
export type ReviewRoute = Extract<
  PublishRoute,
  'reviews' | 'ask-review' | 'update-review' | 'answer-review' | 'approve-review' | 'share-preview' | 'revoke-preview' | 'review-weights'
>;

/**
 * Opens a new link once, from the editor's server, so that the preview server starts making the
 * preview now rather than when the first reviewer opens it. Nothing is read of the answer, and
 * nothing waits for it: a preview server the editor cannot reach makes no difference here.
 */
function warm(url: string): void {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), 10_000);
  void fetch(url, { redirect: 'manual', signal: stop.signal })
    .then((answer) => answer.body?.cancel())
    .catch(() => undefined)
    .finally(() => clearTimeout(timer));
}

/** What weighing answers when the preview server cannot say. */
const NOT_WEIGHED = {
  noPreviews: 'Page weights are measured on the preview server, which this editor is not connected to: ask whoever set up the site.',
  noAnswer: 'The preview server did not answer, so the pages could not be weighed: try again in a minute.',
};

/** Review `id`'s pages weighed by the preview server, asked with a token of the editor's own that lasts a minute. */
async function weighed(id: string, preview: PreviewLinks | undefined): Promise<ReviewWeights> {
  if (!preview) return { state: 'unavailable', reason: NOT_WEIGHED.noPreviews };
  if (!isReviewId(id)) throw refusal(400, misreadRequest('no review to weigh'));
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), 15_000);
  try {
    const token = signPreview(preview.secret, measuringClaim(id));
    const answer = await fetch(`${preview.site}/__preview/${token}/__weights`, { redirect: 'error', signal: stop.signal });
    const body = (await answer.json()) as ReviewWeights;
    return answer.ok && ['ready', 'building', 'unavailable'].includes(body.state)
      ? body
      : { state: 'unavailable', reason: NOT_WEIGHED.noAnswer };
  } catch {
    return { state: 'unavailable', reason: NOT_WEIGHED.noAnswer };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The weights with each page's first-load budget, read here from the page as the review's version
 * `tip` has it (the block registry the budget needs is the editor's, not the site server's).
 */
async function withBudgets(root: string, tip: string, weights: ReviewWeights): Promise<ReviewWeights> {
  if (weights.state !== 'ready') return weights;
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(tip)) throw refusal(400, misreadRequest('no version of the review to weigh'));
  const repo = await openRepository(root);
  if (typeof repo === 'string') return weights;
  const pages = [];
  for (const page of weights.pages) {
    let budgetKb: number | null = null;
    try {
      const text = page.after ? await textAt(repo, tip, page.path) : null;
      if (text !== null) budgetKb = firstLoadBudgetKb(page.route, JSON.parse(text) as Page);
    } catch {
      // Not a page the budget can be read from: its check says why.
    }
    pages.push({ ...page, budgetKb });
  }
  return { ...weights, pages };
}

/** `review` with the address of each of its links still working, when `preview` can sign them. */
function withLinkAddresses(review: Review, preview: PreviewLinks | undefined, now = Date.now()): Review {
  if (!preview) return review;
  const first = review.pages.map((page) => (page.path.startsWith('pages/') ? routeOfFile(page.path.slice(6)) : null)).find(Boolean);
  return {
    ...review,
    links: review.links.map((link) => {
      const expires = Date.parse(link.expires);
      if (link.revoked || expires <= now) return link;
      const token = signPreview(preview.secret, { review: review.id, tip: link.tip, link: link.id, expires });
      return { ...link, url: `${preview.site}/__preview/${token}${first && first !== '/' ? first : ''}` };
    }),
  };
}

const UNSIGNED = { status: 'refused', reason: 'author', message: NO_SIGNED_IN_AUTHOR } as const;

/** The handlers of the review routes; `body` reads a request's JSON object. */
export function reviewApi(
  workspace: Workspace,
  body: (req: IncomingMessage) => Promise<Record<string, unknown>>,
  preview?: PreviewLinks,
): RouteHandlers<ReviewRoute, { fromProxy: PersonName | null | undefined }> {
  const root = workspace.root;
  /** An answer with its review's link addresses. */
  const addressed = <A extends { status: string }>(answer: A): A =>
    'review' in answer ? { ...answer, review: withLinkAddresses(answer.review as Review, preview) } : answer;
  /** The person a request is made by, or what to answer instead. */
  const person = async (fromProxy: PersonName | null | undefined, named: unknown): Promise<PersonName | typeof UNSIGNED> => {
    const who = await requestPerson(fromProxy, named, root);
    if (who === 'unsigned') return UNSIGNED;
    if (!who) throw refusal(400, 'Say who you are: a name and an e-mail address.');
    return who;
  };
  /** A list of paths and a description, as asking and updating take them. */
  const change = (given: Record<string, unknown>): { paths: string[]; message: string } => {
    const { paths, message } = given;
    if (!Array.isArray(paths) || !paths.every((path) => typeof path === 'string'))
      throw refusal(400, misreadRequest('no list of the pages to send for review'));
    if (typeof message !== 'string') throw refusal(400, 'Write a short description of the change.');
    return { paths, message };
  };
  return {
    reviews: async () => {
      const list = await listReviews(root);
      return {
        answer: { ...list, reviews: list.reviews.map((review) => withLinkAddresses(review, preview)), previews: preview !== undefined },
      };
    },
    'ask-review': async ({ req, fromProxy }) => {
      const given = await body(req);
      const who = await person(fromProxy, given.author);
      return { answer: 'status' in who ? who : addressed(await askForReview(root, { ...change(given), author: who })) };
    },
    'update-review': async ({ req, fromProxy }) => {
      const given = await body(req);
      const who = await person(fromProxy, given.author);
      return { answer: 'status' in who ? who : addressed(await updateReview(root, given.id, { ...change(given), author: who })) };
    },
    'answer-review': async ({ req, fromProxy }) => {
      const given = await body(req);
      const { id, step, note } = given;
      if ((step !== 'changes-asked' && step !== 'withdrawn') || typeof note !== 'string')
        throw refusal(400, misreadRequest('no answer to give the review'));
      const who = await person(fromProxy, given.author);
      return { answer: 'status' in who ? who : addressed(await answerReview(root, id, { step, note, person: who })) };
    },
    'approve-review': async ({ req, fromProxy }) => {
      const given = await body(req);
      const { id, tip, choices } = given;
      if (typeof tip !== 'string') throw refusal(400, misreadRequest('no version of the review to approve'));
      const who = await person(fromProxy, given.author);
      if ('status' in who) return { answer: who };
      const answer = await approveReview(root, id, {
        approver: who,
        tip,
        choices: choicesOf(choices),
        mayApprove: (review) => cannotApprove(root, who, review),
      });
      // The approver's files followed what was published: read again now, not when the watcher says so.
      if (answer.status === 'published') workspace.invalidate();
      return { answer: addressed(answer) };
    },
    'share-preview': async ({ req, fromProxy }) => {
      const given = await body(req);
      const who = await person(fromProxy, given.author);
      if ('status' in who) return { answer: who };
      if (!preview) return { answer: { status: 'refused', reason: 'checkout', message: reviewMessages.noPreviews } };
      const settings = reviewSettings(root);
      if ('problem' in settings) return { answer: { status: 'refused', reason: 'checkout', message: settings.problem } };
      const answer = addressed(await sharePreview(root, given.id, { person: who, days: settings.linkDays }));
      const url = answer.status === 'stored' ? answer.review.links.at(-1)?.url : undefined;
      if (url) warm(url);
      return { answer };
    },
    'review-weights': async ({ query }) => ({ answer: await withBudgets(root, query.tip, await weighed(query.id, preview)) }),
    'revoke-preview': async ({ req, fromProxy }) => {
      const given = await body(req);
      if (typeof given.link !== 'string') throw refusal(400, misreadRequest('no preview link to revoke'));
      const who = await person(fromProxy, given.author);
      return { answer: 'status' in who ? who : addressed(await revokePreview(root, given.id, given.link, { person: who })) };
    },
  };
}
