// The worlds as one plain-JSON snapshot (Web Storage, the state file), random generator state included so a
// restored world draws on where it stopped. Maps are arrays of values, keys derived back; no logs or journals.
import type {
  ConnectToken,
  DeployedTrigger,
  Project,
  RegistryComponent,
  Template,
  User,
  Webhook,
  Workspace,
} from '../../factories/types.ts';
import { restoreRandomizer, stableKey, type RandomizerState } from '../../ids/random.ts';
import type { DeliverySink } from '../../outbound/types.ts';
import { TrackedMap } from './changes.ts';
import { createWorldRandom, type WorldRandom } from './seed.ts';
import { type ClockState, utcDay } from './clock.ts';
import {
  emptyWorld,
  tripleKey,
  type AccountRecord,
  type AppOverrideRecord,
  type AutoSubscription,
  type ConnectTokenRecord,
  type CreditDay,
  type DeployedTriggerRecord,
  type EnvironmentRecord,
  type ProjectRecord,
  type OauthAppRecord,
  type StashFileRecord,
  type SourceRecord,
  type SubscriptionRecord,
  type WorkflowRecord,
  type World,
  type WorkspaceRecord,
} from './world.ts';

export const SNAPSHOT_FORMAT = 'workflow-api-mock-kit/worlds';
export const SNAPSHOT_VERSION = 1;

export interface WorldsSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** The store seed the worlds were seeded with; a store only restores its own seed's worlds. */
  seed: number | string;
  worlds: WorldSnapshot[];
}

export interface WorldSnapshot {
  token: string;
  /** The world's own generator (null: it has not drawn since seeding and starts from its seed). */
  random: RandomizerState | null;
  /** Every ID handed out, so that new IDs never collide with them. */
  issued: string[];
  errorSeq: number;
  /** The scenario the world was built from (absent: a seeded world, or a snapshot from before scenarios). */
  scenario?: string | null;
  /** The world's clock once a clock call changed it (absent: real time). */
  clock?: ClockState | null;
  /** The UTC day its daily quota counters count (absent in snapshots from before it: the day it is restored). */
  quotaDay?: number;
  user: Omit<User, 'orgs'>;
  workspaces: Workspace[];
  sources: SourceRecord[];
  workflows: WorkflowRecord[];
  webhooks: Webhook[];
  subscriptions: SubscriptionRecord[];
  autoSubscriptions: AutoSubscription[];
  projects: Array<{
    project: Project;
    environments: Array<[string, EnvironmentRecord]>;
    deployedTriggerIds: string[];
    accountIds: string[];
  }>;
  templates: Template[];
  accounts: AccountRecord[];
  connectTokens: ConnectTokenRecord[];
  deployedTriggers: DeployedTriggerRecord[];
  /** Connect credits per UTC day (absent in snapshots written before it existed: none). */
  connectCredits?: CreditDay[];
  /** OAuth apps and app overrides (absent in snapshots written before they existed: none). */
  oauthApps?: OauthAppRecord[];
  appOverrides?: AppOverrideRecord[];
  /** Files of the File Stash (absent in snapshots written before it existed: none). */
  stashFiles?: StashFileRecord[];
  savedComponents?: RegistryComponent[];
}

export type SnapshotErrorCode =
  /** Not JSON (e.g. a truncated write). */
  | 'snapshot_unreadable'
  /** JSON, but not a worlds snapshot. */
  | 'snapshot_format'
  /** A snapshot of another format version. */
  | 'snapshot_version'
  /** The worlds of another store seed. */
  | 'snapshot_seed'
  /** A snapshot whose content is damaged (a missing or mistyped field). */
  | 'snapshot_invalid';

export interface SnapshotError {
  code: SnapshotErrorCode;
  message: string;
}

export type SnapshotResult<T> = { ok: true; value: T } | { ok: false; error: SnapshotError };

/** The worlds as a snapshot value. It shares objects with the live worlds: serialise it at once. */
export function snapshotView(seed: number | string, worlds: Iterable<World>): WorldsSnapshot {
  return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, seed, worlds: [...worlds].map(worldView) };
}

interface Collection {
  map(world: World): Map<string, unknown>;
  /** The snapshot element of one map value. */
  element(value: unknown): unknown;
  /** The map key of one snapshot element (readWorld keys the restored maps the same way). */
  keyOf(element: never): string;
}

