// Live examples (docs/worlds.md, "The document's examples"): each world also plants the resources the document's
// examples name, after its random seeding, so a request copied from the document gets its documented 2xx.
import { makeConnectedAccount, makeConnectToken, makeCredentials } from '../../factories/connect.ts';
import { makeDeployedTrigger } from '../../factories/deployed-trigger.ts';
import {
  makeEventSource,
  makeProject,
  makeTemplate,
  makeWebhook,
  makeWorkflow,
  makeWorkspace,
} from '../../factories/resources.ts';
import type {
  App,
  AppOverride,
  ConnectedAccount,
  EventSource,
  OauthApp,
  Project,
  ProjectEnvironment,
  RegistryComponent,
  Template,
  Webhook,
  Workflow,
  Workspace,
} from '../../factories/types.ts';
import { type IdKind, isId, kindOf } from '../../ids/ids.ts';
import { hex } from '../../factories/common.ts';
import { fnv1a32, unixSeconds } from '../../ids/random.ts';
import { addSource, tripleKey, type World, type ProjectRecord, projectRecord } from './world.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as untyped JSON
type Json = Record<string, any>;

export interface DocumentExamples {
  /** Each resource object the examples show, by ID: the fields of all its examples, the richest first. */
  objects: ReadonlyMap<string, Json>;
  /** Each ID the examples name, in document order (paths first), with the names it appears under. */
  ids: ReadonlyMap<string, ReadonlySet<string>>;
  /** The app overrides the examples show (objects with an `id` and a `cfmap`; their IDs carry no prefix). */
  overrides: ReadonlyArray<Json & { id: string }>;
  /** The File Stash keys the examples name (`s3_key` parameters), of files each world holds. */
  stashKeys: readonly string[];
}

/** The end user the document's Connect examples name (`external_user_id: user-1043`). */
const EXAMPLE_EXTERNAL_USER_ID = 'user-1043';

/** `dc_…` named as a `trigger_id` is a deployed trigger; anywhere else a `dc_…` is an event source. */
const DEPLOYED_TRIGGER_NAMES = new Set(['trigger_id']);

/** An opaque cursor example that is the base64url of an ID (the sources' cursors are). */
function cursorId(value: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{6,}$/.test(value)) return undefined;
  try {
    const text = atob(
      value
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(value.length / 4) * 4, '='),
    );
    return kindOf(text) === undefined ? undefined : text;
  } catch {
    return undefined;
  }
}

/**
 * What the document's examples show and name: walked from every `example` and `examples` of the
 * document (parameters, bodies, responses, schemas), paths before components.
 *
 * @example
 * const found = documentExamples(document);
 * found.objects.get('wh_Ka82Lm4'); // {id: 'wh_Ka82Lm4', name: 'Error alerts', url: ..., ...}
 */
