// CORS of the node:http adapter (docs/control-api.md, "From a browser"): off unless asked, never on /__mock; and
// the names the control API answers (hostPolicy, against DNS rebinding). No node:http types: server.d.ts re-exports.
import { isControlPath } from '../app/head.ts';
import { apiError, type ApiError } from '../common/errors.ts';

/** `'*'`: any origin; a list: exactly these (`scheme://host[:port]`); empty: none (the default). */
export type CorsOrigins = '*' | readonly string[];

const EXPOSE =
  'allow, retry-after, www-authenticate, preference-applied, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset';
const PREFLIGHT = {
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-pd-environment, prefer',
  'access-control-max-age': '600',
};
const NONE: Readonly<Record<string, string>> = {};
const OPEN: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSE,
};
const OPEN_PREFLIGHT: Readonly<Record<string, string>> = { ...OPEN, ...PREFLIGHT };
// With a list the answer depends on the Origin header: caches must keep one per origin.
const VARY: Readonly<Record<string, string>> = { vary: 'origin' };

export type CorsPolicy = ReturnType<typeof corsPolicy>;

/**
 * The CORS answers for the origins allowed (docs/control-api.md, "From a browser").
 *
 * @example
 * const cors = corsPolicy(['http://localhost:5173']);
 * cors.headers('/v1/users/me', 'http://localhost:5173'); // { 'access-control-allow-origin': 'http://localhost:5173', ... }
 * cors.headers('/__mock/world', 'http://localhost:5173'); // {}
 */
export function corsPolicy(origins: CorsOrigins = []) {
  const any = origins === '*';
  const listed = new Set(any ? [] : origins);
  const varies = !any && listed.size > 0;
  return {
    /**
     * Why a page at `origin` cannot read the answer on `path` (no CORS for it), with the flag that
     * would let it; undefined when it can, or when it is the server's own page (`host`).
     */
    refusal(path: string, origin: string, host: string | undefined): string | undefined {
      if (origin === `http://${host}`) return undefined;
      if (isControlPath(path)) {
        return `a page at ${origin} called ${path}: the control API never answers CORS, so the browser refuses it (call it from the page's own server or tests instead)`;
      }
      if (any || listed.has(origin)) return undefined;
      const advice =
        listed.size === 0
          ? `start the mock with --cors ${origin} (or --cors '*')`
          : `start the mock with --cors ${[...listed, origin].join(',')} (now --cors ${[...listed].join(',')})`;
      return `a page at ${origin} called ${path}, but CORS is off for that origin, so the browser hides the answer: ${advice}`;
    },
    /** CORS headers for an answer to a request on `path` from `origin`. */
    headers(path: string, origin: string | undefined): Readonly<Record<string, string>> {
      if (isControlPath(path)) return NONE;
      if (any) return OPEN;
      if (origin !== undefined && listed.has(origin))
        return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSE, ...VARY };
      return varies ? VARY : NONE;
    },
    /** Headers of the 204 answering a CORS preflight for `path`. */
    preflight(path: string, origin: string | undefined): Readonly<Record<string, string>> {
      if (isControlPath(path)) return NONE;
      if (any) return OPEN_PREFLIGHT;
      if (origin !== undefined && listed.has(origin))
        return { 'access-control-allow-origin': origin, ...PREFLIGHT, ...VARY };
      return varies ? VARY : NONE;
    },
  };
}

/**
 * Reads `--cors`: `*`, or comma-separated origins (`http://localhost:5173`); `{ error }` names
 * the first entry that is not an http(s) origin.
 *
 * @example
 * parseCorsOrigins('http://localhost:5173, https://app.test:8443'); // ['http://localhost:5173', 'https://app.test:8443']
 * parseCorsOrigins('localhost:5173'); // { error: 'localhost:5173 is not an origin such as http://localhost:5173' }
 */
export function parseCorsOrigins(text: string): CorsOrigins | { error: string } {
  if (text.trim() === '*') return '*';
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return { error: "needs '*' or at least one origin such as http://localhost:5173" };
  const origins: string[] = [];
  for (const entry of entries) {
    const url = URL.parse(entry);
    // An origin is scheme, host and port only; kept as browsers send it (lower case, no default port, no slash).
    const bare = url !== null && url.username === '' && url.password === '' && `${url.pathname}${url.search}` === '/';
    if (!bare || url.hash !== '' || !/^https?:$/.test(url.protocol) || entry.endsWith('?') || entry.endsWith('#')) {
      return { error: `${entry} is not an origin such as http://localhost:5173` };
    }
    origins.push(url.origin);
  }
  return origins;
}

