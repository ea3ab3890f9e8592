import { beforeEach, describe, expect, it } from 'vitest';
import type { World } from '../world/world.ts';
import { createAutoSubscription, createSubscription } from './subscriptions.ts';
import { createWebhook, deleteWebhook } from './subscriptions.ts';
import { createWorkflow } from './workflows.ts';
import { emit } from './emit.ts';
import { getCurrentUser } from './users.ts';
import { getWorkflowErrorEventSummaries, TRUNCATE_ABOVE_BYTES } from './error-events.ts';
import { worldSummary } from '../world/summary.ts';
import { expectError, type RecordingSink, storeFixture, unwrap } from '../../../support/results.ts';

const NOW = Date.UTC(2030, 2, 3, 4, 5, 6);
let sink: RecordingSink;
let world: World;
let orgId: string;
let projectId: string;
beforeEach(() => {
  ({ sink, world, orgId, projectId } = storeFixture('emitter', { now: NOW }));
});

function newWorkflow(): string {
  return unwrap(
    createWorkflow(world, {
      org_id: orgId,
      project_id: projectId,
      steps: [{ namespace: 'first' }, { namespace: 'second' }],
    }),
  ).data.id;
}

describe('emit: $errors recording', () => {
  it('records a $errors event from a workflow with the default error, newest first', () => {
    const workflowId = newWorkflow();
    const firstStep = world.workflows.get(workflowId)!.workflow.steps[0]!.id;
    const { emit_id } = unwrap(emit(world, { emitter_id: workflowId, event_name: '$errors', event: { n: 1 } }));
    unwrap(
      emit(world, {
        emitter_id: workflowId,
        event_name: '$errors',
        event: { n: 2 },
        error: { code: 'TypeError', stack: 'at x' },
      }),
    );
    const { data, page_info } = unwrap(getWorkflowErrorEventSummaries(world, workflowId, { limit: 100 }));
    expect(data.map((e) => e.event.original_event)).toEqual([{ n: 2 }, { n: 1 }]);
    expect(data[0]!.event.error).toEqual({
      code: 'TypeError',
      cellId: firstStep,
      ts: new Date(NOW).toISOString(),
      stack: 'at x',
    });
    const older = data[1]!;
    expect(older.event.error).toMatchObject({
      code: 'InternalFailure',
      cellId: firstStep,
      ts: new Date(NOW).toISOString(),
    });
    expect(typeof older.event.error.stack).toBe('string');
    expect(older.event.metadata).toEqual({ emitter_id: workflowId, emit_id, name: '$errors' });
    expect(older.indexed_at_ms).toBe(NOW);
    expect(older.id).toMatch(new RegExp(`^${NOW}-\\d+$`));
    expect(older.event.original_context).toMatchObject({
      workflow_id: workflowId,
      owner_id: orgId,
      ts: new Date(NOW).toISOString(),
    });
    expect(page_info).toEqual({ total_count: 2, count: 2, start_cursor: data[0]!.id, end_cursor: data[1]!.id });
  });

  it('keeps at most the last 100; limit=N gives the last N', () => {
    const workflowId = newWorkflow();
    for (let n = 1; n <= 105; n++) unwrap(emit(world, { emitter_id: workflowId, event_name: '$errors', event: { n } }));
    const all = unwrap(getWorkflowErrorEventSummaries(world, workflowId, { limit: 100 }));
    expect(all.data).toHaveLength(100);
    expect(all.page_info.total_count).toBe(100);
    expect(all.data[0]!.event.original_event).toEqual({ n: 105 });
    expect(all.data[99]!.event.original_event).toEqual({ n: 6 });
    const three = unwrap(getWorkflowErrorEventSummaries(world, workflowId, { limit: 3 }));
    expect(three.data.map((e) => e.event.original_event)).toEqual([{ n: 105 }, { n: 104 }, { n: 103 }]);
    expect(three.page_info).toMatchObject({ count: 3, total_count: 100 });
    expectError(getWorkflowErrorEventSummaries(world, 'p_nothere', { limit: 100 }), 404, 'not_found');
  });

  it('truncates an original_event over 1 KB unless expand=event', () => {
    const workflowId = newWorkflow();
    const big = { text: 'é'.repeat(600) }; // 600 characters, 1200 UTF-8 bytes + framing
    const small = { text: 'a'.repeat(900) }; // under 1024 bytes serialised
    unwrap(emit(world, { emitter_id: workflowId, event_name: '$errors', event: small }));
    unwrap(emit(world, { emitter_id: workflowId, event_name: '$errors', event: big }));
    const [truncated, kept] = unwrap(getWorkflowErrorEventSummaries(world, workflowId, { limit: 100 })).data;
    const json = JSON.stringify(big);
    expect(truncated!.event.original_event).toEqual({
      truncated: true,
      size_bytes: new TextEncoder().encode(json).length,
      preview: json.slice(0, 512),
    });
    expect(kept!.event.original_event).toEqual(small);
    expect(
      unwrap(getWorkflowErrorEventSummaries(world, workflowId, { limit: 100, expand: 'event' })).data[0]!.event
        .original_event,
    ).toEqual(big);
    expect(TRUNCATE_ABOVE_BYTES).toBe(1024);
  });

  it('a workflow without steps gets a fresh step id as cellId', () => {
    const stepless = unwrap(createWorkflow(world, { org_id: orgId, project_id: projectId })).data.id;
    unwrap(emit(world, { emitter_id: stepless, event_name: '$errors', event: {} }));
    const cellId = unwrap(getWorkflowErrorEventSummaries(world, stepless, { limit: 100 })).data[0]!.event.error.cellId;
    expect(cellId).toMatch(/^c_[A-Za-z0-9]{7}$/);
    expect(unwrap(getWorkflowErrorEventSummaries(world, stepless, { limit: 100 })).data).toHaveLength(1);
  });

  it('does not record events with another name or from a source; unknown emitter is 404', () => {
    const workflowId = newWorkflow();
    unwrap(emit(world, { emitter_id: workflowId, event_name: '$logs', event: {} }));
    expect(unwrap(getWorkflowErrorEventSummaries(world, workflowId, { limit: 100 })).data).toEqual([]);
    const sourceId = worldSummary(world).sources[0]!.id;
    expect(unwrap(emit(world, { emitter_id: sourceId, event_name: '$errors', event: {} })).deliveries).toEqual(
      expect.any(Array),
    );
    expectError(emit(world, { emitter_id: 'p_nothere', event_name: '$errors', event: {} }), 404, 'not_found');
  });
});