export function documentExamples(document: Json): DocumentExamples {
  const objects = new Map<string, Json[]>();
  const ids = new Map<string, Set<string>>();
  const overrides: Array<Json & { id: string }> = [];
  const stashKeys: string[] = [];
  const name = (id: string, under: string) => {
    const names = ids.get(id) ?? new Set<string>();
    names.add(under);
    ids.set(id, names);
  };
  // Inside an example: every object with a known `id` is a resource, every ID-shaped string a reference.
  const example = (node: unknown, under: string): void => {
    if (typeof node === 'string') {
      if (kindOf(node) !== undefined) name(node, under);
      else {
        const decoded = cursorId(node);
        if (decoded !== undefined) name(decoded, 'cursor');
      }
    } else if (Array.isArray(node)) {
      for (const item of node) example(item, under);
    } else if (node !== null && typeof node === 'object') {
      const token = (node as Json).token;
      // A connect token is keyed by its `token` (the SDK's CreateTokenResponse has no `id`).
      const id =
        (node as Json).id ?? (typeof token === 'string' && kindOf(token) === 'connectToken' ? token : undefined);
      if (typeof id === 'string' && kindOf(id) !== undefined)
        objects.set(id, [...(objects.get(id) ?? []), node as Json]);
      if (typeof id === 'string' && typeof (node as Json).cfmap === 'object' && !overrides.some((o) => o.id === id))
        overrides.push(node as Json & { id: string });
      for (const [key, value] of Object.entries(node)) example(value, key === 'data' ? under : key);
    }
  };
  // Outside: find the examples; a parameter's example is named by the parameter.
  const walk = (node: unknown, key: string): void => {
    if (node === null || typeof node !== 'object') return;
    const under =
      typeof (node as Json).in === 'string' && typeof (node as Json).name === 'string' ? (node as Json).name : key;
    if (under === 's3_key' && typeof (node as Json).example === 'string' && !stashKeys.includes((node as Json).example))
      stashKeys.push((node as Json).example);
    for (const [child, value] of Object.entries(node)) {
      if (child === 'example' || (child === 'examples' && Array.isArray(value))) example(value, under);
      // A map of named examples ({name: {summary, value}}): each value, still named by its parameter.
      else if (child === 'examples' && value !== null && typeof value === 'object')
        for (const named of Object.values(value)) example((named as Json)?.value, under);
      else walk(value, child);
    }
  };
  walk(document.paths, 'paths');
  walk(document.components, 'components');
  const merged = new Map<string, Json>();
  for (const [id, shown] of objects) {
    const richest = [...shown].sort((a, b) => Object.keys(b).length - Object.keys(a).length);
    merged.set(id, Object.assign({}, ...richest.reverse()));
    if (!ids.has(id)) name(id, 'id');
  }
  return { objects: merged, ids, overrides, stashKeys };
}

/** The ID of `kind` the examples name most often (ties: the first named), or undefined. */
function mostNamed(examples: DocumentExamples, kind: IdKind): string | undefined {
  let best: string | undefined;
  let count = -1;
  for (const [id, names] of examples.ids) {
    if (kindOf(id) === kind && names.size > count) {
      best = id;
      count = names.size;
    }
  }
  return best;
}

/** A copy of the example's objects and arrays sharing its strings (a world changes objects in place, never a string). */
function shells<T>(value: T): T {
  if (Array.isArray(value)) return value.map(shells) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) out[key] = shells(item);
  return out as T;
}

function without<T extends Json>(value: T, ...keys: string[]): T {
  const out: Json = { ...value };
  for (const key of keys) delete out[key];
  return out as T;
}

/**
 * Plants into `world` every resource the document's examples name that it does not hold yet:
 * workspaces, projects (with `environments`), templates, event sources, workflows, webhooks,
 * connected accounts, deployed triggers and subscriptions. A resource the examples show as an
 * object takes the example's fields over the factory's; one only named gets the factory's fields.
 * Where an example does not say where a resource lives, it lives in the workspace and project the
 * examples name most. A webhook keeps the world's user as `user_id` (the world's user stays its own).
 *
 * @example
 * plantExamples(world, documentExamples(document), ['production', 'development']);
 */
export function plantExamples(
  world: World,
  examples: DocumentExamples,
  environments: readonly ProjectEnvironment[],
): void {
  // Each step draws from the world's faker: the order is part of every world's values.
  const planting: Planting = { world, examples, environments, homeOrg: mostNamed(examples, 'workspace') };
  plantWorkspaces(planting);
  plantProjects(planting);
  plantTemplates(planting);
  const homeProject = mostNamed(examples, 'project');
  const project = homeProject === undefined ? undefined : world.projects.get(homeProject);
  const deployedTriggers = plantSources(planting, project);
  plantWorkflows(planting, project);
  plantWebhooks(planting, project, deployedTriggers);
  if (project !== undefined) {
    plantConnectTokens(planting, project);
    plantAccounts(planting, project);
    // OAuth apps and app overrides after everything else, so no earlier draw moves.
    plantOauthApps(planting, project);
    plantOverrides(planting, project);
    plantStashFiles(planting, project);
  }
  plantSubscriptions(planting);
  plantSavedComponents(planting);
}

