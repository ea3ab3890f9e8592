// Control side (docs/control-api.md): an emitter emits an event, the store records it (workflow `$errors`)
// and routes it through matching subscriptions; a deployed trigger emits to its webhook URLs.
import type { OriginalEvent, WorkflowErrorDetails, WorkflowErrorEventSummary } from '../factories/types.ts';
import type { DeliveryRecord } from '../webhooks/types.ts';
import type { Result } from '../errors.ts';
import { fail, notFound, ok } from '../errors.ts';
import { defaultStack, eventId, PLATFORM_VERSION } from '../factories/index.ts';
import { isEmitterGlob, isId, kindOf, newId } from '../ids.ts';
import { unixSeconds } from '../random.ts';
import { emitterWorkspace, matchingSubscriptions } from './subscriptions.ts';
import type { World, WorkflowRecord } from './world.ts';
import { copy, MAX_ERROR_EVENTS } from './world.ts';

export interface EmitInput {
  emitter_id?: unknown;
  event_name?: unknown;
  event?: unknown;
  error?: { code?: string; cellId?: string; stack?: string };
}

function recordErrorEvent(world: World, record: WorkflowRecord, emitId: string, event: unknown, given: EmitInput['error']): void {
  const nowMs = world.ctx.now();
  const ts = new Date(nowMs).toISOString();
  const code = given?.code ?? 'InternalFailure';
  // cellId is a step ID (`c_`); a workflow without steps failed in its trigger, which has no
  // step ID, so a fresh `c_` ID stands in for that cell.
  const cellId = given?.cellId ?? record.workflow.steps[0]?.id ?? newId('step', world.ctx);
  const error: WorkflowErrorDetails = { code, cellId, ts, stack: given?.stack ?? defaultStack(code, cellId) };
  const summary: WorkflowErrorEventSummary = {
    id: `${nowMs}-${++world.errorSeq}`,
    indexed_at_ms: nowMs,
    event: {
      original_event: copy(event) as OriginalEvent, // checked to be a JSON object by the caller
      original_context: {
        id: eventId(world.ctx),
        ts,
        workflow_id: record.workflow.id,
        deployment_id: newId('deployment', world.ctx),
        source_type: 'COMPONENT',
        verified: false,
        owner_id: record.orgId,
        platform_version: PLATFORM_VERSION,
      },
      error,
      metadata: { emitter_id: record.workflow.id, emit_id: emitId, name: '$errors' },
    },
  };
  record.errors.unshift(summary);
  if (record.errors.length > MAX_ERROR_EVENTS) record.errors.length = MAX_ERROR_EVENTS;
}

function checkError(value: unknown): Result<EmitInput['error']> {
  if (value === undefined || value === null) return ok(undefined);
  if (typeof value !== 'object' || Array.isArray(value)) return fail('bad_request', 'error must be an object', { field: 'error' });
  for (const field of ['code', 'cellId', 'stack'] as const) {
    const v = (value as Record<string, unknown>)[field];
    if (v !== undefined && typeof v !== 'string') return fail('bad_request', `error.${field} must be a string`, { field: `error.${field}` });
  }
  const cellId = (value as Record<string, unknown>).cellId;
  if (cellId !== undefined && !isId('step', cellId)) return fail('bad_request', 'error.cellId must be a step id (c_...)', { field: 'error.cellId' });
  return ok(value as EmitInput['error']);
}

/**
 * Emits `event` from a workflow or source of this world. A `$errors` event from a workflow is
 * recorded in its error event summaries. Every subscription whose emitter is the emitter itself
 * or the glob of its kind (`p_*`, `dc_*`) and whose event_name equals the event's reaches its
 * listener once: an active webhook gets a delivery; a workflow or source listener counts as one
 * invocation of the world's user (daily_invocations_used + 1).
 */
