// Answers of reads, kept serialized until their world changes (docs/performance.md, "The read cache"): every
// request that may write bumps the world's version. Bounded in entries and bytes over all worlds; oldest first.
import type { World } from '../store/world/index.ts';
import type { AppResponse } from './types.ts';

/**
 * GETs whose answer depends on more than the world and the declared parameters, never kept: `validateConnectToken`
 * reads the clock (a token expires), the proxy echoes undeclared `x-pd-proxy-*` headers.
 */
export const UNCACHEABLE_READS: ReadonlySet<string> = new Set(['validateConnectToken', 'proxyGet']);

export interface ReadCacheOptions {
  /** Answers kept over all worlds (default 10,000). */
  maxEntries?: number;
  /** Body characters plus encoded bytes kept over all worlds (default 16 Mi: about 8 MB of ASCII JSON, kept as text and as bytes). */
  maxChars?: number;
}

export type ReadCache = ReturnType<typeof createReadCache>;

interface Entry {
  version: number;
  response: AppResponse;
  key: string;
  /** Its world's entries, to leave when it goes (not the world: a kept answer never holds a world). */
  kept: Map<string, Entry>;
}

interface WorldState {
  version: number;
  kept: Map<string, Entry>;
}

/**
 * A bounded cache of serialized read answers, keyed by world and request.
 *
 * @example
 * const cache = createReadCache();
 * const version = cache.version(world);
 * const answer = cache.get(world, 'GET /v1/users/me?') ?? make();
 * cache.set(world, 'GET /v1/users/me?', version, answer);
 * cache.changed(world); // after a write: the next get() misses
 */
export function createReadCache(options: ReadCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 10_000;
  const maxChars = options.maxChars ?? 16 * 1024 * 1024;
  // Per world, weakly: an evicted world's state goes with it. A get looks up the request's key in its
  // world's own map: no key naming the world is built per request.
  const worlds = new WeakMap<World, WorldState>();
  // Insertion order is age, over all worlds: the oldest entry is the first.
  const entries = new Set<Entry>();
  let chars = 0;

  const stateOf = (world: World): WorldState => {
    let state = worlds.get(world);
    if (state === undefined) {
      state = { version: 0, kept: new Map() };
      worlds.set(world, state);
    }
    return state;
  };

  const encoder = new TextEncoder();
  // A kept answer carries its encoded bytes too (types.ts): a hit is then sent without encoding it again.
  const weight = (response: AppResponse) => response.body.length + (response.bytes?.length ?? 0);
  const drop = (entry: Entry) => {
    entry.kept.delete(entry.key);
    entries.delete(entry);
    chars -= weight(entry.response);
  };

  return {
    /** The kept answer of `key` in `world`, if the world has not changed since it was made. */
    get(world: World, key: string): AppResponse | undefined {
      const state = worlds.get(world);
      if (state === undefined) return undefined;
      const entry = state.kept.get(key);
      if (entry === undefined) return undefined;
      if (entry.version === state.version) return entry.response;
      drop(entry);
      return undefined;
    },
    /** The world's version now: pass it to set() once the answer is made, so a change made meanwhile discards it. */
    version: (world: World): number => stateOf(world).version,
    /** Keeps `response` as the answer of `key` made at `version`. */
    set(world: World, key: string, version: number, response: AppResponse): void {
      const state = stateOf(world);
      if (state.version !== version || 2 * response.body.length > maxChars) return;
      const old = state.kept.get(key);
      if (old !== undefined) drop(old);
      const kept = { ...response, bytes: encoder.encode(response.body) };
      const entry = { version, response: kept, key, kept: state.kept };
      state.kept.set(key, entry);
      entries.add(entry);
      chars += weight(kept);
      for (const oldest of entries) {
        if (entries.size <= maxEntries && chars <= maxChars) break;
        drop(oldest);
      }
    },
    /** The world may have changed: nothing kept for it answers again. */
    changed(world: World): void {
      const state = worlds.get(world);
      if (state !== undefined) state.version++;
    },
    /** Kept answers and their weight (body characters plus encoded bytes), over all worlds. */
    size: (): { entries: number; chars: number } => ({ entries: entries.size, chars }),
  };
}
