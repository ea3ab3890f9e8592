// Quotas that move (quotas.ts, docs/worlds.md "Quotas that move"): what runs counts, a used-up
// quota refuses the run, and the world's clock passing a UTC midnight starts the counters again.
import { describe, expect, it } from 'vitest';
import type { World } from './world.ts';
import { changeClock } from './clock.ts';
import { createStore } from '../index.ts';
import { createSubscription } from '../api/subscriptions.ts';
import { createWorkflow } from '../api/workflows.ts';
import { emit } from '../api/emit.ts';
import { emitTrigger } from '../connect/trigger-emit.ts';
import { getCurrentUser } from '../api/users.ts';
import { settleQuotaDay } from './quotas.ts';
import { worldSummary } from './summary.ts';
import { expectError, recordingSink, storeFixture, unwrap } from '../../../support/results.ts';

// 22:00 UTC: two hours before the world's midnight.
const NOW = Date.UTC(2030, 2, 3, 22, 0, 0);

function world(token = 'quotas'): World {
  return storeFixture(token, { seed: 7, now: NOW }).world;
}

function workflowIn(of: World): string {
  const summary = worldSummary(of);
  const body = {
    org_id: summary.workspaces[0]!.id,
    project_id: summary.projects[0]!.id,
    steps: [{ namespace: 'a' }],
    triggers: [],
    settings: {},
  };
  return unwrap(createWorkflow(of, body)).data.id;
}

const used = (of: World) => {
  const user = unwrap(getCurrentUser(of)).data;
  return {
    invocations: user.daily_invocations_used!,
    compute: user.daily_compute_time_used!,
    workspaces: user.orgs.map((org) => org.daily_credits_used),
  };
};

describe('the daily quotas on the world clock', () => {
  it('start again when the clock passes a UTC midnight, and only then', () => {
    const w = world();
    const seeded = used(w);
    expect(seeded.invocations + seeded.compute).toBeGreaterThan(0);
    expect(settleQuotaDay(w)).toBe(false);

    unwrap(changeClock(w.clock, { advance: '1h59m' }));
    expect(settleQuotaDay(w)).toBe(false);
    expect(used(w)).toEqual(seeded);

    unwrap(changeClock(w.clock, { advance: '1m' }));
    expect(settleQuotaDay(w)).toBe(true);
    expect(used(w)).toEqual({ invocations: 0, compute: 0, workspaces: seeded.workspaces.map(() => 0) });
    for (const { workspace } of w.workspaces.values()) {
      if (workspace.daily_invocations_used !== undefined)
        expect([workspace.daily_invocations_used, workspace.daily_compute_time_used]).toEqual([0, 0]);
    }
    expect(settleQuotaDay(w)).toBe(false);
  });

  it("reads the day at the store's time the app read for the request, through the world's own clock", () => {
    const w = world();
    const storeNow = NOW;
    unwrap(changeClock(w.clock, { advance: '1h59m' }));
    expect(settleQuotaDay(w, storeNow)).toBe(false);
    // Two minutes later on the store's clock: past the world's midnight, whatever the store's clock reads now.
    expect(settleQuotaDay(w, storeNow + 2 * 60_000)).toBe(true);
    expect(used(w).invocations).toBe(0);
    unwrap(changeClock(w.clock, { freeze: true }));
    expect(settleQuotaDay(w, storeNow + 5 * 86_400_000)).toBe(false);
  });

  it('a clock moved back to an earlier day resets nothing; coming forward again to the same day neither', () => {
    const w = world();
    const seeded = used(w);
    unwrap(changeClock(w.clock, { advance: '-3d' }));
    expect(settleQuotaDay(w)).toBe(false);
    unwrap(changeClock(w.clock, { advance: '3d' }));
    expect(settleQuotaDay(w)).toBe(false);
    expect(used(w)).toEqual(seeded);
  });
});

