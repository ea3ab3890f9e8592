// The store: one session per token (docs/worlds.md) and the rules as plain functions returning Result
// values. No HTTP, no MSW, no Node-only modules: it runs in the browser (MSW worker) as well.
import type { DeliverySink } from '../outbound/types.ts';
import { createRecordingSink } from './world/recording-sink.ts';
import { sourceOfEndpoint, workflowOfEndpoint } from './api/invoke.ts';
import { createWorld } from './world/seed.ts';
import { deliveryLog, overTally, type DeliveryLog, type Tally } from './world/retention.ts';
import { type CountedJournal, createJournal, JOURNAL_LIMIT, openSession, type Session } from './world/session.ts';
import {
  readWorlds,
  type RestoreContext,
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  snapshotView,
  type SnapshotResult,
  type WorldSnapshot,
  type WorldsSnapshot,
} from './world/snapshot.ts';
import type { World } from './world/world.ts';
import { scenarioOfToken, type ScenarioDefinition } from './world/scenario.ts';
import { errorEventCount, SEEDED_WORLD_WEIGHT, worldWeight } from './world/weight.ts';
import { fail, ok, type Result } from '../common/errors.ts';

export interface StoreOptions {
  /** Server seed; with the token it determines every seeded world. Default 0. */
  seed?: number | string;
  /** Where outbound deliveries go; default: a sink that only records. */
  sink?: DeliverySink;
  /** Clock in UNIX ms for everything created after seeding. Default Date.now. */
  now?: () => number;
  /** Worlds kept at most, least recently used evicted first (docs/worlds.md, "Eviction"). Default: no limit. */
  maxWorlds?: number;
  /** A world unused for this many ms (by the store's clock) is evicted. Default: never. */
  worldTtlMs?: number;
  /** Told about every world the store evicts by itself (not about `evict()` calls), with its weight (weight.ts). */
  onEvict?: (token: string, reason: EvictReason, weight: number) => void;
  /** The scenarios a token may name (docs/scenarios.md), by name, checked already (mocks/scenarios/). Default: none. */
  scenarios?: ReadonlyMap<string, ScenarioDefinition>;
  /**
   * The URL of an HTTP trigger's endpoint by its key (docs/worlds.md, "Workflow endpoints"); createMock passes
   * `<origin>/__endpoints/<key>`. Default: `https://<key>.m.example.net`, which nothing serves.
   */
  endpointUrl?: (key: string) => string;
}

/**
 * Why the store evicted a world: over `maxWorlds`, idle past `worldTtlMs`, journals and delivery
 * logs over their total cap, or the worlds' weight over `maxWorlds` seeded worlds' (weight.ts).
 */
export type EvictReason = 'max_worlds' | 'idle' | 'retention' | 'weight';

/** A live session and what the store needs to drop it. */
interface Held {
  session: Session;
  log: DeliveryLog;
  journal: CountedJournal;
  /** Store clock at the session's last use. */
  usedAt: number;
  /** The world's weight as last counted (weight.ts), and its error events as counted when it was opened. */
  weight: number;
  errorEvents: number;
}

