// The store: one session per token (docs/worlds.md) and the rules as plain functions returning Result
// values. No HTTP, no MSW, no Node-only modules: it runs in the browser (MSW worker) as well.
import type { DeliverySink } from '../outbound/types.ts';
import { createRecordingSink } from './world/recording-sink.ts';
import { workflowOfEndpoint } from './api/invoke.ts';
import { createWorld } from './world/seed.ts';
import { countedJournal, deliveryLog, overTally, type CountedJournal, type DeliveryLog, type Tally } from './world/retention.ts';
import { JOURNAL_LIMIT, openSession, type Session } from './world/session.ts';
import { readWorlds, SNAPSHOT_FORMAT, SNAPSHOT_VERSION, snapshotView, type SnapshotResult, type WorldSnapshot, type WorldsSnapshot } from './world/snapshot.ts';
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
  /**
   * Worlds kept at most; opening one more evicts the least recently used (docs/worlds.md,
   * "Eviction"). Default: no limit (`npm start` sets one: `--max-worlds`).
   */
  maxWorlds?: number;
  /** A world unused for this many ms (by the store's clock) is evicted. Default: never. */
  worldTtlMs?: number;
  /** Told about every world the store evicts by itself (not about `evict()` calls), with its weight (weight.ts). */
  onEvict?: (token: string, reason: EvictReason, weight: number) => void;
  /**
   * The scenarios a token may name (`scenario_<name>_<anything>`, docs/scenarios.md), by name, each
   * checked against the document already (mocks/scenarios/). Default: none.
   */
  scenarios?: ReadonlyMap<string, ScenarioDefinition>;
  /**
   * The URL the mock serves an HTTP trigger's endpoint at, by its key (docs/worlds.md, "Workflow
   * endpoints"): createMock and the Node server pass `<origin>/__endpoints/<key>`. Default: a host of
   * the trigger's own (`https://<key>.m.example.net`) that nothing serves.
   */
  endpointUrl?: (key: string) => string;
}

/**
 * Why the store evicted a world: over `maxWorlds`, idle past `worldTtlMs`, journals and delivery
 * logs over their total cap, or the worlds' weight over `maxWorlds` seeded worlds' (weight.ts).
 */
export type EvictReason = 'max_worlds' | 'idle' | 'retention' | 'weight';

export interface Store {
  /** The token's session (its world, deliveries, request journal and rate limit), created and seeded on first use. */
  session(token: string): Session;
  /** The token's world: `session(token).world`. */
  world(token: string): World;
  /**
   * Replaces the token's session with a fresh one: the world back to its seeded state (or to its
   * scenario's), no deliveries, journal or rate limit.
   */
  reset(token: string): Session;
  /**
   * Replaces the token's session with a fresh world built from scenario `name` (null: the seeded
   * world); a reset keeps that scenario. An unknown name is a `not_found` error naming the loaded ones.
   *
   * @example
   * store.switchScenario('my-token', 'empty-account'); // the token's world now holds nothing
   */
  switchScenario(token: string, name: string | null): Result<Session>;
  /**
   * Why the token cannot open a world (it names a scenario the store does not hold), or null.
   *
   * @example
   * store.refusal('scenario_nope_1'); // "the token names scenario 'nope', which is not loaded; loaded: ..."
   */
  refusal(token: string): string | null;
  /**
   * The estimated heap bytes of the worlds held (weight.ts, counted the same way for seeded and
   * scenario worlds) and the bound past which least recently used worlds are evicted: `maxWorlds`
   * seeded worlds' worth (Infinity without `maxWorlds`).
   *
   * @example
   * const { bytes, limit } = store.weight(); // bytes <= limit, but for the one world in use
   */
  weight(): { bytes: number; limit: number };
  /** The scenarios the store holds (built-in and loaded), in load order. */
  scenarios(): Array<{ name: string; description: string }>;
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
  /**
   * Replaces every session, as restore() does, with the worlds of a snapshot whose `token` fields
   * hold a keyed hash of the token instead (the state file, mocks/node/state.ts): each world is
   * checked now and set aside until a token that `hashOf` maps to its hash asks for it; then it is
   * restored as restore() would. reset() and evict() drop a set-aside world as they drop a live one.
   *
   * @example
   * const restored = store.restoreHashed(snapshot, (token) => hmac(key, token));
   * store.world('dev-token'); // the saved world, if hmac(key, 'dev-token') is among them
   */
  restoreHashed(snapshot: unknown, hashOf: (token: string) => string): SnapshotResult<{ worlds: number }>;
  /** The snapshots of the worlds restoreHashed() set aside that no token has asked for yet (their `token` is the hash). */
  setAside(): WorldSnapshot[];
  /**
   * The token's world when the store holds one, without using, seeding or moving it (the state
   * file's log asks which world a request left behind).
   *
   * @example
   * store.peek('never-used'); // undefined
   */
  peek(token: string): World | undefined;
  /**
   * The session of the world that holds HTTP trigger endpoint `key`, among the worlds the store
   * holds now (an endpoint request carries no bearer to say which), or undefined.
   *
   * @example
   * store.endpointSession('eo4klm9qz0abcde')?.token; // 'dev-token'
   */
  endpointSession(key: string): Session | undefined;
  /** How many worlds the store holds now. */
  size(): number;
  readonly sink: DeliverySink;
  readonly seed: number | string;
  readonly now: () => number;
}

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

