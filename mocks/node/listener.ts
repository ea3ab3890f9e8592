// The request listener of the node:http adapter (as Hono's node-server's getRequestListener): node:http <->
// AppRequest/AppResponse around one mock, and what the request head alone answers (a 413, `Expect`, CORS, the
// control API's names, the console's files, `--no-control`); connections.ts guards the connections.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ENDPOINT_DIR,
  isControlPath,
  MAX_BODY_BYTES,
  payloadTooLarge,
  readHead,
  type RequestHead,
} from '../app/head.ts';
import type { AppRequest, AppResponse } from '../app/types.ts';
import { apiError, type ApiError } from '../common/errors.ts';
import { answerAndClose, drainable, readRequestText, requestEnded, requestStarted, TOO_LARGE } from './connections.ts';
import { consoleAnswer } from './console-files.ts';
import { type CorsPolicy, type HostPolicy, isPreflight } from './cors.ts';
import { addressedOrigin, followAddressed } from './addressed.ts';

export interface ListenerOptions {
  /** What answers every request that the head lets through: the mock's `handle`. */
  handle(req: AppRequest, head: RequestHead): Promise<AppResponse>;
  cors: CorsPolicy;
  /** Which `Host` and `Origin` the control API answers (cors.ts, hostPolicy). */
  hosts: HostPolicy;
  /** false: every /__mock path (the console too) and `/` is a 404 (`--no-control`). */
  control: boolean;
  /** One line per request; undefined: none (`--quiet`). */
  log?: ((line: string) => void) | undefined;
  /** Notices that are no request line (a refused page's origin), written even with `--quiet`. */
  notice: (line: string) => void;
  /**
   * The origin the worlds' endpoint URLs hold, when they follow the origin each client addressed
   * (addressed.ts; undefined with `--public-url`, which the worlds hold instead).
   */
  endpointOrigin?: string | undefined;
  /** The MCP face at /__mock/mcp (`serve --mcp`, mcp.ts): the request, its answer to write, the body read. Its status. */
  mcp?: ((req: IncomingMessage, res: ServerResponse, body: string) => Promise<number>) | undefined;
}

const MCP_PATH = '/__mock/mcp';

/** node:http's three request events, each answered here. */
export interface RequestListeners {
  request(req: IncomingMessage, res: ServerResponse): void;
  /** `Expect: 100-continue`: `100 Continue` only once the declared size is known to fit. */
  checkContinue(req: IncomingMessage, res: ServerResponse): void;
  /** Any other `Expect`: 417. */
  checkExpectation(req: IncomingMessage, res: ServerResponse): void;
}

/** What is refused before a byte of the body is read (docs/errors.md, "Answered by the node:http server"). */
function refusedBeforeBody(req: IncomingMessage, head: RequestHead, listening: Listening): ApiError | undefined {
  const length = req.headers['content-length'];
  if (length !== undefined && Number(length) > MAX_BODY_BYTES) return payloadTooLarge();
  // RFC 9112 3.2: a server must answer 400 to an HTTP/1.1 request without Host (Node's has no body).
  if (req.headers.host === undefined && req.httpVersion === '1.1')
    return apiError('bad_request', 'HTTP/1.1 request without a Host header');
  // With `--no-control`, a /__mock path and `/` (which redirects to the console otherwise).
  if (!listening.control && (head.path === '/' || isControlPath(head.path))) {
    return apiError('not_found', `No route for ${head.path}: this server runs without its control API (--no-control)`);
  }
  return listening.hosts.refusal(head.method, head.path, req.headers);
}

function toAppRequest(req: IncomingMessage, method: string, body: string): AppRequest {
  // Every request passes here (docs/performance.md): a plain loop, no entries array.
  const headers: Record<string, string> = {};
  const incoming = req.headers;
  for (const name in incoming) {
    const value = incoming[name];
    if (value !== undefined) headers[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return { method, url: req.url ?? '/', headers, body };
}

/**
 * The listeners of a node:http server that answers with `options.handle`.
 *
 * @example
 * const listeners = getRequestListener({ handle: mock.handle, cors: corsPolicy(), hosts: hostPolicy('127.0.0.1'), control: true, notice: console.log });
 * server.on('request', listeners.request);
 * server.on('checkContinue', listeners.checkContinue);
 * server.on('checkExpectation', listeners.checkExpectation);
 */
export function getRequestListener(options: ListenerOptions): RequestListeners {
  const listening: Listening = { ...options, warnedOrigins: new Set<string>() };
  return {
    request: (req, res) => answerNodeRequest(listening, req, res, false),
    checkContinue: (req, res) => answerNodeRequest(listening, req, res, true),
    checkExpectation(req, res) {
      const error = apiError(
        'expectation_failed',
        `Only "Expect: 100-continue" is supported, got "${req.headers.expect}"`,
      );
      const path = readHead(req.method ?? 'GET', req.url ?? '/').path;
      answerAndClose(req, res, error, options.cors.headers(path, req.headers.origin), false);
    },
  };
}

/** A listener's options and the page origins it has warned about (warnCrossOrigin). */
interface Listening extends ListenerOptions {
  warnedOrigins: Set<string>;
}

/** One request of node:http: what its head alone answers, else the mock's answer; then the bookkeeping and log line. */
function answerNodeRequest(
  listening: Listening,
  req: IncomingMessage,
  res: ServerResponse,
  expectsContinue: boolean,
): void {
  // The clock is read only for the log line (`--quiet` reads none): this runs on every request.
  const started = listening.log === undefined ? 0 : performance.now();
  const connection = requestStarted(req, res);
  const head = readHead(req.method ?? 'GET', req.url ?? '/');
  warnCrossOrigin(listening, req, head.path);
  const exchange: NodeExchange = { listening, req, res, head, expectsContinue };
  const end = (status: number) => {
    requestEnded(connection, res);
    listening.log?.(`${head.method} ${head.path} ${status} ${(performance.now() - started).toFixed(1)}ms`);
  };
  let refused: number | undefined;
  try {
    refused = answerBeforeBody(exchange);
  } catch (error) {
    refused = answerFailure(res, error);
  }
  if (refused !== undefined) end(refused);
  else answerFromMock(exchange).then(end, (error: unknown) => end(answerFailure(res, error)));
}

/** Only a transport failure lands here (the app answers its own errors): a 500, if nothing was sent yet. */
function answerFailure(res: ServerResponse, error: unknown): number {
  console.error('[mock] request failed:', error);
  if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: 'Internal error in the mock server' }));
  return 500;
}