const same = (value: unknown) => value;
// One row per collection: a new collection of World needs its row here (snapshot.test.ts checks
// that every array of a world snapshot has one), so that snapshots and the state file's log see it.
const COLLECTIONS = {
  workspaces: {
    map: (w) => w.workspaces,
    element: (record) => (record as WorkspaceRecord).workspace,
    keyOf: (e: Workspace) => e.id,
  },
  sources: { map: (w) => w.sources, element: same, keyOf: (e: SourceRecord) => e.source.id },
  workflows: { map: (w) => w.workflows, element: same, keyOf: (e: WorkflowRecord) => e.workflow.id },
  webhooks: { map: (w) => w.webhooks, element: same, keyOf: (e: Webhook) => e.id },
  subscriptions: {
    map: (w) => w.subscriptions,
    element: same,
    keyOf: (e: SubscriptionRecord) =>
      tripleKey(e.subscription.emitter_id, e.subscription.listener_id, e.subscription.event_name),
  },
  projects: {
    map: (w) => w.projects,
    element: (value) => ({ ...(value as ProjectRecord), environments: [...(value as ProjectRecord).environments] }),
    keyOf: (e: { project: Project }) => e.project.id,
  },
  templates: { map: (w) => w.templates, element: same, keyOf: (e: Template) => e.id },
  accounts: { map: (w) => w.accounts, element: same, keyOf: (e: AccountRecord) => e.account.id },
  connectTokens: { map: (w) => w.connectTokens, element: same, keyOf: (e: ConnectTokenRecord) => e.token.token },
  deployedTriggers: {
    map: (w) => w.deployedTriggers,
    element: same,
    keyOf: (e: DeployedTriggerRecord) => e.trigger.id,
  },
  connectCredits: { map: (w) => w.connectCredits, element: same, keyOf: (e: CreditDay) => String(e.day) },
  oauthApps: { map: (w) => w.oauthApps, element: same, keyOf: (e: OauthAppRecord) => e.app.id },
  appOverrides: { map: (w) => w.appOverrides, element: same, keyOf: (e: AppOverrideRecord) => e.override.id },
  stashFiles: { map: (w) => w.stashFiles, element: same, keyOf: (e: StashFileRecord) => e.s3Key },
  savedComponents: { map: (w) => w.savedComponents, element: same, keyOf: (e: RegistryComponent) => e.id },
} satisfies Record<string, Collection>;
/** The collections of a world as a snapshot holds them: elements in the map's order, each keyed as the map keys it. */
export type CollectionName = keyof typeof COLLECTIONS;
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

// Reads that note nothing: a snapshot reads every entry but changes none (changes.ts).
const rawValues = Map.prototype.values;
const rawGet = Map.prototype.get;

function worldView(world: World): WorldSnapshot {
  const view: Record<string, unknown> = {
    token: world.token,
    random: world.saveRandom(),
    issued: [...world.ctx.issued],
    errorSeq: world.errorSeq,
    scenario: world.scenario,
    clock: world.clock.state(),
    quotaDay: world.quotaDay,
    user: world.user,
    autoSubscriptions: world.autoSubscriptions,
  };
  for (const name of COLLECTION_NAMES) {
    const { map, element } = COLLECTIONS[name];
    view[name] = Array.from(rawValues.call(map(world)) as Iterable<unknown>, element);
  }
  return view as unknown as WorldSnapshot;
}

/**
 * What changed in a world since the last patch or trackChanges: small fields whole, IDs issued since `issuedBefore`,
 * per collection the entries set or deleted (all, once iterated). It shares live objects: serialise it at once.
 */
export interface WorldPatch {
  random: RandomizerState | null;
  /** IDs issued since the previous patch. */
  issued: string[];
  errorSeq: number;
  user: WorldSnapshot['user'];
  autoSubscriptions: AutoSubscription[];
  /** The world's clock (a clock call is a write like any other; absent in logs from before the clock). */
  clock?: ClockState | null;
  /** The UTC day of the quota counters (absent in logs from before it). */
  quotaDay?: number;
  /** Entries that are (still) in the collection, by their current value. */
  set?: Partial<Record<CollectionName, unknown[]>>;
  /** Keys no longer in the collection. */
  deleted?: Partial<Record<CollectionName, string[]>>;
  /** Collections replaced whole. */
  all?: Partial<Record<CollectionName, unknown[]>>;
}

