// The Node adapter behind `npm start`: node:http <-> AppRequest/AppResponse, plus what a shared,
// long-running server needs to stay up (docs/performance.md, "Connections: what keeps a shared
// server up"): limits on connections and slow clients (connections.ts), a 413 before a
// too-large body is read, CORS only when asked and never on /__mock (cors.ts), a log that
// survives a closed stdout. Kept lean on purpose (docs/performance.md): no framework, one string
// body, one log line per request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { splitUrl } from '../app/app.ts';
import { MAX_BODY_BYTES } from '../app/body.ts';
import type { AppRequest } from '../app/types.ts';
import { type ConnectionLimits, DEFAULT_HOST, DEFAULT_LIMITS, DEFAULT_MAX_WORLDS, DEFAULT_PORT } from '../defaults.ts';
import { apiError, type ApiError } from '../errors.ts';
import { createMock, loadScenarios, ScenarioLoadError, type FaultOptions, type Mock, type ScenarioDefinition } from '../index.ts';
import { guardConnections, httpServerOptions, requestEnded, requestStarted, resolveLimits } from './connections.ts';
import { consoleAnswer } from './console-files.ts';
import { type CorsOrigins, corsPolicy, isPreflight } from './cors.ts';
import type { Destination } from '../destinations.ts';
import { destinationCheck, type Lookup } from './destinations.ts';
import { checkedFetch } from './fetch.ts';
import { collectAfterEvictions } from './memory.ts';
import { keepState, readStateFile, restoreState, type StateKeeper } from './state.ts';
import { createDeliveryEngine } from '../outbound/delivery.ts';

export interface ServerOptions {
  /** 4010 by default; 0 picks a free port. */
  port?: number;
  host?: string;
  seed?: number | string;
  /** No per-request log line. */
  quiet?: boolean;
  mock?: Mock;
  /** Where log lines go; stdout by default (and nowhere once stdout is closed, e.g. `npm start | head -1`). */
  log?: (line: string) => void;
  /** Connection limits and timeouts; each one unset keeps its default (`DEFAULT_LIMITS`). */
  limits?: Partial<ConnectionLimits>;
  /** Worlds kept at most (least recently used evicted first); default `DEFAULT_MAX_WORLDS`. Ignored with `mock`. */
  maxWorlds?: number;
  /** A world unused for this many ms is evicted; default: never. Ignored with `mock`. */
  worldTtlMs?: number;
  /** Latency, failure rate and rate limit for every world that sets none (docs/control-api.md, "Faults"); default none. Ignored with `mock`. */
  faults?: FaultOptions;
  /** false: no control API; every /__mock path (the console too) is a 404 (`--no-control`). Default true. */
  control?: boolean;
  /** Deliveries go only to these hosts and ports (`--deliver-to`); default: anywhere but link-local. Ignored with `mock`. */
  deliverTo?: readonly Destination[];
  /**
   * Origins whose pages may call the API under /v1 from a browser (`--cors`): `'*'` or a list such
   * as `['http://localhost:5173']`. Default none. The control API never answers CORS.
   */
  cors?: CorsOrigins;
  /** How delivery host names are resolved for the link-local check; default node:dns lookup. Ignored with `mock`. */
  lookup?: Lookup;
  /**
   * `--state FILE`: worlds restored from `path` at start (a file that cannot be restored exactly
   * throws StateFileError, before any request, and is left untouched) and written back on an
   * interval when something changed, on `POST /__mock/snapshot` and on `close()` (state.ts).
   */
  state?: { path: string; intervalMs?: number };
  /**
   * Scenarios beside the built-in ones (`serve --scenarios DIR`, docs/scenarios.md), checked
   * against the document before the server listens: one that does not match throws a
   * `ScenarioLoadError` naming each issue's JSON pointer. Ignored with `mock`.
   */
  scenarios?: readonly ScenarioDefinition[];
}

export interface RunningServer {
  baseUrl: string;
  origin: string;
  port: number;
  mock: Mock;
  /** With `state`: how many worlds the file held at start (0 when there was no file yet). */
  restoredWorlds?: number;
  /** Stops listening; with `state`, then writes the worlds a last time. */
  close(): Promise<void>;
}

export { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_LIMITS, DEFAULT_MAX_WORLDS, type ConnectionLimits };
export { readScenarioFiles, ScenarioFileError, type ScenarioFiles } from './scenario-files.ts';
export type { CorsOrigins } from './cors.ts';
export type { Destination } from '../destinations.ts';
export type { Lookup } from './destinations.ts';

const TOO_LARGE = Symbol('too large');

/** Reads the body as text; stops reading and answers TOO_LARGE as soon as it passes MAX_BODY_BYTES. */
function readBody(req: IncomingMessage): Promise<string | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.pause();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')));
    req.on('error', reject);
  });
}

