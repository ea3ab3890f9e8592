// CORS of the node:http adapter (docs/control-api.md, "From a browser"). Off unless asked for
// (`--cors`, `startServer({ cors })`): with it, the API under /v1 answers the listed origins (or
// any, with '*'), so a front end on its own dev server (:5173) can call the mock directly. The
// control API under /__mock can reset and rewrite worlds, so it never answers CORS: a page on
// another origin cannot send it a request (its preflight fails) nor read an answer. The console is
// served from the mock's own origin and needs none. No node:http types here: server.d.ts re-exports
// CorsOrigins, and a consumer's type-check must not need @types/node (tests/package).
import { isControlPath } from '../app/head.ts';

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

export interface CorsPolicy {
  /** CORS headers for an answer to a request on `path` from `origin`. */
  headers(path: string, origin: string | undefined): Readonly<Record<string, string>>;
  /** Headers of the 204 answering a CORS preflight for `path`. */
  preflight(path: string, origin: string | undefined): Readonly<Record<string, string>>;
  /**
   * Why a page at `origin` cannot read the answer on `path` (no CORS for it), with the flag that
   * would let it; undefined when it can, or when it is the server's own page (`host`).
   */
  refusal(path: string, origin: string, host: string | undefined): string | undefined;
}

/**
 * The CORS answers for the origins allowed (docs/control-api.md, "From a browser").
 *
 * @example
 * const cors = corsPolicy(['http://localhost:5173']);
 * cors.headers('/v1/users/me', 'http://localhost:5173'); // { 'access-control-allow-origin': 'http://localhost:5173', ... }
 * cors.headers('/__mock/world', 'http://localhost:5173'); // {}
 */
export function corsPolicy(origins: CorsOrigins = []): CorsPolicy {
  const any = origins === '*';
  const listed = new Set(any ? [] : origins);
  const varies = !any && listed.size > 0;
  return {
    refusal(path, origin, host) {
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
    headers(path, origin) {
      if (isControlPath(path)) return NONE;
      if (any) return OPEN;
      if (origin !== undefined && listed.has(origin))
        return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSE, ...VARY };
      return varies ? VARY : NONE;
    },
    preflight(path, origin) {
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
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    // An origin is scheme, host and port only; kept as browsers send it (lower case, no default port, no slash).
    const bare =
      url !== undefined &&
      url.username === '' &&
      url.password === '' &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === '';
    if (
      !bare ||
      (url!.protocol !== 'http:' && url!.protocol !== 'https:') ||
      entry.endsWith('?') ||
      entry.endsWith('#')
    ) {
      return { error: `${entry} is not an origin such as http://localhost:5173` };
    }
    origins.push(url!.origin);
  }
  return origins;
}

export function isPreflight(
  method: string | undefined,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): boolean {
  return method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;
}
