// The delivery engine: the fake's only outbound HTTP. The store decides *what* goes *where* and
// calls `enqueue`; this module sends, signs, retries and fills in the record it returned
// (docs/control-api.md, "GET /__mock/deliveries"). It keeps no per-world log: the world's session
// records each delivery as it is queued (mocks/store/world/session.ts), so reset and eviction need no
// call here.
//
// - `enqueue` returns the record at once; the network work happens later, so an API answer
//   never waits for a receiver.
// - One POST per attempt, `content-type: application/json`, the same body bytes every time;
//   a signed delivery gets a fresh `x-pd-signature` (new `t`) on every attempt.
// - Per-attempt timeout; retries on network errors, timeouts and 5xx (never on 4xx/3xx).
// - Order per (world, destination URL): a delivery starts once the world's previous one to that
//   URL has settled (delivered or given up), so a receiver sees a world's events in emission
//   order, and one world's slow receiver never delays another world's deliveries.
// - At most `maxInFlight` attempts run at once, whatever the number of worlds and URLs (an emit to
//   20,000 webhooks used to open 20,000 sockets at once); the others wait their turn.
// - IDs count per world; `idle(world)` waits for that world only, through one promise per world
//   shared by every waiter; `cancel(world)` drops its deliveries not started yet (reset, eviction).
// - Where a delivery may go is the destination policy's (mocks/common/destinations.ts): a URL it refuses
//   (a link-local address, a host outside the allowlist) is never attempted, and neither is one
//   whose name `fetch` refuses as it connects (it rejects with a DESTINATION_REFUSED error: the
//   Node fetch applies the policy to the addresses it resolves, node/fetch.ts): state 'refused',
//   with its reason, and one line to `log`. A name reserved for examples is recorded as failed.
// - `send: false` (the browser / MSW worker case) only records what would be sent.
//
// No Node-only imports: the MSW handlers import this file in browsers too.

import { type DestinationPolicy, destinationPolicy, reservedHost } from '../common/destinations.ts';
import { SIGNATURE_HEADER, signPayload } from './signature.ts';
import type { DeliveryAttempt, DeliveryRecord, DeliveryRequest, DeliverySink } from './types.ts';

export interface DeliveryEngineOptions {
  fetch?: typeof globalThis.fetch;
  /** false: record deliveries (state 'recorded') without any network traffic. */
  send?: boolean;
  /** Per-attempt timeout, covering the answer's headers and body. */
  timeoutMs?: number;
  /** Attempts in total, the first one included. */
  maxAttempts?: number;
  /** Wait before attempt n+1 is backoffMs[n-1]; the last value repeats if there are more attempts. */
  backoffMs?: readonly number[];
  /** Clock in UNIX milliseconds; used for record times and signature timestamps. */
  now?: () => number;
  /** Attempts running at once, at most (over every world and URL). */
  maxInFlight?: number;
  /** Where deliveries may go (mocks/common/destinations.ts), asked once per delivery before its first attempt; default: anywhere but link-local addresses. */
  policy?: DestinationPolicy;
  /** Where a refusal is logged (one line each); default: nowhere. */
  log?: (line: string) => void;
}

/**
 * The `name` of the error an injected `fetch` rejects with when it refused the destination before
 * connecting (mocks/node/fetch.ts); its message is the reason. The delivery is then refused, not
 * retried.
 */
export const DESTINATION_REFUSED = 'DestinationRefusedError';

/** What createDeliveryEngine returns: a DeliverySink that really sends. */
export type DeliveryEngine = DeliverySink;
/** The destination rules a delivery engine applies (mocks/common/destinations.ts), for `DeliveryEngineOptions.policy`. */
export type { DestinationPolicy } from '../common/destinations.ts';

export const DEFAULT_DELIVERY_OPTIONS = {
  send: true,
  timeoutMs: 5000,
  maxAttempts: 3,
  backoffMs: [100, 400] as readonly number[],
  maxInFlight: 64,
};

/** Bytes of a receiver's answer that are read; the rest is never read (a 300 MB answer used to be read whole). */
export const RESPONSE_BODY_LIMIT = 2048;

export const DELIVERY_USER_AGENT = 'workflow-api-mock-kit (webhook delivery)';

/**
 * The fake's outbound HTTP: a DeliverySink that signs, sends, retries and records (see the top of
 * this file for the rules).
 *
 * @example
 * const engine = createDeliveryEngine({ maxAttempts: 1 });
 * const record = engine.enqueue({ world: 'w', kind: 'subscription', url: 'http://127.0.0.1:9000/hook', payload: { hello: 1 } });
 * await engine.idle('w'); // record.state is now 'delivered', 'failed' or 'refused'
 */
