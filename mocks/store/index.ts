// The store: per-token worlds (docs/worlds.md) and the rules as plain functions returning Result
// values. No HTTP, no MSW, no Node-only modules: it runs in the browser (MSW worker) as well.
import type { DeliverySink } from '../webhooks/types.ts';
import { createRecordingSink } from './recording-sink.ts';
import { createWorld } from './seed.ts';
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
  /** The token's world, created and seeded on first use. */
  world(token: string): World;
  /** The token's world back to its seeded state; its deliveries are forgotten too. */
  reset(token: string): void;
  readonly sink: DeliverySink;
  readonly seed: number | string;
  readonly now: () => number;
}

export function createStore(options: StoreOptions = {}): Store {
  const seed = options.seed ?? 0;
  const now = options.now ?? (() => Date.now());
  const sink = options.sink ?? createRecordingSink(now);
  const worlds = new Map<string, World>();
  const build = (token: string): World => createWorld({ token, seed, sink, now });
  return {
    seed,
    now,
    sink,
    world(token) {
      let world = worlds.get(token);
      if (world === undefined) {
        world = build(token);
        worlds.set(token, world);
      }
      return world;
    },
    reset(token) {
      const world = build(token);
      worlds.set(token, world);
      sink.clear(world.key);
    },
  };
}

export type { World } from './world.ts';
export type * from './world.ts';
export { getCurrentUser, getWorkspace, listWorkspaceSources, addWorkspaceSources } from './users.ts';
export { createWorkflow, getWorkflow, updateWorkflowActivation, type CreateWorkflowBody } from './workflows.ts';
export { createWebhook, listWebhooks, deleteWebhook, type CreateWebhookInput } from './webhooks.ts';
export {
  createSubscription,
  deleteSubscription,
  listWorkspaceSubscriptions,
  createAutoSubscription,
  AUTO_SUBSCRIPTION_EVENTS,
  type SubscriptionTriple,
} from './subscriptions.ts';
export { getWorkflowErrorEventSummaries, truncateEvent, TRUNCATE_ABOVE_BYTES, PREVIEW_CHARACTERS, type ErrorSummaryQuery } from './error-events.ts';
export {
  setProjectWebhook,
  createConnectToken,
  getConnectedAccount,
  setDeployedTriggerWebhooks,
  completeConnect,
  DEFAULT_ENVIRONMENT,
  type ProjectWebhook,
  type CreateConnectTokenInput,
  type CompleteConnectInput,
} from './connect.ts';
export { emit, emitTrigger, type EmitInput } from './emit.ts';
export { worldSummary, type WorldSummary } from './summary.ts';
export { encodeCursor, decodeCursor, DEFAULT_LIMIT, MAX_LIMIT, type PageQuery } from './pagination.ts';
export { checkWebhookUrl } from './url.ts';
export { createRecordingSink } from './recording-sink.ts';
export { REFERENCE_TIME_MS } from './seed.ts';
