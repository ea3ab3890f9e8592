// Daily quotas of compute time (ms) and invocations, per user and workspace (docs/worlds.md, "Quotas that move"):
// runs and subscriptions reaching a workflow count; a run over a quota is refused; reset at the world's UTC midnight.
import { fail, ok, type Result } from '../../common/errors.ts';
import { utcDay } from './clock.ts';
import type { User, Workspace } from '../../factories/types.ts';
import type { World } from './world.ts';

/** The compute time one workflow step costs, ms (a deterministic stand-in for running it). */
export const COMPUTE_MS_PER_STEP = 100;

/** What one invocation costs. */
export interface Charge {
  invocations: number;
  computeMs: number;
}

type Counted = Pick<
  User,
  'daily_invocations_used' | 'daily_invocations_quota' | 'daily_compute_time_used' | 'daily_compute_time_quota'
>;

/** The counters a charge moves: the user's always, the workspace's when it has them ("present for some workspaces only"). */
function ledgers(world: World, orgId: string): Array<{ owner: string; counters: Partial<Counted> }> {
  const workspace: Workspace | undefined = world.workspaces.get(orgId)?.workspace;
  const owners: Array<{ owner: string; counters: Partial<Counted> }> = [
    { owner: `user ${world.user.id}`, counters: world.user },
  ];
  if (workspace?.daily_invocations_quota !== undefined)
    owners.push({ owner: `workspace ${orgId}`, counters: workspace });
  return owners;
}

/** A daily quota a run can use up (`details.quota` of the 429 spendQuota answers). */
export type QuotaName = 'daily_invocations_quota' | 'daily_compute_time_quota';

/**
 * Counts `charge` against the daily quotas of the world's user and workspace `orgId` when it fits them all; else
 * nothing, and a 429 `rate_limited` naming the used-up quota (`details.quota`). Every run counts here (../api/).
 *
 * @example
 * spendQuota(world, 'o_x', { invocations: 1, computeMs: 200 }); // ok(null): user and workspace used + 1, + 200 ms; or fail('rate_limited', …)
 */
export function spendQuota(world: World, orgId: string, charge: Charge): Result<null> {
  const within = withinQuota(world, orgId, charge);
  if (within.ok) chargeQuota(world, orgId, charge);
  return within;
}

function withinQuota(world: World, orgId: string, charge: Charge): Result<null> {
  for (const { owner, counters } of ledgers(world, orgId)) {
    const over: QuotaName | undefined =
      (counters.daily_invocations_used ?? 0) + charge.invocations >
      (counters.daily_invocations_quota ?? Number.POSITIVE_INFINITY)
        ? 'daily_invocations_quota'
        : (counters.daily_compute_time_used ?? 0) + charge.computeMs >
            (counters.daily_compute_time_quota ?? Number.POSITIVE_INFINITY)
          ? 'daily_compute_time_quota'
          : undefined;
    if (over !== undefined) {
      return fail(
        'rate_limited',
        `the ${over.replace(/_/g, ' ')} of ${owner} is used up for today (${counters[over]})`,
        { quota: over, owner: owner.split(' ')[1] },
      );
    }
  }
  return ok(null);
}

function chargeQuota(world: World, orgId: string, charge: Charge): void {
  for (const { counters } of ledgers(world, orgId)) {
    if (counters.daily_invocations_used !== undefined) counters.daily_invocations_used += charge.invocations;
    if (counters.daily_compute_time_used !== undefined) counters.daily_compute_time_used += charge.computeMs;
  }
}

/**
 * Starts a new quota day when the world's clock has passed a UTC midnight since the counters last counted: every
 * `daily_*_used` of the user and workspaces back to 0 (a clock moved back resets nothing). True when it reset, so
 * answers kept from before (the app's read cache) go too.
 *
 * @example
 * changeClock(world.clock, { advance: '1d' });
 * settleQuotaDay(world); // true: user.daily_invocations_used === 0
 */
export function settleQuotaDay(world: World, storeMs?: number): boolean {
  // `storeMs`: the store's time of the request, read once by the app for the whole exchange.
  const today = utcDay(storeMs === undefined ? world.ctx.now() : world.clock.at(storeMs));
  if (today <= world.quotaDay) return false;
  world.quotaDay = today;
  const counters: Array<Partial<Counted> & { daily_credits_used?: number }> = [world.user];
  for (const { workspace } of world.workspaces.values()) counters.push(workspace);
  for (const used of counters) {
    if (used.daily_invocations_used !== undefined) used.daily_invocations_used = 0;
    if (used.daily_compute_time_used !== undefined) used.daily_compute_time_used = 0;
    if (used.daily_credits_used !== undefined) used.daily_credits_used = 0;
  }
  return true;
}
