// Where `npm start` listens unless told otherwise (docs/README.md), and its limits: free of Node built-ins, so the
// CLI reads them without loading the server, and the server's declarations need no @types/node.
export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export interface ConnectionLimits {
  /** Open connections at most. At the cap a new connection closes the oldest idle one; only when every one is answering a request is a new one refused. */
  maxConnections: number;
  /** A connection on which nothing moves for this long while no request of it is being answered is closed. */
  idleTimeoutMs: number;
  /** Time from a request's first byte to the end of its headers; over it: 408. */
  headersTimeoutMs: number;
  /** Time from a request's first byte to the end of its body; over it: 408. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
}

/** The defaults of `npm start`, and why (docs/performance.md, "Connections: what keeps a shared server up"). */
export const DEFAULT_LIMITS: Readonly<ConnectionLimits> = Object.freeze({
  maxConnections: 1000,
  idleTimeoutMs: 10_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
});

/**
 * Worlds `npm start` keeps at most (`--max-worlds`); one more evicts the least recently used, which
 * re-seeds from (seed, token) on its next request (docs/worlds.md, "Eviction"). The bound alone holds the
 * RSS of a stream of new tokens (its figures: docs/performance.md, "Worlds: memory and eviction").
 */
export const DEFAULT_MAX_WORLDS = 500;

/**
 * The longest wait a `Prefer: delay`, a world's latency or `serve --latency` can ask for (docs/control-api.md,
 * "Faults"): a client's timeout test needs no more, and a shared server must not hold sockets longer.
 */
export const MAX_DELAY_MS = 30_000;

/** How often `serve --state FILE` writes the worlds while something changed (docs/worlds.md, "State across restarts"). */
export const STATE_INTERVAL_MS = 30_000;

/**
 * `serve --record-max` by default: 100 MiB, then FILE moves to FILE.1 (docs/upstream.md, "Record and replay").
 * `--replay` and `drift` read a recording whole: at this size far under V8's longest string (~512 MiB).
 */
export const DEFAULT_RECORD_MAX_BYTES = 100 * 1024 * 1024;
/** The largest `--record-max`: above it the file could not be read back as one string. */
export const MAX_RECORD_MAX_BYTES = 400 * 1024 * 1024;
/** The smallest `--record-max`: the HAR head and tail and an entry or so. */
export const MIN_RECORD_MAX_BYTES = 4 * 1024;
/** A scenario module (`serve --scenarios`) that has not finished loading by then stops the start, named. */
export const SCENARIO_LOAD_TIMEOUT_MS = 10_000;
