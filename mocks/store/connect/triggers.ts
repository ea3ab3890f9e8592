// Connect triggers: the catalogue's trigger components, deployment for an end user, deployed triggers (`dc_`) and
// their webhooks, each with its own `wh_` ID and signing key (deliveries: trigger-emit.ts).
import type {
  ConnectWebhookWithSigningKey,
  DeployedTrigger,
  PageInfo,
  ProjectEnvironment,
  Schemas,
  TriggerWebhooks,
} from '../../factories/types.ts';
import { type Result, fail, notFound, ok } from '../../common/errors.ts';
import { COMPONENTS_BY_KEY } from '../../factories/components.ts';
import { makeDeployedTrigger } from '../../factories/deployed-trigger.ts';
import { slugify } from '../../factories/common.ts';
import { newId } from '../../ids/ids.ts';
import { unixSeconds } from '../../ids/random.ts';
import { projectOf, signingKey } from './connect.ts';
import { emitTrigger } from './trigger-emit.ts';
import { type PageQuery, pageOfList } from '../world/pagination.ts';
import { collectionFull } from '../world/retention.ts';
import type { DeployedTriggerRecord, EmittedEventRecord, TriggerWebhookRecord, World } from '../world/world.ts';

/** Who asks (`x-pd-environment`, `external_user_id`): a trigger of another environment or end user is not found. */
export interface TriggerScope {
  environment: ProjectEnvironment;
  externalUserId: string;
}

type DeployTriggerInput = Schemas['DeployTriggerRequest'];

/** The event a trigger deployed with `emit_on_deploy: true` emits at once. */
function deployEvent(trigger: DeployedTrigger): Record<string, unknown> {
  return { emitted_on_deploy: true, component_key: trigger.component_key, name: trigger.name };
}

function newTriggerWebhook(world: World, url: string): TriggerWebhookRecord {
  const now = unixSeconds(world.ctx.now());
  return { id: newId('webhook', world.ctx), url, signing_key: signingKey(world), created_at: now, updated_at: now };
}

/**
 * Deploys a catalogue component for an end user. A `webhook_url` becomes the trigger's own webhook (its key shown
 * once, as `webhook_signing_key`), before the environment's URL; `emit_on_deploy` emits one event at once.
 */
export function deployTrigger(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  input: DeployTriggerInput,
): Result<{ data: DeployedTrigger }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const component = COMPONENTS_BY_KEY.get(input.id)?.component;
  if (component?.component_type !== 'trigger')
    return fail('unprocessable', `trigger component ${input.id} does not exist`, { field: 'id', key: input.id });
  const full = collectionFull('deployed triggers', world.deployedTriggers.size);
  if (full !== undefined) return full;
  const now = unixSeconds(world.ctx.now());
  const trigger = makeDeployedTrigger(world.ctx, {
    owner_id: project.value.project.org_id,
    component_key: component.key,
    configurable_props: structuredClone(component.configurable_props),
    configured_props: structuredClone(input.configured_props ?? {}),
    active: true,
    created_at: now,
    updated_at: now,
    name: component.name,
    name_slug: slugify(component.name),
    emit_on_deploy: input.emit_on_deploy ?? false,
  });
  const webhooks = input.webhook_url === undefined ? [] : [newTriggerWebhook(world, input.webhook_url)];
  world.deployedTriggers.set(trigger.id, {
    trigger,
    projectId,
    environment,
    externalUserId: input.external_user_id,
    webhooks,
  });
  project.value.deployedTriggerIds.push(trigger.id);
  if (trigger.emit_on_deploy) emitTrigger(world, trigger.id, { event: deployEvent(trigger) }); // no URL anywhere: nothing to deliver
  const data: DeployedTrigger =
    webhooks[0] === undefined ? trigger : { ...trigger, webhook_signing_key: webhooks[0].signing_key };
  return ok({ data });
}

function triggerOf(
  world: World,
  projectId: string,
  triggerId: string,
  scope: TriggerScope,
): Result<DeployedTriggerRecord> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const record = world.deployedTriggers.get(triggerId);
  const visible =
    record !== undefined &&
    record.projectId === projectId &&
    record.environment === scope.environment &&
    scope.externalUserId === record.externalUserId;
  return visible ? ok(record) : notFound('deployed trigger', triggerId);
}