export function createStore(options: StoreOptions = {}): Store {
  const seed = options.seed ?? 0;
  const now = options.now ?? (() => Date.now());
  const sink = options.sink ?? createRecordingSink(now);
  const maxWorlds = Math.max(1, options.maxWorlds ?? Number.POSITIVE_INFINITY);
  // The worlds held weigh at most what maxWorlds seeded worlds weigh: a scenario world of
  // busy-workspace counts as ~23 of them (docs/worlds.md, "Bounds").
  const weightLimit = maxWorlds * SEEDED_WORLD_WEIGHT;
  let weighed = 0;
  const overWeight = () => weighed > weightLimit;
  /** Counts the world's weight again (its collections may have grown or shrunk since). */
  const reweigh = (entry: Held) => {
    const weight = worldWeight(entry.session.world, entry.errorEvents);
    weighed += weight - entry.weight;
    entry.weight = weight;
  };
  const ttl = options.worldTtlMs ?? Number.POSITIVE_INFINITY;
  const tally: Tally = { entries: 0, bytes: 0 };
  // Least recently used first (a use moves a session to the end): eviction takes from the front,
  // and snapshots list worlds in this order, so a restore keeps it.
  const held = new Map<string, Held>();
  let newest: string | undefined;
  // restoreHashed's worlds no token has asked for yet, by hash (checked when they were set aside).
  let aside = new Map<string, WorldSnapshot>();
  let hashOf: ((token: string) => string) | undefined;
  const read = (snapshot: unknown) => {
    const logs = new Map<string, DeliveryLog>();
    const result = readWorlds(snapshot, {
      seed,
      now,
      endpointUrl: options.endpointUrl,
      sinkFor: (token) => logs.set(token, deliveryLog(sink, tally)).get(token)!.sink,
    });
    return { result, logs };
  };
  /** Drops the token's set-aside world (false: it had none). */
  const forget = (token: string): boolean => aside.size > 0 && hashOf !== undefined && aside.delete(hashOf(token));
  /** The token's set-aside world, restored and out of the set; undefined when it has none. */
  const wake = (token: string): { world: World; log: DeliveryLog } | undefined => {
    if (aside.size === 0 || hashOf === undefined) return undefined;
    const hash = hashOf(token);
    const saved = aside.get(hash);
    if (saved === undefined) return undefined;
    aside.delete(hash);
    const { result, logs } = read({ format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, seed, worlds: [{ ...saved, token }] });
    // Checked when it was set aside, so this holds; were it not, the token would get a fresh world.
    return result.ok ? { world: result.value[0]!, log: logs.get(token)! } : undefined;
  };
  const loaded = () => (scenarios.size === 0 ? 'none' : [...scenarios.keys()].join(', '));

  const drop = (token: string, reason?: EvictReason): boolean => {
    const entry = held.get(token);
    if (entry === undefined) return false;
    held.delete(token);
    // Its deliveries not started yet are never sent (docs/worlds.md, "Reset").
    sink.cancel?.(entry.session.world.key);
    entry.log.release();
    entry.journal.release();
    weighed -= entry.weight;
    if (newest === token) newest = undefined;
    if (reason !== undefined) options.onEvict?.(token, reason, entry.weight);
    return true;
  };
  const hold = (session: Session, log: DeliveryLog, journal: CountedJournal, at: number): Session => {
    drop(session.token);
    const errorEvents = errorEventCount(session.world);
    const weight = worldWeight(session.world, errorEvents);
    weighed += weight;
    held.set(session.token, { session, log, journal, usedAt: at, weight, errorEvents });
    newest = session.token;
    return session;
  };
  const scenarios = options.scenarios ?? new Map<string, ScenarioDefinition>();
  /** The scenario `token`'s world is built from: the one it was switched to, else the one the token names. */
  const scenarioNow = (token: string): string | null | undefined => {
    const entry = held.get(token);
    return entry === undefined ? scenarioOfToken(token) : entry.session.world.scenario;
  };
  /**
   * The token's session: its set-aside world when it has one (unless `fresh`), else one built afresh,
   * from `scenarioName` when it names one.
   */
  const open = (token: string, fresh = false, scenarioName: string | null | undefined = scenarioNow(token)): Session => {
    if (fresh) forget(token);
    const woken = fresh ? undefined : wake(token);
    const log = woken?.log ?? deliveryLog(sink, tally);
    const journal = countedJournal(tally, JOURNAL_LIMIT);
    const scenario = scenarioName === null || scenarioName === undefined ? undefined : scenarios.get(scenarioName);
    const world =
      woken?.world ?? createWorld({ token, seed, sink: log.sink, now, endpointUrl: options.endpointUrl, ...(scenario === undefined ? {} : { scenario }) });
    return hold(openSession(world, log, journal), log, journal, now());
  };
  /** Evicts from the least recently used end: idle worlds, then over the count or the retention cap (never `keep`). */
  const shrink = (at: number, keep: string) => {
    for (const [token, entry] of held) {
      let reason: EvictReason | undefined;
      if (at - entry.usedAt > ttl) reason = 'idle';
      else if (held.size > maxWorlds) reason = 'max_worlds';
      else if (overTally(tally)) reason = 'retention';
      else if (overWeight()) reason = 'weight';
      if (reason === undefined || token === keep) return;
      drop(token, reason);
    }
  };
  // Without a TTL the clock is not read and nothing is checked until the store is over a bound:
  // session() runs on every request (the throughput target of docs/performance.md).
  const timed = Number.isFinite(ttl);
  const session = (token: string): Session => {
    const at = timed ? now() : 0;
    let entry = held.get(token);
    if (entry !== undefined && at - entry.usedAt > ttl) {
      drop(token, 'idle');
      entry = undefined;
    }
    if (entry === undefined) {
      const opened = open(token);
      if (timed || held.size > maxWorlds || overTally(tally) || overWeight()) shrink(at, token);
      return opened;
    }
    entry.usedAt = at;
    // What the last request created or deleted (a few size reads; see weight.ts).
    reweigh(entry);
    if (newest !== token) {
      held.delete(token);
      held.set(token, entry);
      newest = token;
    }
    // The front is the least recently used world: shrink stops at the first one not due.
    if (timed || held.size > maxWorlds || overTally(tally) || overWeight()) shrink(at, token);
    return entry.session;
  };
  return {
    seed,
    now,
    sink,
    session,
    world: (token) => session(token).world,
    reset: (token) => {
      const opened = open(token, true);
      shrink(now(), token);
      return opened;
    },
    evict: (token) => {
      const setAside = forget(token);
      return drop(token) || setAside;
    },
    switchScenario(token, name) {
      if (name !== null && !scenarios.has(name)) return fail('not_found', `No scenario ${JSON.stringify(name)} is loaded; loaded: ${loaded()}`);
      const opened = open(token, true, name);
      shrink(now(), token);
      return ok(opened);
    },
    refusal(token) {
      const name = scenarioOfToken(token);
      if (name === undefined || scenarios.has(name) || held.has(token)) return null;
      return `The token names scenario '${name}', which is not loaded; loaded: ${loaded()} (docs/scenarios.md)`;
    },
    weight: () => ({ bytes: weighed, limit: weightLimit }),
    scenarios: () => [...scenarios.values()].map(({ name, description }) => ({ name, description })),
    size: () => held.size,
    peek: (token) => held.get(token)?.session.world,
    endpointSession(key) {
      for (const entry of held.values()) if (workflowOfEndpoint(entry.session.world, key) !== undefined) return entry.session;
      return undefined;
    },
    snapshot: () =>
      structuredClone(
        snapshotView(
          seed,
          [...held.values()].map((entry) => entry.session.world),
        ),
      ),
    setAside: () => [...aside.values()],
    restoreHashed(snapshot, hash) {
      // Every world is read now: a damaged one is refused at start, not when its token comes.
      const { result } = read(snapshot);
      if (!result.ok) return result;
      for (const token of [...held.keys()]) drop(token);
      aside = new Map((snapshot as { worlds: WorldSnapshot[] }).worlds.map((world) => [world.token, world]));
      hashOf = hash;
      return { ok: true, value: { worlds: aside.size } };
    },
    restore(snapshot) {
      const { result, logs } = read(snapshot);
      if (!result.ok) return result;
      for (const token of [...held.keys()]) drop(token);
      aside = new Map();
      const at = now();
      // The snapshot lists the least recently used first: over maxWorlds, those stay out.
      const kept = result.value.slice(Math.max(0, result.value.length - maxWorlds));
      for (const world of kept) {
        const journal = countedJournal(tally, JOURNAL_LIMIT);
        hold(openSession(world, logs.get(world.token)!, journal), logs.get(world.token)!, journal, at);
      }
      return { ok: true, value: { tokens: kept.map((world) => world.token) } };
    },
  };
}
