// The mock beside the real service (docs/upstream.md): one AppRequest -> AppResponse step in front
// of the mock that both adapters use (the Node server and the MSW handlers), so the two faces cannot
// route differently. An operation chosen with `live` goes to the one upstream named at start, with
// the caller's own headers (its token included) and nothing else; its answer comes back as it is,
// unless `fallbackOn` names it (a status, or no answer at all), when the mock answers instead. With
// a `replay`, every API request is answered from the recording. Everything else is the mock's.
// Every answer says who gave it (`x-mock-source: live | mock | replay`), and so does the caller's
// journal; every upstream exchange is handed to `onExchange` (the HAR recorder, the drift report).
// Never forwarded: the control API and the console (`/__mock`), and anything outside `/v1`.
// Browser-safe: the transport is the `fetch` it is given.
import { authenticate } from '../app/auth.ts';
import { API_PREFIX, isApiPath, readHead, type RequestHead } from '../app/head.ts';
import { errorResponse } from '../app/respond.ts';
import type { AppRequest, AppResponse } from '../app/types.ts';
import { apiError } from '../errors.ts';
import type { Mock } from '../index.ts';
import type { Validator } from '../../openapi/validator.ts';
import { type Exchange, HOP_HEADERS } from './har.ts';
import type { Replay } from './replay.ts';
import { type FallbackRule, liveMatcher, NO_FALLBACK } from './select.ts';

export type Source = 'live' | 'mock' | 'replay';
export const SOURCE_HEADER = 'x-mock-source';

export interface UpstreamRoute {
  /** The upstream's base URL, version segment included (parseUpstreamUrl). */
  url: string;
  /** operationIds or globs sent to the upstream (parseLivePatterns); default none. */
  live?: readonly string[];
  /** Upstream answers the mock stands in for (parseFallbackOn); default none. */
  fallbackOn?: FallbackRule;
  /** The transport: the Node server's checking fetch, MSW's `bypass`ed fetch. Redirects are never followed. */
  fetch: typeof globalThis.fetch;
  /** An upstream that has not answered after this long counts as unreachable; default 30 s. */
  timeoutMs?: number;
}

export interface HybridOptions {
  mock: Mock;
  validator: Validator;
  upstream?: UpstreamRoute;
  replay?: Replay;
  /** Every upstream exchange, unredacted, once its answer is read (record it redacted: har.ts). */
  onExchange?: (exchange: Exchange) => void;
  /** A line for each upstream failure (unreachable, refused). */
  log?: (line: string) => void;
  /** UNIX ms; default Date.now. */
  now?: () => number;
}

export interface Hybrid {
  /** `head`: the request's head when the adapter has read it already (readHead), passed on to the mock. */
  handle(request: AppRequest, head?: RequestHead): Promise<AppResponse>;
  /** The source a request would be answered from, before any fallback. */
  route(request: AppRequest): Source | 'control';
}
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The hybrid step in front of `mock.handle`.
 * @example
 * const hybrid = createHybrid({ mock, validator, upstream: { url: 'http://127.0.0.1:4011/v1', live: ['getCurrentUser'], fetch } });
 * (await hybrid.handle({ method: 'GET', url: '/v1/users/me', headers: { authorization: 'Bearer t' }, body: '' })).headers['x-mock-source']; // 'live'
 */
