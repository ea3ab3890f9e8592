// Connect credit usage (GET /connect/usage): credits counted per UTC day as used (an emitted event is one), answered
// as one record per day the window overlaps, clipped to it.
import type { ConnectUsage } from '../../factories/types.ts';
import { type Result, fail, ok } from '../../common/errors.ts';
import { unixSeconds } from '../../ids/random.ts';
import type { CreditDay, World } from '../world/world.ts';

const DAY_S = 86_400;
/** The longest window answered, in days (openapi/openapi.yaml: at most 366 records). */
const MAX_USAGE_DAYS = 366;

export type CreditKind = 'source_emit' | 'action_run' | 'proxy';

/**
 * Counts `credits` of `kind` on the current UTC day of the world's clock.
 *
 * @example
 * useCredits(world, 'source_emit'); // one emitted event
 */
export function useCredits(world: World, kind: CreditKind, credits = 1): void {
  const now = unixSeconds(world.ctx.now());
  const day = now - (now % DAY_S);
  let record = world.connectCredits.get(String(day));
  if (record === undefined) {
    record = { day, source_emit: 0, action_run: 0, proxy: 0 };
    world.connectCredits.set(String(day), record);
  }
  record[kind] += credits;
}

/**
 * One record per UTC day overlapping `[start_ts, end_ts)`, oldest first, each clipped to the window.
 * A day's credits are counted whole in its record: the mock does not split a day by the hour.
 *
 * @example
 * listConnectUsage(world, { start_ts: 1763769600, end_ts: 1763856000 }); // ok({ data: [{ credits_used: 3, …, usage_start_ts: 1763769600, usage_end_ts: 1763856000 }] })
 */
export function listConnectUsage(
  world: World,
  window: { start_ts: number; end_ts: number },
): Result<{ data: ConnectUsage[] }> {
  const { start_ts: start, end_ts: end } = window;
  if (end <= start)
    return fail('bad_request', `end_ts (${end}) must be after start_ts (${start})`, { start_ts: start, end_ts: end });
  const firstDay = start - (start % DAY_S);
  if ((end - firstDay) / DAY_S > MAX_USAGE_DAYS) {
    return fail('bad_request', `the window spans more than ${MAX_USAGE_DAYS} days; ask for a shorter one`, {
      start_ts: start,
      end_ts: end,
    });
  }
  const data: ConnectUsage[] = [];
  for (let day = firstDay; day < end; day += DAY_S) {
    const used: CreditDay = world.connectCredits.get(String(day)) ?? { day, source_emit: 0, action_run: 0, proxy: 0 };
    data.push({
      credits_used: used.source_emit + used.action_run + used.proxy,
      action_run_credits_used: used.action_run,
      proxy_credits_used: used.proxy,
      source_emit_credits_used: used.source_emit,
      usage_start_ts: Math.max(start, day),
      usage_end_ts: Math.min(end, day + DAY_S),
    });
  }
  return ok({ data });
}
