// The delivery engine, the fake's only outbound HTTP (docs/control-api.md, "How deliveries go out"): signs, sends,
// retries and fills in the record `enqueue` returned. No per-world log, no Node-only imports (browsers load it).
import { type DestinationPolicy, destinationPolicy, LOOPBACK, reservedHost } from '../common/destinations.ts';
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
  /** Where deliveries may go (mocks/common/destinations.ts), asked once per delivery before its first attempt; default: loopback only (`LOOPBACK`). */
  policy?: DestinationPolicy;
  /** Where a refusal is logged (one line each); default: nowhere. */
  log?: (line: string) => void;
}

/** The `name` of an injected `fetch`'s error when it refused the destination before connecting: not retried. */
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

/** Bytes of a receiver's answer that are read; the rest is never read. */
export const RESPONSE_BODY_LIMIT = 2048;

export const DELIVERY_USER_AGENT = 'workflow-api-mock-kit (webhook delivery)';

/**
 * The fake's outbound HTTP: a DeliverySink that signs, sends, retries and records (the rules are
 * docs/control-api.md's, "How deliveries go out").
 *
 * @example
 * const engine = createDeliveryEngine({ maxAttempts: 1 });
 * const url = 'http://127.0.0.1:9000/hook';
 * const record = engine.enqueue({ world: 'w', kind: 'subscription', url, payload: { hello: 1 } });
 * await engine.idle('w'); // record.state is now 'delivered', 'failed' or 'refused'
 */
export function createDeliveryEngine(options: DeliveryEngineOptions = {}): DeliveryEngine {
  const settings = settingsOf(options);
  const chains: Chains = { tails: new Map(), worlds: new Map() };
  return {
    enqueue(request: DeliveryRequest): DeliveryRecord {
      const record = newRecord(settings, queueOf(chains, request.world), request);
      // Recording still goes through the URL's chain so the signature header lands in order.
      const work = settings.send ? deliver : recordOnly;
      track(chains, request.world, request.url, () => work(settings, record, request));
      return record;
    },
    idle(world?: string): Promise<void> {
      if (world !== undefined) return idleOf(chains.worlds.get(world));
      return Promise.all([...chains.worlds.values()].map(idleOf)).then(() => undefined);
    },
    cancel(world: string): void {
      const queue = chains.worlds.get(world);
      if (queue === undefined) return;
      // Links not started yet skip their work; the world's queue goes (the store cancels on reset and eviction).
      queue.cancelled = true;
      chains.worlds.delete(world);
    },
  };
}

/** The options with their defaults applied: what every step of a delivery reads. */
interface EngineSettings {
  fetch: typeof globalThis.fetch;
  send: boolean;
  timeoutMs: number;
  maxAttempts: number;
  backoffMs: readonly number[];
  now: () => number;
  policy: DestinationPolicy;
  /** The attempts running at once, over every world and URL. */
  slots: Slots;
  log: ((line: string) => void) | undefined;
}

function settingsOf(options: DeliveryEngineOptions): EngineSettings {
  return {
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    send: options.send ?? DEFAULT_DELIVERY_OPTIONS.send,
    timeoutMs: options.timeoutMs ?? DEFAULT_DELIVERY_OPTIONS.timeoutMs,
    maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_DELIVERY_OPTIONS.maxAttempts),
    backoffMs: options.backoffMs ?? DEFAULT_DELIVERY_OPTIONS.backoffMs,
    now: options.now ?? Date.now,
    policy: options.policy ?? destinationPolicy(LOOPBACK),
    slots: createSlots(Math.max(1, options.maxInFlight ?? DEFAULT_DELIVERY_OPTIONS.maxInFlight)),
    log: options.log,
  };
}

/** Each world's queue, and the tail of each (world, URL) chain, which a new delivery there waits for. */
interface Chains {
  tails: Map<string, Promise<void>>;
  worlds: Map<string, WorldQueue>;
}

function queueOf(chains: Chains, world: string): WorldQueue {
  let queue = chains.worlds.get(world);
  if (queue === undefined) {
    queue = { sequence: 0, pending: 0, idle: null, wake: () => {}, cancelled: false };
    chains.worlds.set(world, queue);
  }
  return queue;
}

/** The record `enqueue` returns at once, its ID counted per world; the network work fills it in later. */
function newRecord(settings: EngineSettings, queue: WorldQueue, request: DeliveryRequest): DeliveryRecord {
  return {
    id: `dlv_${(++queue.sequence).toString().padStart(6, '0')}`,
    world: request.world,
    kind: request.kind,
    url: request.url,
    body: JSON.stringify(request.payload) ?? 'null',
    headers: baseHeaders(request),
    attempts: [],
    state: settings.send ? 'pending' : 'recorded',
    final_status: null,
    created_at: (request.now ?? settings.now)(),
  };
}