export function createStore(options: StoreOptions = {}) {
  const seed = options.seed ?? 0;
  const now = options.now ?? (() => Date.now());
  const sink = options.sink ?? createRecordingSink(now);
  const scenarios = options.scenarios ?? new Map<string, ScenarioDefinition>();
  const worlds = new HeldWorlds(options, sink);
  const { endpointUrl } = options;
  /** Workspace OAuth tokens revoked with `POST /oauth/revoke` (the reference), until their client logs in again. */
  const revoked = new Set<string>();
  const read = (snapshot: unknown) => readSnapshot(snapshot, { seed, now, endpointUrl }, sink, worlds.retained);
  const setAside = setAsideWorlds(seed, read);
  /** The token's session: its set-aside world (unless `fresh`), else one built afresh (from `scenarioName`). */
  const open = (token: string, fresh = false, scenarioName = worlds.scenarioOf(token)): Session => {
    if (fresh) setAside.forget(token);
    const claimed = fresh ? undefined : setAside.claim(token);
    const log = claimed?.log ?? deliveryLog(sink, worlds.retained);
    const journal = createJournal(JOURNAL_LIMIT, worlds.retained);
    const scenario = scenarioName === null || scenarioName === undefined ? undefined : scenarios.get(scenarioName);
    const built = { token, seed, sink: log.sink, now, endpointUrl, ...(scenario && { scenario }) };
    const world = claimed?.world ?? createWorld(built);
    return worlds.hold(openSession(world, log, journal), log, journal, now());
  };
  const reopen = (token: string, scenarioName?: string | null): Session => {
    const opened = open(token, true, scenarioName === undefined ? worlds.scenarioOf(token) : scenarioName);
    worlds.keepWithinBounds(now(), token);
    return opened;
  };
  // Runs on every request (docs/performance.md): without a TTL the clock is not read.
  const session = (token: string, at?: number): Session => {
    const time = worlds.timed ? (at ?? now()) : 0;
    const used = worlds.use(token, time) ?? open(token);
    worlds.keepWithinBounds(time, token);
    return used;
  };
  return {
    seed,
    now,
    sink,
    /** The token's session, created and seeded on first use; `at`: the store's time, when the caller has read it. */
    session,
    /** The token's world: `session(token).world`. */
    world: (token: string): World => session(token).world,
    /** Replaces the token's session with a fresh one: its seeded (or scenario) world, nothing else. */
    reset: (token: string): Session => reopen(token),
    /**
     * Drops the token's session entirely (false when it had none); its next use seeds it afresh from
     * (seed, token), as reset would.
     *
     * @example
     * store.evict('ci-job-41'); // frees the world of a finished job
     */
    evict(token: string): boolean {
      const forgotten = setAside.forget(token);
      return worlds.drop(token) || forgotten;
    },
    /**
     * Replaces the token's session with a fresh world built from scenario `name` (null: the seeded
     * world); a reset keeps that scenario. An unknown name is a `not_found` error naming the loaded ones.
     *
     * @example
     * store.switchScenario('my-token', 'empty-account'); // the token's world now holds nothing
     */
    switchScenario(token: string, name: string | null): Result<Session> {
      if (name !== null && !scenarios.has(name)) {
        return fail('not_found', `No scenario ${JSON.stringify(name)} is loaded; loaded: ${loadedNames(scenarios)}`);
      }
      return ok(reopen(token, name));
    },
    /**
     * The Pact verifier's state change (docs/pact.md, "Provider states"): `setup` of `a fresh world`
     * opens the token's seeded world, of `scenario <name>` that scenario's; `teardown` leaves the
     * world as it is. Another state is a `bad_request` error; an unknown scenario `not_found`.
     *
     * @example
     * store.openProviderState('my-token', 'scenario empty-account', 'setup'); // ok: the empty world
     */
    openProviderState(token: string, state: string, action: 'setup' | 'teardown'): Result<Session> {
      const scenario = /^scenario ([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(state)?.[1];
      if (state !== 'a fresh world' && scenario === undefined) {
        return fail(
          'bad_request',
          `Unknown provider state ${JSON.stringify(state)}: the kit writes "a fresh world" or "scenario <name>" (docs/pact.md)`,
        );
      }
      if (action === 'teardown') return ok(this.session(token));
      return this.switchScenario(token, scenario ?? null);
    },
    /**
     * Revokes a workspace OAuth token (`revoke`), or reinstates it when its client logs in again: the mock issues one
     * token per client (docs/worlds.md). A revoked token is refused (`refusal`); its world stays.
     *
     * @example
     * store.revocation(token, 'revoke'); store.refusal(token); // 'This token was revoked ...'
     */
    revocation(token: string, change: 'revoke' | 'reinstate'): void {
      if (change === 'revoke') revoked.add(token);
      else revoked.delete(token);
    },
    /**
     * Why the token cannot open a world (it was revoked, or names a scenario the store does not hold), or null.
     *
     * @example
     * store.refusal('scenario_nope_1'); // "the token names scenario 'nope', which is not loaded; loaded: ..."
     */
    refusal(token: string): string | null {
      if (revoked.size > 0 && revoked.has(token))
        return 'This token was revoked (POST /oauth/revoke); log in again for a new one (POST /oauth/token)';
      const name = scenarioOfToken(token);
      if (name === undefined || scenarios.has(name) || worlds.held.has(token)) return null;
      const loaded = loadedNames(scenarios);
      return `The token names scenario '${name}', which is not loaded; loaded: ${loaded} (docs/scenarios.md)`;
    },
    /**
     * The estimated heap bytes of the worlds held (weight.ts) and the bound past which least recently used worlds
     * are evicted: `maxWorlds` seeded worlds' worth (Infinity without `maxWorlds`).
     *
     * @example
     * const { bytes, limit } = store.weight(); // bytes <= limit, but for the one world in use
     */
    weight: (): { bytes: number; limit: number } => ({ bytes: worlds.weighed, limit: worlds.weightLimit }),
    /** The scenarios the store holds (built-in and loaded), in load order. */
    scenarios: (): Array<{ name: string; description: string }> =>
      [...scenarios.values()].map(({ name, description }) => ({ name, description })),
    /** How many worlds the store holds now. */
    size: (): number => worlds.held.size,
    /**
     * The token's world when the store holds one, without using, seeding or moving it (the state
     * file's log asks which world a request left behind).
     *
     * @example
     * store.peek('never-used'); // undefined
     */
    peek: (token: string): World | undefined => worlds.held.get(token)?.session.world,
    /**
     * The token's session when the store holds its world, without using, seeding or moving it (the
     * app journals a request that matched no operation there, and opens no world for it).
     *
     * @example
     * store.held('never-used'); // undefined
     */
    held: (token: string): Session | undefined => worlds.held.get(token)?.session,
    /**
     * The session of the world that holds HTTP trigger endpoint `key`, among the worlds the store
     * holds now (an endpoint request carries no bearer to say which), or undefined.
     *
     * @example
     * store.endpointSession('eo4klm9qz0abcde')?.token; // 'dev-token'
     */
    endpointSession: (key: string): Session | undefined => worlds.holding(key),
    /**
     * Every world as one plain-JSON value (format 'workflow-api-mock-kit/worlds', version 1), a
     * copy detached from the live worlds: write it anywhere as JSON text and restore() it later.
     *
     * @example
     * sessionStorage.setItem('worlds', JSON.stringify(store.snapshot()));
     */
    snapshot: (): WorldsSnapshot => structuredClone(snapshotView(seed, worlds.list())),
    /** The snapshots of the worlds restoreHashed() set aside that no token has asked for yet (their `token` is the hash). */
    setAside: setAside.list,
    /**
     * restore() for a snapshot whose `token` fields hold a keyed hash (the state file, mocks/node/state.ts): each
     * world is checked now and set aside until a token `hashOf` maps to its hash asks for it, then restored as
     * restore() would. reset() and evict() drop a set-aside world as they drop a live one.
     *
     * @example
     * const restored = store.restoreHashed(snapshot, (token) => hmac(key, token));
     * store.world('dev-token'); // the saved world, if hmac(key, 'dev-token') is among them
     */
    restoreHashed(snapshot: unknown, hashOf: (token: string) => string): SnapshotResult<{ worlds: number }> {
      // Every world is read now: a damaged one is refused at start, not when its token comes.
      const { result } = read(snapshot);
      if (!result.ok) return result;
      worlds.dropAll();
      setAside.replace((snapshot as { worlds: WorldSnapshot[] }).worlds, hashOf);
      return { ok: true, value: { worlds: setAside.list().length } };
    },
    /**
     * Replaces every session with a snapshot's worlds (the value or its JSON text); deliveries, journals and rate
     * limits start empty. One that cannot be restored exactly (not JSON, another format, version or seed, damaged)
     * is refused as a coded error value, the store left as it was.
     *
     * @example
     * const restored = store.restore(sessionStorage.getItem('worlds') ?? '');
     * if (!restored.ok) console.warn(restored.error.code, restored.error.message);
     */
    restore(snapshot: unknown): SnapshotResult<{ tokens: string[] }> {
      const { result, logs } = read(snapshot);
      if (!result.ok) return result;
      worlds.dropAll();
      setAside.replace([], undefined);
      return { ok: true, value: { tokens: worlds.holdRestored(result.value, logs, now()) } };
    },
  };
}

/** The store: one session per token, the worlds held, evicted and restored (createStore). */
export type Store = ReturnType<typeof createStore>;

function loadedNames(scenarios: ReadonlyMap<string, ScenarioDefinition>): string {
  return scenarios.size === 0 ? 'none' : [...scenarios.keys()].join(', ');
}

type SnapshotContext = Omit<RestoreContext, 'sinkFor'>;

/** A snapshot's worlds read for a store, each with the delivery log its sink writes to. */
function readSnapshot(snapshot: unknown, context: SnapshotContext, sink: DeliverySink, retained: Tally) {
  const logs = new Map<string, DeliveryLog>();
  const sinkFor = (token: string) => logs.set(token, deliveryLog(sink, retained)).get(token)!.sink;
  return { result: readWorlds(snapshot, { ...context, sinkFor }), logs };
}

/**
 * The sessions held, least recently used first, with their weight and the bounds that evict them from the front
 * (docs/worlds.md, "Bounds"); snapshots list worlds in this order, so a restore keeps it.
 */
class HeldWorlds {
  readonly held = new Map<string, Held>();
  /** The journals' and delivery logs' entries and bytes, counted against their total bound (retention.ts). */
  readonly retained: Tally = { entries: 0, bytes: 0 };
  readonly maxWorlds: number;
  /** The worlds held weigh at most what maxWorlds seeded worlds weigh (docs/worlds.md, "Bounds"). */
  readonly weightLimit: number;
  /** Without a TTL the clock is not read and nothing is checked until the store is over a bound. */
  readonly timed: boolean;
  weighed = 0;
  #newest: string | undefined;
  readonly #ttl: number;
  readonly #sink: DeliverySink;
  readonly #onEvict: StoreOptions['onEvict'];

  constructor(options: StoreOptions, sink: DeliverySink) {
    this.maxWorlds = Math.max(1, options.maxWorlds ?? Number.POSITIVE_INFINITY);
    this.weightLimit = this.maxWorlds * SEEDED_WORLD_WEIGHT;
    this.#ttl = options.worldTtlMs ?? Number.POSITIVE_INFINITY;
    this.timed = Number.isFinite(this.#ttl);
    this.#sink = sink;
    this.#onEvict = options.onEvict;
  }

  /** Drops the token's session (false: none held); `reason` when the store evicts it by itself. */
  drop(token: string, reason?: EvictReason): boolean {
    const entry = this.held.get(token);
    if (entry === undefined) return false;
    this.held.delete(token);
    // Its deliveries not started yet are never sent (docs/worlds.md, "Reset").
    this.#sink.cancel?.(entry.session.world.key);
    entry.log.release();
    entry.journal.release();
    this.weighed -= entry.weight;
    if (this.#newest === token) this.#newest = undefined;
    if (reason !== undefined) this.#onEvict?.(token, reason, entry.weight);
    return true;
  }

  /** The session of the world that holds HTTP trigger endpoint `key`, if one does. */
  holding(key: string): Session | undefined {
    for (const { session } of this.held.values()) {
      const { world } = session;
      if (workflowOfEndpoint(world, key) !== undefined || sourceOfEndpoint(world, key) !== undefined) return session;
    }
    return undefined;
  }

  /** The worlds held, least recently used first. */
  list(): World[] {
    return [...this.held.values()].map((entry) => entry.session.world);
  }

  dropAll(): void {
    for (const token of [...this.held.keys()]) this.drop(token);
  }

  /** Holds `session` as the most recently used, in place of any the token had. */
  hold(session: Session, log: DeliveryLog, journal: CountedJournal, at: number): Session {
    this.drop(session.token);
    const errorEvents = errorEventCount(session.world);
    const weight = worldWeight(session.world, errorEvents);
    this.weighed += weight;
    this.held.set(session.token, { session, log, journal, usedAt: at, weight, errorEvents });
    this.#newest = session.token;
    return session;
  }

  /** Holds restored worlds; the snapshot lists the least recently used first, so over maxWorlds those stay out. */
  holdRestored(restored: World[], logs: ReadonlyMap<string, DeliveryLog>, at: number): string[] {
    const kept = restored.slice(Math.max(0, restored.length - this.maxWorlds));
    for (const world of kept) {
      const journal = createJournal(JOURNAL_LIMIT, this.retained);
      this.hold(openSession(world, logs.get(world.token)!, journal), logs.get(world.token)!, journal, at);
    }
    return kept.map((world) => world.token);
  }

  /** The scenario `token`'s world is built from: the one it was switched to, else the one the token names. */
  scenarioOf(token: string): string | null | undefined {
    const entry = this.held.get(token);
    return entry === undefined ? scenarioOfToken(token) : entry.session.world.scenario;
  }

  /** The token's held session, now the most recently used; undefined when none is held, or it was idle past the TTL. */
  use(token: string, at: number): Session | undefined {
    const entry = this.held.get(token);
    if (entry === undefined) return undefined;
    if (at - entry.usedAt > this.#ttl) {
      this.drop(token, 'idle');
      return undefined;
    }
    entry.usedAt = at;
    // What the last request created or deleted (a few size reads; see weight.ts).
    const weight = worldWeight(entry.session.world, entry.errorEvents);
    this.weighed += weight - entry.weight;
    entry.weight = weight;
    if (this.#newest !== token) {
      this.held.delete(token);
      this.held.set(token, entry);
      this.#newest = token;
    }
    return entry.session;
  }

  /** Evicts what is due, never `keep`; the front is the least recently used, so it stops at the first one not due. */
  keepWithinBounds(at: number, keep: string): void {
    if (!this.timed && !this.#overBounds()) return;
    for (const [token, entry] of this.held) {
      let reason: EvictReason | undefined;
      if (at - entry.usedAt > this.#ttl) reason = 'idle';
      else if (this.held.size > this.maxWorlds) reason = 'max_worlds';
      else if (overTally(this.retained)) reason = 'retention';
      else if (this.weighed > this.weightLimit) reason = 'weight';
      if (reason === undefined || token === keep) return;
      this.drop(token, reason);
    }
  }

  #overBounds(): boolean {
    return this.held.size > this.maxWorlds || overTally(this.retained) || this.weighed > this.weightLimit;
  }
}

/** restoreHashed's worlds no token has asked for yet (checked already), by token hash, and the hash function. */
function setAsideWorlds(seed: number | string, read: (snapshot: unknown) => ReturnType<typeof readSnapshot>) {
  let byHash = new Map<string, WorldSnapshot>();
  let hashOf: ((token: string) => string) | undefined;
  return {
    /** Drops the token's set-aside world (false: it had none). */
    forget: (token: string): boolean => byHash.size > 0 && hashOf !== undefined && byHash.delete(hashOf(token)),
    /** The token's set-aside world, restored and out of the set; undefined when it has none. */
    claim(token: string): { world: World; log: DeliveryLog } | undefined {
      if (byHash.size === 0 || hashOf === undefined) return undefined;
      const hash = hashOf(token);
      const saved = byHash.get(hash);
      if (saved === undefined) return undefined;
      byHash.delete(hash);
      const snapshot = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, seed, worlds: [{ ...saved, token }] };
      const { result, logs } = read(snapshot);
      // Checked when it was set aside, so this holds; were it not, the token would get a fresh world.
      return result.ok ? { world: result.value[0]!, log: logs.get(token)! } : undefined;
    },
    replace(worlds: readonly WorldSnapshot[], hash: ((token: string) => string) | undefined) {
      byHash = new Map(worlds.map((world) => [world.token, world]));
      if (hash !== undefined) hashOf = hash;
    },
    list: () => [...byHash.values()],
  };
}