export function listDeployedTriggers(
  world: World,
  projectId: string,
  scope: TriggerScope,
  query: PageQuery,
): Result<{ data: DeployedTrigger[]; page_info: PageInfo }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const ids = project.value.deployedTriggerIds.filter((id) => {
    const record = world.deployedTriggers.get(id);
    return (
      record !== undefined && record.externalUserId === scope.externalUserId && record.environment === scope.environment
    );
  });
  return pageOfList(
    ids,
    (id) => id,
    query,
    (id) => world.deployedTriggers.get(id)!.trigger,
  );
}

export function getDeployedTrigger(
  world: World,
  projectId: string,
  triggerId: string,
  scope: TriggerScope,
): Result<{ data: DeployedTrigger }> {
  const found = triggerOf(world, projectId, triggerId, scope);
  return found.ok ? ok({ data: found.value.trigger }) : found;
}

/** The trigger and its webhooks are gone: it emits nothing and reads 404. */
export function deleteDeployedTrigger(
  world: World,
  projectId: string,
  triggerId: string,
  scope: TriggerScope,
): Result<null> {
  const found = triggerOf(world, projectId, triggerId, scope);
  if (!found.ok) return found;
  world.deployedTriggers.delete(triggerId);
  const project = world.projects.get(projectId)!;
  project.deployedTriggerIds = project.deployedTriggerIds.filter((id) => id !== triggerId);
  return ok(null);
}

/** The SDK's `GetTriggerWebhooksResponse`; the route shows keys to workspace OAuth tokens only (the service's docs). */
function webhooksView(record: DeployedTriggerRecord, withKeys: boolean): TriggerWebhooks {
  return {
    webhook_urls: record.webhooks.map((webhook) => webhook.url),
    webhooks: record.webhooks.map(({ id, url, signing_key }) =>
      withKeys ? { id, url, signing_key, signing_key_set: true } : { id, url, signing_key_set: true },
    ),
  };
}

export function listDeployedTriggerWebhooks(
  world: World,
  projectId: string,
  triggerId: string,
  scope: TriggerScope,
  showKeys: boolean,
): Result<TriggerWebhooks> {
  const found = triggerOf(world, projectId, triggerId, scope);
  return found.ok ? ok(webhooksView(found.value, showKeys)) : found;
}

/** Replaces the trigger-level URLs: a kept URL keeps its webhook (ID, key), a new one gets its own, others go. */
export function setDeployedTriggerWebhooks(
  world: World,
  projectId: string,
  triggerId: string,
  webhookUrls: readonly string[],
  scope: TriggerScope,
  showKeys: boolean,
): Result<TriggerWebhooks> {
  const found = triggerOf(world, projectId, triggerId, scope);
  if (!found.ok) return found;
  const record = found.value;
  const kept = new Map(record.webhooks.map((webhook) => [webhook.url, webhook]));
  record.webhooks = [...new Set(webhookUrls)].map((url) => kept.get(url) ?? newTriggerWebhook(world, url));
  return ok(webhooksView(record, showKeys));
}

function triggerWebhookOf(
  world: World,
  projectId: string,
  triggerId: string,
  webhookId: string,
  scope: TriggerScope,
): Result<TriggerWebhookRecord> {
  const found = triggerOf(world, projectId, triggerId, scope);
  if (!found.ok) return found;
  const webhook = found.value.webhooks.find((w) => w.id === webhookId);
  return webhook === undefined ? notFound('trigger webhook', webhookId) : ok(webhook);
}

function withKey(webhook: TriggerWebhookRecord): ConnectWebhookWithSigningKey {
  const { id, url, signing_key, created_at, updated_at } = webhook;
  return { id, url, signing_key, signing_key_set: true, created_at, updated_at };
}

export function getDeployedTriggerWebhook(
  world: World,
  projectId: string,
  triggerId: string,
  webhookId: string,
  scope: TriggerScope,
): Result<{ data: ConnectWebhookWithSigningKey }> {
  const found = triggerWebhookOf(world, projectId, triggerId, webhookId, scope);
  return found.ok ? ok({ data: withKey(found.value) }) : found;
}