/**
 * Starts noting what changes in `world` (changes.ts); worldPatch then says what did. Call it when
 * the world was written whole.
 *
 * @example
 * trackChanges(world); // after writing snapshotView(seed, [world])
 */
export function trackChanges(world: World): void {
  for (const name of COLLECTION_NAMES) {
    const map = COLLECTIONS[name].map(world);
    if (map instanceof TrackedMap) map.track();
  }
}

/**
 * What changed in `world` since trackChanges or the previous patch; `issuedBefore` is how many IDs
 * it had issued then (`world.ctx.issued.size`).
 *
 * @example
 * trackChanges(world);
 * createWebhook(world, { url: 'https://hooks.example.com/a', name: 'a', description: 'd' });
 * worldPatch(world, issued).set?.webhooks; // [the new webhook]
 */
export function worldPatch(world: World, issuedBefore: number): WorldPatch {
  const issued: string[] = [];
  let i = 0;
  for (const id of world.ctx.issued) if (i++ >= issuedBefore) issued.push(id);
  const patch: WorldPatch = {
    random: world.saveRandom(),
    issued,
    errorSeq: world.errorSeq,
    user: world.user,
    autoSubscriptions: world.autoSubscriptions,
    clock: world.clock.state(),
    quotaDay: world.quotaDay,
  };
  for (const name of COLLECTION_NAMES) {
    const { map: of, element } = COLLECTIONS[name];
    const map = of(world);
    const marks = map instanceof TrackedMap ? map.take() : 'all';
    if (marks === undefined || (marks !== 'all' && marks.size === 0)) continue;
    if (marks === 'all') {
      patch.all = { ...patch.all, [name]: Array.from(rawValues.call(map) as Iterable<unknown>, element) };
      continue;
    }
    const set: unknown[] = [];
    const deleted: string[] = [];
    for (const key of marks) {
      const value = rawGet.call(map, key);
      if (value === undefined) deleted.push(key as string);
      else set.push(element(value));
    }
    if (set.length > 0) patch.set = { ...patch.set, [name]: set };
    if (deleted.length > 0) patch.deleted = { ...patch.deleted, [name]: deleted };
  }
  return patch;
}

/**
 * A world snapshot that patches are applied to, in order, as the state file's log replays them.
 *
 * @example
 * const replay = patchable(snapshot.worlds[0]);
 * replay.apply(patch);
 * const world = replay.snapshot();
 */
export function patchable(base: WorldSnapshot): { apply(patch: WorldPatch): void; snapshot(): WorldSnapshot } {
  const current: Record<string, unknown> = { ...base };
  const issued = new Set(Array.isArray(base.issued) ? base.issued : []);
  const maps = new Map<CollectionName, Map<string, unknown>>();
  const collection = (name: CollectionName) => {
    let map = maps.get(name);
    if (map === undefined) {
      const keyOf = COLLECTIONS[name].keyOf as (element: unknown) => string;
      const elements = current[name];
      map = new Map(Array.isArray(elements) ? elements.map((element) => [keyOf(element), element] as const) : []);
      maps.set(name, map);
    }
    return map;
  };
  return {
    apply(patch) {
      Object.assign(current, {
        random: patch.random,
        errorSeq: patch.errorSeq,
        user: patch.user,
        autoSubscriptions: patch.autoSubscriptions,
      });
      if (patch.clock !== undefined) current.clock = patch.clock;
      if (patch.quotaDay !== undefined) current.quotaDay = patch.quotaDay;
      for (const id of patch.issued) issued.add(id);
      for (const [name, elements] of Object.entries(patch.all ?? {}) as Array<[CollectionName, unknown[]]>) {
        maps.delete(name);
        current[name] = elements;
      }
      for (const [name, keys] of Object.entries(patch.deleted ?? {}) as Array<[CollectionName, string[]]>) {
        const map = collection(name);
        for (const key of keys) map.delete(key);
      }
      for (const [name, elements] of Object.entries(patch.set ?? {}) as Array<[CollectionName, unknown[]]>) {
        const map = collection(name);
        const keyOf = COLLECTIONS[name].keyOf as (element: unknown) => string;
        for (const element of elements) map.set(keyOf(element), element);
      }
    },
    snapshot() {
      const result: Record<string, unknown> = { ...current, issued: [...issued] };
      for (const [name, map] of maps) result[name] = [...map.values()];
      return result as unknown as WorldSnapshot;
    },
  };
}

