import { describe, expect, it } from 'vitest';
import {
  createProject,
  deleteProject,
  getProject,
  getProjectInfo,
  listProjects,
  updateProject,
  updateProjectLogo,
} from './projects.ts';
import { createStore } from '../index.ts';
import { deleteExternalUser, listExternalUsers } from './external-users.ts';
import { deployTrigger } from './triggers.ts';
import { emitTrigger } from './trigger-emit.ts';
import { listConnectUsage } from './usage.ts';
import { setProjectWebhook } from './connect.ts';
import { worldSummary } from '../world/summary.ts';
import { expectError, unwrap } from '../../../support/results.ts';

const DAY = 86_400;
/** A store whose clock the test moves (ms). */
function clocked(start = Date.UTC(2026, 0, 10, 12)) {
  let now = start;
  const store = createStore({ seed: 7, now: () => now });
  return { store, advance: (ms: number) => (now += ms), nowS: () => Math.floor(now / 1000) };
}

describe('projects', () => {
  it('create, update (null clears), logo and delete; only the SDK fields are shown', () => {
    const { store } = clocked();
    const world = store.world('projects');
    const created = unwrap(createProject(world, { name: 'CRM sync', support_email: 'a@b.dev' }));
    expect(created).toEqual({ id: expect.stringMatching(/^proj_/), name: 'CRM sync', support_email: 'a@b.dev' });
    expect(unwrap(updateProject(world, created.id, { support_email: null, app_name: 'CRM' }))).toEqual({
      id: created.id,
      name: 'CRM sync',
      app_name: 'CRM',
    });
    unwrap(updateProjectLogo(world, created.id, 'data:image/png;base64,AAAA'));
    expect(worldSummary(world).projects.find((p) => p.id === created.id)).toMatchObject({
      name: 'CRM sync',
      logo_length: 26,
    });
    expect(unwrap(getProject(world, created.id))).not.toHaveProperty('logo');
    expect(unwrap(listProjects(world, { limit: 10, q: 'crm' })).data.map((p) => p.id)).toEqual([created.id]);
    unwrap(deleteProject(world, created.id));
    expectError(getProject(world, created.id), 404, 'not_found');
  });

  it('deleting the seeded project deletes its workflows, and the subscriptions from and to them, with its Connect resources', () => {
    const { store } = clocked();
    const world = store.world('cascade');
    const projectId = worldSummary(world).projects[0]!.id;
    const workflows = [...world.workflows.values()].filter((r) => r.projectId === projectId).map((r) => r.workflow.id);
    expect(workflows.length).toBeGreaterThan(0);
    unwrap(deleteProject(world, projectId));
    for (const id of workflows) expect(world.workflows.has(id)).toBe(false);
    for (const { subscription } of world.subscriptions.values())
      expect(workflows).not.toContain(subscription.listener_id);
    expect([...world.accounts.values()].some((a) => a.projectId === projectId)).toBe(false);
    expect([...world.deployedTriggers.values()].some((t) => t.projectId === projectId)).toBe(false);
  });

  it("info lists the distinct apps of the environment's accounts", () => {
    const { store } = clocked();
    const world = store.world('info');
    const projectId = worldSummary(world).projects[0]!.id;
    const slugs = [...world.accounts.values()]
      .filter((a) => a.projectId === projectId)
      .map((a) => a.account.app.name_slug);
    expect(unwrap(getProjectInfo(world, projectId, 'production')).apps.map((a) => a.name_slug)).toEqual([
      ...new Set(slugs),
    ]);
    expect(unwrap(getProjectInfo(world, projectId, 'development')).apps).toEqual([]);
  });
});

describe('end users', () => {
  it('are derived from accounts and triggers per environment, oldest first, and deleting one deletes what they own', () => {
    const { store, advance } = clocked();
    const world = store.world('users');
    const projectId = worldSummary(world).projects[0]!.id;
    const before = unwrap(listExternalUsers(world, projectId, 'development', { limit: 100 })).data;
    advance(1000);
    const trigger = unwrap(
      deployTrigger(world, projectId, 'development', { id: 'github-new-issue', external_user_id: 'late-user' }),
    ).data;
    const after = unwrap(listExternalUsers(world, projectId, 'development', { limit: 100 })).data;
    expect(after.map((u) => u.external_id)).toEqual([...before.map((u) => u.external_id), 'late-user']);
    expect(after.at(-1)).toMatchObject({
      id: expect.stringMatching(/^exu_[0-9a-f]{16}$/),
      created_at: new Date(trigger.created_at * 1000).toISOString(),
    });
    expect(unwrap(listExternalUsers(world, projectId, 'production', { limit: 100, q: 'late' })).data).toEqual([]);
    unwrap(deleteExternalUser(world, projectId, 'development', 'late-user'));
    expect(world.deployedTriggers.has(trigger.id)).toBe(false);
    expectError(deleteExternalUser(world, projectId, 'development', 'late-user'), 404, 'not_found');
  });
});

describe('Connect usage', () => {
  it('counts one credit per emitted trigger event on its UTC day, and clips the days to the window', () => {
    const { store, advance, nowS } = clocked();
    const world = store.world('usage');
    const summary = worldSummary(world).projects[0]!;
    const trigger = summary.deployed_triggers.find((t) => t.environment === 'production')!;
    unwrap(setProjectWebhook(world, summary.id, 'production', 'https://receiver.example.com/usage'));
    unwrap(emitTrigger(world, trigger.id, { event: { n: 1 } }));
    advance(DAY * 1000);
    unwrap(emitTrigger(world, trigger.id, { event: { n: 2 } }));
    unwrap(emitTrigger(world, trigger.id, { event: 'not an object' }));
    const today = nowS() - (nowS() % DAY);
    const usage = unwrap(listConnectUsage(world, { start_ts: today - DAY + 3600, end_ts: today + DAY })).data;
    expect(usage.map((d) => [d.usage_start_ts, d.usage_end_ts, d.source_emit_credits_used, d.credits_used])).toEqual([
      [today - DAY + 3600, today, 1, 1],
      [today, today + DAY, 2, 2],
    ]);
    expect(world.deployedTriggers.get(trigger.id)!.events!.map((e) => e.e)).toEqual([
      { value: 'not an object' },
      { n: 2 },
      { n: 1 },
    ]);
    expectError(listConnectUsage(world, { start_ts: today, end_ts: today }), 400, 'bad_request');
    expectError(listConnectUsage(world, { start_ts: 0, end_ts: today }), 400, 'bad_request');
  });

  it('survives a snapshot', () => {
    const { store } = clocked();
    const world = store.world('snap');
    const summary = worldSummary(world).projects[0]!;
    unwrap(setProjectWebhook(world, summary.id, 'production', 'https://receiver.example.com/usage'));
    unwrap(
      emitTrigger(world, summary.deployed_triggers.find((t) => t.environment === 'production')!.id, { event: {} }),
    );
    const copy = clocked();
    expect(copy.store.restore(JSON.stringify(store.snapshot())).ok).toBe(true);
    const window = { start_ts: copy.nowS() - (copy.nowS() % DAY), end_ts: copy.nowS() - (copy.nowS() % DAY) + DAY };
    expect(unwrap(listConnectUsage(copy.store.world('snap'), window)).data[0]!.source_emit_credits_used).toBe(1);
  });
});
