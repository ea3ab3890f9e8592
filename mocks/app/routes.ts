// The one route table: operationId (from openapi/openapi.yaml) -> handler. A handler receives its
// operation's request validated, coerced and defaulted by the document (routes-meta.ts), so it
// only translates it into one store call; the store decides what depends on the world, and
// respond.ts turns its Result into HTTP.
import { ok, type Result } from '../common/errors.ts';
import type { PathOperationId } from '../../openapi/generated/schema.ts';
import { issueOAuthToken } from './auth.ts';
import { ACCEPTED, RawAnswer } from './respond.ts';
import * as api from '../store/api/index.ts';
import type * as Connect from '../store/connect/operations.ts';
import type { ProxyMethod, ProxyRequest, TriggerScope } from '../store/connect/operations.ts';
import type { Route, RouteContext, RouteTable } from './routes-meta.ts';

export type { RouteTable } from './routes-meta.ts';

type ConnectOperations = typeof Connect;

/** Connect's routes: each is handed Connect's operations, which the route table loads on first use (loadedOnUse). */
type ConnectRoutes = {
  [K in PathOperationId]?: (connect: ConnectOperations, ctx: RouteContext<K>) => Result<unknown>;
};

const CONNECT_ROUTES = {
  // Connect (openapi/openapi.yaml names the @pipedream/sdk model of each answer). Required, and scoping what is
  // found: `x-pd-environment`, and `external_user_id` on deployed triggers (EnvironmentHeader, ExternalUserIdQuery).
  getProjectWebhook: (connect, { world, path, header }) =>
    connect.getProjectWebhook(world, path.project_id, header['x-pd-environment']),

  // The document requires one of `webhook_url` (the spec's name) and `url` (the SDK's); the first wins.
  setProjectWebhook: (connect, { world, path, header, body }) =>
    connect.setProjectWebhook(world, path.project_id, header['x-pd-environment'], (body.webhook_url ?? body.url)!),

  deleteProjectWebhook: (connect, { world, path, header }) =>
    connect.deleteProjectWebhook(world, path.project_id, header['x-pd-environment']),

  regenerateProjectWebhookSigningKey: (connect, { world, path, header }) =>
    connect.regenerateProjectWebhookSigningKey(world, path.project_id, header['x-pd-environment']),

  createConnectToken: (connect, { world, path, header, body }) =>
    connect.createConnectToken(world, path.project_id, header['x-pd-environment'], body),

  validateConnectToken: (connect, { world, path, header }) =>
    connect.validateConnectToken(world, path.ctok, header['x-pd-environment']),

  listConnectedAccounts: (connect, { world, path, header, query }) =>
    connect.listConnectedAccounts(world, path.project_id, header['x-pd-environment'], query),

  getConnectedAccount: (connect, { world, path, header, query }) =>
    connect.getConnectedAccount(world, path.project_id, path.account_id, {
      includeCredentials: query.include_credentials,
      environment: header['x-pd-environment'],
    }),

  deleteConnectedAccount: (connect, { world, path, header }) =>
    connect.deleteConnectedAccount(world, path.project_id, path.account_id, header['x-pd-environment']),

  listTriggerComponents: (connect, { world, path, query }) =>
    connect.listComponents(world, path.project_id, 'trigger', query),

  getTriggerComponent: (connect, { world, path }) =>
    connect.getComponent(world, path.project_id, 'trigger', path.component_id),

  deployTrigger: (connect, { world, path, header, body }) =>
    connect.deployTrigger(world, path.project_id, header['x-pd-environment'], body),

  listDeployedTriggers: (connect, { world, path, header, query }) =>
    connect.listDeployedTriggers(
      world,
      path.project_id,
      { environment: header['x-pd-environment'], externalUserId: query.external_user_id },
      query,
    ),

  getDeployedTrigger: (connect, { world, path, header, query }) =>
    connect.getDeployedTrigger(world, path.project_id, path.trigger_id, scope(header, query)),

  deleteDeployedTrigger: (connect, { world, path, header, query }) =>
    connect.deleteDeployedTrigger(world, path.project_id, path.trigger_id, scope(header, query)),

  updateDeployedTrigger: (connect, { world, path, header, query, body }) =>
    connect.updateDeployedTrigger(world, path.project_id, path.trigger_id, body, scope(header, query)),

  listDeployedTriggerEvents: (connect, { world, path, header, query }) =>
    connect.listDeployedTriggerEvents(world, path.project_id, path.trigger_id, query.n, scope(header, query)),

  listDeployedTriggerWorkflows: (connect, { world, path, header, query }) =>
    connect.listDeployedTriggerWorkflows(world, path.project_id, path.trigger_id, scope(header, query)),

  setDeployedTriggerWorkflows: (connect, { world, path, header, query, body }) =>
    connect.setDeployedTriggerWorkflows(
      world,
      path.project_id,
      path.trigger_id,
      body.workflow_ids,
      scope(header, query),
    ),

  // Trigger-webhook keys only for workspace OAuth tokens (the service's docs; openapi/openapi.yaml).
  listDeployedTriggerWebhooks: (connect, { world, path, header, query, credentials }) =>
    connect.listDeployedTriggerWebhooks(
      world,
      path.project_id,
      path.trigger_id,
      scope(header, query),
      credentials.kind === 'workspace_oauth',
    ),

  setDeployedTriggerWebhooks: (connect, { world, path, header, query, body, credentials }) =>
    connect.setDeployedTriggerWebhooks(
      world,
      path.project_id,
      path.trigger_id,
      body.webhook_urls,
      scope(header, query),
      credentials.kind === 'workspace_oauth',
    ),

  getDeployedTriggerWebhook: (connect, { world, path, header, query }) =>
    connect.getDeployedTriggerWebhook(world, path.project_id, path.trigger_id, path.webhook_id, scope(header, query)),

  regenerateDeployedTriggerWebhookSigningKey: (connect, { world, path, header, query }) =>
    connect.regenerateDeployedTriggerWebhookSigningKey(
      world,
      path.project_id,
      path.trigger_id,
      path.webhook_id,
      scope(header, query),
    ),

  // Components: the same catalogue in every world; `components.*` reads all of it, `actions.*` and `triggers.*`
  // their own part. Accounts in configured props are the end user's, in this project and environment.
  listComponents: (connect, { world, path, query }) =>
    connect.listComponents(world, path.project_id, 'component', query),

  getComponent: (connect, { world, path, query }) =>
    connect.getComponent(world, path.project_id, 'component', path.component_id, query.version),

  configureComponentProp: (connect, { world, path, header, body }) =>
    connect.configureProp(world, 'component', where(path, header), body),

  reloadComponentProps: (connect, { world, path, header, body }) =>
    connect.reloadProps(world, 'component', where(path, header), body),

  listActions: (connect, { world, path, query }) => connect.listComponents(world, path.project_id, 'action', query),

  getAction: (connect, { world, path, query }) =>
    connect.getComponent(world, path.project_id, 'action', path.component_id, query.version),

  configureActionProp: (connect, { world, path, header, body }) =>
    connect.configureProp(world, 'action', where(path, header), body),

  reloadActionProps: (connect, { world, path, header, body }) =>
    connect.reloadProps(world, 'action', where(path, header), body),

  runAction: (connect, { world, path, header, body }) => connect.runAction(world, where(path, header), body),

  configureTriggerProp: (connect, { world, path, header, body }) =>
    connect.configureProp(world, 'trigger', where(path, header), body),

  reloadTriggerProps: (connect, { world, path, header, body }) =>
    connect.reloadProps(world, 'trigger', where(path, header), body),

  // The File Stash: the bytes of a file an action run synced, not JSON (respond.ts RawAnswer).
  downloadStashFile: (connect, { world, path, header, query }) => {
    const file = connect.downloadStashFile(world, path.project_id, header['x-pd-environment'], query.s3_key);
    if (!file.ok) return file;
    const disposition = `attachment; filename="${file.value.filename.replace(/["\\\r\n]/g, '_')}"`;
    return ok(new RawAnswer('application/octet-stream', file.value.content, { 'content-disposition': disposition }));
  },

  // The Connect proxy answers as a deterministic upstream: nothing leaves the machine (store/proxy.ts).
  proxyGet: (connect, ctx) => connect.proxy(ctx.world, proxied(ctx, 'GET')),

  proxyPost: (connect, ctx) => connect.proxy(ctx.world, proxied(ctx, 'POST')),

  proxyPut: (connect, ctx) => connect.proxy(ctx.world, proxied(ctx, 'PUT')),

  proxyPatch: (connect, ctx) => connect.proxy(ctx.world, proxied(ctx, 'PATCH')),

  proxyDelete: (connect, ctx) => connect.proxy(ctx.world, proxied(ctx, 'DELETE')),
  // Connect projects, their end users and usage (openapi/openapi.yaml names each SDK model).
  listProjects: (connect, { world, query }) => connect.listProjects(world, query),

  createProject: (connect, { world, body }) => connect.createProject(world, body),

  getProject: (connect, { world, path }) => connect.getProject(world, path.project_id),

  updateProject: (connect, { world, path, body }) => connect.updateProject(world, path.project_id, body),

  deleteProject: (connect, { world, path }) => connect.deleteProject(world, path.project_id),

  updateProjectLogo: (connect, { world, path, body }) => connect.updateProjectLogo(world, path.project_id, body.logo),

  getProjectInfo: (connect, { world, path, header }) =>
    connect.getProjectInfo(world, path.project_id, header['x-pd-environment']),

  listExternalUsers: (connect, { world, path, header, query }) =>
    connect.listExternalUsers(world, path.project_id, header['x-pd-environment'], query),

  deleteExternalUser: (connect, { world, path, header }) =>
    connect.deleteExternalUser(world, path.project_id, header['x-pd-environment'], path.external_user_id),

  listConnectUsage: (connect, { world, query }) => connect.listConnectUsage(world, query),

  // Connect accounts by app and end user, OAuth apps and app overrides.
  createConnectedAccount: (connect, { world, path, header, query, body }) =>
    connect.createConnectedAccount(world, path.project_id, header['x-pd-environment'], body, query),

  deleteAccountsByApp: (connect, { world, path, header }) =>
    connect.deleteAccountsByApp(world, path.project_id, header['x-pd-environment'], path.app_id),

  listAccountsByExternalUser: (connect, { world, path, header, query }) =>
    connect.listAccountsByExternalUser(
      world,
      path.project_id,
      header['x-pd-environment'],
      path.external_user_id,
      query,
    ),

  listOauthApps: (connect, { world, path, query }) => connect.listOauthApps(world, path.project_id, query),

  createOauthApp: (connect, { world, path, body }) => connect.createOauthApp(world, path.project_id, body),

  getOauthApp: (connect, { world, path }) => connect.getOauthApp(world, path.project_id, path.id),

  updateOauthApp: (connect, { world, path, body }) => connect.updateOauthApp(world, path.project_id, path.id, body),

  deleteOauthApp: (connect, { world, path }) => connect.deleteOauthApp(world, path.project_id, path.id),

  listAppOverrides: (connect, { world, path, query }) => connect.listAppOverrides(world, path.project_id, query),

  createAppOverride: (connect, { world, path, body }) => connect.createAppOverride(world, path.project_id, body),

  getAppOverride: (connect, { world, path }) => connect.getAppOverride(world, path.project_id, path.id),

  updateAppOverride: (connect, { world, path, body }) =>
    connect.updateAppOverride(world, path.project_id, path.id, body),

  deleteAppOverride: (connect, { world, path }) => connect.deleteAppOverride(world, path.project_id, path.id),

  // The reference's source writes and components load with Connect's module: they read the Connect catalogue's
  // components (the registry), which a page that never sends them need not load. Open to `x-token-kinds`' kinds.
  createSource: (connect, { world, body }) => connect.createSource(world, body),

  updateSource: (connect, { world, path, body }) => connect.updateSource(world, path.id, body),

  deleteSource: (connect, { world, path }) => connect.deleteSource(world, path.id),

  createSavedComponent: (connect, { world, body }) => connect.createSavedComponent(world, body),

  getSavedComponent: (connect, { world, path }) => connect.getSavedComponent(world, path.key_or_id),

  getRegistryComponent: (connect, { path }) => connect.getRegistryComponent(path.component_id),
} satisfies ConnectRoutes;

