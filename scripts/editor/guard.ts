/**
 * Who may use the visual editor. Every request and every WebSocket upgrade passes `guard`
 * before anything is read; what Vite may then answer is serves-through-vite.ts.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { type Refusal, refusal } from '../site-server/refusal';
import { fromOtherSite } from '../vite/from-other-site';

const LOOPBACK_NAMES = new Set(['127.0.0.1', '::1', 'localhost']);
/** The cookie that carries a session made when the token was shown; never the token itself. */
const SESSION_COOKIE = 'editor_session';
/** Sessions kept at once: the oldest goes first (only someone holding the token can make one). */
const MAX_SESSIONS = 1000;

export const isLoopbackHost = (host: string): boolean => LOOPBACK_NAMES.has(host);

/** Whether a connection comes from this machine (a browser here, or a tunnel or proxy ending here). */
export const fromLoopback = (req: IncomingMessage): boolean => {
  const address = req.socket.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
};

/**
 * Whether the request reached the person over HTTPS: on this socket, or through a proxy on this
 * machine (Caddy, nginx, an SSH tunnel's far end) that says so in X-Forwarded-Proto. A remote
 * client's X-Forwarded-Proto is never believed.
 */
export function overHttps(req: IncomingMessage): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    ?.trim()
    .toLowerCase();
  return fromLoopback(req) && forwarded === 'https';
}

/** Compares two secrets of any length and any characters in constant time. */
const sameSecret = (presented: string, secret: string): boolean =>
  timingSafeEqual(createHash('sha256').update(presented).digest(), createHash('sha256').update(secret).digest());

/** The value of one cookie: split at the first "=" only, so values holding "=" stay whole. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The sessions of one running editor: opaque random values handed out when the token was shown. */
export class Sessions {
  private readonly live = new Set<string>();

  /** A new session's value, and the Set-Cookie header that stores it in the browser. */
  open(req: IncomingMessage): string {
    const id = randomBytes(32).toString('base64url');
    this.live.add(id);
    if (this.live.size > MAX_SESSIONS) this.live.delete(this.live.values().next().value as string);
    return `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/${overHttps(req) ? '; Secure' : ''}`;
  }

  has(req: IncomingMessage): boolean {
    const id = cookieValue(req.headers.cookie, SESSION_COOKIE);
    return id !== undefined && this.live.has(id);
  }
}

export interface GuardOptions {
  /** The port the editor listens on (its Host must name it when no token is set). */
  port: number;
  /** Set when the editor listens beyond loopback: then a session, the token or a Bearer token is needed. */
  token?: string;
  sessions: Sessions;
}

/** The token a request presents in its address (`?token=`), when it does and it is right. */
export function tokenInAddress(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return false;
  const presented = new URL(req.url ?? '/', 'http://editor').searchParams.get('token');
  return presented !== null && sameSecret(presented, token);
}

/**
 * Whether a request may be answered, and if not, why:
 * - a browser's `Sec-Fetch-Site` other than same-origin or none (typed or pasted address) is
 *   another site's page reaching in, whatever the method: an `<img>` on another local port is
 *   "same-site", and refused too;
 * - without a token, Host must be this server's loopback name and port (no DNS rebinding);
 * - an Origin, when sent, must be this server's, and a request that changes anything must send one;
 * - with a token, the request carries a session cookie, the token as `Authorization: Bearer`,
 *   or the token in its address. A header of another scheme (Basic from a proxy) changes nothing.
 */
export function guard(req: IncomingMessage, { port, token, sessions }: GuardOptions): Refusal | undefined {
  if (fromOtherSite(req)) return refusal(403, 'Requests from other sites are refused.');
  const host = req.headers.host ?? '';
  if (!token) {
    const name = host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
    if (!isLoopbackHost(name) || host !== `${name.includes(':') ? `[${name}]` : name}:${port}`)
      return refusal(421, 'This editor answers only at its own address (http://127.0.0.1 with its port).');
  }
  const origin = req.headers.origin;
  const unsafe = !['GET', 'HEAD'].includes(req.method ?? 'GET');
  if ((origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) || (unsafe && origin === undefined))
    return refusal(403, 'Requests from other sites are refused.');
  if (token) {
    // Node reads header bytes as Latin-1: a token beyond it arrives as its UTF-8 bytes, read back here.
    const bearer = /^Bearer +(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const bearerMatches =
      bearer !== undefined && (sameSecret(bearer, token) || sameSecret(Buffer.from(bearer, 'latin1').toString('utf8'), token));
    const allowed = sessions.has(req) || bearerMatches || tokenInAddress(req, token);
    if (!allowed)
      return refusal(
        401,
        'This editor opens only from the address it was started with, which carries its key: ask whoever runs the editor for that address.',
      );
  }
  return undefined;
}
