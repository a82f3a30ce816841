/**
 * Asking for a review, and every step after it but the approval (approve-review.ts): the author
 * brings changes, a reviewer asks for changes, the author withdraws. Each is one commit on the
 * review's branch (read-review.ts), made under the checkout's publish lock and stored where the
 * reviews are (store-step.ts). Asking commits nothing to the published branch: the person's
 * changes stay on disk, shown in Changes as before, and the review holds a copy of them.
 *
 * A step that another editor's step beat to the remote is made again on top of theirs, a few
 * times; one whose review has been published or withdrawn meanwhile is refused in words.
 */
import { type CheckedRequest, checkedRequest, checkedPerson, locked, open, type Refusal, refusal } from '../checked-request';
import { chosenFiles, chosenTree } from '../chosen-tree';
import { scanChanges } from '../changes/list-changes';
import { commitMessage } from '../commit-message';
import { type RemoteSetting, remoteOf } from '../git/remote';
import { commitAs } from '../git/commit-as';
import { type Author, type Repository, run } from '../git/repository';
import type { PublishDeadlines } from '../publish-deadlines';
import { setupProblem } from '../setup-problem';
import { treeProblems } from '../tree-problems';
import { fetchReviews, reviewTips, storeStep } from './store-step';
import type { Review, ReviewStep } from '../../../src/content/review-types';
import { isReviewId, newReviewId, readReview, stepMessage } from './read-review';

/** How many times a step is made again on top of another editor's that landed first. */
const ATTEMPTS = 4;

export interface ReviewRequest {
  /** The files to send, as Changes names them; a renamed file brings its old path along. */
  paths: readonly string[];
  /** The person's description of the change. */
  message: string;
  author: Author;
  remote?: RemoteSetting;
  deadlines?: Partial<PublishDeadlines>;
}

export type ReviewResult = { status: 'stored'; review: Review } | Refusal;

const PROBLEMS =
  'Some of what you chose has problems, or would have once published without the pages or pictures it needs: fix them first.';

/**
 * The chosen files as a step of review `id` on top of `parent` (the published version when
 * asking, the review's tip when updating), checked as a publish checks them.
 */
async function changeStep(
  request: CheckedRequest,
  setting: RemoteSetting | undefined,
  id: string,
  step: ReviewStep,
  parent: (head: string) => string,
): Promise<{ commit: string } | Refusal> {
  const { repo } = request;
  const scan = await scanChanges(repo, setting);
  if (scan.remoteProblem) return refusal('remote', scan.remoteProblem);
  if (!scan.head) return refusal('unchanged', 'Nothing is published yet, so there is nothing to compare a change with: publish first.');
  const picked = chosenFiles(scan, request.paths, 'send for review');
  if ('status' in picked) return picked;
  if (picked.toCommit.length === 0)
    return refusal('unchanged', 'What you chose is published already, on this computer: there is nothing to send for review.', {
      paths: [...request.paths],
    });
  const onto = parent(scan.head);
  const took = await chosenTree(repo, scan, picked.toCommit, picked.all, 'sent for review', onto);
  if ('status' in took) return took;
  const ontoTree = (await run(repo, ['rev-parse', `${onto}^{tree}`])).stdout.trim();
  if (took.tree === ontoTree)
    return refusal('unchanged', 'The review holds these changes already: change the page again, or choose another.', {
      paths: [...request.paths],
    });
  const problems = await treeProblems(repo, onto, took.tree, new Set(picked.toCommit));
  if (problems.length > 0) return refusal('problems', PROBLEMS, { problems });
  return { commit: await commitAs(repo, took.tree, onto, stepMessage(request.message, id, step), request.author) };
}

/** Words for a step not stored because the remote refused it or could not be reached. */
const notStoredWords = (message: string): string =>
  message.replace(/your change waits as not yet published/, 'nothing was sent for review or answered, and your pages are as they were');

/**
 * Sends the chosen files for review: a new review branch holding them on top of what is
 * published, with the person's description, pushed to the remote when there is one.
 */
export async function askForReview(root: string, options: ReviewRequest): Promise<ReviewResult> {
  const request = await checkedRequest(root, options);
  if ('status' in request) return request;
  const { repo, deadlines } = request;
  return locked(repo, deadlines.waitMs, async () => {
    const id = newReviewId();
    const made = await changeStep(request, options.remote, id, 'asked', (head) => head);
    if ('status' in made) return made;
    const remote = await remoteOf(repo, options.remote);
    if (typeof remote === 'string') return refusal('remote', setupProblem(remote));
    const stored = await storeStep(repo, remote, id, made.commit, null, deadlines.remoteMs);
    if (stored !== true)
      return refusal('remote', stored.stale ? 'Try again: the review could not be stored.' : notStoredWords(stored.message));
    const review = await readReview(repo, id, made.commit);
    return review ? { status: 'stored', review } : refusal('checkout', 'The review was stored but cannot be read back: try again.');
  });
}

