/**
 * Reviews kept in git (scripts/publish/review/): asked in one checkout, seen, answered and
 * approved from a second checkout of the same bare remote, with real git throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChanges } from '../../../scripts/publish/changes/list-changes';
import { git } from '../../../scripts/publish/git/git';
import { publish } from '../../../scripts/publish/publish';
import { approveReview } from '../../../scripts/publish/review/approve-review';
import { listReviews } from '../../../scripts/publish/review/list-reviews';
import { answerReview, askForReview, updateReview } from '../../../scripts/publish/review/ask-for-review';
import { revokePreview, sharePreview } from '../../../scripts/publish/review/share-preview';
import { type GitRepos, gitRepos } from '../../helpers/git-repos';
import { ana, ben, edit, history, read, retitle } from './content-edits';

let repos: GitRepos;
beforeAll(async () => {
  repos = await gitRepos();
});
afterAll(() => repos.cleanup());

const ABOUT = 'pages/about.json';

/** The review a result holds, or the test fails saying what came back instead. */
function reviewOf(result: Awaited<ReturnType<typeof askForReview>>) {
  if (result.status !== 'stored') throw new Error(`Expected a stored review, got ${JSON.stringify(result)}`);
  return result.review;
}

describe('reviews', () => {
  it('are asked in one checkout, answered and approved in another: the published commit names both people', async () => {
    const remote = await repos.remote('review');
    const [a, b] = await Promise.all([repos.clone(remote, 'review-a'), repos.clone(remote, 'review-b')]);
    edit(a, ABOUT, retitle('Who we are', 'About us, in short'));
    const asked = reviewOf(await askForReview(a, { paths: [ABOUT], message: 'About: a shorter heading', author: ana }));
    expect(asked).toMatchObject({ state: 'waiting', asked: { step: 'asked', by: ana, words: 'About: a shorter heading' } });
    expect(asked.pages).toEqual([{ path: ABOUT, title: read(a, ABOUT).title, change: 'changed' }]);
    // Nothing was published: the remote's main is as it was, the review has a branch of its own, and the change is still on disk.
    expect(await history(remote)).toEqual(['The site as published | Seed']);
    expect((await git(remote, ['rev-parse', `refs/heads/review/${asked.id}`])).stdout.trim()).toBe(asked.tip);
    expect((await listChanges(a)).changes.map((change) => change.path)).toEqual([ABOUT]);

    // The second editor sees it, and asks for a change.
    const seen = await listReviews(b);
    expect(seen.problem).toBeUndefined();
    expect(seen.reviews.map((review) => [review.id, review.state, review.asked.by.name])).toEqual([[asked.id, 'waiting', 'Ana Editor']]);
    const answered = reviewOf(
      await answerReview(b, asked.id, { step: 'changes-asked', note: 'Keep "About us" alone, please.', person: ben }),
    );
    expect(answered.state).toBe('changes-asked');
    expect(answered.events.map((event) => [event.step, event.by.name, event.words])).toEqual([
      ['asked', 'Ana Editor', 'About: a shorter heading'],
      ['changes-asked', 'Ben Writer', 'Keep "About us" alone, please.'],
    ]);

    // The author sees the note and brings the change; an approval of what the reviewer saw before is then refused.
    expect((await listReviews(a)).reviews[0]?.events.at(-1)?.words).toBe('Keep "About us" alone, please.');
    edit(a, ABOUT, retitle('About us, in short', 'About us'));
    const updated = reviewOf(await updateReview(a, asked.id, { paths: [ABOUT], message: 'About: as asked', author: ana }));
    expect(updated.state).toBe('waiting');
    const stale = await approveReview(b, asked.id, { approver: ben, tip: answered.tip });
    expect(stale).toMatchObject({
      status: 'refused',
      message: expect.stringMatching(/^Ana Editor changed this review since you opened it/),
    });

    // Meanwhile the reviewer publishes another page: the approval is merged with it.
    edit(b, 'pages/testing.json', (value) => {
      value.title = 'Testing, end to end';
    });
    expect((await publish(b, { paths: ['pages/testing.json'], message: 'Testing: a new title', author: ben })).status).toBe('published');
    const approved = await approveReview(b, asked.id, { approver: ben, tip: updated.tip });
    expect(approved.status).toBe('published');
    expect(await history(remote)).toEqual([
      'About: a shorter heading | Ana Editor',
      'Testing: a new title | Ben Writer',
      'The site as published | Seed',
    ]);
    const [author, committer, message] = (await git(remote, ['log', '-1', '--format=%an <%ae>%x00%cn <%ce>%x00%B', 'main'])).stdout.split(
      '\0',
    );
    expect([author, committer]).toEqual(['Ana Editor <ana@example.com>', 'Ben Writer <ben@example.com>']);
    expect(message).toContain(`Review: ${asked.id}\nApproved-by: Ben Writer <ben@example.com>`);
    // What was published is the review's newest version, beside the other page; the approver's files show it.
    const published = JSON.parse((await git(remote, ['show', `main:${ABOUT}`])).stdout);
    expect(published.blocks[0].heading).toBe('About us');
    expect(JSON.parse((await git(remote, ['show', 'main:pages/testing.json'])).stdout).title).toBe('Testing, end to end');
    expect(read(b, ABOUT).blocks[0]?.heading).toBe('About us');
    expect((await listChanges(b)).changes).toEqual([]);

    // Everyone sees it published; it cannot be approved or answered again.
    const after = (await listReviews(a)).reviews[0];
    expect(after?.state).toBe('published');
    expect(after?.events.at(-1)).toMatchObject({ step: 'published', by: ben, words: 'Approved by Ben Writer and published.' });
    expect(await approveReview(b, asked.id, { approver: ben, tip: after?.tip ?? '' })).toMatchObject({ status: 'refused' });
    expect(await answerReview(b, asked.id, { step: 'changes-asked', note: 'More', person: ben })).toMatchObject({
      status: 'refused',
      message: expect.stringContaining('published already'),
    });
  });

  it('asks the approver to choose where the review and a later publish changed the same field', async () => {
    const remote = await repos.remote('review-conflict');
    const [a, b] = await Promise.all([repos.clone(remote, 'conflict-a'), repos.clone(remote, 'conflict-b')]);
    edit(a, ABOUT, retitle('Who we are', 'Who we are, in short'));
    const asked = reviewOf(await askForReview(a, { paths: [ABOUT], message: 'About: shorter', author: ana }));
    edit(b, ABOUT, retitle('Who we are', 'Who we are today'));
    expect((await publish(b, { paths: [ABOUT], message: 'About: today', author: ben })).status).toBe('published');
    const first = await approveReview(b, asked.id, { approver: ben, tip: asked.tip });
    if (first.status !== 'conflicts') throw new Error(`Expected conflicts, got ${JSON.stringify(first)}`);
    expect(first.conflicts.map((conflict) => [conflict.path, conflict.by?.name, conflict.conflicts.length])).toEqual([
      [ABOUT, 'Ben Writer', 1],
    ]);
    // Nothing was published until the approver chose: then the review's side is.
    expect(await history(remote)).toHaveLength(2);
    const key = first.conflicts[0]?.key ?? '';
    const second = await approveReview(b, asked.id, { approver: ben, tip: asked.tip, choices: { [key]: ['mine'] } });
    expect(second.status).toBe('published');
    expect(JSON.parse((await git(remote, ['show', `main:${ABOUT}`])).stdout).blocks[0].heading).toBe('Who we are, in short');
  });

  it('are withdrawn by their author, refuse what cannot be asked, and live in the checkout when there is no remote', async () => {
    const remote = await repos.remote('review-alone');
    const a = await repos.clone(remote, 'alone-a');
    await git(a, ['remote', 'remove', 'origin']);
    // Nothing changed, a broken page, an id that is no review's: refused in words, nothing stored.
    expect(await askForReview(a, { paths: [ABOUT], message: 'Nothing', author: ana })).toMatchObject({
      status: 'refused',
      reason: 'unchanged',
    });
    edit(a, ABOUT, (value) => {
      value.title = '';
    });
    expect(await askForReview(a, { paths: [ABOUT], message: 'Broken', author: ana })).toMatchObject({
      status: 'refused',
      reason: 'problems',
    });
    expect(await answerReview(a, '../../main', { step: 'withdrawn', note: '', person: ana })).toMatchObject({ status: 'refused' });
    expect((await listReviews(a)).reviews).toEqual([]);

    edit(a, ABOUT, (value) => {
      value.title = 'About the company';
    });
    const asked = reviewOf(await askForReview(a, { paths: [ABOUT], message: 'About: a clearer title', author: ana }));
    expect((await git(a, ['rev-parse', `refs/heads/review/${asked.id}`])).stdout.trim()).toBe(asked.tip);
    const withdrawn = reviewOf(await answerReview(a, asked.id, { step: 'withdrawn', note: '', person: ana }));
    expect(withdrawn.state).toBe('withdrawn');
    expect(withdrawn.events.at(-1)?.words).toBe('Withdrawn.');
    expect(await approveReview(a, asked.id, { approver: ben, tip: withdrawn.tip })).toMatchObject({ status: 'refused' });

    // Asked again and approved with no remote: the checkout's own branch takes the change, and the files follow.
    const again = reviewOf(await askForReview(a, { paths: [ABOUT], message: 'About: a clearer title', author: ana }));
    expect(await approveReview(a, again.id, { approver: ben, tip: again.tip })).toMatchObject({ status: 'published' });
    expect((await git(a, ['log', '-1', '--format=%an|%cn', 'HEAD'])).stdout.trim()).toBe('Ana Editor|Ben Writer');
    expect((await listChanges(a)).changes).toEqual([]);
    const states = Object.fromEntries((await listReviews(a)).reviews.map((review) => [review.id, review.state]));
    expect(states).toEqual({ [again.id]: 'published', [withdrawn.id]: 'withdrawn' });
  });

  it('keep the preview links shared and revoked as steps a second checkout reads, each naming its link, the state left as it was', async () => {
    const remote = await repos.remote('review-links');
    const [a, b] = await Promise.all([repos.clone(remote, 'links-a'), repos.clone(remote, 'links-b')]);
    edit(a, ABOUT, retitle('Who we are', 'Who we are, in brief'));
    const asked = reviewOf(await askForReview(a, { paths: [ABOUT], message: 'About: a preview', author: ana }));
    const before = Date.now();
    const shared = reviewOf(await sharePreview(a, asked.id, { person: ana, days: 3 }));
    const [link] = shared.links;
    expect(link).toMatchObject({ by: ana, tip: asked.tip });
    expect(link?.id).toMatch(/^[0-9a-f]{16}$/);
    const lasts = Date.parse(link?.expires ?? '') - before;
    expect(lasts).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(lasts).toBeLessThanOrEqual(3 * 86_400_000 + 60_000);
    expect(shared.state).toBe('waiting');
    // The step changes no file: the review's change is what it was.
    expect(shared.pages).toEqual(asked.pages);
    expect((await git(a, ['rev-parse', `${shared.tip}^{tree}`])).stdout).toBe((await git(a, ['rev-parse', `${asked.tip}^{tree}`])).stdout);

    // The second checkout reads the link, asks for changes (the link stays), and revokes it.
    expect((await listReviews(b)).reviews[0]?.links.map((each) => each.id)).toEqual([link?.id]);
    reviewOf(await answerReview(b, asked.id, { step: 'changes-asked', note: 'Shorter still.', person: ben }));
    const revoked = reviewOf(await revokePreview(b, asked.id, link?.id, { person: ben }));
    expect(revoked.state).toBe('changes-asked');
    expect(revoked.links).toEqual([{ ...link, revoked: { by: ben, at: revoked.events.at(-1)?.at } }]);
    expect(revoked.events.map((event) => [event.step, event.link])).toEqual([
      ['asked', undefined],
      ['link-shared', link?.id],
      ['changes-asked', undefined],
      ['link-revoked', link?.id],
    ]);
    expect(await revokePreview(a, asked.id, link?.id, { person: ana })).toMatchObject({
      status: 'refused',
      message: 'This preview link has been revoked already.',
    });
    expect(await revokePreview(a, asked.id, '0123456789abcdef', { person: ana })).toMatchObject({
      status: 'refused',
      message: 'There is no such preview link in this review.',
    });
  });
});
