// Fetch-API <-> AppRequest/AppResponse conversion, shared by `mock.fetch` and the MSW adapter.
// Browser-safe: only Fetch/URL globals.
import type { AppRequest, AppResponse } from './types.ts';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010/v1';
const API_PREFIX = '/v1';

/**
 * `baseUrl` as an absolute URL: a path ('/v1') is resolved against the page's origin in a
 * browser; anywhere else it is a TypeError naming the option (not a bare "Invalid URL").
 */
export function absoluteBaseUrl(baseUrl: string, caller: string): string {
  try {
    return new URL(baseUrl).href;
  } catch {
    // not absolute: resolved below
  }
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  const hasOrigin = typeof origin === 'string' && origin !== 'null';
  if (baseUrl.startsWith('/') && hasOrigin) return new URL(baseUrl, origin).href;
  throw new TypeError(
    `${caller}: baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL` +
      (hasOrigin
        ? `; a relative one must be a path starting with "/", such as "/v1"`
        : `, and there is no page origin to resolve it against (outside a browser): give one such as "http://127.0.0.1:4010/v1"`),
  );
}

/**
 * Maps a request URL onto the app's paths: `<baseUrl>/x` becomes `/v1/x` whatever the base URL's path (a client may
 * mount the fake at `https://api.test/v1` or `/api`); `<origin>/__mock/...` stays as it is.
 */
export function createUrlMapper(baseUrl: string): (url: URL) => string {
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  return (url) => {
    const { pathname, search } = url;
    if (pathname === '/__mock' || pathname.startsWith('/__mock/')) return pathname + search;
    if (basePath !== '' && (pathname === basePath || pathname.startsWith(`${basePath}/`))) {
      return API_PREFIX + pathname.slice(basePath.length) + search;
    }
    return basePath === '' ? API_PREFIX + pathname + search : pathname + search;
  };
}

export async function fromFetchRequest(request: Request, mapUrl: (url: URL) => string): Promise<AppRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  return { method: request.method, url: mapUrl(new URL(request.url)), headers, body };
}

export function toFetchResponse(response: AppResponse): Response {
  // 204 must not carry a body, even an empty string one.
  return new Response(response.status === 204 ? null : response.body, {
    status: response.status,
    headers: response.headers,
  });
}
