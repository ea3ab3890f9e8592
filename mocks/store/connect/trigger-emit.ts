// A deployed trigger emits (the control API's `POST /__mock/triggers/{trigger_id}/emit`, and a
// deployment with `emit_on_deploy`): to its webhooks, and to the workflows it runs (../api/run.ts).
// Kept apart from ../api/emit.ts, which a run calls: a run emits, and a trigger's emit runs workflows.
import type { DeliveryRecord } from '../../outbound/types.ts';
import { fail, notFound, ok, type Result } from '../../common/errors.ts';
import { eventId } from '../../factories/error-event.ts';
import { unixSeconds } from '../../ids/random.ts';
import type { QuotaName } from '../world/quotas.ts';
import { runWorkflow } from '../api/run.ts';
import { useCredits } from './usage.ts';
import { type DeployedTriggerRecord, type World, type WorkflowRecord, MAX_TRIGGER_EVENTS } from '../world/world.ts';

/** A workflow a deployed trigger's event ran (or did not: its daily quota used up). */
export interface TriggerRun {
  workflow_id: string;
  outcome: 'ok' | 'error' | 'over_quota';
  /** With `over_quota`: the quota used up. */
  quota?: QuotaName;
}

/**
 * A deployed trigger emits: to each of its own webhooks, signed with that webhook's key, else to its environment's
 * URL (setProjectWebhook), signed with the environment's key; it also runs each active workflow updateWorkflows set
 * (../api/run.ts: counted against the daily quotas, skipped over one), named in `runs`. Neither a URL nor such a
 * workflow is 422.
 */
export function emitTrigger(
  world: World,
  triggerId: string,
  input: { event: unknown },
): Result<{ event_id: string; deliveries: DeliveryRecord[]; runs?: TriggerRun[] }> {
  const record = world.deployedTriggers.get(triggerId);
  if (record === undefined) return notFound('deployed trigger', triggerId);
  if (!record.trigger.active) {
    return fail(
      'unprocessable',
      `deployed trigger ${triggerId} is inactive: it emits nothing until deployedTriggers.update sets active: true`,
      { trigger_id: triggerId },
    );
  }
  let targets = record.webhooks.map(({ url, signing_key }) => ({ url, key: signing_key }));
  if (targets.length === 0) {
    const environment = world.projects.get(record.projectId)?.environments.get(record.environment);
    if (environment?.webhook_url != null && environment.signing_key !== null)
      targets = [{ url: environment.webhook_url, key: environment.signing_key }];
  }
  // The workflows its events go to (deployedTriggers.updateWorkflows) that this world holds, active.
  const workflows: WorkflowRecord[] = [];
  for (const id of record.workflowIds ?? []) {
    const held = world.workflows.get(id);
    if (held?.workflow.active === true) workflows.push(held);
  }
  if (targets.length === 0 && workflows.length === 0) {
    return fail(
      'unprocessable',
      `deployed trigger ${triggerId} has no webhook URL and no active workflow: set a URL with PUT /connect/${record.projectId}/deployed-triggers/${triggerId}/webhooks or PUT /connect/${record.projectId}/webhook (x-pd-environment: ${record.environment}), or workflows with PUT /connect/${record.projectId}/deployed-triggers/${triggerId}/pipelines`,
      { trigger_id: triggerId, environment: record.environment },
    );
  }
  const eventIdValue = eventId(world.ctx);
  const payload = {
    event_id: eventIdValue,
    trigger_id: triggerId,
    environment: record.environment,
    emitted_at: unixSeconds(world.ctx.now()),
    event: input.event,
  };
  const deliveries = targets.map(({ url, key }) =>
    world.sink.enqueue({ world: world.key, kind: 'trigger', url, payload, signingKey: key, now: world.ctx.now }),
  );
  recordTriggerEvent(world, record, eventIdValue, input.event);
  const runs: TriggerRun[] = [];
  for (const held of workflows) {
    const run = runWorkflow(world, held, input.event);
    if (run.ok) {
      runs.push({ workflow_id: held.workflow.id, outcome: run.value.outcome });
      deliveries.push(...run.value.deliveries);
    } else if (run.error.body.code === 'rate_limited') {
      runs.push({
        workflow_id: held.workflow.id,
        outcome: 'over_quota',
        quota: run.error.body.details?.quota as QuotaName,
      });
    } else return run;
  }
  return ok({ event_id: eventIdValue, deliveries, ...(runs.length === 0 ? {} : { runs }) });
}

/**
 * Keeps an emitted event for deployedTriggers.listEvents (newest first; a non-object as `{value}`, since the
 * SDK's `e` is an object) and counts the Connect credit it costs (usage.ts).
 */
function recordTriggerEvent(world: World, record: DeployedTriggerRecord, id: string, event: unknown): void {
  const e =
    event !== null && typeof event === 'object' && !Array.isArray(event)
      ? (structuredClone(event) as Record<string, unknown>)
      : { value: structuredClone(event) };
  record.events ??= [];
  // `sum`, the SDK's short summary of the payload: its summary, title or name when it has one, as components summarise.
  const sum = [e.summary, e.title, e.name].find((value): value is string => typeof value === 'string');
  record.events.unshift({
    id,
    k: 'emit',
    ts: world.ctx.now(),
    e,
    ...(sum === undefined ? {} : { sum: sum.slice(0, 120) }),
  });
  if (record.events.length > MAX_TRIGGER_EVENTS) record.events.length = MAX_TRIGGER_EVENTS;
  useCredits(world, 'source_emit');
}
