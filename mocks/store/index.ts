// The store: one session per token (docs/worlds.md) and the rules as plain functions returning Result
// values. No HTTP, no MSW, no Node-only modules: it runs in the browser (MSW worker) as well.
import type { DeliverySink } from '../outbound/types.ts';
import { createRecordingSink } from './recording-sink.ts';
import { createWorld } from './seed.ts';
import { deliveryLog, openSession, type DeliveryLog, type Session } from './session.ts';
import { readWorlds, snapshotView, type SnapshotResult, type WorldsSnapshot } from './snapshot.ts';
import type { World } from './world.ts';

export interface StoreOptions {
  /** Server seed; with the token it determines every seeded world. Default 0. */
  seed?: number | string;
  /** Where outbound deliveries go; default: a sink that only records. */
  sink?: DeliverySink;
  /** Clock in UNIX ms for everything created after seeding. Default Date.now. */
  now?: () => number;
}

export interface Store {
  /** The token's session (its world, deliveries, request journal and rate limit), created and seeded on first use. */
  session(token: string): Session;
  /** The token's world: `session(token).world`. */
  world(token: string): World;
  /** Replaces the token's session with a fresh one: the world back to its seeded state, no deliveries, journal or rate limit. */
  reset(token: string): Session;
  /**
   * Drops the token's session entirely (false when it had none); its next use seeds it afresh from
   * (seed, token), as reset would.
   *
   * @example
   * store.evict('ci-job-41'); // frees the world of a finished job
   */
  evict(token: string): boolean;
  /**
   * Every world as one plain-JSON value (format 'workflow-api-mock-kit/worlds', version 1), a
   * copy detached from the live worlds: write it anywhere as JSON text and restore() it later.
   *
   * @example
   * sessionStorage.setItem('worlds', JSON.stringify(store.snapshot()));
   */
  snapshot(): WorldsSnapshot;
  /**
   * Replaces every session with the worlds of a snapshot (the value or its JSON text); deliveries,
   * journals and rate limits are not in a snapshot and start empty. A snapshot that cannot be
   * restored exactly (not JSON, another format, version or seed, damaged content) is refused as a
   * coded error value, and then the store is left as it was.
   *
   * @example
   * const restored = store.restore(sessionStorage.getItem('worlds') ?? '');
   * if (!restored.ok) console.warn(restored.error.code, restored.error.message);
   */
  restore(snapshot: unknown): SnapshotResult<{ tokens: string[] }>;
  readonly sink: DeliverySink;
  readonly seed: number | string;
  readonly now: () => number;
}

export function createStore(options: StoreOptions = {}): Store {
  const seed = options.seed ?? 0;
  const now = options.now ?? (() => Date.now());
  const sink = options.sink ?? createRecordingSink(now);
  // Insertion order is the order sessions were opened (what snapshots list).
  const sessions = new Map<string, Session>();
  const open = (token: string): Session => {
    const log = deliveryLog(sink);
    const session = openSession(createWorld({ token, seed, sink: log.sink, now }), log);
    sessions.set(token, session);
    return session;
  };
  const session = (token: string): Session => sessions.get(token) ?? open(token);
  return {
    seed,
    now,
    sink,
    session,
    world: (token) => session(token).world,
    reset: open,
    evict: (token) => sessions.delete(token),
    snapshot: () =>
      structuredClone(
        snapshotView(
          seed,
          [...sessions.values()].map((s) => s.world),
        ),
      ),
    restore(snapshot) {
      const logs = new Map<string, DeliveryLog>();
      const read = readWorlds(snapshot, { seed, now, sinkFor: (token) => logs.set(token, deliveryLog(sink)).get(token)!.sink });
      if (!read.ok) return read;
      sessions.clear();
      for (const world of read.value) sessions.set(world.token, openSession(world, logs.get(world.token)!));
      return { ok: true, value: { tokens: read.value.map((world) => world.token) } };
    },
  };
}

export type { World } from './world.ts';
export type * from './world.ts';
export { getCurrentUser, getWorkspace, listWorkspaceSources, addWorkspaceSources, addSources } from './users.ts';
export type { AddSourcesInput, AddedSources } from './users.ts';
export { createWorkflow, getWorkflow, updateWorkflowActivation, type CreateWorkflowBody } from './workflows.ts';
export { createWebhook, listWebhooks, deleteWebhook, type CreateWebhookInput } from './webhooks.ts';
export {
  createSubscription,
  deleteSubscription,
  listWorkspaceSubscriptions,
  createAutoSubscription,
  type SubscriptionTriple,
} from './subscriptions.ts';
export { getWorkflowErrorEventSummaries, truncateEvent, TRUNCATE_ABOVE_BYTES, PREVIEW_CHARACTERS, type ErrorSummaryQuery } from './error-events.ts';
export {
  setProjectWebhook,
  createConnectToken,
  getConnectedAccount,
  setDeployedTriggerWebhooks,
  completeConnect,
  type ProjectWebhook,
  type CreateConnectTokenInput,
  type CompleteConnectInput,
} from './connect.ts';
export { emit, emitTrigger, type EmitInput } from './emit.ts';
export { worldSummary, type WorldSummary } from './summary.ts';
export { encodeCursor, decodeCursor, type PageQuery } from './pagination.ts';
export { createRecordingSink } from './recording-sink.ts';
export { JOURNAL_LIMIT, type Session, type Journal, type JournalEntry, type Limits, type RateLimitRule } from './session.ts';
export { REFERENCE_TIME_MS } from './seed.ts';
export {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type WorldsSnapshot,
  type WorldSnapshot,
  type SnapshotError,
  type SnapshotErrorCode,
  type SnapshotResult,
} from './snapshot.ts';
