// POST /workflows, GET /workflows/{id}, PUT /workflows/{id} (their descriptions in
// openapi/openapi.yaml). Unknown org/project/template IDs in the body are 422 (docs/errors.md); a project from
// another workspace of the same world is accepted (the spec does not tie them together).
import type { EventSourceTrigger, StepDefinition, Template, TriggerDefinition, Workflow } from '../factories/types.ts';
import type { Result } from '../errors.ts';
import { fail, notFound, ok } from '../errors.ts';
import { newId } from '../ids.ts';
import { makeStepFromDefinition, makeTriggerFromDefinition, triggerKindOfTrigger } from '../factories/index.ts';
import type { World } from './world.ts';
import { addSource, copy } from './world.ts';
import { applyAutoSubscriptions } from './subscriptions.ts';

export interface CreateWorkflowBody {
  project_id: string;
  org_id: string;
  template_id?: string;
  steps?: StepDefinition[];
  triggers?: TriggerDefinition[];
  settings?: { name?: string; auto_deploy?: boolean };
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badField(field: string, message: string): Result<never> {
  return fail('bad_request', `${field} ${message}`, { field });
}

function parseSteps(value: unknown): Result<StepDefinition[] | undefined> {
  if (value === undefined) return ok(undefined);
  if (!Array.isArray(value)) return badField('steps', 'must be an array');
  const steps: StepDefinition[] = [];
  for (const [i, item] of value.entries()) {
    if (!isRecord(item) || typeof item.namespace !== 'string') return badField(`steps[${i}].namespace`, 'must be a string');
    if (item.props !== undefined && !isRecord(item.props)) return badField(`steps[${i}].props`, 'must be an object');
    steps.push({ namespace: item.namespace, props: item.props ?? {} });
  }
  return ok(steps);
}

function parseTriggers(value: unknown): Result<TriggerDefinition[] | undefined> {
  if (value === undefined) return ok(undefined);
  if (!Array.isArray(value)) return badField('triggers', 'must be an array');
  const triggers: TriggerDefinition[] = [];
  for (const [i, item] of value.entries()) {
    if (!isRecord(item)) return badField(`triggers[${i}]`, 'must be an object');
    if (item.props !== undefined && !isRecord(item.props)) return badField(`triggers[${i}].props`, 'must be an object');
    triggers.push({ props: item.props ?? {} });
  }
  return ok(triggers);
}

export function createWorkflow(world: World, body: unknown): Result<{ data: Workflow }> {
  if (!isRecord(body)) return fail('bad_request', 'body must be a JSON object');
  for (const field of ['project_id', 'org_id'] as const) {
    if (typeof body[field] !== 'string' || body[field] === '') return badField(field, 'is required and must be a string');
  }
  if (body.template_id !== undefined && typeof body.template_id !== 'string') return badField('template_id', 'must be a string');
  const settings = body.settings ?? {};
  if (!isRecord(settings)) return badField('settings', 'must be an object');
  if (settings.name !== undefined && typeof settings.name !== 'string') return badField('settings.name', 'must be a string');
  if (settings.auto_deploy !== undefined && typeof settings.auto_deploy !== 'boolean') return badField('settings.auto_deploy', 'must be a boolean');
  const givenSteps = parseSteps(body.steps);
  if (!givenSteps.ok) return givenSteps;
  const givenTriggers = parseTriggers(body.triggers);
  if (!givenTriggers.ok) return givenTriggers;

  const orgId = body.org_id as string;
  const projectId = body.project_id as string;
  if (!world.workspaces.has(orgId)) return fail('unprocessable', `org_id ${orgId} does not exist`, { field: 'org_id', id: orgId });
  if (!world.projects.has(projectId)) return fail('unprocessable', `project_id ${projectId} does not exist`, { field: 'project_id', id: projectId });
  let template: Template | undefined;
  if (typeof body.template_id === 'string') {
    template = world.templates.get(body.template_id);
    if (template === undefined) return fail('unprocessable', `template_id ${body.template_id} does not exist`, { field: 'template_id', id: body.template_id });
  }

  // README: a template with no `steps` given copies the template's steps and triggers.
  const fromTemplate = template !== undefined && givenSteps.value === undefined;
  const stepDefinitions = givenSteps.value ?? (fromTemplate ? template!.steps : []);
  const triggerDefinitions = givenTriggers.value ?? (fromTemplate ? template!.triggers : []);

  const { ctx } = world;
  const workflow: Workflow = {
    id: newId('workflow', ctx),
    name: (settings.name as string | undefined) ?? template?.name ?? 'Untitled workflow',
    active: settings.auto_deploy === true,
    steps: stepDefinitions.map((definition) => makeStepFromDefinition(ctx, definition)),
    triggers: triggerDefinitions.map((definition) => makeTriggerFromDefinition(ctx, definition, orgId)),
  };
  world.workflows.set(workflow.id, { workflow, orgId, projectId, errors: [] });
  applyAutoSubscriptions(world, workflow.id, orgId);
  // Event-source triggers are sources of the workspace too (listed, subscribable, auto-subscribed).
  for (const trigger of workflow.triggers) {
    if (triggerKindOfTrigger(trigger) !== 'source') continue;
    const { owner_id: _owner, ...source } = trigger as EventSourceTrigger;
    addSource(world, copy(source), orgId);
    applyAutoSubscriptions(world, source.id, orgId);
  }
  return ok({ data: workflow });
}

export function getWorkflow(world: World, id: string): Result<{ data: Workflow }> {
  const record = world.workflows.get(id);
  if (record === undefined) return notFound('workflow', id);
  return ok({ data: record.workflow });
}

export function updateWorkflowActivation(world: World, id: string, input: unknown): Result<{ data: Workflow }> {
  if (!isRecord(input)) return fail('bad_request', 'body must be a JSON object with active and org_id');
  if (typeof input.active !== 'boolean') return badField('active', 'is required and must be a boolean');
  if (typeof input.org_id !== 'string' || input.org_id === '') return badField('org_id', 'is required and must be a string');
  const record = world.workflows.get(id);
  if (record === undefined) return notFound('workflow', id);
  if (record.orgId !== input.org_id) {
    return fail('unprocessable', `org_id ${input.org_id} is not the workspace of workflow ${id}`, { field: 'org_id', id: input.org_id });
  }
  record.workflow.active = input.active;
  return ok({ data: record.workflow });
}
