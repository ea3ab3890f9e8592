// The node:http adapter behind `npm start`: the composition (as Hono's node-server keeps `serve`
// apart from getRequestListener). It resolves the options once, builds the parts in the order they
// depend on each other (the delivery engine, the store, the state keeper, the mock) and listens;
// the request listener (listener.ts) answers each request; connections.ts keeps a shared server up
// (docs/performance.md, "Connections: what keeps a shared server up"). A log that survives a
// closed stdout.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ConnectionLimits, DEFAULT_HOST, DEFAULT_LIMITS, DEFAULT_MAX_WORLDS, DEFAULT_PORT } from '../defaults.ts';
import type { Destination } from '../destinations.ts';
import { createMock, type FaultOptions, type Mock } from '../index.ts';
import { createDeliveryEngine } from '../outbound/delivery.ts';
import { createStore } from '../store/index.ts';
import { guardConnections, httpServerOptions, resolveLimits } from './connections.ts';
import { type CorsOrigins, corsPolicy } from './cors.ts';
import { destinationCheck, type Lookup } from './destinations.ts';
import { checkedFetch } from './fetch.ts';
import { getRequestListener } from './listener.ts';
import { collectAfterEvictions } from './memory.ts';
import { keepState, readStateFile, restoreState } from './state.ts';
import { type BesideOptions, prepareBeside } from './upstream.ts';

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
   * Beside the real service (docs/upstream.md): `upstream.live` operations (operationIds or globs)
   * go to `upstream.url` with the caller's own token, the rest is mocked; `fallbackOn` names the
   * upstream answers the mock answers in place of (`'404,501,unreachable'`). The upstream obeys the
   * delivery rules (`deliverTo`, never link-local): a refused one throws UpstreamError at start.
   */
  upstream?: BesideOptions['upstream'];
  /** With `upstream`: append every upstream exchange, redacted, to this HAR file (0600). */
  record?: string;
  /** With `upstream`: keep the drift report in this JSON file and its `.junit.xml` twin. */
  driftReport?: string;
  /** Answer every API request from this HAR recording (no network); `match`: the fields compared besides method and path. */
  replay?: string;
  match?: BesideOptions['match'];
  /** The kit's version, for the recording's `creator`. */
  version?: string;
}

export interface RunningServer {
  baseUrl: string;
  origin: string;
  port: number;
  mock: Mock;
  /** With `state`: how many worlds the file held at start (0 when there was no file yet). */
  restoredWorlds?: number;
  /** With `upstream` or `replay`: what the server does beside the mock, one line each (serve prints them). */
  beside?: string[];
  /** Stops listening; with `state`, then writes the worlds a last time (and the recording and drift report). */
  close(): Promise<void>;
}

export { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_LIMITS, DEFAULT_MAX_WORLDS, type ConnectionLimits };
export type { CorsOrigins } from './cors.ts';
export type { Destination } from '../destinations.ts';
export type { Lookup } from './destinations.ts';
export { UpstreamError, type BesideOptions } from './upstream.ts';
export { RecordingFileError } from './recording.ts';

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

/** `host` as it goes in a URL: an IPv6 address in brackets. */
export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Listens on `port` and `host`, or rejects with the listen error (EADDRINUSE...). */
function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
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
  const limits = resolveLimits(options.limits);
  // Refused deliveries, failed state writes and refused pages are logged even with --quiet: they
  // are not request lines, and each is something to notice (docs/control-api.md).
  const notice = options.log ?? logToStdout;
  const maxWorlds = options.maxWorlds ?? DEFAULT_MAX_WORLDS;
  // Read before listening: an unreadable file stops the start before anyone is answered.
  const stateText = options.state === undefined ? undefined : await readStateFile(options.state.path);
  // So are the upstream's files and its check against the delivery rules (upstream.ts).
  const prepared = await prepareBeside(
    { upstream: options.upstream, record: options.record, driftReport: options.driftReport, replay: options.replay, match: options.match },
    { version: options.version, deliverTo: options.deliverTo, lookup: options.lookup, log: notice },
  );

  // The mock's base URL names the real port, so the server listens first; the request listener is
  // attached once the mock exists, before control returns to the loop, so no request can come earlier.
  const server = createServer(httpServerOptions(limits));
  guardConnections(server, limits);
  const port = await listen(server, options.port ?? DEFAULT_PORT, host);
  const origin = `http://${hostForUrl(host)}:${port}`;
  const baseUrl = `${origin}/v1`;

  let store = options.mock?.store;
  let keeper: ReturnType<typeof keepState> | undefined;
  let restoredWorlds: number | undefined;
  try {
    store ??= createStore({
      sink: createDeliveryEngine({
        // The destination's addresses are checked again as the socket connects (fetch.ts).
        fetch: checkedFetch(options.lookup),
        checkDestination: destinationCheck({ allow: options.deliverTo, lookup: options.lookup }),
        log: notice,
      }),
      seed: options.seed,
      maxWorlds,
      worldTtlMs: options.worldTtlMs,
      // A quarter of the worlds evicted is ~50 MB of garbage at ~50 kB a world (memory.ts).
      onEvict: collectAfterEvictions(Math.max(100, Math.ceil(maxWorlds / 4))),
    });
    if (options.state !== undefined) {
      restoredWorlds = stateText === undefined ? 0 : restoreState(options.state.path, stateText, store).length;
      keeper = keepState({ path: options.state.path, store, intervalMs: options.state.intervalMs, log: notice });
    }
  } catch (error) {
    server.close();
    throw error;
  }
  const mock = options.mock ?? createMock({ baseUrl, store, faults: options.faults, saveState: keeper?.save, driftReport: prepared?.driftReport });
  const beside = prepared?.connect(mock);

  const listeners = getRequestListener({
    handle: beside?.handle ?? mock.handle,
    cors: corsPolicy(options.cors),
    control: options.control ?? true,
    log: options.quiet ? undefined : (options.log ?? logToStdout),
    notice,
    changed: keeper?.touch,
  });
  server.on('request', listeners.request);
  server.on('checkContinue', listeners.checkContinue);
  server.on('checkExpectation', listeners.checkExpectation);

  return {
    baseUrl,
    origin,
    port,
    mock,
    ...(restoredWorlds === undefined ? {} : { restoredWorlds }),
    ...(beside === undefined ? {} : { beside: beside.describe() }),
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await keeper?.stop();
      await beside?.close();
    },
  };
}
