/**
 * The editor's review routes (src/content/api-routes.ts): the list of reviews, asking for one,
 * the author's update, a reviewer's request for changes or the author's withdrawal, and the
 * approval that publishes (scripts/publish/review/). Each person is named as a publish names its
 * author (request-person.ts): a trusted sign-in proxy's user, always, when there is one.
 */
import type { IncomingMessage } from 'node:http';
import type { PersonName } from '../../src/content/api-types';
import { misreadRequest } from '../publish/misread-request';
import { approveReview } from '../publish/review/approve-review';
import { answerReview, askForReview, updateReview } from '../publish/review/ask-for-review';
import { listReviews } from '../publish/review/list-reviews';
import { refusal } from '../site-server/refusal';
import type { RouteHandlers } from './answer-route';
import type { PublishRoute } from './publish-api';
import { choicesOf, NO_SIGNED_IN_AUTHOR, requestPerson } from './request-person';
import type { Workspace } from './workspace';

/** The routes this module answers. */
export type ReviewRoute = Extract<PublishRoute, 'reviews' | 'ask-review' | 'update-review' | 'answer-review' | 'approve-review'>;

const UNSIGNED = { status: 'refused', reason: 'author', message: NO_SIGNED_IN_AUTHOR } as const;

/** The handlers of the review routes; `body` reads a request's JSON object. */
export function reviewApi(
  workspace: Workspace,
  body: (req: IncomingMessage) => Promise<Record<string, unknown>>,
): RouteHandlers<ReviewRoute, { fromProxy: PersonName | null | undefined }> {
  const root = workspace.root;
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
    reviews: async () => ({ answer: await listReviews(root) }),
    'ask-review': async ({ req, fromProxy }) => {
      const given = await body(req);
      const who = await person(fromProxy, given.author);
      return { answer: 'status' in who ? who : await askForReview(root, { ...change(given), author: who }) };
    },
    'update-review': async ({ req, fromProxy }) => {
      const given = await body(req);
      const who = await person(fromProxy, given.author);
      return { answer: 'status' in who ? who : await updateReview(root, given.id, { ...change(given), author: who }) };
    },
    'answer-review': async ({ req, fromProxy }) => {
      const given = await body(req);
      const { id, step, note } = given;
      if ((step !== 'changes-asked' && step !== 'withdrawn') || typeof note !== 'string')
        throw refusal(400, misreadRequest('no answer to give the review'));
      const who = await person(fromProxy, given.author);
      return { answer: 'status' in who ? who : await answerReview(root, id, { step, note, person: who }) };
    },
    'approve-review': async ({ req, fromProxy }) => {
      const given = await body(req);
      const { id, tip, choices } = given;
      if (typeof tip !== 'string') throw refusal(400, misreadRequest('no version of the review to approve'));
      const who = await person(fromProxy, given.author);
      if ('status' in who) return { answer: who };
      const answer = await approveReview(root, id, { approver: who, tip, choices: choicesOf(choices) });
      // The approver's files followed what was published: read again now, not when the watcher says so.
      if (answer.status === 'published') workspace.invalidate();
      return { answer };
    },
  };
}