export interface RestoreContext {
  seed: number | string;
  /** The sink of the restored world of `token` (each session logs its own world's deliveries). */
  sinkFor: (token: string) => DeliverySink;
  now: () => number;
  endpointUrl?: (key: string) => string;
}

/** A damaged field: thrown inside readWorlds only, turned into a 'snapshot_invalid' value there. */
class Damaged extends Error {}

/**
 * Reads a snapshot (the value, or its JSON text) into worlds for a store with `context.seed`.
 * Refuses, as a coded error value with a message naming the problem, anything it cannot restore
 * exactly: text that is not JSON, another format or version, another seed, a damaged world.
 */
export function readWorlds(input: unknown, context: RestoreContext): SnapshotResult<World[]> {
  let value: unknown;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (error) {
      return refuse(
        'snapshot_unreadable',
        `the worlds snapshot is not JSON (truncated or damaged?): ${(error as Error).message}`,
      );
    }
  } else {
    // Copied first: the worlds never share an object with the value given (restored twice, the same worlds).
    try {
      value = structuredClone(input);
    } catch (error) {
      return refuse(
        'snapshot_invalid',
        `the worlds snapshot cannot be copied (it holds a function or another value JSON cannot): ${(error as Error).message}`,
      );
    }
  }
  if (!isObject(value) || value.format !== SNAPSHOT_FORMAT) {
    return refuse('snapshot_format', `not a worlds snapshot: expected an object with format "${SNAPSHOT_FORMAT}"`);
  }
  if (value.version !== SNAPSHOT_VERSION) {
    return refuse(
      'snapshot_version',
      `worlds snapshot version ${JSON.stringify(value.version)} is not supported; this kit reads version ${SNAPSHOT_VERSION}`,
    );
  }
  if (value.seed !== context.seed) {
    return refuse(
      'snapshot_seed',
      `the snapshot holds the worlds of seed ${JSON.stringify(value.seed)}, this store's seed is ${JSON.stringify(context.seed)}`,
    );
  }
  try {
    const worlds = array(value.worlds, 'worlds').map((world, i) => {
      try {
        return readWorld(world, `worlds[${i}]`, context);
      } catch (error) {
        // A field of a shape no check above expected still names the world it is in, never a bare TypeError.
        if (error instanceof Damaged) throw error;
        throw new Damaged(`worlds[${i}]: ${(error as Error).message}`);
      }
    });
    const tokens = new Set<string>();
    for (const [i, world] of worlds.entries()) {
      if (tokens.has(world.token))
        throw new Damaged(`worlds[${i}].token: token ${JSON.stringify(world.token)} appears twice`);
      tokens.add(world.token);
    }
    return { ok: true, value: worlds };
  } catch (error) {
    if (error instanceof Damaged) return refuse('snapshot_invalid', `damaged worlds snapshot: ${error.message}`);
    throw error;
  }
}

function refuse(code: SnapshotErrorCode, message: string): SnapshotResult<never> {
  return { ok: false, error: { code, message } };
}

/** One world of a snapshot, read in the order it was written; throws Damaged naming the first bad field. */
function readWorld(input: unknown, at: string, context: RestoreContext): World {
  const data = object(input, at);
  const token = string(data.token, `${at}.token`);
  if (token === '') throw new Damaged(`${at}.token: must not be empty`);
  const random = readRandom(data, at, token, context);
  const errorSeq = data.errorSeq;
  if (!Number.isInteger(errorSeq) || (errorSeq as number) < 0)
    throw new Damaged(`${at}.errorSeq: must be an integer >= 0`);
  const user = withId(data.user, `${at}.user`) as unknown as World['user'];
  const scenario =
    data.scenario === undefined || data.scenario === null ? null : string(data.scenario, `${at}.scenario`);
  readClock(data, at, random);
  const world = emptyWorld({
    key: stableKey(token),
    token,
    seed: context.seed,
    ctx: random.ctx,
    clock: random.clock,
    scenario,
    sink: context.sinkFor(token),
    saveRandom: random.save,
    user,
    errorSeq: errorSeq as number,
  });
  if (data.quotaDay !== undefined && !Number.isInteger(data.quotaDay))
    throw new Damaged(`${at}.quotaDay: must be an integer`);
  // A snapshot from before the quota day: what it holds is the usage of the day it is restored on.
  world.quotaDay = (data.quotaDay as number | undefined) ?? utcDay(random.ctx.now());
  readWorkspaces(world, data, at);
  readWorkflowsAndSubscriptions(world, data, at);
  readProjects(world, data, at);
  fill(world.templates, data.templates, `${at}.templates`, (template: Template, path) => idOf(template, path));
  readConnect(world, data, at);
  return world;
}

