/**
 * Who a publishing request is made by, and the choices it brings: the person a trusted sign-in
 * proxy names (always, when the editor trusts one), else the one the body names, else git's
 * user; choices of 'mine' or 'theirs' by conflict key. Publishing and reviews read them alike.
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type { PersonName } from '../../src/content/api-types';
import { misreadRequest } from '../publish/misread-request';
import type { Choices } from '../publish/replay';
import { refusal } from '../site-server/refusal';
import { authorFromGit } from '../publish/publish';

/**
 * One header's value, trimmed; undefined when absent or empty. Node reads header bytes as
 * Latin-1; a proxy sends a name such as "Ana Müller" as UTF-8, so bytes that are UTF-8 are read as it.
 */
function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return undefined;
  const bytes = Buffer.from(raw, 'latin1');
  const text = (/[\u0080-\u00ff]/.test(raw) && isUtf8(bytes) ? bytes.toString('utf8') : raw).trim();
  return text ? text : undefined;
}

/** Said when the editor trusts a sign-in proxy and a request reaches it naming no one. */
export const NO_SIGNED_IN_AUTHOR =
  'The sign-in in front of the editor did not say who you are, so nothing was published: sign out and in again, or ask whoever set up the sign-in.';

/**
 * The author a trusted sign-in proxy names: undefined when the proxy is not trusted, null when it
 * is and names no one (the publish is then refused: the author never comes from the request's body).
 */
export function proxyAuthor(req: IncomingMessage, trusted: boolean): PersonName | null | undefined {
  if (!trusted) return undefined;
  const email = header(req, 'x-forwarded-email');
  const user = header(req, 'x-forwarded-user');
  if (!email) return null;
  return { name: user ?? email.split('@')[0] ?? email, email };
}

/** A person as a request body names them: both name and e-mail as strings, else undefined. */
function bodyAuthor(value: unknown): PersonName | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, email } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof email === 'string' ? { name, email } : undefined;
}

/** The choices of a body: by key, a list of 'mine' or 'theirs'; refused in words when it is anything else. */
export function choicesOf(value: unknown): Choices | undefined {
  if (value === undefined) return undefined;
  const ok =
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((sides) => Array.isArray(sides) && sides.every((side) => side === 'mine' || side === 'theirs'));
  if (!ok) throw refusal(400, misreadRequest('a choice that is neither yours nor theirs'));
  return value as Choices;
}

/**
 * The person a request is made by: the one a trusted proxy names ('unsigned' when it names no
 * one: the request is then refused, whatever its body says), else `named` (the body's), else
 * git's user; null when no one is known.
 */
export async function requestPerson(
  fromProxy: PersonName | null | undefined,
  named: unknown,
  root: string,
): Promise<PersonName | 'unsigned' | null> {
  if (fromProxy === null) return 'unsigned';
  return fromProxy ?? bodyAuthor(named) ?? (await authorFromGit(root));
}
