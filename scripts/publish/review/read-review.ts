/**
 * A review, as git keeps it: a branch `review/<id>` whose first commit is the change asked for
 * (on top of what was published then, its base), followed by one commit per step: the author's
 * updates (a change again) and the answers (changes asked for, withdrawn, published), which
 * change no file. Every commit of it carries two trailers that say which review and which step
 * (`Review: <id>`, `Review-state: <step>`), written by the editor after the person's words, which
 * can hold no trailer of their own (commit-message.ts). So the whole review, who asked, who
 * answered what and when, is plain git history: it survives a restart, reaches a second editor
 * with the branch, and reads in `git log` as it reads in the editor.
 */
import { randomBytes } from 'node:crypto';
import type { Remote } from '../git/remote';
import { nulSplit, type Repository, run, textAt } from '../git/repository';
import type { PreviewLink, Review, ReviewEvent, ReviewPage, ReviewState, ReviewStep } from '../../../src/content/review-types';
import { fileTitle, kindOf } from '../changes/change-words';

/** The state a review is in after each step; a link shared or revoked leaves it as it was. */
const STATE_AFTER: Record<ReviewStep, ReviewState | null> = {
  asked: 'waiting',
  updated: 'waiting',
  'changes-asked': 'changes-asked',
  withdrawn: 'withdrawn',
  published: 'published',
  'link-shared': null,
  'link-revoked': null,
};

const STEPS = new Set<string>(Object.keys(STATE_AFTER));

/** A preview link's id (read-preview.ts makes them): nothing else is read from a trailer as one. */
const LINK_ID = /^[0-9a-f]{16}$/;

/** The branch of every review, below which each review's own is named by its id. */
export const REVIEW_BRANCHES = 'review/';

/** The ref this checkout reads a review from: its copy of the remote's branch, or its own branch when there is no remote. */
export const reviewRef = (remote: Remote | null, id: string): string =>
  remote ? `refs/remotes/${remote.remote}/${REVIEW_BRANCHES}${id}` : `refs/heads/${REVIEW_BRANCHES}${id}`;

/** A new review's id: the day it was asked and a random part (a branch name git takes as it is). */
export const newReviewId = (now = new Date()): string => `${now.toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;

/** Whether `id` is one newReviewId makes: nothing else is ever put in a branch name or a git argument. */
export const isReviewId = (id: unknown): id is string => typeof id === 'string' && /^\d{4}-\d{2}-\d{2}-[0-9a-f]{8}$/.test(id);

/**
 * A step's commit message: the person's words (a commit message already, commit-message.ts), then
 * the review's trailers; a link step names its link and when it expires (ISO 8601).
 */
export const stepMessage = (words: string, id: string, step: ReviewStep, link?: { id: string; expires?: string }): string =>
  `${words.trimEnd()}\n\nReview: ${id}\nReview-state: ${step}\n${link ? `Review-link: ${link.id}\n` : ''}${link?.expires ? `Review-link-expires: ${link.expires}\n` : ''}`;

/** The person's words of a step's message: the message without the trailers stepMessage added. */
const wordsOf = (message: string): string =>
  message.replace(/\n*Review: [^\n]*\nReview-state: [^\n]*\n(Review-link: [^\n]*\n)?(Review-link-expires: [^\n]*\n)?\n*$/, '').trim();

const FIELD = '%x00';
const RECORD = '%x1e';

/**
 * The review whose branch tip is `tip`, read from its commits (first parents from the tip, down
 * to the first that is not one of its steps: the base); undefined when `tip` is no review's.
 */
export async function readReview(repo: Repository, id: string, tip: string): Promise<Review | undefined> {
  const format = [
    '%H',
    '%an',
    '%ae',
    '%aI',
    '%(trailers:key=Review,valueonly,separator=%x2C)',
    '%(trailers:key=Review-state,valueonly,separator=%x2C)',
    '%(trailers:key=Review-link,valueonly,separator=%x2C)',
    '%(trailers:key=Review-link-expires,valueonly,separator=%x2C)',
    '%P',
    '%B',
  ].join(FIELD);
  const log = (await run(repo, ['log', '--first-parent', '-n', '1000', `--format=${format}${RECORD}`, tip, '--'])).stdout;
  const events: ReviewEvent[] = [];
  /** Each link-shared step's expiry and the tip it was shared at, by link id. */
  const shared = new Map<string, { expires: string; tip: string }>();
  let base: string | undefined;
  for (const record of log.split('\x1e')) {
    const fields = record.replace(/^\n/, '').split('\0');
    const [commit = '', name = '', email = '', at = '', review = '', step = '', link = '', expires = '', parents = ''] = fields;
    const message = fields.slice(9).join('\0');
    if (!commit) continue;
    if (review.trim() !== id || !STEPS.has(step.trim())) {
      base = commit;
      break;
    }
    const event: ReviewEvent = { step: step.trim() as ReviewStep, by: { name, email }, at, words: wordsOf(message), commit };
    if (event.step === 'link-shared' || event.step === 'link-revoked') {
      // A link step without a link it can name is none the editor made: it changes no file, and is passed over.
      if (!LINK_ID.test(link.trim())) continue;
      event.link = link.trim();
      const until = Date.parse(expires.trim());
      if (event.step === 'link-shared' && !Number.isNaN(until))
        shared.set(event.link, { expires: new Date(until).toISOString(), tip: parents.split(' ')[0] ?? '' });
    }
    events.unshift(event);
  }
  const [asked] = events;
  if (asked?.step !== 'asked' || !base) return undefined;
  const state = events.reduce<ReviewState>((now, event) => STATE_AFTER[event.step] ?? now, 'waiting');
  return { id, state, asked, events, pages: await pagesOf(repo, base, tip), links: linksOf(events, shared), base, tip };
}

/** The preview links shared in `events`, each with its revocation when there is one. */
function linksOf(events: ReviewEvent[], shared: Map<string, { expires: string; tip: string }>): PreviewLink[] {
  const links = new Map<string, PreviewLink>();
  for (const event of events) {
    const made = event.link ? shared.get(event.link) : undefined;
    if (!event.link || !made) continue;
    if (event.step === 'link-shared') links.set(event.link, { id: event.link, by: event.by, at: event.at, ...made });
    const link = links.get(event.link);
    if (event.step === 'link-revoked' && link && !link.revoked) link.revoked = { by: event.by, at: event.at };
  }
  return [...links.values()];
}

/** The pages the review changes, from its base to its tip, each with its title (as the tip has it, or the base for a page deleted). */
async function pagesOf(repo: Repository, base: string, tip: string): Promise<ReviewPage[]> {
  const fields = nulSplit((await run(repo, ['diff-tree', '-r', '-z', '--no-renames', '--name-status', base, tip, '--'])).stdout);
  const pages: ReviewPage[] = [];
  for (let at = 0; at + 1 < fields.length; at += 2) {
    const status = fields[at] ?? '';
    const path = fields[at + 1] ?? '';
    const change = status === 'A' ? 'added' : status === 'D' ? 'deleted' : 'changed';
    const text = await textAt(repo, change === 'deleted' ? base : tip, path);
    let value: unknown;
    try {
      value = path.endsWith('.json') && text !== null ? JSON.parse(text) : undefined;
    } catch {
      // Named by its file.
    }
    pages.push({ path, title: fileTitle(path, kindOf(path), value), change });
  }
  return pages;
}