describe('emit: routing', () => {
  const hook = (url: string) => unwrap(createWebhook(world, { url, name: 'n', description: 'd' })).data.id;

  it('delivers to webhook listeners of the exact emitter and of the matching glob, by event name', () => {
    const workflowId = newWorkflow();
    const exact = hook('https://exact.example.com/in');
    const glob = hook('https://glob.example.com/in');
    const sourceGlob = hook('https://sources.example.com/in');
    const otherEvent = hook('https://other.example.com/in');
    unwrap(createSubscription(world, { emitter_id: workflowId, listener_id: exact, event_name: 'order' }));
    unwrap(createSubscription(world, { emitter_id: 'p_*', listener_id: glob, event_name: 'order' }));
    unwrap(createSubscription(world, { emitter_id: 'dc_*', listener_id: sourceGlob, event_name: 'order' }));
    unwrap(createSubscription(world, { emitter_id: workflowId, listener_id: otherEvent, event_name: 'refund' }));
    const result = unwrap(emit(world, { emitter_id: workflowId, event_name: 'order', event: { id: 7 } }));
    expect(sink.requests.map((r) => r.url).sort()).toEqual([
      'https://exact.example.com/in',
      'https://glob.example.com/in',
    ]);
    for (const request of sink.requests) {
      expect(request).toMatchObject({ world: world.key, kind: 'subscription' });
      expect(request.payload).toEqual({
        emit_id: result.emit_id,
        emitter_id: workflowId,
        event_name: 'order',
        event: { id: 7 },
      });
      expect(request.signingKey).toBeUndefined();
    }
    expect(result.deliveries).toHaveLength(2);
  });

  it('an event without a name only reaches subscriptions created without one', () => {
    const workflowId = newWorkflow();
    const hookId = hook('https://blank.example.com/');
    unwrap(createSubscription(world, { emitter_id: workflowId, listener_id: hookId, event_name: '' }));
    unwrap(emit(world, { emitter_id: workflowId, event_name: '', event: 1 }));
    unwrap(emit(world, { emitter_id: workflowId, event_name: 'x', event: 2 }));
    expect(sink.requests.map((r) => (r.payload as { event: unknown }).event)).toEqual([1]);
  });

  it('workflow and source listeners count one invocation each for the user', () => {
    const workflowId = newWorkflow();
    const listenerWorkflow = newWorkflow();
    const listenerSource = worldSummary(world).sources[0]!.id;
    unwrap(createSubscription(world, { emitter_id: workflowId, listener_id: listenerWorkflow, event_name: 'e' }));
    unwrap(createSubscription(world, { emitter_id: workflowId, listener_id: listenerSource, event_name: 'e' }));
    const before = unwrap(getCurrentUser(world)).data.daily_invocations_used!;
    const result = unwrap(emit(world, { emitter_id: workflowId, event_name: 'e', event: {} }));
    expect(result.deliveries).toEqual([]);
    expect(unwrap(getCurrentUser(world)).data.daily_invocations_used).toBe(before + 2);
    expect(sink.requests).toEqual([]);
  });

  it('a deleted webhook receives nothing; auto-subscriptions route new emitters', () => {
    const hookId = hook('https://auto.example.com/');
    unwrap(createAutoSubscription(world, { event_name: '$errors', listener_id: hookId }));
    const workflowId = newWorkflow();
    unwrap(emit(world, { emitter_id: workflowId, event_name: '$errors', event: {} }));
    expect(sink.requests.map((r) => r.url)).toEqual(['https://auto.example.com/']);
    unwrap(deleteWebhook(world, hookId));
    unwrap(emit(world, { emitter_id: workflowId, event_name: '$errors', event: {} }));
    expect(sink.requests).toHaveLength(1);
  });

  it('the seeded subscription sends the erroring workflow $errors to the seeded webhook', () => {
    const summary = worldSummary(world);
    const erroring = summary.workflows.find((w) => w.error_events > 0)!.id;
    const webhookUrl = world.webhooks.get(summary.webhooks[0]!)!.url;
    unwrap(emit(world, { emitter_id: erroring, event_name: '$errors', event: { boom: true } }));
    expect(sink.requests.map((r) => r.url)).toEqual([webhookUrl]);
    expect(unwrap(getWorkflowErrorEventSummaries(world, erroring, { limit: 100 })).data).toHaveLength(6);
  });
});
