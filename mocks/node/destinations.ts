// Where the Node server's deliveries may go (docs/control-api.md, "Where deliveries may go"): the
// delivery engine refuses link-local literals by itself (browser-safe, no DNS); this module adds
// what needs Node: names that resolve to a link-local address (169.254.0.0/16, fe80::/10: cloud
// metadata services) and the `--deliver-to HOST[:PORT],...` allowlist. The lookup is injectable so
// tests never resolve a real name. The same rule is applied again to the addresses a delivery
// connects to (fetch.ts), so a name cannot answer one address here and another there.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Destination } from '../destinations.ts';
import { linkLocalHost } from '../outbound/delivery.ts';

/** Resolves a host name to its addresses (node:dns's lookup with `all: true` by default). */
export type Lookup = (host: string) => Promise<Array<{ address: string }>>;

export const defaultLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** True for an address (as a resolver answers it) in 169.254.0.0/16 or fe80::/10, IPv4-mapped included. */
export function isLinkLocalAddress(address: string): boolean {
  return linkLocalHost(`http://${isIP(address) === 6 ? `[${address}]` : address}/`) !== null;
}

export function linkLocalRefusal(host: string, address: string): string {
  return `${host} resolves to ${address}, a link-local address (169.254.0.0/16, fe80::/10: cloud metadata services)`;
}

const portOf = (url: URL) => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port));

/**
 * The engine's `checkDestination` for the Node server: a refusal reason or null. A destination
 * outside `allow` (when given) is refused before any lookup; a name is resolved, and refused when
 * any of its addresses is link-local. (The connection resolves the name again and checks those
 * addresses too: fetch.ts.)
 *
 * @example
 * const check = destinationCheck({ allow: [{ host: '127.0.0.1', port: 9000 }] });
 * await check('http://127.0.0.1:9001/hook'); // "127.0.0.1:9001 is not in --deliver-to (127.0.0.1:9000)"
 */
export function destinationCheck(options: { allow?: readonly Destination[]; lookup?: Lookup } = {}): (url: string) => Promise<string | null> {
  const lookup = options.lookup ?? defaultLookup;
  const allow = options.allow;
  const listed = allow?.map((entry) => (entry.port === null ? entry.host : `${entry.host}:${entry.port}`)).join(', ');
  return async (text) => {
    const url = new URL(text);
    const host = url.hostname.toLowerCase();
    if (allow !== undefined && !allow.some((entry) => entry.host === host && (entry.port === null || entry.port === portOf(url)))) {
      return `${host}:${portOf(url)} is not in --deliver-to (${listed})`;
    }
    const bare = host.replace(/^\[|\]$/g, '');
    if (isIP(bare) !== 0) return null;
    let addresses: Array<{ address: string }>;
    try {
      addresses = await lookup(bare);
    } catch {
      // The attempt will fail and be recorded with the network error, as before.
      return null;
    }
    const local = addresses.find(({ address }) => isLinkLocalAddress(address));
    return local === undefined ? null : linkLocalRefusal(host, local.address);
  };
}
