// The state of one world: Maps keyed by ID in creation order; workspace sources also as an array plus an id->index
// map, so a page is O(limit) and a cursor lookup O(1) even with 100,000 sources. What a caller gives is copied in
// (structuredClone); reads hand out the world's own objects, read-only to callers.
import type { FactoryContext, RandomizerState } from '../../ids/random.ts';
import { TrackedMap } from './changes.ts';
import type { DeliverySink } from '../../outbound/types.ts';
import type { WorldClock } from './clock.ts';
import type {
  App,
  AppOverride,
  ConnectedAccount,
  ConnectToken,
  DeployedTrigger,
  EmittedEventSummary,
  EventSource,
  OauthApp,
  Project,
  ProjectEnvironment,
  RegistryComponent,
  Subscription,
  Template,
  User,
  Webhook,
  Workflow,
  WorkflowErrorEventSummary,
  Workspace,
} from '../../factories/types.ts';

export interface WorkspaceRecord {
  workspace: Workspace;
  /** Source IDs of this workspace in creation order (the list order of GET /orgs/{org_id}/sources). */
  sourceIds: string[];
  /** sourceIds[sourceIndex.get(id)] === id; removeSource reindexes what follows a removed source. */
  sourceIndex: Map<string, number>;
}

export interface SourceRecord {
  source: EventSource;
  orgId: string;
  /** What it emitted, newest first, at most MAX_EMITTED_EVENTS (absent: nothing yet, or a world saved before). */
  events?: EmittedEventSummary[];
}

export interface WorkflowRecord {
  workflow: Workflow;
  orgId: string;
  projectId: string;
  /** Recorded `$errors` events, newest first, at most MAX_ERROR_EVENTS. */
  errors: WorkflowErrorEventSummary[];
  /** Its emitted events (the default stream and named ones), newest first, at most MAX_EMITTED_EVENTS; absent: none yet. */
  emits?: EmittedEventSummary[];
}

export interface SubscriptionRecord {
  subscription: Subscription;
  /** The emitter's workspace (the first workspace for a glob emitter). */
  orgId: string;
}

export interface AutoSubscription {
  event_name: string;
  listener_id: string;
}