/** The route table: every operation's handler, Connect's loading its module on the first Connect request. */
export const routes: RouteTable = {
  ...loadedOnUse(CONNECT_ROUTES),
  // The login (auth.ts): the app ran it in the world of the token it issues (mocks/app/pipeline.ts).
  createOAuthToken: ({ body }) => ok(issueOAuthToken(body.client_id)),

  // The revocation ran in the app's login stage (the store holds revoked tokens); its answer is the reference's `{}`.
  revokeOAuthToken: () => ok({}),

  getCurrentUser: ({ world }) => api.getCurrentUser(world),

  getWorkspace: ({ world, path }) => api.getWorkspace(world, path.org_id),

  listWorkspaceSources: ({ world, path, query }) => api.listWorkspaceSources(world, path.org_id, query),

  createWorkflow: ({ world, body }) => api.createWorkflow(world, body),

  getWorkflow: ({ world, path }) => api.getWorkflow(world, path.id),

  // Open only to the token kinds of the operation's `x-token-kinds` (checked by the app).
  updateWorkflowActivation: ({ world, path, body }) => api.updateWorkflowActivation(world, path.id, body),

  createWebhook: ({ world, query }) => api.createWebhook(world, query),

  listWebhooks: ({ world }) => api.listWebhooks(world),

  deleteWebhook: ({ world, path }) => api.deleteWebhook(world, path.id),

  createSubscription: ({ world, query }) => api.createSubscription(world, query),

  deleteSubscription: ({ world, query }) => api.deleteSubscription(world, query),

  listWorkspaceSubscriptions: ({ world, path }) => api.listWorkspaceSubscriptions(world, path.org_id),

  createAutoSubscription: ({ world, query }) => api.createAutoSubscription(world, query),

  getWorkflowErrorEventSummaries: ({ world, path, query }) =>
    api.getWorkflowErrorEventSummaries(world, path.workflow_id, query),

  // A source's events (the reference's pages; openapi/openapi.yaml).
  getSourceEventSummaries: ({ world, path, query }) => api.getSourceEventSummaries(world, path.id, query),

  getWorkflowEmits: ({ world, path, query }) => api.getWorkflowEmits(world, path.workflow_id, query),

  // The service deletes after answering 202; the mock has deleted by then.
  deleteSourceEvents: ({ world, path, query }) => {
    const deleted = api.deleteSourceEvents(world, path.id, query);
    return deleted.ok ? ok(ACCEPTED) : deleted;
  },

  // The catalogue: the apps and categories of the server seed, the same in every world.
  listApps: ({ world, query }) => api.listApps(world, query),

  getApp: ({ world, path }) => api.getApp(world, path.app_id),

  // The reference's apps: the same catalogue, its flags `1`/`0` (or `true`/`false`) read as booleans.
  listCatalogueApps: ({ world, query }) =>
    api.listApps(world, {
      ...query,
      sort_key: 'name',
      sort_direction: 'asc',
      has_components: flag(query.has_components),
      has_actions: flag(query.has_actions),
      has_triggers: flag(query.has_triggers),
    }),

  getCatalogueApp: ({ world, path }) => api.getApp(world, path.app_id),

  listAppCategories: ({ world }) => api.listAppCategories(world),

  getAppCategory: ({ world, path }) => api.getAppCategory(world, path.id),
};