export function createDeliveryEngine(options: DeliveryEngineOptions = {}): DeliveryEngine {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const send = options.send ?? DEFAULT_DELIVERY_OPTIONS.send;
  const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_OPTIONS.timeoutMs;
  const maxAttempts = Math.max(1, options.maxAttempts ?? DEFAULT_DELIVERY_OPTIONS.maxAttempts);
  const backoffMs = options.backoffMs ?? DEFAULT_DELIVERY_OPTIONS.backoffMs;
  const now = options.now ?? Date.now;
  const policy = options.policy ?? destinationPolicy();
  const slots = createSlots(Math.max(1, options.maxInFlight ?? DEFAULT_DELIVERY_OPTIONS.maxInFlight));

  /** Tail of each (world, URL) chain; a new delivery of the world to the URL waits for it. */
  const tails = new Map<string, Promise<void>>();
  const worlds = new Map<string, WorldQueue>();
  const queueOf = (world: string): WorldQueue => {
    let queue = worlds.get(world);
    if (queue === undefined) {
      queue = { sequence: 0, pending: 0, idle: null, wake: () => {}, cancelled: false };
      worlds.set(world, queue);
    }
    return queue;
  };

  function baseHeaders(request: DeliveryRequest): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
    headers['content-type'] = 'application/json';
    // Say who is calling, so a receiver's logs tell the kit's deliveries apart (not just "node").
    headers['user-agent'] ??= DELIVERY_USER_AGENT;
    return headers;
  }

  async function headersForAttempt(request: DeliveryRequest, body: string): Promise<Record<string, string>> {
    const headers = baseHeaders(request);
    if (request.signingKey !== undefined) {
      headers[SIGNATURE_HEADER] = await signPayload({ rawBody: body, key: request.signingKey, timestamp: Math.floor((request.now ?? now)() / 1000) });
    }
    return headers;
  }

  /** One attempt, or the reason `fetch` refused the destination without connecting. */
  async function attemptOnce(record: DeliveryRecord, request: DeliveryRequest, attempt: number): Promise<DeliveryAttempt | { refused: string }> {
    const headers = await headersForAttempt(request, record.body);
    record.headers = headers;
    const startedAt = (request.now ?? now)();
    const clock = monotonicMs();
    const result: DeliveryAttempt = { attempt, started_at: startedAt, duration_ms: 0, status: null, error: null, headers };
    try {
      const response = await doFetch(record.url, {
        method: 'POST',
        headers,
        body: record.body,
        redirect: 'manual', // a webhook sender does not follow redirects; a 3xx is a final, failed answer
        signal: AbortSignal.timeout(timeoutMs),
      });
      result.status = response.status;
      try {
        result.response_body = await readAtMost(response, RESPONSE_BODY_LIMIT);
      } catch {
        // The receiver answered but its body broke off or timed out: the status is what counts.
      }
    } catch (error) {
      if (error instanceof Error && error.name === DESTINATION_REFUSED) return { refused: error.message };
      result.error = describeFetchError(error, timeoutMs);
    }
    result.duration_ms = Math.max(0, Math.round(monotonicMs() - clock));
    return result;
  }

  async function deliver(record: DeliveryRecord, request: DeliveryRequest): Promise<void> {
    const reserved = reservedHost(record.url);
    if (reserved !== null) {
      // Seeded and example webhooks point at RFC 2606/6761 names; sending there would only make
      // DNS lookups for hosts that can never be a receiver. Record why instead.
      record.headers = await headersForAttempt(request, record.body);
      record.attempts.push({
        attempt: 1,
        started_at: (request.now ?? now)(),
        duration_ms: 0,
        status: null,
        error: `not sent: ${reserved} is a reserved example domain (RFC 2606/6761); point the webhook at a real receiver`,
        headers: record.headers,
      });
      record.state = 'failed';
      return;
    }
    // A link-local address is where cloud metadata services answer (169.254.169.254): a mock must
    // never be the way to reach them (docs/control-api.md, "Where deliveries may go").
    const refusal = policy.refuseUrl(record.url);
    if (refusal !== null) {
      refuse(record, refusal);
      return;
    }
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1) await sleep(backoffMs[Math.min(attempt - 2, backoffMs.length - 1)] ?? 0);
      const result = await slots.run(() => attemptOnce(record, request, attempt));
      if ('refused' in result) {
        refuse(record, result.refused);
        return;
      }
      record.attempts.push(result);
      record.final_status = result.status;
      if (result.status !== null && result.status >= 200 && result.status < 300) {
        record.state = 'delivered';
        return;
      }
      const retryable = result.status === null || result.status >= 500;
      if (!retryable) break;
    }
    record.state = 'failed';
  }

  function refuse(record: DeliveryRecord, reason: string): void {
    record.state = 'refused';
    record.reason = reason;
    options.log?.(`[deliveries] refused ${record.id} of world ${record.world} to ${record.url}: ${reason}`);
  }

  async function recordOnly(record: DeliveryRecord, request: DeliveryRequest): Promise<void> {
    record.headers = await headersForAttempt(request, record.body);
  }

  function track(world: string, url: string, work: () => Promise<void>): void {
    const queue = queueOf(world);
    const key = `${world} ${url}`;
    const previous = tails.get(key) ?? Promise.resolve();
    queue.pending += 1;
    // `work` never rejects on delivery problems; the catch only guards the chain against bugs.
    const link = previous
      .then(() => (queue.cancelled ? undefined : work()))
      .catch((error: unknown) => {
        console.error('[webhooks] delivery engine error:', error);
      });
    tails.set(key, link);
    void link.then(() => {
      if (tails.get(key) === link) tails.delete(key);
      queue.pending -= 1;
      if (queue.pending > 0) return;
      queue.wake();
    });
  }

  return {
    enqueue(request: DeliveryRequest): DeliveryRecord {
      const queue = queueOf(request.world);
      const record: DeliveryRecord = {
        id: `dlv_${(++queue.sequence).toString().padStart(6, '0')}`,
        world: request.world,
        kind: request.kind,
        url: request.url,
        body: JSON.stringify(request.payload) ?? 'null',
        headers: baseHeaders(request),
        attempts: [],
        state: send ? 'pending' : 'recorded',
        final_status: null,
        created_at: (request.now ?? now)(),
      };
      // Recording still goes through the URL's chain so the signature header lands in order.
      track(request.world, request.url, () => (send ? deliver(record, request) : recordOnly(record, request)));
      return record;
    },
    idle(world?: string): Promise<void> {
      if (world !== undefined) return idleOf(worlds.get(world));
      return Promise.all([...worlds.values()].map(idleOf)).then(() => undefined);
    },
    cancel(world: string): void {
      const queue = worlds.get(world);
      if (queue === undefined) return;
      // Links not started yet skip their work. The world's queue goes (the store cancels on reset
      // and eviction, so the engine keeps nothing per world the store no longer holds); a reset
      // world's new log counts its IDs from 1 again.
      queue.cancelled = true;
      worlds.delete(world);
    },
  };
}