/** A project environment's trigger webhook; all null when none is set (never saved, or deleted). */
export interface EnvironmentRecord {
  /** The webhook's `wh_` ID (the SDK's `WebhookWithOptionalSigningKey.id`); absent in worlds saved before it existed. */
  webhook_id?: string | null;
  webhook_url: string | null;
  signing_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface ProjectRecord {
  project: Project;
  /** Environment name -> its project-level trigger webhook (README: one URL per project and environment). */
  environments: Map<string, EnvironmentRecord>;
  deployedTriggerIds: string[];
  accountIds: string[];
}

/** One trigger-level webhook: its own `wh_` ID and signing key (the SDK's `TriggerWebhook`). */
export interface TriggerWebhookRecord {
  id: string;
  url: string;
  signing_key: string;
  created_at: number;
  updated_at: number;
}

export interface DeployedTriggerRecord {
  trigger: DeployedTrigger;
  projectId: string;
  environment: ProjectEnvironment;
  /** The end user who owns the trigger (`external_user_id` of the deployed-trigger endpoints). */
  externalUserId: string;
  /** Trigger-level webhooks in URL order; when any, they take precedence over the environment's URL. */
  webhooks: TriggerWebhookRecord[];
  /** What it emitted, newest first, at most MAX_TRIGGER_EVENTS (absent: nothing yet, or a world saved before). */
  events?: EmittedEventRecord[];
  /** The workflows (`p_`) its events go to (deployedTriggers.updateWorkflows); absent: none. */
  workflowIds?: string[];
}

/** One event a deployed trigger emitted: the SDK's `EmittedEvent` (`e` the event, `k` its kind, `ts` ms). */
export interface EmittedEventRecord {
  id: string;
  k: string;
  ts: number;
  e: Record<string, unknown>;
  sum?: string;
}

export const MAX_TRIGGER_EVENTS = 100;

/** A custom OAuth client of an app (the SDK's `OauthApp`), owned by a workspace; the secret is never shown. */
export interface OauthAppRecord {
  app: OauthApp;
  client_secret: string;
}

/** An app override (the SDK's `AppOverride`), owned by a project (`proj_`) or a workspace (`o_`). */
export interface AppOverrideRecord {
  override: AppOverride;
  /** The app with its `connect` object, as accounts hold it (override.app is the API's view of it). */
  app: App;
}

/** A file an action run synced to the File Stash (../connect/file-stash.ts): what it is, not its bytes. */
export interface StashFileRecord {
  s3Key: string;
  projectId: string;
  environment: ProjectEnvironment;
  externalUserId: string;
  filename: string;
  size: number;
  /** The hash of the run that wrote it: its content is made from it. */
  hash: number;
}

/** Connect credits used on one UTC day (GET /connect/usage), keyed in World.connectCredits by the day's start in UNIX seconds, as a string (snapshot keys are strings). */
export interface CreditDay {
  day: number;
  source_emit: number;
  action_run: number;
  proxy: number;
}

export interface AccountRecord {
  account: ConnectedAccount;
  projectId: string;
  environment: ProjectEnvironment;
  credentials: Record<string, unknown>;
  /** A production OAuth account connected through the service's own client: its credentials are never returned. */
  credentialsWithheld?: boolean;
}

export interface ConnectTokenRecord {
  token: ConnectToken;
  projectId: string;
  environment: ProjectEnvironment;
  external_user_id: string;
  webhook_uri: string | null;
  allowed_origins: string[];
  completed: boolean;
}

export interface World {
  /** Stable hash of the token; DeliveryRequest.world and DeliverySink.list(key) use it. */
  readonly key: string;
  readonly token: string;
  /** The server seed the world was seeded with; it also picks the catalogue the world reads (../api/catalogue.ts). */
  readonly seed: number | string;
  /** The world's seeded faker, issued IDs and clock (`ctx.now()`: the world's time, which `clock` sets). */
  readonly ctx: FactoryContext;
  /** The world's own clock (clock.ts): real time until a clock call sets or advances it. */
  readonly clock: WorldClock;
  /** The scenario the world was built from (docs/scenarios.md), or null for a seeded world. */
  readonly scenario: string | null;
  readonly sink: DeliverySink;
  /** The state of the world's own generator, for snapshots (null: it has not drawn since seeding). */
  readonly saveRandom: () => RandomizerState | null;
  /** The user without `orgs`; getCurrentUser adds the workspaces. */
  user: Omit<User, 'orgs'>;
  workspaces: Map<string, WorkspaceRecord>;
  sources: Map<string, SourceRecord>;
  workflows: Map<string, WorkflowRecord>;
  webhooks: Map<string, Webhook>;
  /** Keyed by the subscription triple (see tripleKey). */
  subscriptions: Map<string, SubscriptionRecord>;
  autoSubscriptions: AutoSubscription[];
  projects: Map<string, ProjectRecord>;
  templates: Map<string, Template>;
  accounts: Map<string, AccountRecord>;
  connectTokens: Map<string, ConnectTokenRecord>;
  deployedTriggers: Map<string, DeployedTriggerRecord>;
  /** Connect credits per UTC day, oldest first (mocks/store/connect/usage.ts). */
  connectCredits: Map<string, CreditDay>;
  /** Custom OAuth clients by `oa_` ID (mocks/store/connect/oauth-apps.ts). */
  oauthApps: Map<string, OauthAppRecord>;
  /** App overrides by ID (mocks/store/connect/app-overrides.ts). */
  appOverrides: Map<string, AppOverrideRecord>;
  /** Files synced to the File Stash by s3Key (mocks/store/connect/file-stash.ts). */
  stashFiles: Map<string, StashFileRecord>;
  /** Components saved from code or a URL by `sc_` ID (POST /components, POST /sources: mocks/store/api/components.ts). */
  savedComponents: Map<string, RegistryComponent>;
  /** Sequence for error event summary ids `<indexed_at_ms>-<seq>`. */
  errorSeq: number;
  /** The UTC day (days since 1970) the daily quota counters count (quotas.ts): they reset when the world's clock passes its end. */
  quotaDay: number;
}

export const MAX_ERROR_EVENTS = 100;
/** The reference: a workflow's or source's last 100 events are kept (its "Get workflow emits" and "Get source events"). */
export const MAX_EMITTED_EVENTS = 100;

/**
 * A world holding no resources yet: seeding (seed.ts) or a snapshot (snapshot.ts) fills it. Its
 * collections are TrackedMaps (changes.ts): the state file's log writes only what a request changed.
 */
export function emptyWorld(
  fields: Pick<
    World,
    'key' | 'token' | 'seed' | 'ctx' | 'clock' | 'scenario' | 'sink' | 'saveRandom' | 'user' | 'errorSeq'
  >,
): World {
  return {
    ...fields,
    workspaces: new TrackedMap(),
    sources: new TrackedMap(),
    workflows: new TrackedMap(),
    webhooks: new TrackedMap(),
    subscriptions: new TrackedMap(),
    autoSubscriptions: [],
    projects: new TrackedMap(),
    templates: new TrackedMap(),
    accounts: new TrackedMap(),
    connectTokens: new TrackedMap(),
    deployedTriggers: new TrackedMap(),
    connectCredits: new TrackedMap(),
    oauthApps: new TrackedMap(),
    appOverrides: new TrackedMap(),
    stashFiles: new TrackedMap(),
    savedComponents: new TrackedMap(),
    quotaDay: 0,
  };
}

/**
 * A new project's record: every environment's trigger webhook unset, as of `at` (UNIX seconds).
 * @example
 * world.projects.set(project.id, projectRecord(project, ['production', 'development'], now));
 */
export function projectRecord(project: Project, environments: readonly string[], at: number): ProjectRecord {
  const unset = { webhook_url: null, signing_key: null, created_at: at, updated_at: at };
  const byName = new Map(environments.map((name) => [name, { ...unset }]));
  return { project, environments: byName, deployedTriggerIds: [], accountIds: [] };
}

export function tripleKey(emitterId: string, listenerId: string, eventName: string): string {
  return JSON.stringify([emitterId, listenerId, eventName]);
}

export function firstWorkspaceId(world: World): string {
  const first = world.workspaces.keys().next();
  return first.done ? '' : first.value;
}

/** Adds a source to the global index and to its workspace's ordered list. */
export function addSource(world: World, source: EventSource, orgId: string): void {
  const workspace = world.workspaces.get(orgId);
  if (workspace === undefined) return;
  world.sources.set(source.id, { source, orgId });
  workspace.sourceIndex.set(source.id, workspace.sourceIds.length);
  workspace.sourceIds.push(source.id);
}

/**
 * Removes a source from the global index and from its workspace's ordered list, the sources after it moving up one.
 * @example
 * removeSource(world, 'dc_Ow7gJ0a'); // true; a second call answers false
 */
export function removeSource(world: World, id: string): boolean {
  const record = world.sources.get(id);
  if (record === undefined) return false;
  world.sources.delete(id);
  const workspace = world.workspaces.get(record.orgId);
  const position = workspace?.sourceIndex.get(id);
  if (workspace === undefined || position === undefined) return true;
  workspace.sourceIds.splice(position, 1);
  workspace.sourceIndex.delete(id);
  for (let i = position; i < workspace.sourceIds.length; i++) workspace.sourceIndex.set(workspace.sourceIds[i]!, i);
  return true;
}
