// The delivery engine, the fake's only outbound HTTP (docs/control-api.md, "How deliveries go out"): the store calls
// `enqueue`, this module queues each delivery and returns its record, send.ts signs, sends, retries and fills it in.
// No per-world log here (the session records each delivery), so reset and eviction need no call. Browser-safe.
import type { DestinationPolicy } from '../common/destinations.ts';
import type { EngineSettings } from './send.ts';
import type { DeliveryRecord, DeliveryRequest, DeliverySink } from './types.ts';

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

export { DESTINATION_REFUSED, RESPONSE_BODY_LIMIT } from './types.ts';

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
      track(chains, request.world, request.url, async () => {
        const { deliver, recordOnly } = await import('./send.ts');
        await (settings.send ? deliver : recordOnly)(settings, record, request);
      });
      return record;
    },
    idle(world?: string): Promise<void> {
      if (world !== undefined) return idleOf(chains.worlds.get(world));
      return Promise.all([...chains.worlds.values()].map(idleOf)).then(() => undefined);
    },
    cancel(world: string): void {
      const queue = chains.worlds.get(world);
      if (queue === undefined) return;
      // Links not started yet skip their work; the world's queue goes (the store cancels on reset and eviction:
      // nothing is kept per world the store no longer holds), so a reset world's new log counts IDs from 1 again.
      queue.cancelled = true;
      chains.worlds.delete(world);
    },
  };
}

function settingsOf(options: DeliveryEngineOptions): EngineSettings {
  return {
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    send: options.send ?? DEFAULT_DELIVERY_OPTIONS.send,
    timeoutMs: options.timeoutMs ?? DEFAULT_DELIVERY_OPTIONS.timeoutMs,
    maxAttempts: Math.max(1, options.maxAttempts ?? DEFAULT_DELIVERY_OPTIONS.maxAttempts),
    backoffMs: options.backoffMs ?? DEFAULT_DELIVERY_OPTIONS.backoffMs,
    now: options.now ?? Date.now,
    policy: options.policy,
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
  const queue = chains.worlds.get(world) ?? { sequence: 0, pending: 0, idle: null, wake: () => {}, cancelled: false };
  chains.worlds.set(world, queue);
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

/**
 * Runs `work` once the world's previous delivery to `url` has settled (delivered or given up), so a
 * receiver sees a world's events in emission order and one world's slow receiver delays no other.
 */
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
    if (queue.pending === 0) queue.wake();
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
function createSlots(limit: number): EngineSettings['slots'] {
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
