// The seam between the store, which decides what to deliver and where, and the delivery engine, which signs, sends,
// retries and records: the store only talks to a DeliverySink, free of HTTP and timers.

export type DeliveryKind = 'subscription' | 'trigger' | 'connection';

export interface DeliveryRequest {
  /** World key (derived from the bearer token) the delivery belongs to; deliveries are listed per world. */
  world: string;
  kind: DeliveryKind;
  url: string;
  /** The JSON value to send; the engine serialises it once and sends those exact bytes on every attempt. */
  payload: unknown;
  /** When set, every attempt carries `x-pd-signature` computed with this key over a fresh timestamp. */
  signingKey?: string;
  /** Extra headers (e.g. `x-pd-emitter-id`); `content-type: application/json` is always sent. */
  headers?: Record<string, string>;
  /** The world's clock, UNIX ms (docs/worlds.md, "A clock per world"), for times, signatures; default the engine's. */
  now?: () => number;
}

export interface DeliveryAttempt {
  attempt: number;
  started_at: number; // UNIX ms
  duration_ms: number;
  status: number | null; // HTTP status, or null on a network error / timeout
  error: string | null;
  headers: Record<string, string>; // the request headers actually sent on this attempt
  /** First 2048 bytes of the receiver's answer body (decoded as UTF-8), when there was an answer; the rest is never read. */
  response_body?: string;
}

/** 'refused': the destination is not allowed (link-local, or outside `--deliver-to`); never attempted, `reason` says why. */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'recorded' | 'refused';

export interface DeliveryRecord {
  id: string;
  world: string;
  kind: DeliveryKind;
  url: string;
  body: string; // the raw JSON text sent
  headers: Record<string, string>; // headers of the last attempt (or the ones that would be sent)
  attempts: DeliveryAttempt[];
  state: DeliveryState; // 'recorded' = sending disabled (e.g. in the browser), kept for inspection
  final_status: number | null;
  created_at: number; // UNIX ms
  /** Why the delivery was refused (state 'refused'). */
  reason?: string;
}

export interface DeliverySink {
  /** Queues a delivery and returns its record at once, updated as it goes; the world's session keeps the log. */
  enqueue(request: DeliveryRequest): DeliveryRecord;
  /** Resolves when every queued delivery (of world `world` when given) has reached a final state. */
  idle(world?: string): Promise<void>;
  /** Drops the deliveries of world `world` that have not started yet (reset, eviction); they are never sent. */
  cancel?(world: string): void;
}

/**
 * The `name` of the error an injected `fetch` rejects with when it refused the destination before connecting
 * (mocks/node/fetch.ts); its message is the reason. The delivery is then refused, not retried.
 */
export const DESTINATION_REFUSED = 'DestinationRefusedError';

/** Bytes of a receiver's answer that are read; the rest is never read (a 300 MB answer used to be read whole). */
export const RESPONSE_BODY_LIMIT = 2048;
