// The control API of docs/control-api.md, twice: as a typed JS object (MockControl, for in-process use)
// and as HTTP routes under /__mock (same bearer token = same world). The HTTP routes are not in
// the OpenAPI document, so their bodies are checked here by hand, with clear 400s.
import { fail, ok, type Result } from '../errors.ts';
import type { AddedSources, JournalEntry, RateLimitRule, Store, World, WorldSummary } from '../store/index.ts';
import type { DeliveryRecord } from '../webhooks/types.ts';

export interface EmitBody {
  emitter_id: string;
  event_name: string;
  event: unknown;
  error?: { code?: string; cellId?: string; stack?: string };
}
export interface TriggerEmitBody {
  event: unknown;
}
export interface CompleteConnectBody {
  outcome: 'success' | 'error';
  error?: string;
}
export interface AddSourcesBody {
  org_id: string;
  count: number;
}
/** Upper bound of one `POST /__mock/sources` (about two seconds of filling). */
export const MAX_ADDED_SOURCES = 1_000_000;

export interface MockControl {
  /** This token's world back to its seeded state (journal and delivery log included). */
  reset(token: string): void;
  /** The IDs of this token's world that no API lists. */
  world(token: string): WorldSummary;
  /** The request journal of this token's world, oldest first. */
  requests(token: string): JournalEntry[];
  emit(token: string, body: EmitBody): Result<{ emit_id: string; deliveries: DeliveryRecord[] }>;
  emitTrigger(token: string, triggerId: string, body: TriggerEmitBody): Result<{ event_id: string; deliveries: DeliveryRecord[] }>;
  completeConnect(
    token: string,
    connectToken: string,
    body: CompleteConnectBody,
  ): Result<{ delivery: DeliveryRecord | null; account?: object }>;
  /** The outbound delivery log of this token's world, oldest first. */
  deliveries(token: string): DeliveryRecord[];
  /** Resolves when every queued delivery has settled. */
  idle(): Promise<void>;
  /** The next `requests` /v1 requests of this world answer 429 with `Retry-After`; 0 lifts it. */
  rateLimit(token: string, rule: RateLimitRule): RateLimitRule | null;
  /** Appends `count` sources to workspace `org_id` of this world, for pagination at scale. */
  addSources(token: string, body: AddSourcesBody): Result<AddedSources>;
}

/** The store operations the control API drives (injected, so the app stays testable on a stub store). */
export interface ControlOperations {
  worldSummary(world: World): WorldSummary;
  emit(world: World, body: EmitBody): Result<{ emit_id: string; deliveries: DeliveryRecord[] }>;
  emitTrigger(world: World, triggerId: string, body: TriggerEmitBody): Result<{ event_id: string; deliveries: DeliveryRecord[] }>;
  completeConnect(world: World, connectToken: string, body: CompleteConnectBody): Result<{ delivery: DeliveryRecord | null; account?: object }>;
  addSources(world: World, body: AddSourcesBody): Result<AddedSources>;
}

export function createControl(store: Store, storeOps: ControlOperations): MockControl {
  return {
    reset: (token) => void store.reset(token),
    world: (token) => storeOps.worldSummary(store.world(token)),
    requests: (token) => store.session(token).journal.list(),
    emit: (token, body) => storeOps.emit(store.world(token), body),
    emitTrigger: (token, triggerId, body) => storeOps.emitTrigger(store.world(token), triggerId, body),
    completeConnect: (token, connectToken, body) => storeOps.completeConnect(store.world(token), connectToken, body),
    deliveries: (token) => [...store.session(token).deliveries],
    idle: () => store.sink.idle(),
    addSources: (token, body) => storeOps.addSources(store.world(token), body),
    rateLimit: (token, rule) => store.session(token).limits.set(rule),
  };
}

// ---- hand-written body checks for the HTTP face ----------------------------------------------

type Check<T> = (body: unknown) => Result<T>;

function invalid<T>(pointer: string, message: string): Result<T> {
  return fail('bad_request', `Invalid control request body: ${pointer || '/'} ${message}`, {
    issues: [{ pointer: `/body${pointer}`, message }],
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const checkEmitBody: Check<EmitBody> = (body) => {
  if (!isObject(body)) return invalid('', 'must be a JSON object {emitter_id, event_name, event, error?}');
  const { emitter_id, event_name, event, error } = body;
  if (typeof emitter_id !== 'string' || emitter_id === '') return invalid('/emitter_id', 'must be a non-empty string (a p_ or dc_ id)');
  if (typeof event_name !== 'string') return invalid('/event_name', 'must be a string, e.g. "$errors"');
  if (event === undefined) return invalid('/event', 'is required (any JSON value)');
  if (error !== undefined) {
    if (!isObject(error)) return invalid('/error', 'must be an object {code?, cellId?, stack?}');
    for (const field of ['code', 'cellId', 'stack'] as const) {
      if (error[field] !== undefined && typeof error[field] !== 'string') return invalid(`/error/${field}`, 'must be a string');
    }
  }
  const checked: EmitBody = { emitter_id, event_name, event };
  if (error !== undefined) checked.error = error as EmitBody['error'];
  return ok(checked);
};

export const checkTriggerEmitBody: Check<TriggerEmitBody> = (body) => {
  if (!isObject(body)) return invalid('', 'must be a JSON object {event}');
  if (body.event === undefined) return invalid('/event', 'is required (any JSON value)');
  return ok({ event: body.event });
};

export const checkRateLimitBody: Check<RateLimitRule> = (body) => {
  if (!isObject(body)) return invalid('', 'must be a JSON object {requests, retry_after_seconds?}');
  const { requests, retry_after_seconds: retryAfter = 1 } = body;
  if (!Number.isInteger(requests) || (requests as number) < 0) return invalid('/requests', 'must be an integer >= 0 (0 lifts the limit)');
  if (!Number.isInteger(retryAfter) || (retryAfter as number) < 0) return invalid('/retry_after_seconds', 'must be an integer >= 0');
  return ok({ requests: requests as number, retry_after_seconds: retryAfter as number });
};

export const checkCompleteConnectBody: Check<CompleteConnectBody> = (body) => {
  if (!isObject(body)) return invalid('', 'must be a JSON object {outcome, error?}');
  const { outcome, error } = body;
  if (outcome !== 'success' && outcome !== 'error') return invalid('/outcome', 'must be "success" or "error"');
  if (error !== undefined && typeof error !== 'string') return invalid('/error', 'must be a string');
  return ok(error === undefined ? { outcome } : { outcome, error });
};

export const checkAddSourcesBody: Check<AddSourcesBody> = (body) => {
  if (!isObject(body)) return invalid('', 'must be a JSON object {org_id, count}');
  const { org_id, count } = body;
  if (typeof org_id !== 'string' || org_id === '') return invalid('/org_id', 'must be a non-empty string (an o_ id)');
  if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_ADDED_SOURCES) {
    return invalid('/count', `must be an integer from 1 to ${MAX_ADDED_SOURCES}`);
  }
  return ok({ org_id, count: count as number });
};
