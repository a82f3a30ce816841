import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/**
 * The addresses to print for a server listening on `host`: the host itself, or for a wildcard
 * (0.0.0.0, ::) each of this machine's external addresses, which a browser elsewhere can open.
 */
export function reachableAddresses(host: string, port: number): string[] {
  const url = (name: string): string => `http://${isIP(name) === 6 ? `[${name}]` : name}:${port}/`;
  if (!WILDCARDS.has(host)) return [url(host)];
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && (host !== '0.0.0.0' || entry.family === 'IPv4'))
    .filter((entry) => entry && !(entry.family === 'IPv6' && entry.address.startsWith('fe80:')))
    .map((entry) => url(entry?.address ?? ''));
  return external.length > 0 ? external : [url('127.0.0.1')];
}
