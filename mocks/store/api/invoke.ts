// A workflow invoked through its HTTP trigger (`workflows.invoke`, any request to an `endpoint_url`: docs/worlds.md,
// "Workflow endpoints"): the endpoint's workflow, if active, runs (run.ts) with the request as its event. A source
// created with an `http` prop (sources.ts) has an endpoint too: the request is the event it emits.
import { fail, notFound, ok, type Result } from '../../common/errors.ts';
import { type Invocation, runWorkflow } from './run.ts';
import type { SourceRecord, World, WorkflowRecord } from '../world/world.ts';
import { emit } from './emit.ts';
import type { DeliveryRecord } from '../../outbound/types.ts';

export type { Invocation } from './run.ts';

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

/**
 * The workflow whose HTTP trigger has endpoint key `key` in this world (keys are lower case: the
 * SDK lower-cases the URL it invokes).
 *
 * @example
 * workflowOfEndpoint(world, 'eo4klm9qz0abcde')?.workflow.id; // 'p_…'
 */
export function workflowOfEndpoint(world: World, key: string): WorkflowRecord | undefined {
  const wanted = key.toLowerCase();
  // Read without noting a change (../world/changes.ts): a lookup writes nothing, and it may scan every world.
  for (const record of rawValues.call(world.workflows) as Iterable<WorkflowRecord>) {
    if (record.workflow.triggers.some((trigger) => 'endpoint_url' in trigger && trigger.key.toLowerCase() === wanted))
      return record;
  }
  return undefined;
}

/**
 * The source whose `http` prop has endpoint `key` among the URLs the mock serves (`…/__endpoints/<key>`).
 *
 * @example
 * sourceOfEndpoint(world, 'k3y0fas0urce12a')?.source.id; // 'dc_…'
 */
export function sourceOfEndpoint(world: World, key: string): SourceRecord | undefined {
  const wanted = `/__endpoints/${key.toLowerCase()}`;
  for (const record of rawValues.call(world.sources) as Iterable<SourceRecord>) {
    const url = (record.source.configured_props.http as { endpoint_url?: unknown } | undefined)?.endpoint_url;
    if (typeof url === 'string' && url.toLowerCase().endsWith(wanted)) return record;
  }
  return undefined;
}

/** A source's endpoint reached: the event it emitted and the deliveries that queued. */
export interface SourceInvocation {
  source_id: string;
  emit_id: string;
  deliveries: DeliveryRecord[];
}

/**
 * Invokes what endpoint `key` belongs to: a workflow (invokeWorkflowEndpoint) or a source, whose endpoint emits the
 * request from it when it is active (404 otherwise).
 *
 * @example
 * invokeEndpoint(world, key, { method: 'POST', path: '/', query: '', headers: {}, body: { a: 1 } }); // ok({ source_id, emit_id, deliveries }) for a source's key
 */
export function invokeEndpoint(
  world: World,
  key: string,
  request: EndpointRequest,
): Result<Invocation | SourceInvocation> {
  return workflowOfEndpoint(world, key) === undefined
    ? emitFromEndpoint(world, key, request)
    : invokeWorkflowEndpoint(world, key, request);
}

/**
 * Invokes the workflow of endpoint `key`: 404 without one or when it is inactive, 429
 * `rate_limited` over a daily quota; else the run (see the top of this file).
 *
 * @example
 * invokeWorkflowEndpoint(world, key, { method: 'POST', path: '/', query: '', headers: {}, body: { a: 1 } }); // ok({ workflow_id, emit_id, outcome: 'ok', deliveries })
 */
export function invokeWorkflowEndpoint(world: World, key: string, request: EndpointRequest): Result<Invocation> {
  const record = workflowOfEndpoint(world, key);
  if (record === undefined) return notFound('workflow endpoint', key);
  const { workflow } = record;
  if (!workflow.active)
    return fail('not_found', `workflow ${workflow.id} is inactive: its endpoint runs nothing until it is activated`, {
      workflow_id: workflow.id,
    });
  return runWorkflow(world, record, eventOf(request));
}

function emitFromEndpoint(world: World, key: string, request: EndpointRequest): Result<SourceInvocation> {
  const record = sourceOfEndpoint(world, key);
  if (record === undefined) return notFound('workflow endpoint', key);
  const { source } = record;
  if (!source.active)
    return fail('not_found', `source ${source.id} is inactive: its endpoint emits nothing until it is activated`, {
      source_id: source.id,
    });
  const emitted = emit(world, { emitter_id: source.id, event_name: '', event: eventOf(request) });
  if (!emitted.ok) return emitted;
  return ok({ source_id: source.id, emit_id: emitted.value.emit_id, deliveries: emitted.value.deliveries });
}

/** The request as the event it starts: `authorization` is never passed on into it. */
function eventOf(request: EndpointRequest) {
  const { authorization: _withheld, ...headers } = request.headers;
  return { method: request.method, path: request.path, query: request.query, headers, body: request.body };
}