/** The world's generator where the snapshot left it (or a fresh one), and the IDs it had issued. */
function readRandom(data: Record<string, unknown>, at: string, token: string, context: RestoreContext): WorldRandom {
  let saved: RandomizerState | null = null;
  if (data.random !== null) {
    saved = object(data.random, `${at}.random`) as unknown as RandomizerState;
    try {
      restoreRandomizer(saved);
    } catch (error) {
      throw new Damaged(`${at}.random: ${(error as Error).message}`);
    }
  }
  const options = { seed: context.seed, token, now: context.now, endpointUrl: context.endpointUrl };
  const random = createWorldRandom(options, { saved });
  random.endSeeding();
  const issued = array(data.issued, `${at}.issued`);
  for (const [i, id] of issued.entries()) random.ctx.issued.add(string(id, `${at}.issued[${i}]`));
  return random;
}

function readClock(data: Record<string, unknown>, at: string, random: WorldRandom): void {
  if (data.clock === undefined || data.clock === null) return;
  const clock = object(data.clock, `${at}.clock`);
  const shaped = typeof clock.offset_ms === 'number' && typeof clock.frozen === 'boolean';
  if (!shaped || Number.isNaN(Date.parse(string(clock.now, `${at}.clock.now`)))) {
    throw new Damaged(`${at}.clock: expected {now, offset_ms, frozen}`);
  }
  random.clock.restore(clock as unknown as ClockState);
}

/** The workspaces, then their sources, whose order in each workspace is the order they were written in. */
function readWorkspaces(world: World, data: Record<string, unknown>, at: string): void {
  for (const [i, item] of array(data.workspaces, `${at}.workspaces`).entries()) {
    const workspace = withId(item, `${at}.workspaces[${i}]`) as unknown as Workspace;
    world.workspaces.set(workspace.id, { workspace, sourceIds: [], sourceIndex: new Map() });
  }
  for (const [i, item] of array(data.sources, `${at}.sources`).entries()) {
    const path = `${at}.sources[${i}]`;
    const record = object(item, path) as unknown as SourceRecord;
    const id = string(withId(record.source, `${path}.source`).id, `${path}.source.id`);
    const workspace = world.workspaces.get(string(record.orgId, `${path}.orgId`));
    if (workspace === undefined) throw new Damaged(`${path}.orgId: workspace ${record.orgId} is not in this world`);
    world.sources.set(id, record);
    workspace.sourceIndex.set(id, workspace.sourceIds.length);
    workspace.sourceIds.push(id);
  }
}

function readWorkflowsAndSubscriptions(world: World, data: Record<string, unknown>, at: string): void {
  fill(world.workflows, data.workflows, `${at}.workflows`, (record: WorkflowRecord, path) => {
    array(record.errors, `${path}.errors`);
    string(record.orgId, `${path}.orgId`);
    string(record.projectId, `${path}.projectId`);
    return idOf(record.workflow, `${path}.workflow`);
  });
  fill(world.webhooks, data.webhooks, `${at}.webhooks`, (webhook: Webhook, path) => idOf(webhook, path));
  fill(world.subscriptions, data.subscriptions, `${at}.subscriptions`, (record: SubscriptionRecord, path) => {
    const subscription = object(record.subscription, `${path}.subscription`);
    string(record.orgId, `${path}.orgId`);
    const [emitter, listener, eventName] = (['emitter_id', 'listener_id', 'event_name'] as const).map((field) =>
      string(subscription[field], `${path}.subscription.${field}`),
    );
    idOf(subscription, `${path}.subscription`);
    return tripleKey(emitter!, listener!, eventName!);
  });
  world.autoSubscriptions = array(data.autoSubscriptions, `${at}.autoSubscriptions`).map((item, i) => {
    const auto = object(item, `${at}.autoSubscriptions[${i}]`);
    return {
      event_name: string(auto.event_name, `${at}.autoSubscriptions[${i}].event_name`),
      listener_id: string(auto.listener_id, `${at}.autoSubscriptions[${i}].listener_id`),
    };
  });
}

