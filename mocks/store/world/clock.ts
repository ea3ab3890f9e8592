// A world's clock (docs/worlds.md, "A clock per world"): store modules read time through `world.ctx.now()`, so
// setting it moves everything the world shows and nothing else; untouched, it reads the store's clock.
import { fail, ok, type Result } from '../../common/errors.ts';
import type { components as control } from '../../../openapi/generated/control-schema.ts';
import { LATEST_WORLD_TIME, LATEST_WORLD_TIME_MS } from '../../ids/random.ts';

/** The earliest instant a clock may show: UNIX time 0, as the API's timestamps are UNIX seconds (docs/worlds.md). */
const EARLIEST_WORLD_TIME = '1970-01-01T00:00:00Z';

/** A world's time, held in the range a clock may show (docs/worlds.md, "A clock per world"). */
const within = (ms: number) => Math.min(Math.max(ms, 0), LATEST_WORLD_TIME_MS);

/** What `POST /__mock/clock` answers and a snapshot keeps: null while the world keeps real time. */
export type ClockState = control['schemas']['ClockState'];

/** One clock call: `set` an instant or `advance` by a duration, optionally freezing or thawing it. */
export type ClockChange = control['schemas']['ClockBody'];

/** A world's clock (createWorldClock). */
export type WorldClock = ReturnType<typeof createWorldClock>;

/**
 * A clock that reads `base` (the store's clock) until it is first changed.
 *
 * @example
 * const clock = createWorldClock(() => Date.now());
 * clock.change({ setMs: Date.UTC(2026, 0, 1), freeze: true });
 * new Date(clock.now()).toISOString(); // '2026-01-01T00:00:00.000Z'
 */
export function createWorldClock(base: () => number) {
  let changed = false;
  let offset = 0;
  /** The world's time while frozen. */
  let frozenAt: number | null = null;
  // The world's time at a reading of the base clock; a running clock set near the maximum stops there (docs/worlds.md).
  const at = (storeMs: number): number => within(frozenAt ?? storeMs + offset);
  const now = (): number => at(base());
  // Each reading takes the base clock once: two readings a millisecond apart would lose it from the offset.
  const state = (): ClockState => {
    const real = base();
    const time = at(real);
    return { now: new Date(time).toISOString(), offset_ms: time - real, frozen: frozenAt !== null, changed };
  };
  return {
    /** The world's time, UNIX ms. */
    now,
    /** The world's time when the store's clock reads `storeMs` (a time read already; `now()` reads it again). */
    at,
    /** Whether a clock call changed it (false: the world keeps the store's clock). */
    get changed(): boolean {
      return changed;
    },
    /** Applies a change (a valid one: see parseDuration); answers the state after it. */
    change({ setMs, advanceMs, freeze }: { setMs?: number; advanceMs?: number; freeze?: boolean }): ClockState {
      const real = base();
      let target = setMs ?? frozenAt ?? real + offset;
      if (advanceMs !== undefined) target += advanceMs;
      const frozen = freeze ?? frozenAt !== null;
      changed = true;
      offset = target - real;
      frozenAt = frozen ? target : null;
      return state();
    },
    /** The clock's state, or null when it was never changed (the world keeps real time): what a snapshot keeps. */
    state: (): ClockState | null => (changed ? state() : null),
    /** The clock's state, changed or not (`GET /__mock/clock`). */
    read: state,
    /** Puts a saved state back (a snapshot's). */
    restore(saved: Pick<ClockState, 'now' | 'offset_ms' | 'frozen'>): void {
      changed = true;
      const at = Date.parse(saved.now);
      offset = saved.frozen ? at - base() : saved.offset_ms;
      frozenAt = saved.frozen ? at : null;
    },
  };
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A duration such as `90m`, `1h30m`, `-2d` or `250ms` in milliseconds, or null when it is not one.
 *
 * @example
 * parseDuration('1h30m'); // 5400000
 * parseDuration('soon'); // null
 */
export function parseDuration(text: string): number | null {
  const match = /^(-?)((?:\d+(?:ms|s|m|h|d))+)$/.exec(text.trim());
  if (match === null) return null;
  let total = 0;
  for (const [, amount, unit] of match[2]!.matchAll(/(\d+)(ms|s|m|h|d)/g)) total += Number(amount) * UNIT_MS[unit!]!;
  return match[1] === '-' ? -total : total;
}

/** The start of the UTC day holding `ms` (the daily quotas' day, docs/worlds.md). */
export function utcDay(ms: number): number {
  return Math.floor(ms / 86_400_000);
}

/**
 * `POST /__mock/clock` on a world: `set`, then `advance`, then `freeze`; the body was checked by the control
 * document, so only an instant outside EARLIEST_WORLD_TIME..LATEST_WORLD_TIME is refused here.
 *
 * @example
 * changeClock(world, { advance: '90m' }); // ok({ now: '...', offset_ms: 5400000, frozen: false })
 */
export function changeClock(clock: WorldClock, change: ClockChange): Result<ClockState> {
  const setMs = change.set === undefined ? undefined : Date.parse(change.set);
  const refuse = (pointer: string, message: string) =>
    fail<ClockState>('bad_request', `${pointer}: ${message}`, { issues: [{ pointer, message }] });
  if (setMs !== undefined && Number.isNaN(setMs))
    return refuse('/body/set', `${JSON.stringify(change.set)} is not an instant`);
  const advanceMs = change.advance === undefined ? undefined : parseDuration(change.advance);
  if (advanceMs === null)
    return refuse('/body/advance', `${JSON.stringify(change.advance)} is not a duration such as 90m or 1h30m`);
  const target = (setMs ?? clock.now()) + (advanceMs ?? 0);
  if (!(target >= 0 && target <= LATEST_WORLD_TIME_MS)) {
    const date = new Date(target);
    const shown = Number.isNaN(date.getTime()) ? 'a date JavaScript cannot hold' : date.toISOString();
    const range = `${EARLIEST_WORLD_TIME} to ${LATEST_WORLD_TIME}`;
    return refuse('/body', `the clock would show ${shown}; a world's clock shows ${range} at most`);
  }
  return ok(
    clock.change({
      ...(setMs === undefined ? {} : { setMs }),
      ...(advanceMs === undefined ? {} : { advanceMs }),
      ...(change.freeze === undefined ? {} : { freeze: change.freeze }),
    }),
  );
}