/** Components the examples show saved (an `sc_` object with its `code`), last: no earlier draw moves. */
function plantSavedComponents(planting: Planting): void {
  for (const id of unplanted(planting, 'savedComponent')) {
    const example = shown<RegistryComponent>(planting, id);
    if (typeof example.code !== 'string' || typeof example.code_hash !== 'string') continue;
    planting.world.ctx.issued.add(id);
    const at = unixSeconds(planting.world.ctx.now());
    const { name = id, version = '0.0.1', configurable_props = [], created_at = at, updated_at = at } = example;
    const component = { ...example, code: example.code, code_hash: example.code_hash };
    planting.world.savedComponents.set(id, {
      ...component,
      id,
      name,
      version,
      configurable_props,
      created_at,
      updated_at,
    });
  }
}

interface Planting {
  world: World;
  examples: DocumentExamples;
  environments: readonly ProjectEnvironment[];
  /** The workspace the examples name most. */
  homeOrg: string | undefined;
}

/** The IDs of `kind` the examples name and the world has not issued (a planted one is issued), in document order. */
function unplanted({ world, examples }: Planting, kind: IdKind): string[] {
  return [...examples.ids.keys()].filter((id) => kindOf(id) === kind && !world.ctx.issued.has(id));
}

/** The fields the examples show for `id` (the world's own copy), or only the ID. */
function shown<T>({ examples }: Planting, id: string): Partial<T> {
  return shells((examples.objects.get(id) ?? { id }) as Partial<T>);
}

/** The workspace an example names (`org_id`, `owner_id`) when the world holds it, else the home one. */
function orgOf({ world, homeOrg }: Planting, value: Json): string | undefined {
  return [value.org_id, value.owner_id].find((id) => isId('workspace', id) && world.workspaces.has(id)) ?? homeOrg;
}

function plantWorkspaces(planting: Planting): void {
  const { world } = planting;
  for (const id of unplanted(planting, 'workspace')) {
    const example = shown<Workspace>(planting, id);
    planting.world.ctx.issued.add(id);
    const usageFields = example.daily_compute_time_quota !== undefined;
    const workspace = makeWorkspace(world.ctx, example, { usageFields });
    world.workspaces.set(id, { workspace, sourceIds: [], sourceIndex: new Map() });
  }
}

function plantProjects(planting: Planting): void {
  const { world, environments } = planting;
  for (const id of unplanted(planting, 'project')) {
    const example = shown<Project>(planting, id);
    const orgId = orgOf(planting, example);
    if (orgId === undefined) continue;
    planting.world.ctx.issued.add(id);
    const now = unixSeconds(world.ctx.now());
    world.projects.set(id, projectRecord(makeProject(world.ctx, { ...example, org_id: orgId }), environments, now));
  }
}

function plantTemplates(planting: Planting): void {
  for (const id of unplanted(planting, 'template')) {
    planting.world.ctx.issued.add(id);
    planting.world.templates.set(id, makeTemplate(planting.world.ctx, shown<Template>(planting, id)));
  }
}

/** Event sources, and those named as a `trigger_id` deployed triggers of the home project too; returns those. */
function plantSources(planting: Planting, project: ProjectRecord | undefined): string[] {
  const { world, examples, environments } = planting;
  const deployedTriggers: string[] = [];
  for (const id of unplanted(planting, 'source')) {
    const example = shown<EventSource & { owner_id?: string }>(planting, id);
    const orgId = orgOf(planting, example);
    if (orgId === undefined) continue;
    planting.world.ctx.issued.add(id);
    if ([...examples.ids.get(id)!].some((under) => DEPLOYED_TRIGGER_NAMES.has(under)) && project !== undefined) {
      world.deployedTriggers.set(id, {
        trigger: makeDeployedTrigger(world.ctx, { ...example, owner_id: orgId }),
        projectId: project.project.id,
        environment: environments[0]!,
        externalUserId: EXAMPLE_EXTERNAL_USER_ID,
        webhooks: [],
      });
      project.deployedTriggerIds.push(id);
      deployedTriggers.push(id);
    }
    addSource(world, makeEventSource(world.ctx, without(example, 'owner_id')), orgId);
  }
  return deployedTriggers;
}

