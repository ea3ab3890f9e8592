// A world described by a scenario (docs/scenarios.md): the shapes it may give (typed from the document, factories
// fill the rest) and plantScenario(), which answers what only a built world shows as issues with JSON pointers.
import { makeConnectedAccount, makeCredentials } from '../../factories/connect.ts';
import { makeErrorEventSummary } from '../../factories/error-event.ts';
import {
  makeEventSource,
  makeProject,
  makeSubscription,
  makeWebhook,
  makeWorkflow,
  makeWorkspace,
} from '../../factories/resources.ts';
import type {
  ConnectedAccount,
  EventSource,
  Subscription,
  TriggerKind,
  User,
  Webhook,
  Workflow,
  WorkflowErrorEventSummary,
  Workspace,
} from '../../factories/types.ts';
import { isEmitterGlob, kindOf, newId } from '../../ids/ids.ts';
import { emitterWorkspace, listenerExists } from '../api/subscriptions.ts';
import { addWorkspaceSources } from '../api/users.ts';
import { unixSeconds } from '../../ids/random.ts';
import { addSource, MAX_ERROR_EVENTS, tripleKey, type World, type ProjectRecord, projectRecord } from './world.ts';

/** Scenario names: lower-case words joined by dashes (a token `scenario_<name>_<anything>` picks one). */
export const SCENARIO_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** `scenario_<name>_<anything>`: the name ends at the first underscore after it. */
const SCENARIO_TOKEN = /^scenario_([a-z0-9]+(?:-[a-z0-9]+)*)_/;

/**
 * The scenario a token names (`scenario_empty-account_alice` -> 'empty-account'), or undefined.
 *
 * @example
 * scenarioOfToken('scenario_busy-workspace_test-7'); // 'busy-workspace'
 * scenarioOfToken('dev'); // undefined
 */
export function scenarioOfToken(token: string): string | undefined {
  return SCENARIO_TOKEN.exec(token)?.[1];
}

/** A connected account's state: healthy, failing (`healthy: false`, not dead) or dead (`dead: true`). */
export type AccountState = 'healthy' | 'failing' | 'dead';

export interface ScenarioErrorEvent extends Partial<Omit<WorkflowErrorEventSummary, 'event'>> {
  /** The error's `code` (and optionally its message, shown in the stack). */
  code?: string;
  /** The event that failed; default a realistic HTTP request. */
  original_event?: Record<string, unknown>;
  /** Milliseconds before the world's time at seeding the event was indexed; default a random time in the last 7 days. */
  age_ms?: number;
}

export interface ScenarioWorkflow extends Partial<Workflow> {
  /** The kind of its one trigger when `triggers` is not given; default random. */
  trigger?: TriggerKind;
  /** Recorded `$errors` events (newest first once planted, at most 100): a count or each one. */
  errors?: number | ScenarioErrorEvent[];
}

export interface ScenarioWorkspace extends Partial<Workspace> {
  /** Event sources, in list order: a count or each one. */
  sources?: number | Partial<EventSource>[];
  /** Workflows (in this workspace's first project; one is made when it has none): a count or each one. */
  workflows?: number | ScenarioWorkflow[];
}

export interface ScenarioAccount extends Partial<ConnectedAccount> {
  /** healthy (default), failing or dead. */
  state?: AccountState;
  /** Default 'production'. */
  environment?: 'production' | 'development';
}

export interface ScenarioProject {
  id?: string;
  name?: string;
  /** Index of its workspace in `workspaces`; default 0. */
  workspace?: number;
  accounts?: ScenarioAccount[];
}

export interface ScenarioSubscription extends Partial<Subscription> {
  emitter_id: string;
  listener_id: string;
  event_name: string;
}