/** A world's queue: its ID sequence, deliveries not yet settled, and the one promise its waiters share. */
interface WorldQueue {
  sequence: number;
  pending: number;
  idle: Promise<void> | null;
  wake: () => void;
  cancelled: boolean;
}

function idleOf(queue: WorldQueue | undefined): Promise<void> {
  if (queue === undefined || queue.pending === 0) return Promise.resolve();
  queue.idle ??= new Promise<void>((resolve) => {
    queue.wake = () => {
      queue.idle = null;
      resolve();
    };
  });
  return queue.idle;
}

/** At most `limit` tasks at once; the others wait in order. */
function createSlots(limit: number): { run<T>(task: () => Promise<T>): Promise<T> } {
  let busy = 0;
  const waiting: Array<() => void> = [];
  return {
    async run(task) {
      if (busy >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else busy += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next === undefined) busy -= 1;
        else next();
      }
    },
  };
}

/** The first `limit` bytes of an answer's body as text; the rest is never read (the stream is cancelled). */
async function readAtMost(response: Response, limit: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(Math.min(size, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
    if (offset >= bytes.length) break;
  }
  // A character cut at the limit decodes as U+FFFD rather than throwing.
  return new TextDecoder().decode(bytes);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `timeout: no complete answer within ${timeoutMs} ms`;
    // Node's fetch reports connection problems as TypeError('fetch failed') with the socket error as cause.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error) {
      const code = (cause as { code?: unknown }).code;
      return `${error.message}: ${typeof code === 'string' ? `${code} ` : ''}${cause.message}`.trim();
    }
    return error.message;
  }
  return String(error);
}

// Backoff must never keep a Node process alive on its own: unref the timer where that exists.
function sleep(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms) as unknown as { unref?: () => void };
    if (typeof timer === 'object' && timer !== null && typeof timer.unref === 'function') timer.unref();
  });
}

function monotonicMs(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
