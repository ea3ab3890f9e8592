// The mock beside the real service (docs/upstream.md): the app's upstream stage, shared by both adapters. `live`
// operations go to the upstream with the caller's headers, `fallbackOn` answers fall back to the mock, `replay`
// answers from a recording; `x-mock-source` says who answered. Only /v1 operations are forwarded, the URL rebuilt
// from the path template (docs/upstream.md, "What is forwarded"). Browser-safe: the transport is given.
import type { UpstreamExchange, UpstreamOutcome, UpstreamStage } from '../app/exchange.ts';
import { API_PREFIX, isApiPath, readHead, type RequestHead } from '../app/head.ts';
import { errorResponse } from '../app/respond.ts';
import type { AppRequest, AppResponse } from '../app/types.ts';
import { apiError } from '../common/errors.ts';
import type { Validator } from '../../openapi/validator.ts';
import { HOP_HEADERS, hopHeader } from './har.ts';
import type { Replay } from './replay.ts';
import { type FallbackRule, liveMatcher, NO_FALLBACK } from './select.ts';

type Source = 'live' | 'mock' | 'replay';
const SOURCE_HEADER = 'x-mock-source';

export interface UpstreamRoute {
  /** The upstream's base URL, version segment included (parseUpstreamUrl). */
  url: string;
  /** operationIds or globs sent to the upstream (parseLivePatterns); default none. */
  live?: readonly string[];
  /** Upstream answers the mock stands in for (parseFallbackOn); default none. */
  fallbackOn?: FallbackRule;
  /** The transport when there is no `send`: MSW's `bypass`ed fetch. Redirects are never followed. */
  fetch?: typeof globalThis.fetch;
  /** The transport of the Node server (a keep-alive pool, mocks/node/fetch.ts upstreamSender); wins over `fetch`. */
  send?: UpstreamSend;
  /** An upstream that has not answered after this long counts as unreachable; default 30 s. */
  timeoutMs?: number;
  /** The largest upstream answer body read, in bytes; a larger one is a 502. Default UPSTREAM_MAX_BODY_BYTES. */
  maxBodyBytes?: number;
}

/** One request to the upstream, its URL built by the hybrid step (upstreamPath). */
export interface UpstreamRequest {
  url: string;
  /** Upper case. */
  method: string;
  headers: Record<string, string>;
  /** '' for none. */
  body: string;
  timeoutMs: number;
  maxBodyBytes: number;
}

/** The upstream's answer, its body read whole (and within `maxBodyBytes`); header names in lower case. */
export interface UpstreamAnswer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A transport to the upstream. Rejects with UpstreamBodyTooLarge past `maxBodyBytes` (UpstreamBodyRefused for a
 * body it cannot give as text), a TimeoutError past `timeoutMs`, else fetch's errors (TypeError, `cause`).
 */
export type UpstreamSend = (request: UpstreamRequest) => Promise<UpstreamAnswer>;

/** The default cap on an upstream answer body: 16 MiB, far above any answer of the document, far below harm. */
const UPSTREAM_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** A reachable upstream's body that is not passed on: a 502 saying why, never a fallback ("…answered X, but …"). */
export class UpstreamBodyRefused extends Error {
  override name = 'UpstreamBodyRefused';
}

/** An upstream answer body past the cap: its read was stopped there. */
export class UpstreamBodyTooLarge extends UpstreamBodyRefused {
  override name = 'UpstreamBodyTooLarge';
  readonly maxBodyBytes: number;
  constructor(maxBodyBytes: number) {
    const cap = `the ${formatBytes(maxBodyBytes)} cap on upstream answers (--upstream-max-body)`;
    super(`its answer is larger than ${cap}; it was not read further`);
    this.maxBodyBytes = maxBodyBytes;
  }
}

export interface HybridOptions {
  validator: Validator;
  upstream?: UpstreamRoute;
  replay?: Replay;
  /** A line for each upstream failure (unreachable, refused). */
  log?: (line: string) => void;
  /** UNIX ms; default Date.now. */
  now?: () => number;
}

export interface Hybrid extends UpstreamStage {
  /** The source a request would be answered from, before any fallback (`control`: a path outside /v1). */
  route(request: AppRequest, head?: RequestHead): Source | 'control';
}
const DEFAULT_TIMEOUT_MS = 30_000;
const MOCK_ANSWERS: UpstreamOutcome = { source: 'mock', headers: { [SOURCE_HEADER]: 'mock' } };