/** A flag of the reference's List apps (`AppFlag`): absent, or whether it holds. */
function flag(value: '1' | '0' | 'true' | 'false' | undefined): boolean | undefined {
  return value === undefined ? undefined : value === '1' || value === 'true';
}

/** Who asks for a deployed trigger: the environment header and the end user, both required by the document. */
function scope(
  header: { 'x-pd-environment': TriggerScope['environment'] },
  query: { external_user_id: string },
): TriggerScope {
  return { environment: header['x-pd-environment'], externalUserId: query.external_user_id };
}

function where(path: { project_id: string }, header: { 'x-pd-environment': TriggerScope['environment'] }) {
  return { projectId: path.project_id, environment: header['x-pd-environment'] };
}

/** A proxied request: the same path, query and headers for every method, the body where the method has one. */
interface ProxiedContext {
  path: { project_id: string; url_64: string };
  query: { external_user_id: string; account_id: string };
  header: { 'x-pd-environment': TriggerScope['environment'] };
  headers: Readonly<Record<string, string>>;
  body?: unknown;
}

function proxied(ctx: ProxiedContext, method: ProxyMethod): ProxyRequest {
  const { path, query, header, headers } = ctx;
  const request: ProxyRequest = {
    projectId: path.project_id,
    environment: header['x-pd-environment'],
    externalUserId: query.external_user_id,
    accountId: query.account_id,
    url64: path.url_64,
    method,
    headers,
  };
  if (ctx.body !== undefined) request.body = ctx.body;
  return request;
}

let connectOperations: ConnectOperations | undefined;
let loadingConnect: Promise<ConnectOperations> | undefined;

/**
 * Connect's routes as routes of the table. Connect's operations are imported on the first Connect
 * request, so a page that never calls Connect never loads them (docs/performance.md, "Browser
 * weight"); from then on a route runs at once, as every other route does. A failed import fails
 * that request, and the next one tries again.
 */
function loadedOnUse<T extends ConnectRoutes>(table: T): { [K in keyof T & PathOperationId]: Route<K> } {
  const load = () =>
    (loadingConnect ??= import('../store/connect/operations.ts').then(
      (loaded) => (connectOperations = loaded),
      (error: unknown) => {
        loadingConnect = undefined;
        throw error;
      },
    ));
  const route =
    (run: (connect: ConnectOperations, ctx: never) => Result<unknown>) =>
    (ctx: never): Result<unknown> | Promise<Result<unknown>> =>
      connectOperations !== undefined ? run(connectOperations, ctx) : load().then((loaded) => run(loaded, ctx));
  // The table's own keys: the mapped type says each keeps its operation's context.
  return Object.fromEntries(Object.entries(table).map(([id, run]) => [id, route(run)])) as never;
}
