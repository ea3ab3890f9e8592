// The node:http adapter behind `npm start`: the composition (as Hono's node-server keeps `serve` apart from
// getRequestListener), built once in dependency order; listener.ts answers requests, connections.ts guards them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ConnectionLimits,
  DEFAULT_HOST,
  DEFAULT_LIMITS,
  DEFAULT_MAX_WORLDS,
  DEFAULT_PORT,
} from '../common/defaults.ts';
import type { Destination } from '../common/destinations.ts';
import type { PactOptions } from '../app/pact.ts';
import { type FaultOptions, loadScenarios, type ScenarioDefinition, ScenarioLoadError } from '../index.ts';
import { createMock, type Mock, storeOf } from '../mock.ts';
import { guardConnections, httpServerOptions, resolveLimits } from './connections.ts';
import { type CorsOrigins, corsPolicy, hostPolicy } from './cors.ts';
import { type Lookup, nodeDeliveries } from './fetch.ts';
import { getRequestListener } from './listener.ts';
import { abandonState, keepState, logExchanges, openState, type OpenedState, type StateKeeper } from './state.ts';
import { type PreparedUpstream, prepareUpstream, type UpstreamStepOptions } from './upstream.ts';

/**
 * UpstreamStepOptions put the real service or a recording beside the mock (docs/upstream.md); an upstream the
 * delivery rules refuse throws UpstreamError at start.
 */
export interface ServerOptions extends UpstreamStepOptions {
  /** 4010 by default; 0 picks a free port. */
  port?: number;
  host?: string;
  seed?: number | string;
  /** No per-request log line. */
  quiet?: boolean;
  /** A mock of the caller's to serve; not with `upstream` or `replay`, which go into the mock the server creates. */
  mock?: Mock;
  /** Record the API exchanges as `consumer`'s pact (`serve --pact-dir`, docs/pact.md). Not with `mock`. */
  pact?: PactOptions;
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
  /** `--public-url`: the origin clients reach the server at; default: the one each client addressed (addressed.ts). */
  publicUrl?: string;
  /** Deliveries go only to these hosts and ports (`--deliver-to`); default: loopback only (`LOOPBACK`). Ignored with `mock`. */
  deliverTo?: readonly Destination[];
  /** Origins whose pages may call /v1 from a browser (`--cors`): `'*'` or a list. Default none; never /__mock. */
  cors?: CorsOrigins;
  /**
   * Names besides loopback, IPs and `host` that /__mock answers (`--allowed-hosts`; `.example.test`: it and its
   * subdomains); any other `Host` gets 403 `host_not_allowed` (docs/control-api.md, "Who may call it").
   */
  allowedHosts?: readonly string[];
  /** How delivery host names are resolved for the link-local check; default node:dns lookup. Ignored with `mock`. */
  lookup?: Lookup;
  /**
   * `--state FILE` (state.ts, docs/worlds.md): worlds restored from `path` at start, each write logged before its
   * answer, the file rewritten on an interval, on `POST /__mock/snapshot` and on `close()`; a file that is held,
   * unwritable or not restorable throws StateFileError before anything listens. `key`: `STATE_KEY` (or `path`.key).
   */
  state?: { path: string; intervalMs?: number; key?: string };
  /**
   * Scenarios beside the built-in ones (`serve --scenarios DIR`, docs/scenarios.md), checked before the server
   * listens: one that does not match throws a `ScenarioLoadError`. Ignored with `mock`.
   */
  scenarios?: readonly ScenarioDefinition[];
  /** The kit's version, for the recording's `creator` and the MCP face's `serverInfo`. */
  version?: string;
  /**
   * Also serve MCP at /__mock/mcp over Streamable HTTP (`serve --mcp`, docs/mcp.md), beside the control API and
   * under its rules (`control: false` turns it off too). Needs @modelcontextprotocol/sdk, an optional peer.
   */
  mcp?: boolean;
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

export { readScenarioFiles, ScenarioFileError, type ScenarioFiles } from './scenario-files.ts';
// For serve's --coverage-report, checked at start and written at exit like the server's own files.
export { unwritableReason, type WholeFileOptions, writeFileReplacingSync } from './files.ts';
// For serve's --pact-dir, the MSW handlers and the Playwright fixture: a recorder's pact merged into its file (docs/pact.md).
export { type PactSource, type WrittenPact, writePactFile } from './pact.ts';
export type { PactFile, PactInteraction, PactOptions, PactRecorder } from '../app/pact.ts';
export type { CorsOrigins } from './cors.ts';
export type { Destination } from '../common/destinations.ts';
export type { Lookup } from './fetch.ts';
export { UpstreamError, type UpstreamStepOptions } from './upstream.ts';
export { RecordingFileError } from './recording.ts';

// Log lines go to stdout until it fails (EPIPE, as in `npm start | head -1`); then one notice on stderr and none
// after. The listener stays: every later write to stdout fails again, and one without a listener would crash.
let stdoutOpen = true;
let watchingStdout = false;

function logToStdout(line: string): void {
  if (!watchingStdout) {
    watchingStdout = true;
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (!stdoutOpen) return;
      stdoutOpen = false;
      console.error(
        `[mock] stdout is closed (${error.code ?? error.message}): no more request log lines; the server keeps answering`,
      );
    });
  }
  if (stdoutOpen) process.stdout.write(`${line}\n`);
}

