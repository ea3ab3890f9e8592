// Control side (docs/control-api.md): an emitter emits an event, recorded and routed through the matching
// subscriptions (a deployed trigger's emit: ../connect/trigger-emit.ts). Bodies arrive checked by control.yaml.
import type { OriginalEvent, WorkflowErrorDetails, WorkflowErrorEventSummary } from '../../factories/types.ts';
import type { DeliveryRecord } from '../../outbound/types.ts';
import { type Result, notFound, ok } from '../../common/errors.ts';
import { defaultStack, eventId, PLATFORM_VERSION } from '../../factories/error-event.ts';
import { kindOf, newId } from '../../ids/ids.ts';
import { emitterWorkspace, matchingSubscriptions } from './subscriptions.ts';
import { recordEmittedEvent } from './event-summaries.ts';
import { COMPUTE_MS_PER_STEP, type QuotaName, spendQuota } from '../world/quotas.ts';
import { type World, type WorkflowRecord, MAX_ERROR_EVENTS } from '../world/world.ts';
import type { components as control } from '../../../openapi/generated/control-schema.ts';

export type EmitInput = control['schemas']['EmitBody'];

function recordErrorEvent(
  world: World,
  record: WorkflowRecord,
  emitId: string,
  event: unknown,
  given: EmitInput['error'],
): void {
  const nowMs = world.ctx.now();
  const ts = new Date(nowMs).toISOString();
  const code = given?.code ?? 'InternalFailure';
  // cellId is a step ID (`c_`); a workflow without steps failed in its trigger, so a fresh `c_` ID stands in.
  const cellId = given?.cellId ?? record.workflow.steps[0]?.id ?? newId('step', world.ctx);
  const error: WorkflowErrorDetails = { code, cellId, ts, stack: given?.stack ?? defaultStack(code, cellId) };
  const summary: WorkflowErrorEventSummary = {
    id: `${nowMs}-${++world.errorSeq}`,
    indexed_at_ms: nowMs,
    event: {
      original_event: structuredClone(event) as OriginalEvent, // an object: openapi/control.yaml demands it of a workflow's $errors
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

/**
 * Emits `event` from a workflow or source of this world (a workflow's `$errors` joins its error event summaries, any
 * other stream but `$logs` the emitter's own events: event-summaries.ts).
 * Each subscription from the emitter or its kind's glob (`p_*`, `dc_*`) with the event's name reaches its listener
 * once: an active webhook gets a delivery; a workflow or source runs one invocation at the least compute time
 * (../world/quotas.ts), or, its daily quota used up, does not run and is named in `over_quota`.
 */
export function emit(
  world: World,
  input: EmitInput,
): Result<{ emit_id: string; deliveries: DeliveryRecord[]; over_quota?: OverQuota[] }> {
  const { emitter_id: emitterId, event_name: eventName, event } = input;
  if (emitterWorkspace(world, emitterId) === undefined) return notFound('emitter', emitterId);

  const workflow = world.workflows.get(emitterId);
  const emitId = eventId(world.ctx);
  if (workflow !== undefined && eventName === '$errors') recordErrorEvent(world, workflow, emitId, event, input.error);
  recordEmittedEvent(world, emitterId, emitId, eventName, event);

  const deliveries: DeliveryRecord[] = [];
  const overQuota: OverQuota[] = [];
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
            now: world.ctx.now,
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
      case 'source': {
        // Assumption: an event reaching a workflow or source listener is one invocation for the user.
        if (!world.workflows.has(listenerId) && !world.sources.has(listenerId)) break;
        const spent = spendQuota(world, emitterWorkspace(world, listenerId) ?? '', {
          invocations: 1,
          computeMs: COMPUTE_MS_PER_STEP,
        });
        if (!spent.ok) overQuota.push({ listener_id: listenerId, quota: spent.error.body.details?.quota as QuotaName });
        break;
      }
      default:
        break;
    }
  }
  return ok({ emit_id: emitId, deliveries, ...(overQuota.length === 0 ? {} : { over_quota: overQuota }) });
}

/** A listener an emit did not run: the daily quota of its owner is used up. */
export interface OverQuota {
  listener_id: string;
  quota: QuotaName;
}