/** What a scenario holds; every resource field is optional (the factories draw the rest). */
export interface ScenarioWorld {
  /** The user; quotas and usage included (`daily_invocations_used`, ...). */
  user?: Partial<Omit<User, 'orgs'>>;
  /** Default: one workspace holding nothing. */
  workspaces?: ScenarioWorkspace[];
  projects?: ScenarioProject[];
  webhooks?: Partial<Webhook>[];
  subscriptions?: ScenarioSubscription[];
}

export interface ScenarioDefinition extends ScenarioWorld {
  /** Lower-case words joined by dashes: `busy-workspace`. */
  name: string;
  /** One sentence: what the world holds and what it is for. */
  description: string;
}

/** A problem only a built world shows, at the JSON pointer of the scenario that causes it. */
export interface ScenarioIssue {
  pointer: string;
  message: string;
}

const ENVIRONMENTS = ['production', 'development'] as const;

/**
 * Fills `world` (empty, still seeding, at the reference time) from `scenario`; answers the issues met (an ID given
 * twice, a subscription to an emitter or listener the world lacks): a world with issues must not be used.
 *
 * @example
 * const issues = plantScenario(world, { name: 'one', description: 'one workflow', workspaces: [{ workflows: 1 }] });
 * if (issues.length > 0) console.error(issues);
 */
export function plantScenario(world: World, scenario: ScenarioWorld): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  // Explicit IDs first, so that no drawn ID takes one of them.
  claimIds(world, scenario, issues);
  if (scenario.user !== undefined) world.user = { ...world.user, ...scenario.user };
  // A user on a billing period has no daily quotas (the document's User: the reference's "Paid user" example).
  if (world.user.billing_period_start_ts !== undefined)
    for (const daily of DAILY_USER_FIELDS) if (scenario.user?.[daily] === undefined) delete world.user[daily];
  const workspaceSpecs = scenario.workspaces ?? [{}];
  const workspaceIds: string[] = [];
  for (const spec of workspaceSpecs) {
    const { sources: _s, workflows: _w, ...fields } = spec;
    const workspace = makeWorkspace(world.ctx, fields, { usageFields: true });
    world.workspaces.set(workspace.id, { workspace, sourceIds: [], sourceIndex: new Map() });
    workspaceIds.push(workspace.id);
  }
  const reference = unixSeconds(world.ctx.now());
  const planting: Planting = { world, issues, workspaceIds, projectOf: new Map(), reference };
  plantProjects(planting, scenario.projects ?? []);
  for (const [w, spec] of workspaceSpecs.entries()) plantWorkspaceContents(planting, workspaceIds[w]!, spec);
  for (const fields of scenario.webhooks ?? []) {
    const webhook = makeWebhook(world.ctx, { user_id: world.user.id, ...fields });
    world.webhooks.set(webhook.id, webhook);
  }
  plantSubscriptions(planting, scenario.subscriptions ?? []);
  return issues;
}

/** What the steps of plantScenario share: the world, the issues so far, the workspaces planted. */
interface Planting {
  world: World;
  issues: ScenarioIssue[];
  workspaceIds: string[];
  /** Each workspace's first project, where its workflows go. */
  projectOf: Map<string, string>;
  /** The world's time at seeding, in UNIX seconds. */
  reference: number;
}

/** Takes every ID the scenario gives before anything is drawn; one given twice is an issue. */
function claimIds({ ctx }: World, scenario: ScenarioWorld, issues: ScenarioIssue[]): void {
  const claim = (id: string | undefined, pointer: string): void => {
    if (id === undefined) return;
    if (ctx.issued.has(id)) issues.push({ pointer, message: `ID ${id} is given twice` });
    ctx.issued.add(id);
  };
  claim(scenario.user?.id, '/user/id');
  for (const [w, spec] of (scenario.workspaces ?? []).entries()) {
    claim(spec.id, `/workspaces/${w}/id`);
    if (Array.isArray(spec.sources))
      for (const [i, source] of spec.sources.entries()) claim(source.id, `/workspaces/${w}/sources/${i}/id`);
    if (Array.isArray(spec.workflows)) {
      for (const [i, workflow] of spec.workflows.entries()) claim(workflow.id, `/workspaces/${w}/workflows/${i}/id`);
    }
  }
  for (const [p, spec] of (scenario.projects ?? []).entries()) {
    claim(spec.id, `/projects/${p}/id`);
    for (const [i, account] of (spec.accounts ?? []).entries()) claim(account.id, `/projects/${p}/accounts/${i}/id`);
  }
  for (const [i, webhook] of (scenario.webhooks ?? []).entries()) claim(webhook.id, `/webhooks/${i}/id`);
  for (const [i, subscription] of (scenario.subscriptions ?? []).entries())
    claim(subscription.id, `/subscriptions/${i}/id`);
}

