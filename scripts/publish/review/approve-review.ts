/**
 * Approving a review publishes it. The review's change (from its base to its tip, every update
 * in it) becomes one commit: its author is the person who asked, its committer the approver,
 * and its message the author's description with `Approved-by:` naming the approver. That commit
 * is replayed onto what is published now, block by block as a publish is (replay.ts: a field
 * both changed is a conflict the approver chooses for, as in Publish), checked as a publish is,
 * and pushed. Then the review's branch records that it was published.
 *
 * One commit, not a merge commit: the follower and the editor's own pushes take plain commits
 * only (push-commits.ts refuses to send merges), and "Undo this change" in History then takes
 * back the whole approved change in one step. Both people stay named in it, in git's own fields.
 *
 * The approval holds for the tip the approver saw: if the author changed the review since, it
 * is refused, to be looked at again.
 */
import { checkedPerson, locked, open, type Refusal, refusal } from '../checked-request';
import { type RemoteSetting, remoteOf } from '../git/remote';
import { type Author, commitOf, type Repository, run } from '../git/repository';
import type { PublishDeadlines } from '../publish-deadlines';
import { fetchBranch, followTip, isAncestor, mergedProblems, type PushOutcome, push } from '../push-commits';
import { type Choices, type FileConflict, replay } from '../replay';
import { setupProblem } from '../setup-problem';
import { fetchReviews, reviewTips } from './store-step';
import type { Review } from '../../../src/content/review-types';
import { readReview, stepMessage } from './read-review';
import { commitAs } from '../git/commit-as';
import { onReview } from './ask-for-review';

export interface ApproveRequest {
  approver: Author;
  /** The review's tip the approver looked at: a newer one is refused. */
  tip: string;
  /** Choices for the conflicts an earlier approval returned, by their key. */
  choices?: Choices;
  /** Why the approver may not approve this review (the site's review settings), or undefined when they may. */
  mayApprove?: (review: Review) => string | undefined;
  remote?: RemoteSetting;
  deadlines?: Partial<PublishDeadlines>;
}

export type ApproveResult =
  | { status: 'published'; commit: string; review: Review }
  | { status: 'conflicts'; conflicts: FileConflict[] }
  | Extract<PushOutcome, { status: 'not-pushed' }>
  | Refusal;

/** How many times the approval is replayed onto the published branch, when others keep publishing first. */
const ATTEMPTS = 4;

/**
 * The review's change as one commit on its base: the same commit every time for the same review
 * and approver (its dates are the review's), so that the keys of its conflicts stay the same
 * between an approval that returned them and the one that brings the choices.
 */
async function squashed(repo: Repository, review: Review, approver: Author): Promise<string> {
  const dates = (await run(repo, ['log', '-1', '--format=%ad%x00%cd', '--date=raw', review.tip])).stdout.trim().split('\0');
  const asked = (await run(repo, ['log', '-1', '--format=%ad', '--date=raw', review.asked.commit])).stdout.trim();
  const tree = (await run(repo, ['rev-parse', `${review.tip}^{tree}`])).stdout.trim();
  const message = `${review.asked.words}\n\nReview: ${review.id}\nApproved-by: ${approver.name} <${approver.email}>\n`;
  return (
    await run(repo, ['commit-tree', tree, '-p', review.base, '-F', '-'], {
      input: message,
      env: {
        GIT_AUTHOR_NAME: review.asked.by.name,
        GIT_AUTHOR_EMAIL: review.asked.by.email,
        GIT_AUTHOR_DATE: asked,
        GIT_COMMITTER_NAME: approver.name,
        GIT_COMMITTER_EMAIL: approver.email,
        GIT_COMMITTER_DATE: dates[1] ?? asked,
      },
    })
  ).stdout.trim();
}

/** The commit of the newest version of `review`'s pages (asked or updated) at its step `tip`; undefined for no step of it. */
function lastVersion(review: Review, tip: string): string | undefined {
  const at = review.events.findIndex((event) => event.commit === tip);
  return review.events
    .slice(0, at + 1)
    .filter((event) => event.step === 'asked' || event.step === 'updated')
    .at(-1)?.commit;
}

