/**
 * The server's half of the editor's route table (src/content/api-routes.ts): each module of the
 * API gives a handler for every route it answers, typed by the table, so a handler missing, one
 * for a route the table does not have, or one giving another answer fails the typecheck.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AnswerOf, type QueryOf, type RouteName, apiRoutes } from '../../src/content/api-routes';
import { reply } from '../site-server/reply';

/** A route's answer, with its status when not 200; `after` runs once it is sent. */
interface Answered<A> {
  answer: A;
  status?: number;
  after?: () => unknown;
}

/** What a handler is given: the request, the parameters its route reads (each '' when absent), and what its module adds. */
export type RouteRequest<N extends RouteName, Context> = Context & { req: IncomingMessage; query: QueryOf<N> };

/** A handler for each of the routes N. */
export type RouteHandlers<N extends RouteName, Context = object> = {
  [K in N]: (request: RouteRequest<K, Context>) => Answered<AnswerOf<K>> | Promise<Answered<AnswerOf<K>>>;
};

/** The parameters route `name` reads, from `url`; `given` are those its module has already read (made canonical, say). */
export function queryOf<N extends RouteName>(name: N, url: URL, given: Partial<Record<string, string>> = {}): QueryOf<N> {
  const names: readonly string[] = apiRoutes[name].query;
  return Object.fromEntries(names.map((key) => [key, given[key] ?? url.searchParams.get(key) ?? ''])) as QueryOf<N>;
}

/** Answers route `name` with its handler; a refusal the handler throws is the caller's to answer. */
export async function answerRoute<N extends RouteName, K extends N, Context>(
  handlers: RouteHandlers<N, Context>,
  name: K,
  request: RouteRequest<K, Context>,
  res: ServerResponse,
): Promise<void> {
  const handler: RouteHandlers<K, Context>[K] = handlers[name];
  const { answer, status = 200, after } = await handler(request);
  reply(res, status, answer as object);
  await after?.();
}
