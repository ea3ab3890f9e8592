// A thin request helper over the checked fetch: a typed client cannot send the wrong requests the negative cases
// need (`limit=abc`, no token), so every suite uses this one for valid and invalid requests alike.
import type { FetchLike } from './targets/types.ts';

type QueryValue = string | number | boolean | undefined;

export interface CallOptions {
  query?: Record<string, QueryValue> | URLSearchParams;
  /** JSON-serialised and sent with `content-type: application/json`. */
  body?: unknown;
  /** Sent as is (for malformed JSON); content type still JSON unless headers say otherwise. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** `null`: no Authorization header at all; a string: that bearer instead of the target's. */
  token?: string | null;
  /** Replaces the whole Authorization header (for malformed schemes). */
  authorization?: string;
}

/** Thrown instead of sending a write to a read-only target; the harness turns it into a skip. */
export class ReadOnlyRefusal extends Error {
  override name = 'ReadOnlyRefusal';
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the answer has no body. */
  body: T;
}

type Call = <T = any>(method: string, path: string, options?: CallOptions) => Promise<Answer<T>>;

export type Api = ReturnType<typeof apiOf>;

/** The query of a call as URLSearchParams (undefined values are left out). */
export function searchParamsOf(query: CallOptions['query']): URLSearchParams {
  if (query instanceof URLSearchParams) return query;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.append(name, String(value));
  return params;
}

/** The Api around one `call`: get/post/put/delete are that call with the method filled in. */
export function apiOf(call: Call) {
  const as =
    (method: string) =>
    <T = any>(path: string, options?: CallOptions) =>
      call<T>(method, path, options);
  return { call, get: as('GET'), post: as('POST'), put: as('PUT'), delete: as('DELETE'), patch: as('PATCH') };
}

/**
 * The live safety rule (docs/contracts.md): on a read-only target nothing but GET leaves with the
 * real token. The suites' requests and `pact verify`'s replays both obey it.
 *
 * @example
 * refusesWrite(true, 'POST'); // true: skipped, never sent
 */
export function refusesWrite(readOnly: boolean, method: string): boolean {
  return readOnly && method.toUpperCase() !== 'GET';
}

export function createApi(baseUrl: string, token: string, fetch: FetchLike, readOnly = false): Api {
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<Answer> => {
    // Live safety net: even a request expected to be refused is never sent (a broken server might accept it).
    const authenticated =
      options.authorization === undefined && options.token !== null && (options.token ?? token) === token;
    if (refusesWrite(readOnly, method) && authenticated) {
      throw new ReadOnlyRefusal(
        `read-only target: refusing to send ${method} ${path} (set CONTRACT_ALLOW_WRITES=1 to allow writes)`,
      );
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.authorization !== undefined) headers.authorization = options.authorization;
    else if (options.token !== null) headers.authorization = `Bearer ${options.token ?? token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined || ['POST', 'PUT', 'DELETE'].includes(method)) {
      // The spec sends `Content-Type: application/json` on every write, bodies or not.
      headers['content-type'] ??= 'application/json';
    }
    const query = searchParamsOf(options.query).toString();
    const response = await fetch(`${baseUrl}${path}${query === '' ? '' : `?${query}`}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
  };
  return apiOf(call);
}
