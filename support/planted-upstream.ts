// An "upstream" built from the kit with four planted departures from the document (docs/upstream.md): the drift
// report must find each, and a recording of it must replay. In-process or on 127.0.0.1 only.
import { createUrlMapper, fromFetchRequest, toFetchResponse } from '../mocks/app/fetch.ts';
import { type AppRequest, type AppResponse, createMock, type Mock } from '../mocks/index.ts';

/** What is planted, by operation: each must show in the drift report. */
export const PLANTED = {
  /** GET /users/me: `username` renamed `user_name`. */
  renamedField: { operationId: 'getCurrentUser', missing: '/data/username', extra: '/data/user_name' },
  /** POST /webhooks: 201 where the document lists 200. */
  undocumentedStatus: { operationId: 'createWebhook', status: 201 },
  /** GET /connect/{project_id}/accounts/{account_id}: the account wrapped in `{data}`, which the document (an assumption) says it is not. */
  wrappedAnswer: {
    operationId: 'getConnectedAccount',
    extra: '/data',
    missing: '/id',
    assumption: '/paths/~1connect~1{project_id}~1accounts~1{account_id}/get',
  },
  /** GET /workspaces/{org_id}: compute time as text (`"7200 s"`), contradicting the milliseconds assumption. */
  contradictedAssumption: {
    operationId: 'getWorkspace',
    wrongType: '/data/daily_compute_time_quota',
    assumption: '/components/schemas/DailyComputeTimeMilliseconds',
  },
} as const;

type Json = Record<string, unknown>;

function plant(request: AppRequest, response: AppResponse): AppResponse {
  const path = new URL(request.url, 'http://upstream.invalid').pathname;
  const method = request.method.toUpperCase();
  if (response.status !== 200) return response;
  const body = JSON.parse(response.body) as Json;
  const data = body.data as Json | undefined;
  if (method === 'GET' && path === '/v1/users/me' && data !== undefined) {
    data.user_name = data.username;
    delete data.username;
  } else if (method === 'POST' && path === '/v1/webhooks') {
    return { ...response, status: 201 };
  } else if (method === 'GET' && /^\/v1\/connect\/[^/]+\/accounts\/[^/]+$/.test(path)) {
    return { ...response, body: JSON.stringify({ data: body }) };
  } else if (method === 'GET' && /^\/v1\/workspaces\/[^/]+$/.test(path) && data !== undefined) {
    data.daily_compute_time_quota = `${Number(data.daily_compute_time_quota) / 1000} s`;
  } else return response;
  return { ...response, body: JSON.stringify(body) };
}

/**
 * A kit mock whose answers carry the planted departures, and a fetch that reaches it in-process.
 * @example
 * const upstream = plantedUpstream();
 * await upstream.fetch('http://upstream.test/v1/users/me', { headers: { authorization: 'Bearer t' } });
 */
export function plantedUpstream(options: { seed?: number; baseUrl?: string } = {}) {
  const baseUrl = options.baseUrl ?? 'http://upstream.test/v1';
  const inner = createMock({ seed: options.seed ?? 7, baseUrl });
  const handle = async (request: AppRequest) => plant(request, await inner.handle(request));
  const mapUrl = createUrlMapper(baseUrl);
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input instanceof Request ? input : String(input), init);
    return toFetchResponse(await handle(await fromFetchRequest(request, mapUrl)));
  };
  const mock: Mock = { ...inner, handle, fetch };
  return { mock, fetch };
}

/** Path parameter values that try to leave a path template (dot segments, backslashes and slashes, raw and
 * percent-encoded, and a few of their neighbours), for the tests of what the hybrid step forwards. */
export const ESCAPES: readonly string[] = [
  '..\\..\\..\\internal\\metrics',
  '..%5C..%5C..%5Cinternal%5Cmetrics',
  '..\\..\\admin\\users\\42',
  '%2e%2e',
  '%2E%2e',
  '.%2e',
  '%2e.',
  '..',
  '.',
  '%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '\\',
  '..%2f..%2finternal',
  'a%2f..%2f..%2fadmin',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '..;',
];