/** `host` as it goes in a URL: an IPv6 address in brackets. */
export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

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
  // The upstream stage goes into the mock when it is made (createMock's `upstream`).
  if (options.mock !== undefined && (options.upstream !== undefined || options.replay !== undefined)) {
    throw new TypeError('startServer: upstream and replay go into the mock the server creates; give them without mock');
  }
  if (options.mock !== undefined && options.pact !== undefined) {
    throw new TypeError(
      'startServer: pact goes into the mock the server creates; give createMock the pact option instead',
    );
  }
  // Refused deliveries, failed state writes and refused pages are noticed even with --quiet (docs/control-api.md).
  const notice = options.log ?? logToStdout;
  // Checked before anything is taken or bound: a refused scenario stops the start (ScenarioLoadError).
  const loaded = options.mock === undefined ? loadScenarios(options.scenarios) : undefined;
  if (loaded?.ok === false) throw new ScenarioLoadError(loaded.refusals);
  // Taken before listening: a held, unwritable or unreadable file stops the start before anyone is answered.
  const opened = options.state === undefined ? undefined : await openState(options.state.path, options.state.key);
  // So are the upstream's files and its check against the delivery rules (upstream.ts); a refusal
  // there lets the state file go, so a library caller can start again with another option.
  const context = { version: options.version, deliverTo: options.deliverTo, lookup: options.lookup, log: notice };
  const upstream = await prepareUpstream(options, context).catch(async (error: unknown) => {
    if (opened !== undefined) await abandonState(opened);
    throw error;
  });

  // Loaded before anything listens: a missing peer stops the start (ERR_MODULE_NOT_FOUND).
  const mcpFace = options.mcp === true ? await import('./mcp.ts') : undefined;

  // The mock's base URL names the real port, so the server listens first; the request listener is
  // attached once the mock exists, before control returns to the loop, so no request can come earlier.
  const limits = resolveLimits(options.limits);
  const server = createServer(httpServerOptions(limits));
  guardConnections(server, limits);
  const host = options.host ?? DEFAULT_HOST;
  const port = await listen(server, options.port ?? DEFAULT_PORT, host);
  const origin = `http://${hostForUrl(host)}:${port}`;
  const baseUrl = `${origin}/v1`;
  let composed: ReturnType<typeof composeMock>;
  try {
    composed = composeMock(options, { baseUrl, opened, upstream, notice });
  } catch (error) {
    server.close();
    if (opened !== undefined) await abandonState(opened);
    throw error;
  }
  const { mock, keeper } = composed;
  // Beside the real service, the recording and the drift report hear of every upstream exchange.
  const beside = upstream?.connect(mock);
  const listeners = getRequestListener({
    handle: mock.handle,
    cors: corsPolicy(options.cors),
    hosts: hostPolicy(host, options.allowedHosts),
    control: options.control ?? true,
    log: options.quiet ? undefined : (options.log ?? logToStdout),
    notice,
    endpointOrigin: options.publicUrl === undefined && options.mock === undefined ? origin : undefined,
    mcp: mcpFace?.mcpOverHttp(mock, { version: options.version ?? '0.0.0' }),
  });
  server.on('request', listeners.request);
  server.on('checkContinue', listeners.checkContinue);
  server.on('checkExpectation', listeners.checkExpectation);

  return {
    baseUrl,
    origin,
    port,
    mock,
    ...(keeper === undefined ? {} : { restoredWorlds: keeper.restoredWorlds }),
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

/**
 * The server's mock, then its `--state` keeper, which restores the file into the mock's store before anything
 * is answered; the mock's `saveState` is the keeper's, which exists by the time a request can ask for it.
 */
function composeMock(
  options: ServerOptions,
  made: { baseUrl: string; opened?: OpenedState; upstream?: PreparedUpstream; notice: (line: string) => void },
): { mock: Mock; keeper: StateKeeper | undefined } {
  const { opened, notice } = made;
  const maxWorlds = options.maxWorlds ?? DEFAULT_MAX_WORLDS;
  let keeper: StateKeeper | undefined;
  const mock =
    options.mock ??
    createMock({
      baseUrl: made.baseUrl,
      seed: options.seed,
      scenarios: options.scenarios,
      faults: options.faults,
      sink: nodeDeliveries({ deliverTo: options.deliverTo, lookup: options.lookup, log: notice }),
      // HTTP triggers' endpoint URLs (docs/worlds.md, "Workflow endpoints"): --public-url's, else the
      // listen origin, which each answer moves to the origin its client addressed (listener.ts).
      publicUrl: options.publicUrl,
      worlds: {
        maxWorlds,
        worldTtlMs: options.worldTtlMs,
        onEvict: (token) => opened?.evicted(token),
      },
      saveState: opened === undefined ? undefined : () => keeper!.save(),
      driftReport: made.upstream?.driftReport,
      upstream: made.upstream?.stage,
      // The recorder's notes (a body kept as its shape, a full recorder) go where the server's go.
      ...(options.pact === undefined ? {} : { pact: { log: notice, ...options.pact } }),
    });
  if (opened === undefined) return { mock, keeper };
  keeper = keepState({ opened, store: storeOf(mock), intervalMs: options.state?.intervalMs, log: notice });
  keeper.describe(made.baseUrl);
  // With --state, a write is in the state file's log before its answer leaves (state.ts).
  mock.onExchange(logExchanges(keeper));
  return { mock, keeper };
}
