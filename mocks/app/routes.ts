// The one route table: operationId (from openapi/openapi.yaml) -> handler. A handler receives its
// operation's request validated, coerced and defaulted by the document (routes-meta.ts), so it
// only translates it into one store call; the store decides what depends on the world, and
// respond.ts turns its Result into HTTP.
import * as store from '../store/index.ts';
import type { RouteTable } from './routes-meta.ts';

export type { RouteContext, RouteTable } from './routes-meta.ts';

export const routes: RouteTable = {
  getCurrentUser: ({ world }) => store.getCurrentUser(world),

  getWorkspace: ({ world, path }) => store.getWorkspace(world, path.org_id),

  listWorkspaceSources: ({ world, path, query }) => store.listWorkspaceSources(world, path.org_id, query),

  createWorkflow: ({ world, body }) => store.createWorkflow(world, body),

  getWorkflow: ({ world, path }) => store.getWorkflow(world, path.id),

  // Open only to the token kinds of the operation's `x-token-kinds` (checked by the app).
  updateWorkflowActivation: ({ world, path, body }) => store.updateWorkflowActivation(world, path.id, body),

  createWebhook: ({ world, query }) => store.createWebhook(world, query),

  listWebhooks: ({ world }) => store.listWebhooks(world),

  deleteWebhook: ({ world, path }) => store.deleteWebhook(world, path.id),

  createSubscription: ({ world, query }) => store.createSubscription(world, query),

  deleteSubscription: ({ world, query }) => store.deleteSubscription(world, query),

  listWorkspaceSubscriptions: ({ world, path }) => store.listWorkspaceSubscriptions(world, path.org_id),

  createAutoSubscription: ({ world, query }) => store.createAutoSubscription(world, query),

  getWorkflowErrorEventSummaries: ({ world, path, query }) => store.getWorkflowErrorEventSummaries(world, path.workflow_id, query),

  // The document requires one of `webhook_url` (the spec's name) and `url`; the first wins.
  setProjectWebhook: ({ world, path, header, body }) =>
    store.setProjectWebhook(world, path.project_id, header['x-pd-environment'], (body.webhook_url ?? body.url)!),

  createConnectToken: ({ world, path, header, body }) => store.createConnectToken(world, path.project_id, header['x-pd-environment'], body),

  getConnectedAccount: ({ world, path, query }) =>
    store.getConnectedAccount(world, path.project_id, path.account_id, { includeCredentials: query.include_credentials }),

  setDeployedTriggerWebhooks: ({ world, path, body }) => store.setDeployedTriggerWebhooks(world, path.project_id, path.trigger_id, body.webhook_urls),
};
