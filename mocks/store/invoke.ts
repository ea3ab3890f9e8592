// A workflow invoked through its HTTP trigger (the SDK's `workflows.invoke` and
// `invokeForExternalUser`, and any request to a trigger's `endpoint_url`, which the mock serves
// itself: docs/worlds.md, "Workflow endpoints"). One invocation: checked against the daily quotas
// of the world's user and the workflow's workspace (quotas.ts) and counted there; then the steps in
// order: a disabled step, or one whose Connect account is dead or unhealthy, fails the run, which records a
// `$errors` event (GET /workflows/{id}/$errors/event_summaries) delivered to its subscribers; a run
// that passes emits the request as an event of the default stream to the workflow's subscribers.
import type { DeliveryRecord } from '../outbound/types.ts';
import type { Step } from '../factories/types.ts';
import { fail, notFound, ok, type Result } from '../errors.ts';
import { emit } from './emit.ts';
import { chargeQuota, COMPUTE_MS_PER_STEP, withinQuota } from './quotas.ts';
import type { World, WorkflowRecord } from './world.ts';

const rawValues = Map.prototype.values;

/** What reached the endpoint, as the workflow's trigger event carries it. */
export interface EndpointRequest {
  method: string;
  /** The path after the endpoint's key ('/' for none) and the raw query. */
  path: string;
  query: string;
  /** Lower-case names; `authorization` is never passed on into the event. */
  headers: Record<string, string>;
  /** The body: parsed JSON, text, or null for none. */
  body: unknown;
}

export interface Invocation {
  workflow_id: string;
  emit_id: string;
  /** `ok`, or `error` when a step failed (its `$errors` event is recorded). */
  outcome: 'ok' | 'error';
  error?: { code: string; cellId: string; message: string };
  deliveries: DeliveryRecord[];
}

/**
 * The workflow whose HTTP trigger has endpoint key `key` in this world (keys are lower case: the
 * SDK lower-cases the URL it invokes).
 *
 * @example
 * workflowOfEndpoint(world, 'eo4klm9qz0abcde')?.workflow.id; // 'p_…'
 */
export function workflowOfEndpoint(world: World, key: string): WorkflowRecord | undefined {
  const wanted = key.toLowerCase();
  // Read without noting a change (changes.ts): a lookup writes nothing, and it may scan every world.
  for (const record of rawValues.call(world.workflows) as Iterable<WorkflowRecord>) {
    if (record.workflow.triggers.some((trigger) => 'endpoint_url' in trigger && trigger.key.toLowerCase() === wanted)) return record;
  }
  return undefined;
}

/**
 * Why a step fails, or undefined: it is disabled, or it uses a Connect account of this world that is
 * dead or unhealthy. An account the world does not hold is the workspace's own, which the mock
 * does not model: it does not fail the step.
 */
function stepFailure(world: World, step: Step): { code: string; message: string } | undefined {
  if (step.disabled) return { code: 'StepDisabled', message: `step ${step.namespace} (${step.id}) is disabled` };
  for (const accountId of step.authProvisionIds) {
    const account = world.accounts.get(accountId)?.account;
    if (account !== undefined && (account.dead === true || !account.healthy)) {
      return {
        code: 'AccountUnhealthy',
        message: `step ${step.namespace} (${step.id}) uses account ${accountId}, which is ${account.dead === true ? 'dead' : 'unhealthy'}`,
      };
    }
  }
  return undefined;
}

/**
 * Invokes the workflow of endpoint `key`: 404 without one or when it is inactive, 429
 * `rate_limited` over a daily quota; else the run (see the top of this file).
 *
 * @example
 * invokeEndpoint(world, key, { method: 'POST', path: '/', query: '', headers: {}, body: { a: 1 } }); // ok({ workflow_id, emit_id, outcome: 'ok', deliveries })
 */
export function invokeEndpoint(world: World, key: string, request: EndpointRequest): Result<Invocation> {
  const record = workflowOfEndpoint(world, key);
  if (record === undefined) return notFound('workflow endpoint', key);
  const { workflow } = record;
  if (!workflow.active)
    return fail('not_found', `workflow ${workflow.id} is inactive: its endpoint runs nothing until it is activated`, { workflow_id: workflow.id });
  const charge = { invocations: 1, computeMs: COMPUTE_MS_PER_STEP * Math.max(1, workflow.steps.length) };
  const within = withinQuota(world, record.orgId, charge);
  if (!within.ok) return within;
  chargeQuota(world, record.orgId, charge);

  const { authorization: _withheld, ...headers } = request.headers;
  const event = { method: request.method, path: request.path, query: request.query, headers, body: request.body };
  for (const step of workflow.steps) {
    const failure = stepFailure(world, step);
    if (failure === undefined) continue;
    const emitted = emit(world, { emitter_id: workflow.id, event_name: '$errors', event, error: { code: failure.code, cellId: step.id } });
    if (!emitted.ok) return emitted;
    return ok({
      workflow_id: workflow.id,
      emit_id: emitted.value.emit_id,
      outcome: 'error',
      error: { ...failure, cellId: step.id },
      deliveries: emitted.value.deliveries,
    });
  }
  const emitted = emit(world, { emitter_id: workflow.id, event_name: '', event });
  if (!emitted.ok) return emitted;
  return ok({ workflow_id: workflow.id, emit_id: emitted.value.emit_id, outcome: 'ok', deliveries: emitted.value.deliveries });
}
