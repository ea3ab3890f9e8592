// The typed client: openapi-fetch over the types generated from openapi/openapi.yaml.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/schema.ts';

export type { paths, components, operations, webhooks } from './generated/schema.ts';
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Full base URL including the version segment, e.g. `http://127.0.0.1:4010/v1`. */
  baseUrl: string;
  /** Bearer token; omit it to send no Authorization header (to test the 401 path). */
  token?: string;
  /** A fetch implementation: the in-process mock's `fetch`, or MSW-patched global fetch (default). */
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
}

export function createApiClient({ baseUrl, token, fetch, headers }: ApiClientOptions): ApiClient {
  return createClient<paths>({
    baseUrl,
    headers: { ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }), ...headers },
    // Resolve the global at call time, so a fetch patched later (MSW's setupServer) is used.
    fetch: fetch ?? ((input: Request) => globalThis.fetch(input)),
  });
}
