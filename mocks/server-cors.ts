// CORS of the node:http adapter (docs/control-api.md, "From a browser"). The API under /v1 is open
// to any origin: a front end on its own dev server (:5173) calls the mock directly. The control API
// under /__mock can reset and rewrite worlds, so only pages served from this machine (loopback
// origins) may call it from a browser; to any other page it answers without CORS headers and the
// browser refuses to send the request (its preflight fails) or to show the answer.
import type { IncomingHttpHeaders } from 'node:http';

const EXPOSE = 'allow, retry-after, www-authenticate';
const PREFLIGHT = {
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-pd-environment',
  'access-control-max-age': '600',
};

const OPEN: Readonly<Record<string, string>> = { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSE };
const OPEN_PREFLIGHT: Readonly<Record<string, string>> = { ...OPEN, ...PREFLIGHT };
// The answer depends on the Origin header: caches must keep one per origin.
const CLOSED: Readonly<Record<string, string>> = { vary: 'origin' };

/** http(s)://localhost, 127.0.0.1 or [::1], any port. */
const LOOPBACK_ORIGIN = /^https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/** The same test the app routes by (mocks/app/app.ts): the raw path is /__mock or below it. */
export function isControlPath(path: string): boolean {
  return path === '/__mock' || path.startsWith('/__mock/');
}

export function isLoopbackOrigin(origin: string | undefined): origin is string {
  return origin !== undefined && LOOPBACK_ORIGIN.test(origin);
}

/** CORS headers for an answer to a request on `path`. */
export function corsHeaders(path: string, origin: string | undefined): Readonly<Record<string, string>> {
  if (!isControlPath(path)) return OPEN;
  return isLoopbackOrigin(origin) ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSE, ...CLOSED } : CLOSED;
}

/** Headers of the 204 answering a CORS preflight for `path`. */
export function preflightHeaders(path: string, origin: string | undefined): Readonly<Record<string, string>> {
  if (!isControlPath(path)) return OPEN_PREFLIGHT;
  return isLoopbackOrigin(origin) ? { 'access-control-allow-origin': origin, ...PREFLIGHT, ...CLOSED } : CLOSED;
}

export function isPreflight(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  return method === 'OPTIONS' && headers['access-control-request-method'] !== undefined;
}
