// A workflow invoked through its HTTP trigger (`workflows.invoke`, any request to an `endpoint_url`: docs/worlds.md,
// "Workflow endpoints"): the endpoint's workflow, if active, runs (run.ts) with the request as its event.
import { fail, notFound, type Result } from '../../common/errors.ts';
import { type Invocation, runWorkflow } from './run.ts';
import type { World, WorkflowRecord } from '../world/world.ts';

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
    return fail('not_found', `workflow ${workflow.id} is inactive: its endpoint runs nothing until it is activated`, {
      workflow_id: workflow.id,
    });
  const { authorization: _withheld, ...headers } = request.headers;
  return runWorkflow(world, record, {
    method: request.method,
    path: request.path,
    query: request.query,
    headers,
    body: request.body,
  });
}
