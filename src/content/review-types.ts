/**
 * A review as the editor is told of it (scripts/publish/review/read-review.ts reads it from git):
 * who asked, every step since, the pages it changes and where it stands; and what the editor's
 * review routes answer (api-routes.ts).
 */
import type { PublishAnswer, PublishConflict } from './api-types';

/** Who took a step: a person's name and e-mail, as git records them. */
interface Person {
  name: string;
  email: string;
}

/** Each step a review's commits record: the change and its answers, and the preview links shared and revoked. */
export type ReviewStep = 'asked' | 'updated' | 'changes-asked' | 'withdrawn' | 'published' | 'link-shared' | 'link-revoked';

/** Where a review stands, as the list of reviews shows it. */
export type ReviewState = 'waiting' | 'changes-asked' | 'withdrawn' | 'published';

/** One step of a review: who took it, when, and their words (the description, the note). */
export interface ReviewEvent {
  step: ReviewStep;
  by: Person;
  /** ISO 8601, as git recorded it. */
  at: string;
  words: string;
  commit: string;
  /** The preview link a link-shared or link-revoked step is about. */
  link?: string;
}

/** A preview link shared from a review: people without the editor open the review's pages with it. */
export interface PreviewLink {
  /** The link's own id (revoking it leaves the review's other links working). */
  id: string;
  /** Who shared it, and when. */
  by: Person;
  at: string;
  /** ISO 8601: when it stops working. */
  expires: string;
  /** The review's tip when it was shared: the token names it. */
  tip: string;
  revoked?: { by: Person; at: string };
  /** The address to send, when the editor can sign links (PREVIEW_LINK_SECRET and PREVIEW_SITE_URL); never for a revoked link. */
  url?: string;
}

/** A page (or picture) the review changes, named as people know it. */
export interface ReviewPage {
  path: string;
  title: string;
  change: 'added' | 'changed' | 'deleted';
}

export interface Review {
  id: string;
  state: ReviewState;
  /** The first step: who asked, when, and their description. */
  asked: ReviewEvent;
  /** Every step, oldest first. */
  events: ReviewEvent[];
  pages: ReviewPage[];
  /** Every preview link shared from it, oldest first. */
  links: PreviewLink[];
  /** What was published when it was asked: the change is the difference from it to `tip`. */
  base: string;
  tip: string;
}

type Refused = Extract<PublishAnswer, { status: 'refused' }>;

/** GET reviews: every review, newest first; `problem` when the list may be behind the remote's. */
export interface ReviewsAnswer {
  reviews: Review[];
  /** Whether this editor can share preview links (PREVIEW_SITE_URL and PREVIEW_LINK_SECRET are set). */
  previews: boolean;
  problem?: string;
}

/** POST ask-review, update-review, answer-review: the review as it stands after the step, or why the step was not taken. */
export type ReviewAnswer = { status: 'stored'; review: Review } | Refused;

/** POST approve-review: published (the commit on the site's branch), conflicts to choose for, not sent, or refused. */
export type ApproveAnswer =
  | { status: 'published'; commit: string; review: Review }
  | { status: 'conflicts'; conflicts: PublishConflict[] }
  | Extract<PublishAnswer, { status: 'not-pushed' }>
  | Refused;

/** What a page weighs as visitors load it: its first-load JavaScript (gzip) and the pictures it names, in bytes. */
export interface PageWeight {
  jsBytes: number;
  pictureBytes: number;
}

/** One page of a review, weighed as published and as the review would make it, with its first-load JavaScript budget. */
export interface ReviewPageWeight {
  path: string;
  route: string;
  /** As the live site serves it; null for a page the review adds. */
  before: PageWeight | null;
  /** As the review's preview builds it; null for a page the review deletes. */
  after: PageWeight | null;
  /** The page's first-load JavaScript budget (scripts/budgets.json), in KB, as the editor reads it; null for a page deleted. */
  budgetKb: number | null;
}

/**
 * GET review-weights: the review's pages weighed on two real builds (the live one and the
 * preview's), and the site's check of the review on top of what is published now ('passed', or
 * its words); or why there are no figures yet.
 */
export type ReviewWeights =
  | { state: 'ready'; verdict: string; pages: ReviewPageWeight[] }
  | { state: 'building' }
  | { state: 'unavailable'; reason: string };