/** What a step on an existing review needs: the checkout, where reviews are, and the review as it is now. */
type OnReview = (repo: Repository, review: Review) => Promise<{ commit: string } | Refusal>;

/** Makes a step on review `id` with `make`, on its newest tip, again on top of another editor's step that landed first. */
export async function onReview(
  repo: Repository,
  id: unknown,
  setting: RemoteSetting | undefined,
  deadlines: PublishDeadlines,
  make: OnReview,
): Promise<ReviewResult> {
  if (!isReviewId(id)) return refusal('unchanged', 'There is no such review.');
  const remote = await remoteOf(repo, setting);
  if (typeof remote === 'string') return refusal('remote', setupProblem(remote));
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const fetched = await fetchReviews(repo, remote, deadlines.remoteMs);
    if (fetched !== true) return refusal('remote', fetched);
    const tip = (await reviewTips(repo, remote)).get(id);
    const review = tip ? await readReview(repo, id, tip) : undefined;
    if (!tip || !review) return refusal('unchanged', 'There is no such review: it may have been removed.');
    if (review.state === 'published' || review.state === 'withdrawn')
      return refusal('unchanged', `This review has been ${review.state} already: there is nothing more to do with it.`);
    const made = await make(repo, review);
    if ('status' in made) return made;
    const stored = await storeStep(repo, remote, id, made.commit, tip, deadlines.remoteMs);
    if (stored === true) {
      const now = await readReview(repo, id, made.commit);
      if (now) return { status: 'stored', review: now };
    } else if (!stored.stale) return refusal('remote', notStoredWords(stored.message));
  }
  return refusal('busy', 'Others kept answering this review at the same moment: try again.');
}

/** The author brings the chosen files into review `id` again (after changes were asked for, say): the review shows the newest. */
export async function updateReview(root: string, id: unknown, options: ReviewRequest): Promise<ReviewResult> {
  const request = await checkedRequest(root, options);
  if ('status' in request) return request;
  const { repo, deadlines } = request;
  return locked(repo, deadlines.waitMs, () =>
    onReview(repo, id, options.remote, deadlines, (_, review) =>
      changeStep(request, options.remote, review.id, 'updated', () => review.tip),
    ),
  );
}

export interface AnswerRequest {
  step: 'changes-asked' | 'withdrawn';
  /** What the reviewer asks to change (required), or why the author withdraws (optional). */
  note: string;
  person: Author;
  remote?: RemoteSetting;
  deadlines?: Partial<PublishDeadlines>;
}

/** A reviewer asks for changes with a note the author sees, or the author withdraws: a step that changes no file. */
export async function answerReview(root: string, id: unknown, options: AnswerRequest): Promise<ReviewResult> {
  if (options.step !== 'changes-asked' && options.step !== 'withdrawn') return refusal('paths', 'Ask for changes, or withdraw.');
  const typed = typeof options.note === 'string' ? options.note : '';
  if (options.step === 'changes-asked' && typed.trim() === '')
    return refusal('message', 'Say what should change: the author reads it beside the review.');
  const { step } = options;
  return plainStep(root, id, options, async (repo, review) => {
    const note = await commitMessage(repo, typed.trim() === '' ? 'Withdrawn.' : typed);
    return 'problem' in note ? refusal('message', note.problem) : stepMessage(note.message, review.id, step);
  });
}

/** Who takes a step that changes no file, and where reviews are. */
export interface PlainStepRequest {
  person: Author;
  remote?: RemoteSetting;
  deadlines?: Partial<PublishDeadlines>;
}

/**
 * Takes a step on review `id` that changes no file (an answer, a preview link shared or revoked):
 * `message` gives its commit message from the review as it is now, or a refusal.
 */
export async function plainStep(
  root: string,
  id: unknown,
  options: PlainStepRequest,
  message: (repo: Repository, review: Review) => Promise<string | Refusal>,
): Promise<ReviewResult> {
  const checked = checkedPerson(options.person, options.deadlines);
  if ('status' in checked) return checked;
  const { person, deadlines } = checked;
  const opened = await open(root);
  if (!('repo' in opened)) return opened;
  const { repo } = opened;
  return locked(repo, deadlines.waitMs, () =>
    onReview(repo, id, options.remote, deadlines, async (_, review) => {
      const said = await message(repo, review);
      if (typeof said !== 'string') return said;
      const tree = (await run(repo, ['rev-parse', `${review.tip}^{tree}`])).stdout.trim();
      return { commit: await commitAs(repo, tree, review.tip, said, person) };
    }),
  );
}