function newProject(planting: Planting, orgId: string, fields: Pick<ScenarioProject, 'id' | 'name'>): ProjectRecord {
  const { world, reference, projectOf } = planting;
  const project = makeProject(world.ctx, {
    org_id: orgId,
    ...(fields.id === undefined ? {} : { id: fields.id }),
    ...(fields.name === undefined ? {} : { name: fields.name }),
  });
  world.projects.set(project.id, projectRecord(project, ENVIRONMENTS, reference));
  if (!projectOf.has(orgId)) projectOf.set(orgId, project.id);
  return world.projects.get(project.id)!;
}

function plantProjects(planting: Planting, projects: readonly ScenarioProject[]): void {
  const { world, issues, workspaceIds } = planting;
  for (const [p, spec] of projects.entries()) {
    const orgId = workspaceIds[spec.workspace ?? 0];
    if (orgId === undefined) {
      const message = `there is no workspace ${spec.workspace} (the scenario has ${workspaceIds.length})`;
      issues.push({ pointer: `/projects/${p}/workspace`, message });
      continue;
    }
    const record = newProject(planting, orgId, spec);
    for (const { state, environment, ...fields } of spec.accounts ?? []) {
      const account = makeConnectedAccount(world.ctx, { ...ACCOUNT_STATES[state ?? 'healthy'], ...fields });
      const credentials = makeCredentials(world.ctx);
      const projectId = record.project.id;
      world.accounts.set(account.id, { account, projectId, environment: environment ?? 'production', credentials });
      record.accountIds.push(account.id);
    }
  }
}

/** A workspace's sources and workflows (in its first project, made when it has none). */
function plantWorkspaceContents(planting: Planting, orgId: string, spec: ScenarioWorkspace): void {
  const { world, projectOf } = planting;
  const { ctx } = world;
  // A count is filled as POST /__mock/sources fills a workspace (a pool of full draws, then copies
  // with fresh IDs), so a busy workspace costs milliseconds, not a faker draw per resource.
  if (typeof spec.sources === 'number') addWorkspaceSources(world, orgId, spec.sources);
  else for (const fields of spec.sources ?? []) addSource(world, makeEventSource(ctx, fields), orgId);
  const count = typeof spec.workflows === 'number' ? spec.workflows : (spec.workflows?.length ?? 0);
  if (count === 0) return;
  const projectId = projectOf.get(orgId) ?? newProject(planting, orgId, {}).project.id;
  if (typeof spec.workflows === 'number') {
    const pool: Workflow[] = [];
    for (let i = 0; i < count; i++) {
      const workflow = i < BULK_POOL ? makeWorkflow(ctx, {}, { ownerId: orgId }) : reissued(ctx, pool[i % BULK_POOL]!);
      if (i < BULK_POOL) pool.push(workflow);
      world.workflows.set(workflow.id, { workflow, orgId, projectId, errors: [] });
    }
    return;
  }
  for (const { trigger, errors, ...fields } of spec.workflows ?? []) {
    const options = { ...(trigger === undefined ? {} : { triggerKind: trigger }), ownerId: orgId };
    const workflow = makeWorkflow(ctx, fields, options);
    const planted = plantErrors(world, workflow, orgId, errors);
    world.workflows.set(workflow.id, { workflow, orgId, projectId, errors: planted });
  }
}

