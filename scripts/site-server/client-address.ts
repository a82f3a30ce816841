import ipaddr from 'ipaddr.js';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from 'proxy-addr';

/** Decides whether the connecting address (a proxy in front of the server) may be believed. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The proxies whose X-Forwarded-For and X-Forwarded-Proto headers are believed, from
 * TRUST_PROXY: a comma-separated list of addresses, CIDR ranges, or the names loopback,
 * linklocal and uniquelocal (proxy-addr's, as Express uses them). None when unset: then
 * the address of the connection is the client's, and those headers are ignored.
 */
export function proxyTrust(setting: string | undefined): ProxyTrust | undefined {
  const list = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return list.length > 0 ? proxyAddr.compile(list) : undefined;
}

/** The client's address: the connection's, or the nearest untrusted one in X-Forwarded-For behind trusted proxies. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust | undefined): string {
  if (!trust) return req.socket.remoteAddress ?? '';
  try {
    return proxyAddr(req, trust);
  } catch {
    return req.socket.remoteAddress ?? '';
  }
}

/**
 * The key one client is counted under: an IPv4 address (IPv4-mapped IPv6 included), the
 * /64 network of an IPv6 address (one subscriber's usual share, so a client cannot mint
 * new keys by changing the low bits), or "loopback" for every loopback address, IPv4 and
 * IPv6 alike.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.range() === 'loopback') return 'loopback';
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${parsed.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/** Whether the request reached the site over HTTPS: directly, or through a trusted proxy that says so. */
export function isHttps(req: IncomingMessage, trust: ProxyTrust | undefined): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trust?.(req.socket.remoteAddress ?? '', 0)) return false;
  const forwarded = req.headers['x-forwarded-proto'];
  return (
    String(Array.isArray(forwarded) ? forwarded[0] : (forwarded ?? ''))
      .split(',')[0]
      ?.trim()
      .toLowerCase() === 'https'
  );
}
