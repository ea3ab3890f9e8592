// POST, GET and PUT of workflows: bodies arrive checked; unknown org/project/template IDs are 422 (docs/errors.md),
// a project of another workspace of the same world is accepted (the spec does not tie them).
import type {
  EventSourceTrigger,
  Schemas,
  StepDefinition,
  Template,
  TriggerDefinition,
  Workflow,
} from '../../factories/types.ts';
import { type Result, fail, notFound, ok } from '../../common/errors.ts';
import { newId } from '../../ids/ids.ts';
import { makeStepFromDefinition } from '../../factories/step.ts';
import { makeTriggerFromDefinition, triggerKindOf, triggerKindOfTrigger } from '../../factories/trigger.ts';
import { type World, addSource } from '../world/world.ts';
import { collectionFull } from '../world/retention.ts';
import { applyAutoSubscriptions } from './subscriptions.ts';

/** The body of POST /workflows, as the document defines and has checked it. */
export type CreateWorkflowBody = Schemas['CreateWorkflowRequest'];

export function createWorkflow(world: World, body: CreateWorkflowBody): Result<{ data: Workflow }> {
  const { org_id: orgId, project_id: projectId, settings = {} } = body;
  if (!world.workspaces.has(orgId))
    return fail('unprocessable', `org_id ${orgId} does not exist`, { field: 'org_id', id: orgId });
  if (!world.projects.has(projectId))
    return fail('unprocessable', `project_id ${projectId} does not exist`, { field: 'project_id', id: projectId });
  let template: Template | undefined;
  if (body.template_id !== undefined) {
    template = world.templates.get(body.template_id);
    if (template === undefined)
      return fail('unprocessable', `template_id ${body.template_id} does not exist`, {
        field: 'template_id',
        id: body.template_id,
      });
  }

  // README: a template with no `steps` given copies the template's steps and triggers.
  const fromTemplate = template !== undefined && body.steps === undefined;
  const stepDefinitions: StepDefinition[] = body.steps ?? (fromTemplate ? template!.steps : []);
  const triggerDefinitions: TriggerDefinition[] = body.triggers ?? (fromTemplate ? template!.triggers : []);
  // The workflow, its event-source triggers (sources too) and the subscriptions the
  // auto-subscriptions give each of them (at most one per auto-subscription and emitter).
  const emitters =
    1 + triggerDefinitions.filter((definition) => triggerKindOf(definition.props ?? {}) === 'source').length;
  const full =
    collectionFull('workflows', world.workflows.size) ??
    collectionFull('sources', world.sources.size, emitters - 1) ??
    collectionFull('subscriptions', world.subscriptions.size, emitters * world.autoSubscriptions.length);
  if (full !== undefined) return full;

  const { ctx } = world;
  const workflow: Workflow = {
    id: newId('workflow', ctx),
    name: settings.name ?? template?.name ?? 'Untitled workflow',
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
    addSource(world, structuredClone(source), orgId);
    applyAutoSubscriptions(world, source.id, orgId);
  }
  return ok({ data: workflow });
}

export function getWorkflow(world: World, id: string): Result<{ data: Workflow }> {
  const record = world.workflows.get(id);
  if (record === undefined) return notFound('workflow', id);
  return ok({ data: record.workflow });
}

export function updateWorkflowActivation(
  world: World,
  id: string,
  input: { active: boolean; org_id: string },
): Result<{ data: Workflow }> {
  const record = world.workflows.get(id);
  if (record === undefined) return notFound('workflow', id);
  if (record.orgId !== input.org_id) {
    return fail('unprocessable', `org_id ${input.org_id} is not the workspace of workflow ${id}`, {
      field: 'org_id',
      id: input.org_id,
    });
  }
  record.workflow.active = input.active;
  return ok({ data: record.workflow });
}