function plantWorkflows(planting: Planting, project: ProjectRecord | undefined): void {
  const { world } = planting;
  for (const id of unplanted(planting, 'workflow')) {
    const example = shown<Workflow & { org_id?: string }>(planting, id);
    const orgId = orgOf(planting, example);
    if (orgId === undefined || project === undefined) continue;
    planting.world.ctx.issued.add(id);
    const workflow = makeWorkflow(world.ctx, without(example, 'org_id'));
    world.workflows.set(id, { workflow, orgId, projectId: project.project.id, errors: [] });
  }
}

/** A webhook as the examples may show it: a `wh_` object, or a Connect webhook (`signing_key_set`). */
type ShownWebhook = Webhook & { signing_key_set?: boolean; signing_key?: string } & Partial<Timestamps>;
type Timestamps = { created_at: number; updated_at: number };

function plantWebhooks(planting: Planting, project: ProjectRecord | undefined, triggers: readonly string[]): void {
  const { world } = planting;
  for (const id of unplanted(planting, 'webhook')) {
    const example = shown<ShownWebhook>(planting, id);
    if (example.signing_key_set !== undefined) {
      if (project === undefined || example.url === undefined) continue;
      planting.world.ctx.issued.add(id);
      plantConnectWebhook(planting, project, triggers, id, { ...example, url: example.url });
      continue;
    }
    planting.world.ctx.issued.add(id);
    world.webhooks.set(id, makeWebhook(world.ctx, { ...example, user_id: world.user.id }));
  }
}

/** A Connect webhook (`signing_key_set`): a trigger's when named as a `webhook_id`, else the environment's. */
function plantConnectWebhook(
  { world, examples, environments }: Planting,
  project: ProjectRecord,
  deployedTriggers: readonly string[],
  id: string,
  example: Partial<ShownWebhook> & { url: string },
): void {
  const now = unixSeconds(world.ctx.now());
  const hook = {
    url: example.url,
    signing_key: example.signing_key ?? hex(world.ctx, 64),
    created_at: example.created_at ?? now,
    updated_at: example.updated_at ?? now,
  };
  const trigger = deployedTriggers[0] === undefined ? undefined : world.deployedTriggers.get(deployedTriggers[0]);
  if (examples.ids.get(id)!.has('webhook_id') && trigger !== undefined) trigger.webhooks.push({ id, ...hook });
  else {
    const { url, ...kept } = hook;
    project.environments.set(environments[0]!, { webhook_id: id, webhook_url: url, ...kept });
  }
}

function plantConnectTokens(planting: Planting, project: ProjectRecord): void {
  const { world, examples, environments } = planting;
  for (const id of unplanted(planting, 'connectToken')) {
    planting.world.ctx.issued.add(id);
    // A token the examples show with an expiry keeps it (a long-lived one can still start a flow).
    const shownExpiry = (examples.objects.get(id) as { expires_at?: unknown } | undefined)?.expires_at;
    const fields = typeof shownExpiry === 'string' ? { token: id, expires_at: shownExpiry } : { token: id };
    world.connectTokens.set(id, {
      token: makeConnectToken(world.ctx, fields),
      projectId: project.project.id,
      environment: environments[0]!,
      external_user_id: EXAMPLE_EXTERNAL_USER_ID,
      webhook_uri: null,
      allowed_origins: [],
      completed: false,
    });
  }
}

function plantAccounts(planting: Planting, project: ProjectRecord): void {
  const { world, environments } = planting;
  for (const id of unplanted(planting, 'account')) {
    const example = shown<ConnectedAccount & { credentials?: Record<string, unknown> }>(planting, id);
    planting.world.ctx.issued.add(id);
    const account = makeConnectedAccount(world.ctx, without(example, 'credentials'));
    const credentials = example.credentials ?? makeCredentials(world.ctx);
    world.accounts.set(id, { account, projectId: project.project.id, environment: environments[0]!, credentials });
    project.accountIds.push(id);
  }
}