export function createHybrid(options: HybridOptions): Hybrid {
  const { mock, validator, upstream, replay, onExchange } = options;
  const isLive = liveMatcher(upstream?.live ?? []);
  const fallback = upstream?.fallbackOn ?? NO_FALLBACK;
  const now = options.now ?? Date.now;
  const clock = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();
  const log = options.log ?? (() => {});

  const route = (
    request: AppRequest,
    head = readHead(request.method, request.url),
  ): { source: Source | 'control'; operationId?: string; apiPath: string; query: string } => {
    const { path, query } = head;
    if (!isApiPath(path)) return { source: 'control', apiPath: path, query };
    const apiPath = path.slice(API_PREFIX.length) || '/';
    if (replay !== undefined) return { source: 'replay', apiPath, query };
    if (upstream === undefined) return { source: 'mock', apiPath, query };
    const lookup = validator.matchOperation(request.method, apiPath);
    if (lookup.kind === 'match' && isLive(lookup.operationId)) return { source: 'live', operationId: lookup.operationId, apiPath, query };
    return { source: 'mock', apiPath, query };
  };

  /** The caller's journal gets a line for what the mock did not answer itself (the app writes its own). */
  const journal = (request: AppRequest, path: string, status: number, started: number, at: number, source: 'live' | 'replay') => {
    const auth = authenticate(request.headers);
    if (!auth.ok) return;
    mock.store
      .session(auth.value.token)
      .journal.record({ method: request.method.toUpperCase(), path, status, ms: Math.round((clock() - started) * 1000) / 1000, at, source });
  };

  const fromMock = async (request: AppRequest, head: RequestHead | undefined, extra: Record<string, string> = {}): Promise<AppResponse> => {
    const response = await mock.handle(request, head);
    return { ...response, headers: { ...response.headers, ...extra, [SOURCE_HEADER]: 'mock' } };
  };

  const forward = async (request: AppRequest, head: RequestHead | undefined, operationId: string, apiPath: string, query: string): Promise<AppResponse> => {
    const target = upstream!;
    const url = `${target.url}${apiPath}${query === '' ? '' : `?${query}`}`;
    const headers: Record<string, string> = {};
    // The caller's own headers, its Authorization among them; never the ones that describe this hop.
    // accept-encoding is left out so the body comes back as text the report and the recording can read.
    for (const [name, value] of Object.entries(request.headers))
      if (!HOP_HEADERS.has(name) && name !== 'accept-encoding' && name !== 'origin' && name !== 'referer' && !name.startsWith('sec-')) headers[name] = value;
    const method = request.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? '' : request.body;
    const started = clock();
    const at = now();
    let response: Response;
    let text: string;
    try {
      const signal = AbortSignal.timeout(target.timeoutMs ?? DEFAULT_TIMEOUT_MS);
      response = await target.fetch(url, { method, headers, ...(body === '' ? {} : { body }), redirect: 'manual', signal });
      text = method === 'HEAD' ? '' : await response.text();
    } catch (error) {
      const reason = describeFailure(error);
      log(`[upstream] ${method} ${url} failed: ${reason}`);
      if (fallback.unreachable) return fromMock(request, head, { 'x-mock-fallback': 'unreachable' });
      const answer = errorResponse(
        apiError('bad_gateway', `The upstream did not answer ${method} ${target.url}${apiPath}: ${reason}`, { upstream: target.url, operation: operationId }),
      );
      journal(request, API_PREFIX + apiPath, answer.status, started, at, 'live');
      return { ...answer, headers: { ...answer.headers, [SOURCE_HEADER]: 'live' } };
    }
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name.toLowerCase())) responseHeaders[name.toLowerCase()] = value;
    });
    onExchange?.({
      startedAt: at,
      durationMs: clock() - started,
      operationId,
      request: { method, url, headers, body },
      response: { status: response.status, statusText: response.statusText, headers: responseHeaders, body: text },
    });
    if (fallback.statuses.includes(response.status)) return fromMock(request, head, { 'x-mock-fallback': String(response.status) });
    journal(request, API_PREFIX + apiPath, response.status, started, at, 'live');
    return { status: response.status, headers: { ...responseHeaders, [SOURCE_HEADER]: 'live' }, body: text };
  };

  const handle = async (request: AppRequest, head?: RequestHead): Promise<AppResponse> => {
    const planned = route(request, head);
    switch (planned.source) {
      case 'control':
        return mock.handle(request, head);
      case 'replay': {
        const started = clock();
        const at = now();
        const answer = replay!.answer(request);
        journal(request, API_PREFIX + planned.apiPath, answer.status, started, at, 'replay');
        return answer;
      }
      case 'live':
        return forward(request, head, planned.operationId!, planned.apiPath, planned.query);
      default:
        return upstream === undefined ? mock.handle(request, head) : fromMock(request, head);
    }
  };
  return { handle, route: (request) => route(request).source };
}

/** `fetch failed` says nothing: the socket error under it does (ECONNREFUSED, a refused address, a timeout). */
function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code !== undefined) return cause.code;
  if (cause?.message !== undefined) return cause.message;
  return (error as Error)?.message ?? String(error);
}
