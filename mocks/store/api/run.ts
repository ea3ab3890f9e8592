// One run of a workflow (docs/worlds.md, "Workflow endpoints" and "Quotas that move"): charged to the daily
// quotas, then its steps in order; a failing step records a `$errors` event, a passing run emits its event.
import type { DeliveryRecord } from '../../outbound/types.ts';
import type { Step } from '../../factories/types.ts';
import { ok, type Result } from '../../common/errors.ts';
import { emit } from './emit.ts';
import { COMPUTE_MS_PER_STEP, spendQuota } from '../world/quotas.ts';
import type { World, WorkflowRecord } from '../world/world.ts';

export interface Invocation {
  workflow_id: string;
  emit_id: string;
  /** `ok`, or `error` when a step failed (its `$errors` event is recorded). */
  outcome: 'ok' | 'error';
  error?: { code: string; cellId: string; message: string };
  deliveries: DeliveryRecord[];
}

/**
 * Why a step fails, or undefined: it is disabled, or uses a dead or unhealthy Connect account of this world
 * (an account the world does not hold is the workspace's own, not modelled: it does not fail the step).
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
 * Runs `record`'s workflow on `event`: 429 `rate_limited` over a daily quota (nothing runs), else
 * the run's outcome and the deliveries its event queued.
 *
 * @example
 * runWorkflow(world, world.workflows.get('p_abc')!, { order: 7 }); // ok({ workflow_id: 'p_abc', emit_id, outcome: 'ok', deliveries })
 */
export function runWorkflow(world: World, record: WorkflowRecord, event: unknown): Result<Invocation> {
  const { workflow } = record;
  const charge = { invocations: 1, computeMs: COMPUTE_MS_PER_STEP * Math.max(1, workflow.steps.length) };
  const spent = spendQuota(world, record.orgId, charge);
  if (!spent.ok) return spent;

  for (const step of workflow.steps) {
    const failure = stepFailure(world, step);
    if (failure === undefined) continue;
    const emitted = emit(world, {
      emitter_id: workflow.id,
      event_name: '$errors',
      event,
      error: { code: failure.code, cellId: step.id },
    });
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
  return ok({
    workflow_id: workflow.id,
    emit_id: emitted.value.emit_id,
    outcome: 'ok',
    deliveries: emitted.value.deliveries,
  });
}
