// One session per world (docs/worlds.md): everything the fake keeps for one bearer token, owned in
// one place, so that reset and eviction are one replacement or one deletion, never a fan-out:
// - `world`: the resources (seeded from (seed, token), saved by snapshots);
// - `deliveries`: the world's outbound delivery records, oldest first (the delivery engine keeps
//   updating each record's state; it keeps no log of its own);
// - `journal`: the world's /v1 requests (`GET /__mock/requests`), bounded;
// - `limits`: the rate limit a test injected (`POST /__mock/rate-limit`).
// Plain data: the app writes the journal and consults the limits; nothing here knows HTTP.
import type { DeliveryRecord } from '../outbound/types.ts';
import type { DeliveryLog } from './retention.ts';
import type { World } from './world.ts';

/** One line of the request journal (`GET /__mock/requests`, docs/control-api.md). */
export interface JournalEntry {
  method: string;
  path: string;
  status: number;
  /** Time spent inside the app, milliseconds. */
  ms: number;
  /** UNIX milliseconds when the request arrived. */
  at: number;
}

/** An injected rate limit (docs/control-api.md: `POST /__mock/rate-limit`). */
export interface RateLimitRule {
  /** How many of the next /v1 requests of the world answer 429; 0 lifts the limit. */
  requests: number;
  /** The `Retry-After` value of those answers, in seconds. */
  retry_after_seconds: number;
}

/** The last JOURNAL_LIMIT requests are kept, so a benchmark or a long dev session cannot grow it without limit. */
export const JOURNAL_LIMIT = 1000;

export interface Journal {
  record(entry: JournalEntry): void;
  /** Oldest first. */
  list(): JournalEntry[];
}

export interface Limits {
  /** Puts `rule` in force (requests 0 lifts it); answers the rule now in force. */
  set(rule: RateLimitRule): RateLimitRule | null;
  /** For one request: the Retry-After seconds when it must be refused (and counts it), else null. */
  take(): number | null;
}

export interface Session {
  readonly token: string;
  readonly world: World;
  /** Oldest first; the records of deliveries the world asked for since the session began. */
  readonly deliveries: readonly DeliveryRecord[];
  readonly journal: Journal;
  readonly limits: Limits;
}

/**
 * The session of `world`, whose deliveries go through `log.sink` (the sink the world was built
 * with); `journal` defaults to an uncounted one (retention.ts counts a store's).
 */
export function openSession(world: World, log: Pick<DeliveryLog, 'deliveries'>, journal: Journal = createJournal()): Session {
  return { token: world.token, world, deliveries: log.deliveries, journal, limits: createLimits() };
}

export function createJournal(limit = JOURNAL_LIMIT): Journal {
  const entries: JournalEntry[] = [];
  return {
    record(entry) {
      entries.push(entry);
      // Drop in batches rather than one shift per request once the cap is reached.
      if (entries.length > limit * 1.25) entries.splice(0, entries.length - limit);
    },
    list: () => entries.slice(Math.max(0, entries.length - limit)),
  };
}

function createLimits(): Limits {
  let rule: RateLimitRule | null = null;
  return {
    set(next) {
      rule = next.requests > 0 ? { ...next } : null;
      return rule === null ? null : { ...rule };
    },
    take() {
      if (rule === null) return null;
      const { retry_after_seconds } = rule;
      rule.requests -= 1;
      if (rule.requests <= 0) rule = null;
      return retry_after_seconds;
    },
  };
}