const payloadTooLarge = (): ApiError => apiError('payload_too_large', `Request body is larger than ${MAX_BODY_BYTES} bytes`, { limit_bytes: MAX_BODY_BYTES });

/** What is refused before a byte of the body is read (docs/errors.md, "Answered by the node:http server"). */
function refusedBeforeBody(req: IncomingMessage): ApiError | undefined {
  const length = req.headers['content-length'];
  if (length !== undefined && Number(length) > MAX_BODY_BYTES) return payloadTooLarge();
  // RFC 9112 3.2: a server must answer 400 to an HTTP/1.1 request without Host (Node's has no body).
  if (req.headers.host === undefined && req.httpVersion === '1.1') return apiError('bad_request', 'HTTP/1.1 request without a Host header');
  return undefined;
}

/** Answers an error and closes the connection: the rest of the request is never read. */
function answerAndClose(res: ServerResponse, error: ApiError, cors: Readonly<Record<string, string>>): number {
  const body = JSON.stringify(error.body);
  res.writeHead(error.status, { ...cors, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body);
  return error.status;
}

function toAppRequest(req: IncomingMessage, body: string): AppRequest {
  // Every request passes here (docs/performance.md): a plain loop, no entries array.
  const headers: Record<string, string> = {};
  const incoming = req.headers;
  for (const name in incoming) {
    const value = incoming[name];
    if (value !== undefined) headers[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return { method: req.method ?? 'GET', url: req.url ?? '/', headers, body };
}

// Log lines go to stdout until stdout fails (EPIPE once its reader is gone, as in
// `npm start | head -1`); then one notice on stderr and no more lines, and the server keeps answering.
// The listener stays for the life of the process: Node's stdout is never really closed, so every
// later write (console.log included) fails again, and one without a listener would crash the process.
let stdoutOpen = true;
let watchingStdout = false;

function onStdoutError(error: NodeJS.ErrnoException): void {
  if (!stdoutOpen) return;
  stdoutOpen = false;
  console.error(`[mock] stdout is closed (${error.code ?? error.message}): no more request log lines; the server keeps answering`);
}

function logToStdout(line: string): void {
  if (!watchingStdout) {
    watchingStdout = true;
    process.stdout.on('error', onStdoutError);
  }
  if (stdoutOpen) process.stdout.write(`${line}\n`);
}

/** With `--no-control`, what a /__mock path answers (and `/`, which redirects to the console otherwise). */
function withoutControl(path: string): ApiError | undefined {
  if (path !== '/' && path !== '/__mock' && !path.startsWith('/__mock/')) return undefined;
  return apiError('not_found', `No route for ${path}: this server runs without its control API (--no-control)`);
}

export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the stateful mock on node:http: the API under `/v1`, the control API under `/__mock`.
 *
 * @example
 * const server = await startServer({ port: 0, seed: 1, quiet: true });
 * const me = await fetch(`${server.baseUrl}/users/me`, { headers: { authorization: 'Bearer dev-token' } });
 * await server.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const limits = resolveLimits(options.limits);
  const log = options.quiet ? undefined : (options.log ?? logToStdout);
  const control = options.control ?? true;
  let mock = options.mock;
  // Read before listening: an unreadable file stops the start before anyone is answered.
  const stateText = options.state === undefined ? undefined : await readStateFile(options.state.path);
  let keeper: StateKeeper | undefined;
  const cors = corsPolicy(options.cors);
  // Refused deliveries, failed state writes and refused pages are logged even with --quiet: they
  // are not request lines, and each is something to notice (docs/control-api.md).
  const notice = options.log ?? logToStdout;
  const warnedOrigins = new Set<string>();
  // A page on another origin that gets no CORS cannot read the answer, and its developer sees only
  // the browser's message: say once per origin which flag would let it (bounded, any page can send one).
  const warnCrossOrigin = (req: IncomingMessage, path: string) => {
    const origin = req.headers.origin;
    if (origin === undefined || warnedOrigins.size >= 100 || warnedOrigins.has(origin)) return;
    const refusal = cors.refusal(path, origin, req.headers.host);
    if (refusal === undefined) return;
    warnedOrigins.add(origin);
    notice(`[mock] ${refusal}`);
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    const started = performance.now();
    const connection = requestStarted(req, res);
    const { path, query } = splitUrl(req.url ?? '/');
    let status = 500;
    warnCrossOrigin(req, path);
    try {
      const refused = refusedBeforeBody(req) ?? (control ? undefined : withoutControl(path));
      // The console's page and assets (console-files.ts): static, so no bearer and no app.
      const page = control ? consoleAnswer(req.method ?? 'GET', path, query) : undefined;
      if (refused !== undefined) {
        // Without `100 Continue`: the client learns the final answer before it sends the body.
        status = answerAndClose(res, refused, cors.headers(path, req.headers.origin));
      } else if (isPreflight(req.method, req.headers)) {
        req.resume();
        status = 204;
        res.writeHead(204, cors.preflight(path, req.headers.origin));
        res.end();
      } else if (page !== undefined) {
        req.resume();
        status = page.status;
        res.writeHead(page.status, { ...page.headers, 'content-length': Buffer.byteLength(page.body) });
        res.end(req.method === 'HEAD' ? undefined : page.body);
      } else {
        if (expectsContinue) res.writeContinue();
        const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
        if (!hasBody) req.resume();
        const body = hasBody ? await readBody(req) : '';
        if (body === TOO_LARGE) {
          status = answerAndClose(res, payloadTooLarge(), cors.headers(path, req.headers.origin));
        } else {
          // GET and HEAD bodies are read (within the limit) but never given to the app.
          const response = await mock!.handle(toAppRequest(req, req.method === 'GET' || req.method === 'HEAD' ? '' : body));
          status = response.status;
          // An explicit length keeps the answer un-chunked (cheaper for keep-alive clients).
          res.writeHead(response.status, {
            ...response.headers,
            ...cors.headers(path, req.headers.origin),
            'content-length': Buffer.byteLength(response.body),
          });
          res.end(response.body);
        }
      }
    } catch (error) {
      // Only a transport failure lands here (the app answers its own errors).
      console.error('[mock] request failed:', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Internal error in the mock server' }));
    }
    requestEnded(connection, res);
    // Only a write can change a world (a GET may seed one, but seeding is reproducible).
    if (keeper !== undefined && req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') keeper.touch();
    if (log !== undefined) log(`${req.method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`);
  };

  // The request listener is attached once the mock exists (its base URL needs the real port);
  // no request can be dispatched before that, since it happens before control returns to the loop.
  // Before listening: a refused scenario stops the start with nothing bound.
  if (mock === undefined && options.scenarios !== undefined) {
    const loaded = loadScenarios(options.scenarios);
    if (!loaded.ok) throw new ScenarioLoadError(loaded.refusals);
  }
  const server = createServer(httpServerOptions(limits));
  guardConnections(server, limits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const origin = `http://${hostForUrl(host)}:${actualPort}`;
  const baseUrl = `${origin}/v1`;
  const maxWorlds = options.maxWorlds ?? DEFAULT_MAX_WORLDS;
  mock ??= createMock({
    baseUrl,
    sink: createDeliveryEngine({
      // The destination's addresses are checked again as the socket connects (fetch.ts).
      fetch: checkedFetch(options.lookup),
      checkDestination: destinationCheck({
        ...(options.deliverTo === undefined ? {} : { allow: options.deliverTo }),
        ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
      }),
      log: notice,
    }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.scenarios === undefined ? {} : { scenarios: options.scenarios }),
    worlds: {
      maxWorlds,
      ...(options.worldTtlMs === undefined ? {} : { worldTtlMs: options.worldTtlMs }),
      // A quarter of the worlds evicted is ~50 MB of garbage at ~50 kB a world (memory.ts).
      onEvict: collectAfterEvictions(Math.max(100, Math.ceil(maxWorlds / 4))),
    },
    ...(options.faults === undefined ? {} : { faults: options.faults }),
    ...(options.state === undefined ? {} : { saveState: () => keeper!.save() }),
  });
  let restoredWorlds: number | undefined;
  if (options.state !== undefined) {
    try {
      restoredWorlds = stateText === undefined ? 0 : restoreState(options.state.path, stateText, mock.store).length;
    } catch (error) {
      server.close();
      throw error;
    }
    keeper = keepState({
      path: options.state.path,
      store: mock.store,
      ...(options.state.intervalMs === undefined ? {} : { intervalMs: options.state.intervalMs }),
      log: notice,
    });
  }
  server.on('request', (req, res) => void onRequest(req, res, false));
  // `Expect: 100-continue` comes here instead: `100 Continue` only once the declared size is known to fit.
  server.on('checkContinue', (req, res) => void onRequest(req, res, true));
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    answerAndClose(
      res,
      apiError('expectation_failed', `Only "Expect: 100-continue" is supported, got "${req.headers.expect}"`),
      cors.headers(splitUrl(req.url ?? '/').path, req.headers.origin),
    );
  });

  return {
    baseUrl,
    origin,
    port: actualPort,
    mock,
    ...(restoredWorlds === undefined ? {} : { restoredWorlds }),
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await keeper?.stop();
    },
  };
}
