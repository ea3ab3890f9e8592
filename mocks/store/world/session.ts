// One session per world (docs/worlds.md, "Sessions"): all the fake keeps for one token in one place, so reset and
// eviction are one replacement or one deletion. Plain data: nothing here knows HTTP.
import type { DeliveryRecord } from '../../outbound/types.ts';
import type { World } from './world.ts';
import type { components as control } from '../../../openapi/generated/control-schema.ts';

/** One line of the request journal (`GET /__mock/requests`, docs/control-api.md). */
export type JournalEntry = control['schemas']['JournalEntry'];

/** An injected rate limit (docs/control-api.md: `POST /__mock/rate-limit`). */
export type RateLimitRule = control['schemas']['RateLimitRule'];

/** Where a world's request falls in its per-second window (`Limits.rate`). */
export interface RateWindow {
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** UNIX ms when the window ends. */
  resetAt: number;
  /** Whether this request is over the limit (and was not counted). */
  refused: boolean;
}

/** Faults injected into a world's answers (`POST /__mock/faults`); absent: the server's. */
export type WorldFaults = control['schemas']['Faults'];

/** The last JOURNAL_LIMIT requests are kept, so a benchmark or a long dev session cannot grow it without limit. */
export const JOURNAL_LIMIT = 1000;

/** A world's request journal (`GET /__mock/requests`): its last JOURNAL_LIMIT lines. */
export interface Journal {
  record(entry: JournalEntry): void;
  /** Oldest first; the console's own requests only with `console: true`. */
  list(options?: { console?: boolean }): JournalEntry[];
}

/** A session's journal in a store: its lines are counted into the store's tally until released. */
export type CountedJournal = ReturnType<typeof createJournal>;
export type Limits = ReturnType<typeof createLimits>;

export interface Session {
  readonly token: string;
  /** The resources: seeded from (seed, token), saved by snapshots. */
  readonly world: World;
  /** The world's delivery records since the session began, oldest first (the engine keeps updating them). */
  readonly deliveries: readonly DeliveryRecord[];
  /** The world's /v1 requests (`GET /__mock/requests`), bounded. */
  readonly journal: Journal;
  /** The rate limit a test injected (`POST /__mock/rate-limit`): a count of refusals and a rate per second. */
  readonly limits: Limits;
  /** The latency and failure rate a test injected (`POST /__mock/faults`, mocks/app/faults.ts). */
  faults: WorldFaults;
}

/**
 * The session of `world`, whose deliveries go through `log.sink` (retention.ts's DeliveryLog, typed by that one
 * field: retention.ts imports this module); `journal` defaults to an uncounted one.
 */
export function openSession(
  world: World,
  log: { readonly deliveries: DeliveryRecord[] },
  journal: Journal = createJournal(),
): Session {
  return { token: world.token, world, deliveries: log.deliveries, journal, limits: createLimits(), faults: {} };
}

/**
 * A journal of the last `limit` lines, counted into `tally` when one is given (retention.ts).
 *
 * @example
 * const journal = createJournal();
 * journal.record({ method: 'GET', path: '/v1/users/me', status: 200, ms: 0.4, at: Date.now() });
 * journal.list(); // [{ method: 'GET', path: '/v1/users/me', status: 200, ms: 0.4, at: ... }]
 */
export function createJournal(limit = JOURNAL_LIMIT, tally?: { entries: number }) {
  const ring: JournalEntry[] = [];
  // Once the ring is full: the oldest line, which the next one replaces.
  let next = 0;
  return {
    record(entry: JournalEntry): void {
      if (ring.length < limit) {
        ring.push(entry);
        if (tally !== undefined) tally.entries += 1;
        return;
      }
      ring[next] = entry;
      next = next + 1 === limit ? 0 : next + 1;
    },
    /** Oldest first; the console's own requests only with `console: true`. */
    list({ console = false }: { console?: boolean } = {}): JournalEntry[] {
      const entries = [...ring.slice(next), ...ring.slice(0, next)].map((entry) => ({ ...entry }));
      return console ? entries : entries.filter((entry) => entry.from === undefined);
    },
    /** Takes this journal's lines out of the tally (the session is gone). */
    release(): void {
      if (tally !== undefined) tally.entries -= ring.length;
      ring.length = 0;
      next = 0;
    },
  };
}

function createLimits() {
  let rule: RateLimitRule | null = null;
  // The per-second window: which second it is (UNIX ms / 1000, floored) and how many requests it counted.
  let window = -1;
  let counted = 0;
  const lifted = (r: RateLimitRule) => r.requests <= 0 && r.per_second === undefined;
  return {
    /** Puts `rule` in force (requests 0 lifts it); answers the rule now in force. */
    set(next: RateLimitRule): RateLimitRule | null {
      rule = lifted(next) ? null : { ...next, requests: Math.max(0, next.requests) };
      return rule === null ? null : { ...rule };
    },
    /** For one request: the Retry-After seconds when it must be refused (and counts it), else null. */
    take(): number | null {
      if (rule === null || rule.requests <= 0) return null;
      const { retry_after_seconds } = rule;
      rule.requests -= 1;
      if (lifted(rule)) rule = null;
      return retry_after_seconds;
    },
    /** One request's place in the per-second window at `now()`, or null when no rate applies (no clock read then). */
    rate(now: () => number, fallback: number): RateWindow | null {
      const limit = rule?.per_second ?? fallback;
      if (!(limit > 0)) return null;
      const second = Math.floor(now() / 1000);
      if (second !== window) [window, counted] = [second, 0];
      const refused = counted >= limit;
      if (!refused) counted += 1;
      return { limit, remaining: limit - counted, resetAt: (second + 1) * 1000, refused };
    },
  };
}