type Planned = {
  source: Source | 'control';
  apiPath: string;
  query: string;
  live?: { operationId: string; template: string; params: Record<string, string> };
};

/**
 * The hybrid step, for createMock's `upstream` (the pipeline's upstream stage).
 * @example
 * const live = { url: 'http://127.0.0.1:4011/v1', live: ['getCurrentUser'], fetch };
 * const mock = createMock({ upstream: createHybrid({ validator, upstream: live }) });
 * const request = { method: 'GET', url: '/v1/users/me', headers: { authorization: 'Bearer t' }, body: '' };
 * (await mock.handle(request)).headers['x-mock-source']; // 'live'
 */
export function createHybrid(options: HybridOptions): Hybrid {
  const { validator, upstream, replay } = options;
  const isLive = liveMatcher(upstream?.live ?? []);
  const viaFetch = upstream?.fetch === undefined ? undefined : sendWithFetch(upstream.fetch);
  const send = upstream?.send ?? viaFetch;
  if (upstream !== undefined && send === undefined) throw new TypeError('createHybrid: upstream needs fetch or send');
  const forward = upstream === undefined ? undefined : forwarder(upstream, send!, options);

  const route = (request: AppRequest, head = readHead(request.method, request.url)): Planned => {
    const { path, query } = head;
    if (!isApiPath(path)) return { source: 'control', apiPath: path, query };
    const apiPath = path.slice(API_PREFIX.length) || '/';
    if (replay !== undefined) return { source: 'replay', apiPath, query };
    if (upstream === undefined) return { source: 'mock', apiPath, query };
    const lookup = validator.matchOperation(request.method, apiPath);
    if (lookup.kind !== 'match' || !isLive(lookup.operationId)) return { source: 'mock', apiPath, query };
    const { operationId, template, pathParams: params } = lookup;
    return { source: 'live', apiPath, query, live: { operationId, template, params } };
  };

  const answer = async (request: AppRequest, head: RequestHead): Promise<UpstreamOutcome> => {
    const planned = route(request, head);
    if (planned.source === 'replay') return { source: 'replay', response: replay!.answer(request) };
    if (planned.source === 'live') return forward!(request, planned);
    return MOCK_ANSWERS;
  };
  return { answer, route: (request, head) => route(request, head).source };
}

/** A live request sent to the upstream: its answer, or the mock's with the reason of the fallback. */
function forwarder(target: UpstreamRoute, send: UpstreamSend, options: HybridOptions) {
  const maxBodyBytes = target.maxBodyBytes ?? UPSTREAM_MAX_BODY_BYTES;
  const fallback = target.fallbackOn ?? NO_FALLBACK;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const fellBack = (why: string, exchange?: UpstreamExchange): UpstreamOutcome => ({
    source: 'mock',
    headers: { 'x-mock-fallback': why, [SOURCE_HEADER]: 'mock' },
    ...(exchange === undefined ? {} : { exchange }),
  });
  const live = (response: AppResponse, exchange?: UpstreamExchange): UpstreamOutcome => ({
    source: 'live',
    response: { ...response, headers: { ...response.headers, [SOURCE_HEADER]: 'live' } },
    ...(exchange === undefined ? {} : { exchange }),
  });

  return async (request: AppRequest, planned: Planned): Promise<UpstreamOutcome> => {
    const { operationId, template, params } = planned.live!;
    const { apiPath, query } = planned;
    const method = request.method.toUpperCase();
    const path = upstreamPath(template, params);
    if (typeof path !== 'string') {
      // Not a path the document names: the upstream never sees it (docs/upstream.md, "What is forwarded").
      const refusal = `${method} ${API_PREFIX}${apiPath} is not forwarded: ${path.error}`;
      return live(errorResponse(apiError('not_found', refusal, { operation: operationId })));
    }
    const url = `${target.url}${path}${query === '' ? '' : `?${query}`}`;
    const headers = forwardedHeaders(request.headers);
    const body = method === 'GET' || method === 'HEAD' ? '' : request.body;
    const started = performance.now();
    const startedAt = now();
    let response: UpstreamAnswer;
    try {
      const timeoutMs = target.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      response = await send({ url, method, headers, body, timeoutMs, maxBodyBytes });
    } catch (error) {
      const reason = describeFailure(error);
      log(`[upstream] ${method} ${url} failed: ${reason}`);
      // An answer refused (past the cap, undecodable) came from a reachable upstream: it is the upstream's fault, not a reason to mock.
      const answered = error instanceof UpstreamBodyRefused;
      if (fallback.unreachable && !answered) return fellBack('unreachable');
      const message = answered
        ? `The upstream answered ${method} ${target.url}${path}, but ${reason}`
        : `The upstream did not answer ${method} ${target.url}${path}: ${reason}`;
      return live(errorResponse(apiError('bad_gateway', message, { upstream: target.url, operation: operationId })));
    }
    const sent = { method, url, headers, body };
    const exchange = { startedAt, durationMs: performance.now() - started, operationId, request: sent, response };
    if (fallback.statuses.includes(response.status)) return fellBack(String(response.status), exchange);
    return live({ status: response.status, headers: response.headers, body: response.body }, exchange);
  };
}

