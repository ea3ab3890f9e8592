// A workflow invoked at its HTTP trigger's endpoint (invoke.ts) and the daily quotas it counts
// against (../world/quotas.ts): the store alone, its clock fixed, deliveries recorded.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../index.ts';
import type { World } from '../world/world.ts';
import { createSubscription } from './subscriptions.ts';
import { createWebhook } from './subscriptions.ts';
import { createWorkflow } from './workflows.ts';
import { getWorkflowErrorEventSummaries } from './error-events.ts';
import { invokeEndpoint, invokeWorkflowEndpoint, workflowOfEndpoint } from './invoke.ts';
import { createSource, updateSource } from './sources.ts';
import { getSourceEventSummaries } from './event-summaries.ts';
import { expectError, type RecordingSink, storeFixture, unwrap } from '../../../support/results.ts';

const NOW = Date.UTC(2030, 2, 3, 4, 5, 6);
let sink: RecordingSink;
let store: Store;
let world: World;
let orgId: string;
let projectId: string;
beforeEach(() => {
  ({ sink, store, world, orgId, projectId } = storeFixture('invoker', {
    now: NOW,
    endpointUrl: (key) => `http://127.0.0.1:4010/__endpoints/${key}`,
  }));
});

const request = (body: unknown) => ({
  method: 'POST',
  path: '/',
  query: '',
  headers: { authorization: 'Bearer secret', 'x-custom': '1' },
  body,
});

/** A new active workflow with an HTTP trigger and `steps` steps: its ID and endpoint key. */
function httpWorkflow(steps = 2): { id: string; key: string } {
  const body = {
    org_id: orgId,
    project_id: projectId,
    steps: Array.from({ length: steps }, (_, i) => ({ namespace: `step_${i}` })),
    triggers: [{ props: {} }],
    settings: { auto_deploy: true },
  };
  const workflow = unwrap(createWorkflow(world, body)).data;
  const trigger = workflow.triggers[0] as { key: string; endpoint_url: string };
  expect(trigger.endpoint_url).toBe(`http://127.0.0.1:4010/__endpoints/${trigger.key}`);
  return { id: workflow.id, key: trigger.key };
}