/** OAuth apps (`oa_` objects with a `client_id`), the project's workspace's. */
function plantOauthApps(planting: Planting, project: ProjectRecord): void {
  const { world, examples } = planting;
  for (const id of unplanted(planting, 'app')) {
    const example = examples.objects.get(id);
    if (example?.client_id === undefined) continue;
    planting.world.ctx.issued.add(id);
    const app = { ...shells(example), owner_id: project.project.org_id } as OauthApp;
    world.oauthApps.set(id, { app, client_secret: hex(world.ctx, 40) });
  }
}

/** App overrides (objects with a `cfmap`), the project's own. */
function plantOverrides({ world, examples }: Planting, project: ProjectRecord): void {
  for (const example of examples.overrides) {
    if (world.appOverrides.has(example.id)) continue;
    const override = { ...shells(example), owner_id: project.project.id } as AppOverride;
    const connect = { allowed_domains: [], base_proxy_target_url: '', proxy_enabled: false };
    world.appOverrides.set(example.id, { override, app: { ...override.app, connect } as App });
  }
}

/** The File Stash's files the examples download: the home project's, no draw (their bytes: ../connect/file-stash.ts). */
function plantStashFiles({ world, examples, environments }: Planting, project: ProjectRecord): void {
  for (const s3Key of examples.stashKeys) {
    const [, projectId, , hash, , ...name] = s3Key.split('/');
    if (projectId !== project.project.id || world.stashFiles.has(s3Key)) continue;
    const filename = name.join('/');
    world.stashFiles.set(s3Key, {
      s3Key,
      projectId,
      environment: environments[0]!,
      externalUserId: EXAMPLE_EXTERNAL_USER_ID,
      filename,
      size: 2048,
      hash: Number.parseInt(hash!, 36),
    });
  }
}

function plantSubscriptions(planting: Planting): void {
  const { world, examples, homeOrg } = planting;
  for (const id of unplanted(planting, 'subscription')) {
    const example = examples.objects.get(id);
    if (example === undefined) continue;
    const { emitter_id: emitter, listener_id: listener, event_name: eventName } = example;
    const key = tripleKey(emitter, listener, eventName);
    const orgId = world.sources.get(emitter)?.orgId ?? world.workflows.get(emitter)?.orgId ?? homeOrg;
    const listens = world.webhooks.has(listener) || world.workflows.has(listener) || world.sources.has(listener);
    if (orgId === undefined || !listens || world.subscriptions.has(key)) continue;
    planting.world.ctx.issued.add(id);
    const subscription = { id, emitter_id: emitter, listener_id: listener, event_name: eventName };
    world.subscriptions.set(key, { subscription, orgId });
    plantDefaultStreamTwin(planting, id, example, orgId);
  }
}

/**
 * A runner that drops optional parameters (Portman) sends the example's pair without `event_name` (the default
 * stream): that pair is planted there too, under an ID made from the example's, so no draw moves.
 */
function plantDefaultStreamTwin(planting: Planting, id: string, example: Json, orgId: string): void {
  const { world } = planting;
  const { emitter_id: emitter, listener_id: listener, event_name: eventName } = example;
  const defaultKey = tripleKey(emitter, listener, '');
  if (eventName === '' || world.subscriptions.has(defaultKey)) return;
  const twin = derivedId(id);
  if (world.ctx.issued.has(twin)) return;
  planting.world.ctx.issued.add(twin);
  const subscription = { id: twin, emitter_id: emitter, listener_id: listener, event_name: '' };
  world.subscriptions.set(defaultKey, { subscription, orgId });
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An ID of the same kind as `id`, fixed by it (two FNV-1a hashes), drawing nothing from the world's faker. */
function derivedId(id: string): string {
  const prefix = id.slice(0, id.indexOf('_') + 1);
  let suffix = '';
  for (const basis of [0x811c9dc5, 0x050c5d1f]) {
    let n = fnv1a32(`${id} default stream`, basis);
    for (let i = 0; i < 4; i++, n = Math.floor(n / 62)) suffix += BASE62[n % 62];
  }
  return prefix + suffix.slice(0, id.length - prefix.length);
}
