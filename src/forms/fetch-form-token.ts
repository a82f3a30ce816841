/**
 * The signed time token a form asks the site server for as it opens, and sends back with the
 * submission (scripts/site-server/spam/issue-token.ts): without it, or sent within two seconds,
 * a submission is taken for a bot's. Asked only when the form posts to the site's own server.
 */
import type { FormKind } from './forms';

/** Where the site server gives out tokens. */
export const FORM_TOKEN_PATH = '/api/form-token';

/** Asks for a token for `kind`'s form; resolves with none when the server gives none (an external form service, a network fault). */
export async function fetchFormToken(kind: FormKind, endpoint: string): Promise<string | undefined> {
  if (!endpoint.startsWith('/')) return undefined;
  try {
    const response = await fetch(`${FORM_TOKEN_PATH}?form=${kind}`, { cache: 'no-store' });
    const answer = (await response.json()) as { token?: unknown };
    return typeof answer.token === 'string' ? answer.token : undefined;
  } catch {
    return undefined;
  }
}
