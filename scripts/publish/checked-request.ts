/**
 * What every request to commit chosen files (a publish, a request for review) checks before it
 * touches anything, and the refusal in words it answers with when one fails; the checkout's
 * publish lock, with a lock held too long answered as a refusal too.
 */
import { setupProblem } from './setup-problem';
import { authorProblem } from './author-problem';
import type { Problem } from '../content/problems/problem-at';
import { commitMessage } from './commit-message';
import { DeadlineSettingError, type PublishDeadlines, publishDeadlines } from './publish-deadlines';
import { PublishBusy, withPublishLock } from './with-publish-lock';
import { type Author, isContentPath, openRepository, type Repository } from './git/repository';

/** Why nothing was committed. */
export type RefusalReason =
  | 'message'
  | 'author'
  | 'paths'
  | 'unchanged'
  | 'problems'
  | 'links'
  | 'incomplete'
  | 'unreadable'
  | 'remote'
  | 'checkout'
  | 'busy'
  | 'setting';

/** Nothing was committed or pushed, and why, in words (with the paths or problems concerned). */
export interface Refusal {
  status: 'refused';
  reason: RefusalReason;
  message: string;
  /** The paths concerned: outside the content folders, not changed, or (incomplete) the files the chosen ones need. */
  paths?: string[];
  problems?: Problem[];
  /** For links to a page this publish deletes or moves: whether publishing again with `takeOutLinks` takes them out. */
  canTakeOutLinks?: boolean;
}

export const refusal = (
  reason: RefusalReason,
  message: string,
  more: Pick<Refusal, 'paths' | 'problems' | 'canTakeOutLinks'> = {},
): Refusal => ({
  status: 'refused',
  reason,
  message,
  ...more,
});

/** The checkout, or a refusal saying why nothing can be published from `root`. */
export async function open(root: string): Promise<{ repo: Repository } | Refusal> {
  const repo = await openRepository(root);
  return typeof repo === 'string' ? refusal('checkout', setupProblem(repo)) : { repo };
}

/** Runs `work` under the publish lock, answering a lock held too long as a refusal. */
export async function locked<T>(repo: Repository, waitMs: number, work: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await withPublishLock(repo.gitDir, work, waitMs);
  } catch (error) {
    if (error instanceof PublishBusy) return refusal('busy', error.message);
    throw error;
  }
}

/** The deadlines the settings give, or a refusal saying which setting to correct. */
export function deadlinesOf(given: Partial<PublishDeadlines> | undefined): PublishDeadlines | Refusal {
  try {
    return publishDeadlines(given);
  } catch (error) {
    if (error instanceof DeadlineSettingError) return refusal('setting', error.message);
    throw error;
  }
}

/** A request to commit chosen files (a publish, a request for review), checked: see checkedRequest. */
export interface CheckedRequest {
  repo: Repository;
  author: Author;
  /** The chosen paths, each once. */
  paths: string[];
  /** The person's description as a commit message (commit-message.ts). */
  message: string;
  deadlines: PublishDeadlines;
}

/**
 * The deadlines' settings and the person taking a step (their name and e-mail trimmed), checked
 * first by every request that commits in their name: a publish, a review's steps.
 */
export function checkedPerson(
  person: Author,
  given: Partial<PublishDeadlines> | undefined,
): { person: Author; deadlines: PublishDeadlines } | Refusal {
  const deadlines = deadlinesOf(given);
  if ('status' in deadlines) return deadlines;
  const who = authorProblem(person);
  if (who) return refusal('author', who);
  return { person: { name: person.name.trim(), email: person.email.trim() }, deadlines };
}

/**
 * What every request to commit chosen files checks first, in this order: the deadlines' settings,
 * the person, the choice (at least one path, each in a content folder), the checkout and the description.
 */
export async function checkedRequest(
  root: string,
  options: { paths: readonly string[]; message: string; author: Author; deadlines?: Partial<PublishDeadlines> | undefined },
): Promise<CheckedRequest | Refusal> {
  const checked = checkedPerson(options.author, options.deadlines);
  if ('status' in checked) return checked;
  const { person: author, deadlines } = checked;
  const paths = [...new Set(options.paths)];
  if (paths.length === 0) return refusal('paths', 'Choose at least one page to publish.');
  const outside = paths.filter((path) => typeof path !== 'string' || !isContentPath(path));
  if (outside.length > 0)
    return refusal('paths', 'Only pages, entries, the menus, footer and site settings, and pictures can be published.', {
      paths: outside.map(String),
    });
  const opened = await open(root);
  if (!('repo' in opened)) return opened;
  const { repo } = opened;
  const described = await commitMessage(repo, options.message);
  if ('problem' in described) return refusal('message', described.problem);
  return { repo, author, paths, message: described.message, deadlines };
}