export function emit(world: World, input: EmitInput): Result<{ emit_id: string; deliveries: DeliveryRecord[] }> {
  const emitterId = input.emitter_id;
  if (typeof emitterId !== 'string' || emitterId === '') return fail('bad_request', 'emitter_id is required', { field: 'emitter_id' });
  if (isEmitterGlob(emitterId)) return fail('bad_request', 'emitter_id must be a concrete workflow or source id, not a glob', { field: 'emitter_id' });
  const eventName = input.event_name ?? '';
  if (typeof eventName !== 'string') return fail('bad_request', 'event_name must be a string', { field: 'event_name' });
  const error = checkError(input.error);
  if (!error.ok) return error;
  if (emitterWorkspace(world, emitterId) === undefined) return notFound('emitter', emitterId);

  const workflow = world.workflows.get(emitterId);
  const records = workflow !== undefined && eventName === '$errors';
  // A recorded error's original_event is an object in the document; anything else cannot be recorded.
  const event = input.event ?? (records ? {} : null);
  if (records && (typeof event !== 'object' || event === null || Array.isArray(event))) {
    return fail('bad_request', 'event must be a JSON object for a $errors event from a workflow', { field: 'event' });
  }
  const emitId = eventId(world.ctx);
  if (records) recordErrorEvent(world, workflow!, emitId, event, error.value);

  const deliveries: DeliveryRecord[] = [];
  const reached = new Set<string>();
  for (const subscription of matchingSubscriptions(world, emitterId, eventName)) {
    const listenerId = subscription.listener_id;
    if (reached.has(listenerId)) continue;
    reached.add(listenerId);
    switch (kindOf(listenerId)) {
      case 'webhook': {
        const webhook = world.webhooks.get(listenerId);
        if (webhook === undefined || !webhook.active) break;
        deliveries.push(
          world.sink.enqueue({
            world: world.key,
            kind: 'subscription',
            url: webhook.url,
            payload: { emit_id: emitId, emitter_id: emitterId, event_name: eventName, event },
            headers: { 'x-pd-emitter-id': emitterId },
          }),
        );
        break;
      }
      case 'workflow':
      case 'source':
        // Assumption: an event reaching a workflow or source listener is one invocation for the user.
        if (world.workflows.has(listenerId) || world.sources.has(listenerId)) world.user.daily_invocations_used += 1;
        break;
      default:
        break;
    }
  }
  return ok({ emit_id: emitId, deliveries });
}

/**
 * A deployed trigger emits: delivered to each of its own webhook URLs (setDeployedTriggerWebhooks)
 * when it has any, else to its project environment's URL (setProjectWebhook), signed with the
 * matching signing key. No URL anywhere is 422.
 */
export function emitTrigger(world: World, triggerId: string, input: { event?: unknown }): Result<{ event_id: string; deliveries: DeliveryRecord[] }> {
  const record = world.deployedTriggers.get(triggerId);
  if (record === undefined) return notFound('deployed trigger', triggerId);
  let targets: Array<{ url: string; key: string }> = [];
  if (record.webhookUrls.length > 0 && record.signingKey !== null) {
    targets = record.webhookUrls.map((url) => ({ url, key: record.signingKey! }));
  } else {
    const environment = world.projects.get(record.projectId)?.environments.get(record.environment);
    if (environment?.webhook_url != null && environment.signing_key !== null) targets = [{ url: environment.webhook_url, key: environment.signing_key }];
  }
  if (targets.length === 0) {
    return fail(
      'unprocessable',
      `deployed trigger ${triggerId} has no webhook URL: set one with PUT /connect/${record.projectId}/deployed-triggers/${triggerId}/webhooks or PUT /connect/${record.projectId}/webhook (x-pd-environment: ${record.environment})`,
      { trigger_id: triggerId, environment: record.environment },
    );
  }
  const eventIdValue = eventId(world.ctx);
  const payload = {
    event_id: eventIdValue,
    trigger_id: triggerId,
    environment: record.environment,
    emitted_at: unixSeconds(world.ctx.now()),
    event: input.event ?? null,
  };
  const deliveries = targets.map(({ url, key }) => world.sink.enqueue({ world: world.key, kind: 'trigger', url, payload, signingKey: key }));
  return ok({ event_id: eventIdValue, deliveries });
}
