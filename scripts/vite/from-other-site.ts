import type { IncomingMessage } from 'node:http';

/**
 * Whether a browser says the request comes from another site's page: its `Sec-Fetch-Site` is
 * anything but `same-origin` or `none` (an address typed, pasted or bookmarked). An `<img>` or a
 * fetch from a page on another port of this machine is `same-site` or `cross-site`, and counts as
 * another site. A request without the header (curl, a test, an old browser) is not judged here.
 */
export function fromOtherSite(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}