/** Approves review `id` as `approver` and publishes it (see the file's comment). */
export async function approveReview(root: string, id: unknown, options: ApproveRequest): Promise<ApproveResult> {
  const checked = checkedPerson(options.approver, options.deadlines);
  if ('status' in checked) return checked;
  const { person: approver, deadlines } = checked;
  const opened = await open(root);
  if (!('repo' in opened)) return opened;
  const { repo } = opened;
  return locked(repo, deadlines.waitMs, async (): Promise<ApproveResult> => {
    const remote = await remoteOf(repo, options.remote);
    if (typeof remote === 'string') return refusal('remote', setupProblem(remote));
    const fetched = await fetchReviews(repo, remote, deadlines.remoteMs);
    if (fetched !== true) return refusal('remote', fetched);
    const tip = typeof id === 'string' ? (await reviewTips(repo, remote)).get(id) : undefined;
    const review = tip ? await readReview(repo, id as string, tip) : undefined;
    if (!review) return refusal('unchanged', 'There is no such review: it may have been removed.');
    if (review.state === 'published' || review.state === 'withdrawn')
      return refusal('unchanged', `This review has been ${review.state} already: there is nothing more to do with it.`);
    const denied = options.mayApprove?.(review);
    if (denied) return refusal('author', denied);
    // A step that changes no file since (a note, a preview link shared) leaves the version the approver saw as it was.
    if (lastVersion(review, options.tip) !== lastVersion(review, review.tip))
      return refusal('unchanged', `${review.asked.by.name} changed this review since you opened it: look at it again before you approve.`);
    const change = await squashed(repo, review, approver);
    const head = await commitOf(repo, 'HEAD');
    let published: string | undefined;
    for (let attempt = 0; attempt < ATTEMPTS && !published; attempt += 1) {
      if (remote) {
        const got = await fetchBranch(repo, remote, deadlines.remoteMs);
        if (typeof got === 'string') return refusal('remote', got);
      }
      const onto = remote ? await commitOf(repo, remote.tracking) : head;
      if (!onto) return refusal('unchanged', 'Nothing is published yet: there is nothing to publish the review onto.');
      const replayed = await replay(repo, [change], onto, options.choices ?? {}, approver);
      if ('conflicts' in replayed) return { status: 'conflicts', conflicts: replayed.conflicts };
      const problems = await mergedProblems(repo, onto, replayed.made, [change]);
      if (problems.length > 0)
        return refusal('problems', 'Published with what others published since, the review would leave the site with problems:', {
          problems,
        });
      if (!remote) published = replayed.tip;
      else {
        const pushed = await push(repo, remote, replayed.tip, deadlines.remoteMs);
        if (!pushed.ok && pushed.stale) continue;
        if (!pushed.ok)
          return { status: 'not-pushed', commit: change, reason: pushed.reason, message: pushed.message, remote: pushed.remote };
        await run(repo, ['update-ref', remote.tracking, replayed.tip]);
        published = replayed.tip;
      }
      // This checkout follows when it had nothing of its own to publish: its files show what is published now.
      if (head && (head === onto || !remote || (await isAncestor(repo, head, onto)))) {
        const moved = await run(repo, ['update-ref', '-m', `approve review ${review.id}`, 'HEAD', published, head], { allowFailure: true });
        if (moved.code === 0) await followTip(repo, head, published);
      }
    }
    if (!published)
      return refusal(
        'busy',
        `Others kept publishing while this review was being merged with their changes (${ATTEMPTS} times): approve again.`,
      );
    const commit = published;
    const noted = await onReview(repo, review.id, options.remote, deadlines, async (_, now) => {
      const tree = (await run(repo, ['rev-parse', `${now.tip}^{tree}`])).stdout.trim();
      const words = `Approved by ${approver.name} and published.\n`;
      return { commit: await commitAs(repo, tree, now.tip, stepMessage(words, now.id, 'published'), approver) };
    });
    // Published all the same: the review's own record of it is the last step, and may be made again.
    return { status: 'published', commit, review: noted.status === 'stored' ? noted.review : review };
  });
}