describe('an emitted event reaching a workflow listener', () => {
  it('runs it as one invocation and 100 ms, or, the quota used up, skips it and says so', () => {
    const w = world();
    const emitter = workflowIn(w);
    const listener = workflowIn(w);
    unwrap(createSubscription(w, { emitter_id: emitter, listener_id: listener, event_name: 'e' }));
    const before = used(w);
    expect(unwrap(emit(w, { emitter_id: emitter, event_name: 'e', event: {} })).over_quota).toBeUndefined();
    expect(used(w)).toMatchObject({ invocations: before.invocations + 1, compute: before.compute + 100 });

    w.user.daily_invocations_used = w.user.daily_invocations_quota;
    const refused = unwrap(emit(w, { emitter_id: emitter, event_name: 'e', event: {} }));
    expect(refused.over_quota).toEqual([{ listener_id: listener, quota: 'daily_invocations_quota' }]);
    expect(used(w)).toMatchObject({ invocations: w.user.daily_invocations_quota, compute: before.compute + 100 });

    // The next day of the world's clock, the same event runs again.
    unwrap(changeClock(w.clock, { advance: '2h' }));
    settleQuotaDay(w);
    expect(unwrap(emit(w, { emitter_id: emitter, event_name: 'e', event: {} })).over_quota).toBeUndefined();
    expect(used(w)).toMatchObject({ invocations: 1, compute: 100 });
  });
});

describe('the quota day in a snapshot', () => {
  it('is restored, so a restored world does not start its day again', () => {
    const { store, world: w } = storeFixture('kept', { seed: 7, now: NOW });
    unwrap(changeClock(w.clock, { advance: '3h' }));
    expect(settleQuotaDay(w)).toBe(true);
    w.user.daily_invocations_used = 5;
    // Back to an earlier day: the counters stay those of the later one, and so must the restored world's.
    unwrap(changeClock(w.clock, { advance: '-2d' }));
    const again = createStore({ seed: 7, sink: recordingSink(), now: () => NOW });
    expect(again.restore(JSON.stringify(store.snapshot())).ok).toBe(true);
    const restored = again.world('kept');
    expect(restored.quotaDay).toBe(w.quotaDay);
    unwrap(changeClock(restored.clock, { advance: '1d' }));
    expect(settleQuotaDay(restored)).toBe(false);
    expect(restored.user.daily_invocations_used).toBe(5);
  });
});

describe("a deployed trigger's event", () => {
  it('runs the active workflows updateWorkflows set, each one invocation; over a quota it skips them and says so', () => {
    const w = world();
    const workflowId = workflowIn(w);
    w.workflows.get(workflowId)!.workflow.active = true;
    const [record] = w.deployedTriggers.values();
    record!.trigger.active = true;
    record!.webhooks = [];
    record!.workflowIds = [workflowId, 'p_NotHeld1'];
    // No URL anywhere: the workflow alone is where the event goes.
    for (const environment of w.projects.get(record!.projectId)?.environments.values() ?? [])
      environment.webhook_url = null;
    const before = used(w);
    const ran = unwrap(emitTrigger(w, record!.trigger.id, { event: { n: 1 } }));
    expect(ran.runs).toEqual([{ workflow_id: workflowId, outcome: 'ok' }]);
    expect(used(w)).toMatchObject({ invocations: before.invocations + 1, compute: before.compute + 100 });

    w.user.daily_invocations_used = w.user.daily_invocations_quota;
    const skipped = unwrap(emitTrigger(w, record!.trigger.id, { event: { n: 2 } }));
    expect(skipped.runs).toEqual([
      { workflow_id: workflowId, outcome: 'over_quota', quota: 'daily_invocations_quota' },
    ]);
    expect(used(w).compute).toBe(before.compute + 100);

    record!.workflowIds = [];
    expectError(emitTrigger(w, record!.trigger.id, { event: { n: 3 } }), 422, 'unprocessable');
  });
});