/**
 * The upstream path of a live operation: its template with each decoded parameter percent-encoded as one segment.
 * An empty, `.` or `..` parameter, or one holding `/` or `\`, is refused: parsers resolve dot segments even
 * encoded (`%2e%2e`), and servers split on slashes.
 * @example
 * upstreamPath('/workflows/{id}', { id: 'p_1 2' }); // '/workflows/p_1%202'
 * upstreamPath('/workflows/{id}', { id: '..' }); // { error: 'path parameter id ("..") is not one path segment' }
 */
function upstreamPath(template: string, params: Readonly<Record<string, string>>): string | { error: string } {
  let refused: string | undefined;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name] ?? '';
    if (value === '' || value === '.' || value === '..' || value.includes('/') || value.includes('\\')) {
      refused ??= `path parameter ${name} (${JSON.stringify(value)}) is not one path segment`;
      return '';
    }
    return encodeURIComponent(value);
  });
  return refused === undefined ? path : { error: refused };
}

/**
 * The caller's headers as sent upstream (Authorization included), without this hop's (HOP_HEADERS, `proxy-*`,
 * `x-forwarded-*`, what `Connection` names), the browser's `origin`, `referer`, `sec-*`, or `accept-encoding`
 * (the body must come back as text the report and the recording read).
 * @example
 * forwardedHeaders({ authorization: 'Bearer t', 'proxy-authorization': 'Basic x', connection: 'x-hop', 'x-hop': '1' });
 * // { authorization: 'Bearer t' }
 */
function forwardedHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const isHop = hopHeader(headers.connection);
  const out: Record<string, string> = {};
  for (const name in headers) {
    if (isHop(name) || name === 'accept-encoding' || name === 'origin' || name === 'referer') continue;
    if (name.startsWith('sec-') || name.startsWith('proxy-') || name.startsWith('x-forwarded-')) continue;
    out[name] = headers[name]!;
  }
  return out;
}

/**
 * An UpstreamSend over a fetch (MSW's face): the answer's body read chunk by chunk and cancelled
 * past the cap, so an endless answer costs at most the cap.
 * @example
 * const send = sendWithFetch(fetch);
 * const url = 'http://127.0.0.1:4011/v1/users/me';
 * (await send({ url, method: 'GET', headers: {}, body: '', timeoutMs: 30_000, maxBodyBytes: 1 << 24 })).status; // 200
 */
export function sendWithFetch(fetcher: typeof globalThis.fetch): UpstreamSend {
  return async ({ url, method, headers, body, timeoutMs, maxBodyBytes }) => {
    const signal = AbortSignal.timeout(timeoutMs);
    const init: RequestInit = { method, headers, redirect: 'manual', signal };
    const response = await fetcher(url, body === '' ? init : { ...init, body });
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!HOP_HEADERS.has(name.toLowerCase())) answerHeaders[name.toLowerCase()] = value;
    });
    const text = method === 'HEAD' || response.body === null ? '' : await readCapped(response.body, maxBodyBytes);
    return { status: response.status, statusText: response.statusText, headers: answerHeaders, body: text };
  };
}

async function readCapped(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new UpstreamBodyTooLarge(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** `16777216` -> `16 MiB`; other sizes in bytes. */
function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / 1024 / 1024} MiB`;
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** `fetch failed` says nothing: the socket error under it does (ECONNREFUSED, a refused address, a timeout). */
function describeFailure(error: unknown): string {
  if (error instanceof UpstreamBodyRefused) return error.message;
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code !== undefined) return cause.code;
  if (cause?.message !== undefined) return cause.message;
  return (error as Error)?.message ?? String(error);
}
