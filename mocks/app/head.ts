// The request head (docs/architecture.md, "The request head"): where the APIs are mounted, the URL split once into
// path and query (the Node adapter passes its reading on), the body limit and its 413. Browser-safe.
import { apiError, type ApiError } from '../common/errors.ts';

/** Where the API is mounted in the app's own paths (`mock.fetch` and the handlers map any base URL onto it). */
export const API_PREFIX = '/v1';
/** Where the control API is mounted (openapi/control.yaml's server). */
export const CONTROL_PREFIX = '/__mock';
/** Where the mock serves HTTP trigger endpoints: `<origin>/__endpoints/<key>` (docs/worlds.md, "Workflow endpoints"). */
export const ENDPOINT_PREFIX = '/__endpoints';
// The three prefixes with their slash, made once: a template literal in the checks below would
// build a new string on each of the several checks every request takes.
const API_DIR = `${API_PREFIX}/`;
const CONTROL_DIR = `${CONTROL_PREFIX}/`;
/** The start of every endpoint URL's path, `/__endpoints/`. */
export const ENDPOINT_DIR = `${ENDPOINT_PREFIX}/`;
/** The largest request body read, in bytes (1 MiB); larger is 413 `payload_too_large` (docs/errors.md). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A request's method and its URL as a raw path and a raw query (percent-encoding kept, no `?`). */
export interface RequestHead {
  /** Upper case. */
  method: string;
  path: string;
  query: string;
}

/**
 * The head of a request: the method in upper case, the URL (a path, or an absolute URL whose
 * origin is ignored) split at `?`, its fragment dropped.
 *
 * @example
 * readHead('get', '/v1/users/me?x=1'); // { method: 'GET', path: '/v1/users/me', query: 'x=1' }
 */
export function readHead(method: string, url: string): RequestHead {
  let rest = url;
  if (!rest.startsWith('/')) {
    const scheme = rest.indexOf('://');
    if (scheme >= 0) {
      const slash = rest.indexOf('/', scheme + 3);
      rest = slash < 0 ? '/' : rest.slice(slash);
    }
  }
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  // The path stays percent-encoded: the validator decodes path parameters after matching.
  return { method: method.toUpperCase(), path: q < 0 ? rest : rest.slice(0, q), query: q < 0 ? '' : rest.slice(q + 1) };
}

/**
 * Whether a raw path is the control API's (`/__mock` or below it).
 *
 * @example
 * isControlPath('/__mock/world'); // true
 * isControlPath('/__mockery'); // false
 */
export function isControlPath(path: string): boolean {
  return path === CONTROL_PREFIX || path.startsWith(CONTROL_DIR);
}

/**
 * The endpoint key of a raw path under ENDPOINT_PREFIX (lower case, as the SDK sends it), and the
 * rest of the path; undefined for any other path.
 *
 * @example
 * endpointOf('/__endpoints/eo4klm9qz0abcde/orders'); // { key: 'eo4klm9qz0abcde', rest: '/orders' }
 */
export function endpointOf(path: string): { key: string; rest: string } | undefined {
  if (!path.startsWith(ENDPOINT_DIR)) return undefined;
  const after = path.slice(ENDPOINT_PREFIX.length + 1);
  const slash = after.indexOf('/');
  const key = (slash < 0 ? after : after.slice(0, slash)).toLowerCase();
  return key === '' ? undefined : { key, rest: slash < 0 ? '/' : after.slice(slash) };
}

/**
 * Whether a raw path is the API's (`/v1` or below it).
 *
 * @example
 * isApiPath('/v1/users/me'); // true
 */
export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(API_DIR);
}

/**
 * The one 413: a body over MAX_BODY_BYTES, refused by the app or, before reading it, by the Node adapter.
 *
 * @example
 * payloadTooLarge().status; // 413
 */
export function payloadTooLarge(): ApiError {
  return apiError('payload_too_large', `Request body is larger than ${MAX_BODY_BYTES} bytes`, {
    limit_bytes: MAX_BODY_BYTES,
  });
}