function readProjects(world: World, data: Record<string, unknown>, at: string): void {
  for (const [i, item] of array(data.projects, `${at}.projects`).entries()) {
    const path = `${at}.projects[${i}]`;
    const record = object(item, path);
    const project = withId(record.project, `${path}.project`) as unknown as Project;
    const environments = new Map<string, EnvironmentRecord>();
    for (const [j, entry] of array(record.environments, `${path}.environments`).entries()) {
      const pair = array(entry, `${path}.environments[${j}]`);
      const name = string(pair[0], `${path}.environments[${j}][0]`);
      environments.set(name, object(pair[1], `${path}.environments[${j}][1]`) as unknown as EnvironmentRecord);
    }
    const ids = (field: string) =>
      array(record[field], `${path}.${field}`).map((id, j) => string(id, `${path}.${field}[${j}]`));
    const deployedTriggerIds = ids('deployedTriggerIds');
    world.projects.set(project.id, { project, environments, deployedTriggerIds, accountIds: ids('accountIds') });
  }
}

/** Connect's resources; the collections added after the first snapshots may be absent. */
function readConnect(world: World, data: Record<string, unknown>, at: string): void {
  fill(world.accounts, data.accounts, `${at}.accounts`, (record: AccountRecord, path) => {
    object(record.credentials, `${path}.credentials`);
    return idOf(record.account, `${path}.account`);
  });
  fill(world.connectTokens, data.connectTokens, `${at}.connectTokens`, (record: ConnectTokenRecord, path) =>
    string(object(record.token, `${path}.token`).token as ConnectToken['token'], `${path}.token.token`),
  );
  fill(
    world.deployedTriggers,
    data.deployedTriggers,
    `${at}.deployedTriggers`,
    (record: DeployedTriggerRecord, path) => {
      for (const [j, webhook] of array(record.webhooks, `${path}.webhooks`).entries())
        idOf(webhook, `${path}.webhooks[${j}]`);
      string(record.externalUserId, `${path}.externalUserId`);
      return idOf(record.trigger as DeployedTrigger, `${path}.trigger`);
    },
  );
  const given = (name: string) => (data[name] === undefined ? [] : data[name]);
  for (const [i, item] of array(given('connectCredits'), `${at}.connectCredits`).entries()) {
    const day = object(item, `${at}.connectCredits[${i}]`) as unknown as CreditDay;
    if (!Number.isInteger(day.day)) throw new Damaged(`${at}.connectCredits[${i}].day: expected an integer`);
    world.connectCredits.set(String(day.day), day);
  }
  fill(world.oauthApps, given('oauthApps'), `${at}.oauthApps`, (record: OauthAppRecord, path) =>
    idOf(record.app, `${path}.app`),
  );
  fill(world.appOverrides, given('appOverrides'), `${at}.appOverrides`, (record: AppOverrideRecord, path) =>
    idOf(record.override, `${path}.override`),
  );
  fill(world.stashFiles, given('stashFiles'), `${at}.stashFiles`, (record: StashFileRecord, path) =>
    string(record.s3Key, `${path}.s3Key`),
  );
  fill(world.savedComponents, given('savedComponents'), `${at}.savedComponents`, (record: RegistryComponent, path) =>
    idOf(record, path),
  );
}

/** Fills `map` from an array of values, each keyed by `keyOf` (which also checks the value). */
function fill<T>(map: Map<string, T>, input: unknown, at: string, keyOf: (value: T, path: string) => string): void {
  for (const [i, item] of array(input, at).entries()) {
    const path = `${at}[${i}]`;
    const value = object(item, path) as T;
    const key = keyOf(value, path);
    if (map.has(key)) throw new Damaged(`${path}: ${key} appears twice`);
    map.set(key, value);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(value: unknown, at: string): Record<string, unknown> {
  if (!isObject(value)) throw new Damaged(`${at}: expected an object`);
  return value;
}

function array(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw new Damaged(`${at}: expected an array`);
  return value;
}

function string(value: unknown, at: string): string {
  if (typeof value !== 'string') throw new Damaged(`${at}: expected a string`);
  return value;
}

function withId(value: unknown, at: string): Record<string, unknown> & { id: string } {
  const record = object(value, at);
  string(record.id, `${at}.id`);
  return record as Record<string, unknown> & { id: string };
}

function idOf(value: unknown, at: string): string {
  return withId(value, at).id;
}
