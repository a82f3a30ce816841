/**
 * The review routes of running editors on two checkouts of one bare remote: asked in one, seen,
 * answered and approved in the other; a trusted proxy names the people; bad requests are refused
 * in words and change nothing.
 */
import { describe, expect, it } from 'vitest';
import { git } from '../../../scripts/publish/git/git';
import { ana, edit, retitle } from '../publish/content-edits';
import { publishingEditors } from './publishing-editors';

const { send, published, repos, editorOn } = publishingEditors();
const ABOUT = 'pages/about.json';
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

describe('the review routes', () => {
  it('ask, list, answer and approve a review between two editors, and refuse what is not one', async () => {
    const { remote, checkout, editor } = await published('api-review', ana);
    const other = await repos.clone(remote, 'api-review-b', null);
    const reviewer = await editorOn(other, true);
    const signedIn = { headers: { 'X-Forwarded-User': 'Rita Reviewer', 'X-Forwarded-Email': 'rita@example.com' } };

    edit(checkout, ABOUT, retitle('Who we are', 'Who we are, in brief'));
    const asked = await send(editor, '/__editor/api/ask-review', post({ paths: [ABOUT], message: 'About: in brief' }));
    expect(asked.status).toBe(200);
    const review = asked.json() as { status: string; review: { id: string; tip: string; base: string; asked: { by: { name: string } } } };
    expect(review).toMatchObject({ status: 'stored', review: { state: 'waiting', asked: { by: ana, words: 'About: in brief' } } });

    // The reviewer's editor lists it, and the page compares from the review's base to its tip.
    const listed = await send(reviewer, '/__editor/api/reviews', signedIn);
    expect(listed.json()).toMatchObject({ reviews: [{ id: review.review.id, pages: [{ path: ABOUT, change: 'changed' }] }] });
    const compared = await send(
      reviewer,
      `/__editor/api/compare?${new URLSearchParams({ path: ABOUT, from: review.review.base, to: review.review.tip })}`,
      signedIn,
    );
    expect(compared.status).toBe(200);
    expect(JSON.stringify(compared.json())).toContain('Who we are, in brief');

    // Behind the proxy, the reviewer is the proxy's user whatever the body says; a request it names no one in is refused.
    const unsigned = await send(
      reviewer,
      '/__editor/api/answer-review',
      post({ id: review.review.id, step: 'changes-asked', note: 'Shorter' }),
    );
    expect(unsigned.json()).toMatchObject({ status: 'refused', reason: 'author' });
    const answered = await send(reviewer, '/__editor/api/answer-review', {
      ...post({ id: review.review.id, step: 'changes-asked', note: 'Shorter, please', author: ana }),
      ...signedIn,
    });
    expect(answered.json()).toMatchObject({ status: 'stored', review: { state: 'changes-asked' } });
    expect((answered.json() as { review: { events: { by: { name: string } }[] } }).review.events.at(-1)?.by.name).toBe('Rita Reviewer');

    // Malformed requests: 400 in words, and no step taken.
    for (const [route, body] of [
      ['ask-review', { paths: 'pages/about.json', message: 'x' }],
      ['ask-review', { paths: [ABOUT] }],
      ['answer-review', { id: review.review.id, step: 'approve', note: 'x' }],
      ['approve-review', { id: review.review.id }],
      ['approve-review', { id: review.review.id, tip: 'x', choices: { a: ['both'] } }],
    ] as const) {
      const refused = await send(editor, `/__editor/api/${route}`, post(body));
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json(), JSON.stringify(body)).toMatchObject({ ok: false, error: expect.any(String) });
    }
    // An id that is no review's is refused in words, before git sees it.
    const noReview = await send(editor, '/__editor/api/answer-review', post({ id: '../main', step: 'withdrawn', note: '' }));
    expect([noReview.status, noReview.json()]).toEqual([
      200,
      { status: 'refused', reason: 'unchanged', message: 'There is no such review.' },
    ]);
    expect((await send(editor, '/__editor/api/reviews')).json()).toMatchObject({ reviews: [{ state: 'changes-asked' }] });

    // Approved as the reviewer saw it: published, the author and the approver named.
    const tip = (answered.json() as { review: { tip: string } }).review.tip;
    const approved = await send(reviewer, '/__editor/api/approve-review', { ...post({ id: review.review.id, tip }), ...signedIn });
    expect(approved.json()).toMatchObject({ status: 'published' });
    expect((await git(remote, ['log', '-1', '--format=%an|%cn|%s', 'main'])).stdout.trim()).toBe(
      'Ana Editor|Rita Reviewer|About: in brief',
    );
    expect((await send(editor, '/__editor/api/reviews')).json()).toMatchObject({ reviews: [{ state: 'published' }] });
  });
});