/** One request of node:http on its way: the listener, the request and its answer, its head read once. */
interface NodeExchange {
  listening: Listening;
  req: IncomingMessage;
  res: ServerResponse;
  head: RequestHead;
  expectsContinue: boolean;
}

/**
 * A page on another origin that gets no CORS cannot read the answer, and its developer sees only
 * the browser's message: say once per origin which flag would let it (bounded, any page can send one).
 */
function warnCrossOrigin(listening: Listening, req: IncomingMessage, path: string): void {
  const origin = req.headers.origin;
  const { warnedOrigins } = listening;
  if (origin === undefined || warnedOrigins.size >= 100 || warnedOrigins.has(origin)) return;
  const refusal = listening.cors.refusal(path, origin, req.headers.host);
  if (refusal === undefined) return;
  warnedOrigins.add(origin);
  listening.notice(`[mock] ${refusal}`);
}

/** What the head alone answers: a refusal, a CORS preflight, the console's files. Its status, or undefined. */
function answerBeforeBody({ listening, req, res, head, expectsContinue }: NodeExchange): number | undefined {
  const { cors, control } = listening;
  const { method, path } = head;
  const refused = refusedBeforeBody(req, head, listening);
  if (refused !== undefined) {
    // Without `100 Continue`: the client learns the final answer before it sends the body.
    return answerAndClose(req, res, refused, cors.headers(path, req.headers.origin), drainable(req, expectsContinue));
  }
  if (isPreflight(req.method, req.headers)) {
    req.resume();
    res.writeHead(204, cors.preflight(path, req.headers.origin));
    res.end();
    return 204;
  }
  // The console's page and assets (console-files.ts): static, so no bearer and no app.
  const page = control ? consoleAnswer(method, path, head.query) : undefined;
  if (page === undefined) return undefined;
  req.resume();
  res.writeHead(page.status, { ...page.headers, 'content-length': Buffer.byteLength(page.body) });
  res.end(method === 'HEAD' ? undefined : page.body);
  return page.status;
}

/** The body read within the limit, the mock's answer to the request, that answer written. Its status. */
async function answerFromMock(exchange: NodeExchange): Promise<number> {
  const { req } = exchange;
  if (exchange.expectsContinue) exchange.res.writeContinue();
  let body = '';
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) req.resume();
  else {
    const read = await readRequestText(req);
    if (read === TOO_LARGE) {
      const corsHeaders = exchange.listening.cors.headers(exchange.head.path, req.headers.origin);
      return answerAndClose(req, exchange.res, payloadTooLarge(), corsHeaders, true);
    }
    body = read;
  }
  return answerWithBody(exchange, body);
}

async function answerWithBody(exchange: NodeExchange, body: string): Promise<number> {
  const { method, path } = exchange.head;
  // After the control API's host, origin and `--no-control` rules and the body limit, as every /__mock path.
  if (path === MCP_PATH && exchange.listening.mcp !== undefined)
    return exchange.listening.mcp(exchange.req, exchange.res, body);
  // GET and HEAD bodies are read (within the limit) but never given to the app.
  const given = method === 'GET' || method === 'HEAD' ? '' : body;
  return writeAnswer(
    exchange,
    await exchange.listening.handle(toAppRequest(exchange.req, method, given), exchange.head),
  );
}

/** Kept answers (one object for every hit of a read, mocks/app/read-cache.ts) whose body names no endpoint. */
const namingNoEndpoint = new WeakSet<AppResponse>();

/** Whether the body names an endpoint URL (addressed.ts): a kept answer's body is searched once, not on every hit. */
function namesEndpoint(response: AppResponse): boolean {
  if (namingNoEndpoint.has(response)) return false;
  const names = response.body.includes(ENDPOINT_DIR);
  if (!names && response.bytes !== undefined) namingNoEndpoint.add(response);
  return names;
}

function writeAnswer({ listening, req, res, head }: NodeExchange, answered: AppResponse): number {
  let response = answered;
  const { endpointOrigin } = listening;
  if (endpointOrigin !== undefined && namesEndpoint(response)) {
    const moved = followAddressed(response.body, endpointOrigin, addressedOrigin(req.headers));
    // Another body: its kept bytes no longer match (mocks/app/types.ts).
    if (moved !== response.body) response = { status: response.status, headers: response.headers, body: moved };
  }
  // An explicit length keeps the answer un-chunked (cheaper for keep-alive clients). A kept
  // answer comes encoded already (mocks/app/types.ts, `bytes`): encoding it was half the CPU of a hit.
  const bytes = response.bytes;
  res.writeHead(response.status, {
    ...response.headers,
    ...listening.cors.headers(head.path, req.headers.origin),
    'content-length': bytes === undefined ? Buffer.byteLength(response.body) : bytes.length,
  });
  res.end(bytes ?? response.body);
  return response.status;
}
