import type { IncomingMessage } from 'node:http';

function originOfReferer(referer: string | undefined): string | undefined {
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Whether a POST comes from another site's page: its Origin (or, lacking one, its Referer)
 * names a host other than the one it was sent to and is not one of the allowed origins. A
 * request with neither header was not sent by a web page (curl, a server) and is not
 * cross-site; "null" (a sandboxed frame, a local file) always is.
 */
export function isCrossSite(req: IncomingMessage, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin ?? originOfReferer(req.headers.referer);
  if (origin === undefined) return false;
  if (allowedOrigins.has(origin)) return false;
  try {
    const from = new URL(origin);
    // Parsed with the origin's scheme, so that default ports compare equal.
    return from.host !== new URL(`${from.protocol}//${req.headers.host ?? ''}`).host;
  } catch {
    return true;
  }
}