/** Runs `work` once the world's previous delivery to `url` has settled: in order, and no world waits for another. */
function track(chains: Chains, world: string, url: string, work: () => Promise<void>): void {
  const queue = queueOf(chains, world);
  const key = `${world} ${url}`;
  const previous = chains.tails.get(key) ?? Promise.resolve();
  queue.pending += 1;
  // `work` never rejects on delivery problems; the catch only guards the chain against bugs.
  const link = previous
    .then(() => (queue.cancelled ? undefined : work()))
    .catch((error: unknown) => {
      console.error('[webhooks] delivery engine error:', error);
    });
  chains.tails.set(key, link);
  void link.then(() => {
    if (chains.tails.get(key) === link) chains.tails.delete(key);
    queue.pending -= 1;
    if (queue.pending > 0) return;
    queue.wake();
  });
}

function baseHeaders(request: DeliveryRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['content-type'] = 'application/json';
  // Say who is calling, so a receiver's logs tell the kit's deliveries apart (not just "node").
  headers['user-agent'] ??= DELIVERY_USER_AGENT;
  return headers;
}

/** An attempt's headers: a signed delivery gets a fresh `x-pd-signature` (a new `t`) on every attempt. */
async function headersForAttempt(settings: EngineSettings, request: DeliveryRequest, body: string) {
  const headers = baseHeaders(request);
  if (request.signingKey !== undefined) {
    const timestamp = Math.floor((request.now ?? settings.now)() / 1000);
    headers[SIGNATURE_HEADER] = await signPayload({ rawBody: body, key: request.signingKey, timestamp });
  }
  return headers;
}

/** What a delivery does when nothing is sent (the browser / MSW worker): its headers, signature included. */
async function recordOnly(settings: EngineSettings, record: DeliveryRecord, request: DeliveryRequest): Promise<void> {
  record.headers = await headersForAttempt(settings, request, record.body);
}

/** A delivery from the destination check to its last attempt; it never rejects on a receiver's failure. */
async function deliver(settings: EngineSettings, record: DeliveryRecord, request: DeliveryRequest): Promise<void> {
  const reserved = reservedHost(record.url);
  if (reserved !== null) return failReserved(settings, record, request, reserved);
  // A link-local address is where cloud metadata services answer (169.254.169.254): a mock must
  // never be the way to reach them (docs/control-api.md, "Where deliveries may go").
  const refusal = settings.policy.refuseUrl(record.url);
  if (refusal !== null) return refuse(settings, record, refusal);
  const { maxAttempts, backoffMs } = settings;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) await sleep(backoffMs[Math.min(attempt - 2, backoffMs.length - 1)] ?? 0);
    const result = await settings.slots.run(() => attemptOnce(settings, record, request, attempt));
    if ('refused' in result) return refuse(settings, record, result.refused);
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

/** Seeded and example webhooks point at RFC 2606/6761 names, never a receiver: the record says so, no lookup. */
async function failReserved(settings: EngineSettings, record: DeliveryRecord, request: DeliveryRequest, host: string) {
  record.headers = await headersForAttempt(settings, request, record.body);
  const why = `${host} is a reserved example domain (RFC 2606/6761); point the webhook at a real receiver`;
  record.attempts.push({
    attempt: 1,
    started_at: (request.now ?? settings.now)(),
    duration_ms: 0,
    status: null,
    error: `not sent: ${why}`,
    headers: record.headers,
  });
  record.state = 'failed';
}

function refuse(settings: EngineSettings, record: DeliveryRecord, reason: string): void {
  record.state = 'refused';
  record.reason = reason;
  settings.log?.(`[deliveries] refused ${record.id} of world ${record.world} to ${record.url}: ${reason}`);
}

/** One attempt, or the reason `fetch` refused the destination without connecting. */
async function attemptOnce(
  settings: EngineSettings,
  record: DeliveryRecord,
  request: DeliveryRequest,
  attempt: number,
): Promise<DeliveryAttempt | { refused: string }> {
  const { timeoutMs } = settings;
  const headers = await headersForAttempt(settings, request, record.body);
  record.headers = headers;
  const result: DeliveryAttempt = {
    attempt,
    started_at: (request.now ?? settings.now)(),
    duration_ms: 0,
    status: null,
    error: null,
    headers,
  };
  const clock = monotonicMs();
  try {
    const response = await settings.fetch(record.url, {
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

/** A world's queue: its ID sequence, deliveries not yet settled, and the one promise its waiters share. */
interface WorldQueue {
  sequence: number;
  pending: number;
  idle: Promise<void> | null;
  wake: () => void;
  cancelled: boolean;
}

/** Waits for that world only, through one promise per world shared by every waiter. */
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
interface Slots {
  run<T>(task: () => Promise<T>): Promise<T>;
}

function createSlots(limit: number): Slots {
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
