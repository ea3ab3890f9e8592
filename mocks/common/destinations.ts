// Where deliveries may go (docs/control-api.md, "Where deliveries may go"): the one destination policy, judging URLs
// and addresses, free of Node built-ins; mocks/node/fetch.ts applies `refuseAddress` to every connection.

/** One `--deliver-to` entry: a host (name or address, lower case) and a port, or any port. */
export interface Destination {
  host: string;
  port: number | null;
}

const LINK_LOCAL = 'a link-local address (169.254.0.0/16, fe80::/10: cloud metadata services)';

/**
 * Where deliveries go when `--deliver-to` is unset: this machine only, so seeded and example webhooks never reach
 * the network (docs/control-api.md, "Where deliveries may go").
 */
export const LOOPBACK: readonly Destination[] = Object.freeze([
  { host: 'localhost', port: null },
  { host: '127.0.0.1', port: null },
  { host: '[::1]', port: null },
]);

/**
 * Reads `--deliver-to`: comma-separated `HOST[:PORT]` entries (`[v6]:PORT` for IPv6); an error
 * message for the first entry that is not one.
 *
 * @example
 * parseDestinations('127.0.0.1:9000,hooks.dev'); // [{ host: '127.0.0.1', port: 9000 }, { host: 'hooks.dev', port: null }]
 */
export function parseDestinations(text: string): Destination[] | string {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'needs at least one HOST[:PORT]';
  const out: Destination[] = [];
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      return `"${entry}" is not HOST[:PORT]`;
    }
    if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '')
      return `"${entry}" is not HOST[:PORT]`;
    // new URL drops the default port 80: an explicit ":80" must still mean port 80 only.
    const explicit = /:(\d+)$/.exec(entry);
    out.push({ host: url.hostname.toLowerCase(), port: explicit === null ? null : Number(explicit[1]) });
  }
  return out;
}

/**
 * The host name when the URL's host is under a name reserved for examples (never a real receiver), else null.
 *
 * @example
 * reservedHost('https://hooks.acme.example.com/in'); // 'hooks.acme.example.com'
 * reservedHost('https://myexample.com/'); // null
 */
export function reservedHost(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
  const reserved = ['example.com', 'example.net', 'example.org', 'example', 'test', 'invalid'];
  return reserved.some((name) => host === name || host.endsWith(`.${name}`)) ? host : null;
}

/**
 * The host when it is a literal link-local address (169.254.0.0/16, fe80::/10, IPv4-mapped too, in any spelling the
 * URL parser canonicalises), else null. Names are not resolved here (browser-safe): the Node fetch judges them.
 *
 * @example
 * linkLocalHost('http://169.254.169.254/latest/meta-data/'); // '169.254.169.254'
 * linkLocalHost('http://127.0.0.1:9000/hook'); // null
 */
export function linkLocalHost(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  const bare = host.replace(/^\[|\]$/g, '');
  if (/^169\.254\.\d{1,3}\.\d{1,3}$/.test(bare)) return host;
  // fe80::/10 is fe80 to febf; the URL parser writes IPv4-mapped addresses as ::ffff:a9fe:xxxx.
  if (/^fe[89ab][0-9a-f]:/.test(bare) || /^::ffff:a9fe:/.test(bare)) return host;
  return null;
}

/** The rules for one server (or one command): its allowlist, if any, and the link-local rule. */
export type DestinationPolicy = ReturnType<typeof destinationPolicy>;

const portOf = (url: URL) => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port));

/**
 * The destination policy with `allow` (`--deliver-to`, `LOOPBACK` when it is unset; undefined: any
 * host and port but link-local ones, for a URL the user gave on purpose: `deliver --url`, `--upstream`).
 *
 * @example
 * const policy = destinationPolicy([{ host: '127.0.0.1', port: 9000 }]);
 * policy.refuseUrl('http://127.0.0.1:9001/hook'); // '127.0.0.1:9001 is not in --deliver-to (127.0.0.1:9000)'
 * destinationPolicy(LOOPBACK).refuseUrl('https://203.0.113.5/in'); // '203.0.113.5:443 is not one of localhost, 127.0.0.1, [::1]: ... to allow it: serve --deliver-to 203.0.113.5:443 ...'
 * policy.refuseUrl('http://169.254.169.254/'); // '169.254.169.254 is a link-local address (...)'
 * policy.refuseAddress('metadata.internal', '169.254.169.254'); // 'metadata.internal resolves to 169.254.169.254, a link-local address (...)'
 */
export function destinationPolicy(allow?: readonly Destination[]) {
  const listed = allow?.map((entry) => (entry.port === null ? entry.host : `${entry.host}:${entry.port}`)).join(', ');
  return {
    /** Why `url` must not be delivered to (a literal link-local host, a host or port outside the allowlist), or null. */
    refuseUrl(text: string): string | null {
      const local = linkLocalHost(text);
      if (local !== null) return `${local} is ${LINK_LOCAL}`;
      if (allow === undefined) return null;
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return `${text} is not a URL`;
      }
      const host = url.hostname.toLowerCase();
      const port = portOf(url);
      if (allow.some((entry) => entry.host === host && (entry.port === null || entry.port === port))) return null;
      // The default refuses what nobody asked for, so its refusal says how to ask (docs/control-api.md).
      return allow === LOOPBACK
        ? `${host}:${port} is not one of ${listed}: without --deliver-to, deliveries stay on this machine; to allow it: serve --deliver-to ${host}:${port} (env DELIVER_TO; startServer({ deliverTo }))`
        : `${host}:${port} is not in --deliver-to (${listed})`;
    },
    /** Why a connection for `host` must not go to `address` (as a resolver answers it: `169.254.169.254`, `fe80::1`), or null. */
    refuseAddress(host: string, address: string): string | null {
      return linkLocalHost(`http://${address.includes(':') ? `[${address}]` : address}/`) === null
        ? null
        : `${host} resolves to ${address}, ${LINK_LOCAL}`;
    },
  };
}
