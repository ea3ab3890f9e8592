// The one route table: operationId -> handler. A handler gets its request validated, coerced and defaulted by the
// document (routes-meta.ts) and makes one store call; respond.ts turns its Result into HTTP.
import { ok } from '../common/errors.ts';
import { issueOAuthToken } from './auth.ts';
import { RawAnswer } from './respond.ts';
import * as api from '../store/api/index.ts';
import * as connect from '../store/connect/index.ts';
import type { RouteTable } from './routes-meta.ts';

export type { RouteTable } from './routes-meta.ts';

export const routes: RouteTable = {
  // The login (auth.ts): the app ran it in the world of the token it issues (mocks/app/pipeline.ts).
  createOAuthToken: ({ body }) => ok(issueOAuthToken(body.client_id)),
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

  // Connect: `x-pd-environment` and, on deployed triggers, `external_user_id` scope what is found.
  getProjectWebhook: ({ world, path, header }) =>
    connect.getProjectWebhook(world, path.project_id, header['x-pd-environment']),

  // The document requires one of `webhook_url` (the spec's name) and `url` (the SDK's); the first wins.
  setProjectWebhook: ({ world, path, header, body }) =>
    connect.setProjectWebhook(world, path.project_id, header['x-pd-environment'], (body.webhook_url ?? body.url)!),
  deleteProjectWebhook: ({ world, path, header }) =>
    connect.deleteProjectWebhook(world, path.project_id, header['x-pd-environment']),
  regenerateProjectWebhookSigningKey: ({ world, path, header }) =>
    connect.regenerateProjectWebhookSigningKey(world, path.project_id, header['x-pd-environment']),
  createConnectToken: ({ world, path, header, body }) =>
    connect.createConnectToken(world, path.project_id, header['x-pd-environment'], body),
  validateConnectToken: ({ world, path, header }) =>
    connect.validateConnectToken(world, path.ctok, header['x-pd-environment']),
  listConnectedAccounts: ({ world, path, header, query }) =>
    connect.listConnectedAccounts(world, path.project_id, header['x-pd-environment'], query),
  getConnectedAccount: ({ world, path, header, query }) =>
    connect.getConnectedAccount(world, path.project_id, path.account_id, {
      includeCredentials: query.include_credentials,
      environment: header['x-pd-environment'],
    }),
  deleteConnectedAccount: ({ world, path, header }) =>
    connect.deleteConnectedAccount(world, path.project_id, path.account_id, header['x-pd-environment']),
  listTriggerComponents: ({ world, path, query }) => connect.listTriggerComponents(world, path.project_id, query),
  getTriggerComponent: ({ world, path }) => connect.getTriggerComponent(world, path.project_id, path.component_id),
  deployTrigger: ({ world, path, header, body }) =>
    connect.deployTrigger(world, path.project_id, header['x-pd-environment'], body),
  listDeployedTriggers: ({ world, path, header, query }) =>
    connect.listDeployedTriggers(
      world,
      path.project_id,
      { environment: header['x-pd-environment'], externalUserId: query.external_user_id },
      query,
    ),
  getDeployedTrigger: ({ world, path, header, query }) =>
    connect.getDeployedTrigger(world, path.project_id, path.trigger_id, scope(header, query)),
  deleteDeployedTrigger: ({ world, path, header, query }) =>
    connect.deleteDeployedTrigger(world, path.project_id, path.trigger_id, scope(header, query)),
  updateDeployedTrigger: ({ world, path, header, query, body }) =>
    connect.updateDeployedTrigger(world, path.project_id, path.trigger_id, body, scope(header, query)),
  listDeployedTriggerEvents: ({ world, path, header, query }) =>
    connect.listDeployedTriggerEvents(world, path.project_id, path.trigger_id, query.n, scope(header, query)),
  listDeployedTriggerWorkflows: ({ world, path, header, query }) =>
    connect.listDeployedTriggerWorkflows(world, path.project_id, path.trigger_id, scope(header, query)),
  setDeployedTriggerWorkflows: ({ world, path, header, query, body }) =>
    connect.setDeployedTriggerWorkflows(
      world,
      path.project_id,
      path.trigger_id,
      body.workflow_ids,
      scope(header, query),
    ),

  // Trigger-webhook keys only for workspace OAuth tokens (the service's docs; openapi/openapi.yaml).
  listDeployedTriggerWebhooks: ({ world, path, header, query, credentials }) =>
    connect.listDeployedTriggerWebhooks(
      world,
      path.project_id,
      path.trigger_id,
      scope(header, query),
      credentials.kind === 'workspace_oauth',
    ),
  setDeployedTriggerWebhooks: ({ world, path, header, query, body, credentials }) =>
    connect.setDeployedTriggerWebhooks(
      world,
      path.project_id,
      path.trigger_id,
      body.webhook_urls,
      scope(header, query),
      credentials.kind === 'workspace_oauth',
    ),
  getDeployedTriggerWebhook: ({ world, path, header, query }) =>
    connect.getDeployedTriggerWebhook(world, path.project_id, path.trigger_id, path.webhook_id, scope(header, query)),
  regenerateDeployedTriggerWebhookSigningKey: ({ world, path, header, query }) =>
    connect.regenerateDeployedTriggerWebhookSigningKey(
      world,
      path.project_id,
      path.trigger_id,
      path.webhook_id,
      scope(header, query),
    ),

  // The catalogue (issue 17): the apps and categories of the server seed, the same in every world.
  listApps: ({ world, query }) => api.listApps(world, query),
  getApp: ({ world, path }) => api.getApp(world, path.app_id),
  listAppCategories: ({ world }) => api.listAppCategories(world),
  getAppCategory: ({ world, path }) => api.getAppCategory(world, path.id),

  // Components: one catalogue; `components.*` read all, `actions.*` and `triggers.*` their part.
  listComponents: ({ world, path, query }) => connect.listComponents(world, path.project_id, 'component', query),
  getComponent: ({ world, path, query }) =>
    connect.getComponent(world, path.project_id, 'component', path.component_id, query.version),
  configureComponentProp: ({ world, path, header, body }) =>
    connect.configureProp(world, 'component', where(path, header), body),
  reloadComponentProps: ({ world, path, header, body }) =>
    connect.reloadProps(world, 'component', where(path, header), body),
  listActions: ({ world, path, query }) => connect.listComponents(world, path.project_id, 'action', query),
  getAction: ({ world, path, query }) =>
    connect.getComponent(world, path.project_id, 'action', path.component_id, query.version),
  configureActionProp: ({ world, path, header, body }) =>
    connect.configureProp(world, 'action', where(path, header), body),
  reloadActionProps: ({ world, path, header, body }) => connect.reloadProps(world, 'action', where(path, header), body),
  runAction: ({ world, path, header, body }) => connect.runAction(world, where(path, header), body),
  configureTriggerProp: ({ world, path, header, body }) =>
    connect.configureProp(world, 'trigger', where(path, header), body),
  reloadTriggerProps: ({ world, path, header, body }) =>
    connect.reloadProps(world, 'trigger', where(path, header), body),

  // The File Stash: the bytes of a file an action run synced, not JSON (respond.ts RawAnswer).
  downloadStashFile: ({ world, path, header, query }) => {
    const file = connect.downloadStashFile(world, path.project_id, header['x-pd-environment'], query.s3_key);
    if (!file.ok) return file;
    const disposition = `attachment; filename="${file.value.filename.replace(/["\\\r\n]/g, '_')}"`;
    return ok(new RawAnswer('application/octet-stream', file.value.content, { 'content-disposition': disposition }));
  },

  // The Connect proxy answers as a deterministic upstream: nothing leaves the machine (store/proxy.ts).
  proxyGet: (ctx) => connect.proxy(ctx.world, proxied(ctx, 'GET')),
  proxyPost: (ctx) => connect.proxy(ctx.world, proxied(ctx, 'POST')),
  proxyPut: (ctx) => connect.proxy(ctx.world, proxied(ctx, 'PUT')),
  proxyPatch: (ctx) => connect.proxy(ctx.world, proxied(ctx, 'PATCH')),
  proxyDelete: (ctx) => connect.proxy(ctx.world, proxied(ctx, 'DELETE')),
  // Connect projects, their end users and usage (issue 17; openapi/openapi.yaml names each SDK model).
  listProjects: ({ world, query }) => connect.listProjects(world, query),
  createProject: ({ world, body }) => connect.createProject(world, body),
  getProject: ({ world, path }) => connect.getProject(world, path.project_id),
  updateProject: ({ world, path, body }) => connect.updateProject(world, path.project_id, body),
  deleteProject: ({ world, path }) => connect.deleteProject(world, path.project_id),
  updateProjectLogo: ({ world, path, body }) => connect.updateProjectLogo(world, path.project_id, body.logo),
  getProjectInfo: ({ world, path, header }) =>
    connect.getProjectInfo(world, path.project_id, header['x-pd-environment']),
  listExternalUsers: ({ world, path, header, query }) =>
    connect.listExternalUsers(world, path.project_id, header['x-pd-environment'], query),
  deleteExternalUser: ({ world, path, header }) =>
    connect.deleteExternalUser(world, path.project_id, header['x-pd-environment'], path.external_user_id),
  listConnectUsage: ({ world, query }) => connect.listConnectUsage(world, query),

  // Connect accounts by app and end user, OAuth apps and app overrides (issue 17).
  createConnectedAccount: ({ world, path, header, query, body }) =>
    connect.createConnectedAccount(world, path.project_id, header['x-pd-environment'], body, query),
  deleteAccountsByApp: ({ world, path, header }) =>
    connect.deleteAccountsByApp(world, path.project_id, header['x-pd-environment'], path.app_id),
  listAccountsByExternalUser: ({ world, path, header, query }) =>
    connect.listAccountsByExternalUser(
      world,
      path.project_id,
      header['x-pd-environment'],
      path.external_user_id,
      query,
    ),
  listOauthApps: ({ world, path, query }) => connect.listOauthApps(world, path.project_id, query),
  createOauthApp: ({ world, path, body }) => connect.createOauthApp(world, path.project_id, body),
  getOauthApp: ({ world, path }) => connect.getOauthApp(world, path.project_id, path.id),
  updateOauthApp: ({ world, path, body }) => connect.updateOauthApp(world, path.project_id, path.id, body),
  deleteOauthApp: ({ world, path }) => connect.deleteOauthApp(world, path.project_id, path.id),
  listAppOverrides: ({ world, path, query }) => connect.listAppOverrides(world, path.project_id, query),
  createAppOverride: ({ world, path, body }) => connect.createAppOverride(world, path.project_id, body),
  getAppOverride: ({ world, path }) => connect.getAppOverride(world, path.project_id, path.id),
  updateAppOverride: ({ world, path, body }) => connect.updateAppOverride(world, path.project_id, path.id, body),
  deleteAppOverride: ({ world, path }) => connect.deleteAppOverride(world, path.project_id, path.id),
};

/** Who asks for a deployed trigger: the environment header and the end user, both required by the document. */
function scope(
  header: { 'x-pd-environment': connect.TriggerScope['environment'] },
  query: { external_user_id: string },
): connect.TriggerScope {
  return { environment: header['x-pd-environment'], externalUserId: query.external_user_id };
}

/** The project and environment a catalogue call works in. */
function where(path: { project_id: string }, header: { 'x-pd-environment': connect.TriggerScope['environment'] }) {
  return { projectId: path.project_id, environment: header['x-pd-environment'] };
}

/** A proxied request: the same path, query and headers for every method, the body where the method has one. */
interface ProxiedContext {
  path: { project_id: string; url_64: string };
  query: { external_user_id: string; account_id: string };
  header: { 'x-pd-environment': connect.TriggerScope['environment'] };
  headers: Readonly<Record<string, string>>;
  body?: unknown;
}

function proxied(ctx: ProxiedContext, method: connect.ProxyMethod): connect.ProxyRequest {
  const { path, query, header, headers } = ctx;
  const request: connect.ProxyRequest = {
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