/** Subscriptions whose emitter and listener the world holds; any other is an issue. */
function plantSubscriptions(planting: Planting, subscriptions: readonly ScenarioSubscription[]): void {
  const { world, issues, workspaceIds } = planting;
  for (const [i, fields] of subscriptions.entries()) {
    const emitterOrg = isEmitterGlob(fields.emitter_id) ? '' : emitterWorkspace(world, fields.emitter_id);
    if (emitterOrg === undefined) {
      const message = `the scenario holds no workflow or source ${fields.emitter_id}`;
      issues.push({ pointer: `/subscriptions/${i}/emitter_id`, message });
      continue;
    }
    if (!listenerExists(world, fields.listener_id)) {
      const message = `the scenario holds no workflow, source or webhook ${fields.listener_id}`;
      issues.push({ pointer: `/subscriptions/${i}/listener_id`, message });
      continue;
    }
    const subscription = makeSubscription(world.ctx, fields);
    const key = tripleKey(subscription.emitter_id, subscription.listener_id, subscription.event_name);
    world.subscriptions.set(key, { subscription, orgId: emitterOrg || (workspaceIds[0] ?? '') });
  }
}

/** Full draws before counted workflows are copies of them with fresh IDs. */
const BULK_POOL = 32;

/** A copy of `model` whose own IDs (the workflow's, its steps' and triggers') are fresh ones of the same kinds. */
function reissued(ctx: World['ctx'], model: Workflow): Workflow {
  const fresh = (id: string) => {
    const kind = kindOf(id);
    return kind === undefined ? id : newId(kind, ctx);
  };
  const copy = structuredClone(model);
  copy.id = fresh(copy.id);
  for (const step of copy.steps) step.id = fresh(step.id);
  for (const trigger of copy.triggers) trigger.id = fresh(trigger.id);
  return copy;
}

const DAILY_USER_FIELDS = [
  'daily_compute_time_quota',
  'daily_compute_time_used',
  'daily_invocations_quota',
  'daily_invocations_used',
] as const;

// `dead` a boolean and `error` the reason, as the reference's account pages and the SDK's `Account` show them.
const ACCOUNT_STATES: Record<AccountState, Pick<ConnectedAccount, 'healthy' | 'dead' | 'error'>> = {
  healthy: { healthy: true, dead: false, error: null },
  failing: { healthy: false, dead: false, error: 'the refresh token was rejected: 401 invalid_grant' },
  dead: { healthy: false, dead: true, error: 'the account was revoked by its user' },
};

function plantErrors(
  world: World,
  workflow: Workflow,
  orgId: string,
  spec: ScenarioWorkflow['errors'],
): WorkflowErrorEventSummary[] {
  const { ctx } = world;
  const given: ScenarioErrorEvent[] =
    typeof spec === 'number' ? Array.from({ length: spec }, () => ({})) : (spec ?? []);
  const cellId = workflow.steps[0]?.id ?? '';
  const events = given.map(({ code, original_event, age_ms, ...fields }) => {
    const seq = ++world.errorSeq;
    const event = makeErrorEventSummary(ctx, {
      workflowId: workflow.id,
      ownerId: orgId,
      cellId,
      seq,
      ...(code === undefined ? {} : { error: { code } }),
      ...(original_event === undefined ? {} : { originalEvent: original_event }),
    });
    if (age_ms !== undefined) {
      const at = ctx.now() - age_ms;
      event.indexed_at_ms = at;
      event.id = `${at}-${seq}`;
      event.event.original_context.ts = new Date(at).toISOString();
      event.event.error.ts = new Date(at).toISOString();
    }
    return { ...event, ...fields };
  });
  return events.sort((a, b) => b.indexed_at_ms - a.indexed_at_ms).slice(0, MAX_ERROR_EVENTS);
}