export function isPreflight(
  method: string | undefined,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): boolean {
  return method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;
}

/** The control API's guard against DNS rebinding and cross-site writes (docs/control-api.md, "Who may call it"). */
export type HostPolicy = ReturnType<typeof hostPolicy>;

/** A `Host` or URL host without its port and brackets, lower case, no trailing dot. */
function hostName(host: string): string {
  const bare = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.replace(/:\d*$/, '');
  return bare.toLowerCase().replace(/\.$/, '');
}

/**
 * The names the control API answers to: loopback names, any IP address (DNS rebinding needs a
 * name: a page addressed by IP is served by that machine), the address the server listens on, and
 * `allowed` (`--allowed-hosts`: a reverse proxy's or a container's name; `.example.test` allows
 * the name and its subdomains, as Vite's `server.allowedHosts` does). A state-changing control
 * request with an `Origin` must come from a page on one of the loopback names, the listen address,
 * `allowed`, or the server's own origin (the console).
 *
 * @example
 * const hosts = hostPolicy('127.0.0.1', ['mock.internal']);
 * hosts.refusal('GET', '/__mock/world', { host: 'localhost:4010' }); // undefined
 * hosts.refusal('GET', '/__mock/world', { host: 'evil.example:4010' }).status; // 403, host_not_allowed
 * hosts.refusal('POST', '/__mock/reset', { host: '127.0.0.1:4010', origin: 'https://evil.example' }).status; // 403
 */
export function hostPolicy(listenHost: string, allowed: readonly string[] = []) {
  const listen = hostName(listenHost);
  const exact = new Set(allowed.filter((entry) => !entry.startsWith('.')).map(hostName));
  const suffixes = allowed.filter((entry) => entry.startsWith('.')).map((entry) => entry.toLowerCase());
  // Always the machine itself: localhost (and its subdomains, RFC 6761), 127.0.0.0/8, ::1.
  const named = (name: string) =>
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(name) ||
    name === listen ||
    exact.has(name) ||
    suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1));
  return {
    /**
     * The 403 of a request on a `/__mock` path whose `Host` is not one of the server's names, or a
     * state-changing one whose `Origin` is not; undefined for every other request.
     */
    refusal(
      method: string,
      path: string,
      headers: Readonly<Record<string, string | string[] | undefined>>,
    ): ApiError | undefined {
      if (!isControlPath(path)) return undefined;
      const host = typeof headers.host === 'string' ? headers.host : '';
      const name = hostName(host);
      // An HTTP/1.0 request without Host comes from no browser; node:http refuses HTTP/1.1 ones (listener.ts).
      // An IPv4 or IPv6 address (brackets taken off by hostName) names no site DNS rebinding could use.
      if (host !== '' && !/^\d+\.\d+\.\d+\.\d+$/.test(name) && !name.includes(':') && !named(name)) {
        return apiError(
          'host_not_allowed',
          `The control API answers only the server's own names (localhost, an IP address, ${[listen, ...allowed].join(', ')}); Host "${host}" is not one: start the mock with --allowed-hosts ${name} if that name is yours (a reverse proxy, a container)`,
          { rule: 'host', host },
        );
      }
      if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
      const origin = headers.origin;
      if (typeof origin !== 'string') return undefined;
      const from = URL.canParse(origin) ? new URL(origin) : undefined;
      if (from !== undefined && (from.host === host.toLowerCase() || named(hostName(from.host)))) return undefined;
      return apiError(
        'origin_not_allowed',
        `The control API changes worlds only for pages on the server's own names; a page at "${origin}" sent ${method} ${path}`,
        { rule: 'origin', origin },
      );
    },
  };
}

/**
 * Reads `--allowed-hosts`: comma-separated host names (`mock.internal`, `.example.test` for a name
 * and its subdomains), without scheme or port; `{ error }` names the first entry that is not one.
 *
 * @example
 * parseAllowedHosts('mock.internal, .dev.test'); // ['mock.internal', '.dev.test']
 * parseAllowedHosts('http://mock.internal'); // { error: '...' }
 */
export function parseAllowedHosts(text: string): string[] | { error: string } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return { error: 'needs at least one host name such as mock.internal' };
  for (const entry of entries) {
    if (!/^\.?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/.test(entry))
      return { error: `${entry} is not a host name such as mock.internal (no scheme, no port)` };
  }
  return entries;
}