/** A new key for one trigger webhook; every later delivery to it is signed with the new key only. */
export function regenerateDeployedTriggerWebhookSigningKey(
  world: World,
  projectId: string,
  triggerId: string,
  webhookId: string,
  scope: TriggerScope,
): Result<{ data: ConnectWebhookWithSigningKey }> {
  const found = triggerWebhookOf(world, projectId, triggerId, webhookId, scope);
  if (!found.ok) return found;
  found.value.signing_key = signingKey(world);
  found.value.updated_at = unixSeconds(world.ctx.now());
  return ok({ data: withKey(found.value) });
}

type UpdateTriggerInput = Schemas['UpdateDeployedTriggerRequest'];

/**
 * `deployedTriggers.update`: sets what the body names (`configured_props` replaced whole); the
 * deployment's `name_slug` stays. An inactive trigger emits nothing (trigger-emit.ts).
 *
 * @example
 * updateDeployedTrigger(world, 'proj_x', 'dc_x', { active: false }, { environment: 'development', externalUserId: 'u1' }); // ok({ data: { …, active: false } })
 */
export function updateDeployedTrigger(
  world: World,
  projectId: string,
  triggerId: string,
  input: UpdateTriggerInput,
  scope: TriggerScope,
): Result<{ data: DeployedTrigger }> {
  const found = triggerOf(world, projectId, triggerId, scope);
  if (!found.ok) return found;
  const record = found.value;
  const trigger: DeployedTrigger = { ...record.trigger, updated_at: unixSeconds(world.ctx.now()) };
  if (input.active !== undefined) trigger.active = input.active;
  if (input.configured_props !== undefined) trigger.configured_props = structuredClone(input.configured_props);
  if (input.name !== undefined) trigger.name = input.name;
  if (input.emit_on_deploy !== undefined) trigger.emit_on_deploy = input.emit_on_deploy;
  record.trigger = trigger;
  return ok({ data: trigger });
}

/**
 * `deployedTriggers.listEvents`: the `n` newest events the trigger emitted, newest first.
 *
 * @example
 * listDeployedTriggerEvents(world, 'proj_x', 'dc_x', 20, scope); // ok({ data: [{ id, k: 'emit', ts, e }] })
 */
export function listDeployedTriggerEvents(
  world: World,
  projectId: string,
  triggerId: string,
  n: number,
  scope: TriggerScope,
): Result<{ data: EmittedEventRecord[] }> {
  const found = triggerOf(world, projectId, triggerId, scope);
  return found.ok ? ok({ data: (found.value.events ?? []).slice(0, n) }) : found;
}

/** The workflows a trigger's events go to, those deleted since left out. */
function workflowsView(world: World, record: DeployedTriggerRecord): { workflow_ids: string[] } {
  return { workflow_ids: (record.workflowIds ?? []).filter((id) => world.workflows.has(id)) };
}

/**
 * `deployedTriggers.listWorkflows`.
 *
 * @example
 * listDeployedTriggerWorkflows(world, 'proj_x', 'dc_x', scope); // ok({ workflow_ids: ['p_x'] })
 */
export function listDeployedTriggerWorkflows(
  world: World,
  projectId: string,
  triggerId: string,
  scope: TriggerScope,
): Result<{ workflow_ids: string[] }> {
  const found = triggerOf(world, projectId, triggerId, scope);
  return found.ok ? ok(workflowsView(world, found.value)) : found;
}

/**
 * `deployedTriggers.updateWorkflows`: replaces the list; each workflow must be one of the project's
 * workspace (422 names the first that is not).
 *
 * @example
 * setDeployedTriggerWorkflows(world, 'proj_x', 'dc_x', ['p_x'], scope); // ok({ workflow_ids: ['p_x'] })
 */
export function setDeployedTriggerWorkflows(
  world: World,
  projectId: string,
  triggerId: string,
  workflowIds: readonly string[],
  scope: TriggerScope,
): Result<{ workflow_ids: string[] }> {
  const found = triggerOf(world, projectId, triggerId, scope);
  if (!found.ok) return found;
  const orgId = world.projects.get(projectId)!.project.org_id;
  const ids = [...new Set(workflowIds)];
  const stranger = ids.find((id) => world.workflows.get(id)?.orgId !== orgId);
  if (stranger !== undefined) {
    return fail(
      'unprocessable',
      `workflow ${stranger} is not a workflow of workspace ${orgId}, which owns project ${projectId}`,
      { field: 'workflow_ids', workflow_id: stranger },
    );
  }
  found.value.workflowIds = ids;
  return ok(workflowsView(world, found.value));
}