describe('invokeEndpoint', () => {
  it('finds the workflow by its endpoint key in any case, and nothing for another key', () => {
    const { id, key } = httpWorkflow();
    expect(workflowOfEndpoint(world, key.toUpperCase())?.workflow.id).toBe(id);
    expect(workflowOfEndpoint(world, 'nosuchendpoint')).toBeUndefined();
    expect(store.endpointSession(key)?.token).toBe('invoker');
    expectError(invokeWorkflowEndpoint(world, 'nosuchendpoint', request({})), 404, 'not_found');
  });

  it("counts one invocation and 100 ms a step against the user's and the workspace's daily quotas", () => {
    const { key } = httpWorkflow(3);
    const workspace = world.workspaces.get(orgId)!.workspace;
    const before = {
      user: [world.user.daily_invocations_used, world.user.daily_compute_time_used],
      workspace: [workspace.daily_invocations_used, workspace.daily_compute_time_used],
    };
    expect(unwrap(invokeWorkflowEndpoint(world, key, request({ a: 1 }))).outcome).toBe('ok');
    expect([world.user.daily_invocations_used, world.user.daily_compute_time_used]).toEqual([
      before.user[0]! + 1,
      before.user[1]! + 300,
    ]);
    if (before.workspace[0] !== undefined)
      expect([workspace.daily_invocations_used, workspace.daily_compute_time_used]).toEqual([
        before.workspace[0] + 1,
        before.workspace[1]! + 300,
      ]);
  });

  it('refuses an invocation over a daily quota with 429 rate_limited, before anything runs', () => {
    const { id, key } = httpWorkflow();
    world.user.daily_invocations_used = world.user.daily_invocations_quota;
    const refused = expectError(invokeWorkflowEndpoint(world, key, request({})), 429, 'rate_limited');
    expect(refused.body.details).toMatchObject({ quota: 'daily_invocations_quota', owner: world.user.id });
    expect(world.user.daily_invocations_used).toBe(world.user.daily_invocations_quota);
    world.user.daily_invocations_used = 0;
    world.user.daily_compute_time_used = world.user.daily_compute_time_quota! - 100;
    expectError(invokeWorkflowEndpoint(world, key, request({})), 429, 'rate_limited');
    expect(unwrap(getWorkflowErrorEventSummaries(world, id, { limit: 100 })).data).toEqual([]);
  });

  it("emits the request to the workflow's subscribers, the bearer withheld", () => {
    const { id, key } = httpWorkflow();
    const hook = unwrap(
      createWebhook(world, { url: 'https://hooks.example.com/invoked', name: 'n', description: 'd' }),
    ).data;
    unwrap(createSubscription(world, { emitter_id: id, listener_id: hook.id, event_name: '' }));
    const invoked = unwrap(invokeWorkflowEndpoint(world, key, request({ order: 7 })));
    expect(invoked.deliveries).toHaveLength(1);
    const payload = sink.requests.at(-1)!.payload as {
      emit_id: string;
      emitter_id: string;
      event: { body: unknown; headers: Record<string, string> };
    };
    expect(payload).toMatchObject({
      emit_id: invoked.emit_id,
      emitter_id: id,
      event: { body: { order: 7 }, headers: { 'x-custom': '1' } },
    });
    expect(payload.event.headers.authorization).toBeUndefined();
  });

  it('a disabled step, or a dead account of the world, fails the run: a $errors event with the step as cellId', () => {
    const { id, key } = httpWorkflow(2);
    const steps = world.workflows.get(id)!.workflow.steps;
    steps[1]!.disabled = true;
    const failed = unwrap(invokeWorkflowEndpoint(world, key, request({ n: 1 })));
    expect(failed).toMatchObject({ outcome: 'error', error: { code: 'StepDisabled', cellId: steps[1]!.id } });
    const [summary] = unwrap(getWorkflowErrorEventSummaries(world, id, { limit: 100 })).data;
    expect(summary!.event).toMatchObject({
      original_event: { body: { n: 1 } },
      error: { code: 'StepDisabled', cellId: steps[1]!.id },
      metadata: { emit_id: failed.emit_id, name: '$errors' },
    });

    steps[1]!.disabled = false;
    const account = [...world.accounts.values()][0]!.account;
    steps[0]!.authProvisionIds = [account.id];
    account.dead = true;
    expect(unwrap(invokeWorkflowEndpoint(world, key, request({ n: 2 }))).error).toMatchObject({
      code: 'AccountUnhealthy',
      cellId: steps[0]!.id,
    });
    // An account the world does not hold is the workspace's own: it does not fail the step.
    steps[0]!.authProvisionIds = ['apn_NotInWorld'];
    expect(unwrap(invokeWorkflowEndpoint(world, key, request({ n: 3 }))).outcome).toBe('ok');
  });

  it("an inactive workflow's endpoint runs nothing: 404", () => {
    const { id, key } = httpWorkflow();
    world.workflows.get(id)!.workflow.active = false;
    const used = world.user.daily_invocations_used;
    expectError(invokeWorkflowEndpoint(world, key, request({})), 404, 'not_found');
    expect(world.user.daily_invocations_used).toBe(used);
  });
});

describe("a source's endpoint (the reference's sources with an http prop)", () => {
  it('emits the request from the source while it is active, and is 404 once it is not', () => {
    const source = unwrap(
      createSource(world, {
        component_url: 'https://example.com/http/sources/new-requests/x.ts',
        configured_props: { http: {} },
      }),
    ).data;
    const url = (source.configured_props.http as { endpoint_url: string }).endpoint_url;
    const key = url.split('/').pop()!;
    expect(url).toBe(`http://127.0.0.1:4010/__endpoints/${key}`);
    const invoked = unwrap(invokeEndpoint(world, key, request({ order: 7 })));
    expect(invoked).toMatchObject({ source_id: source.id });
    const events = unwrap(getSourceEventSummaries(world, source.id, { limit: 10 })).data;
    expect(events.map((summary) => summary.event)).toEqual([
      { method: 'POST', path: '/', query: '', headers: { 'x-custom': '1' }, body: { order: 7 } },
    ]);
    expect(store.endpointSession(key)?.world).toBe(world);
    unwrap(updateSource(world, source.id, { active: false }));
    expectError(invokeEndpoint(world, key, request({ order: 8 })), 404, 'not_found');
    expect(unwrap(getSourceEventSummaries(world, source.id, { limit: 10 })).data).toHaveLength(1);
  });
});
