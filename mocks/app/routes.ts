// The one route table: operationId (from openapi/openapi.yaml) -> handler. Handlers receive
// parameters already validated and coerced against the document and only translate them into
// a store operation; the store decides, and respond.ts turns its Result into HTTP.
import { fail, type Result } from '../errors.ts';
import * as store from '../store/index.ts';
import type { RouteContext, RouteHandler } from './routes-meta.ts';

export type { RouteContext, RouteHandler } from './routes-meta.ts';
export { storeDecides } from './routes-meta.ts';

// Parameters arrive validated, so these only narrow types; a missing optional one is undefined.
const str = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));
const optStr = (value: unknown): string | undefined => (value === undefined ? undefined : str(value));
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The environment header of the Connect endpoints; optional ones default to production (README). */
const environment = (ctx: RouteContext): string => optStr(ctx.header['x-pd-environment']) ?? 'production';

export const routes: Record<string, RouteHandler> = {
  getCurrentUser: ({ world }) => store.getCurrentUser(world),

  getWorkspace: ({ world, path }) => store.getWorkspace(world, str(path.org_id)),

  listWorkspaceSources: ({ world, path, query }) =>
    store.listWorkspaceSources(world, str(path.org_id), {
      limit: typeof query.limit === 'number' ? query.limit : 10,
      after: optStr(query.after),
      before: optStr(query.before),
    }),

  createWorkflow: ({ world, body }) => store.createWorkflow(world, body as Parameters<typeof store.createWorkflow>[1]),

  getWorkflow: ({ world, path }) => store.getWorkflow(world, str(path.id)),

  // Spec: "Available only with user API keys, not with workspace OAuth tokens."
  updateWorkflowActivation: ({ world, credentials, path, body }) => {
    if (credentials.kind !== 'user_api_key') {
      return fail('forbidden_token_kind', 'PUT /workflows/{id} accepts user API keys only, not workspace OAuth tokens');
    }
    const { active, org_id } = record(body);
    return store.updateWorkflowActivation(world, str(path.id), { active: active === true, org_id: str(org_id) });
  },

  createWebhook: ({ world, query }) =>
    store.createWebhook(world, { url: str(query.url), name: str(query.name), description: str(query.description) }),

  listWebhooks: ({ world }) => store.listWebhooks(world),

  deleteWebhook: ({ world, path }) => store.deleteWebhook(world, str(path.id)),

  createSubscription: ({ world, query }) =>
    store.createSubscription(world, {
      emitter_id: str(query.emitter_id),
      listener_id: str(query.listener_id),
      event_name: optStr(query.event_name) ?? '',
    }),

  deleteSubscription: ({ world, query }) =>
    store.deleteSubscription(world, {
      emitter_id: str(query.emitter_id),
      listener_id: str(query.listener_id),
      event_name: optStr(query.event_name) ?? '',
    }),

  listWorkspaceSubscriptions: ({ world, path }) => store.listWorkspaceSubscriptions(world, str(path.org_id)),

  createAutoSubscription: ({ world, query }) =>
    store.createAutoSubscription(world, { event_name: str(query.event_name), listener_id: str(query.listener_id) }),

  getWorkflowErrorEventSummaries: ({ world, path, query }) =>
    store.getWorkflowErrorEventSummaries(world, str(path.workflow_id), {
      limit: typeof query.limit === 'number' ? query.limit : 100,
      expand: optStr(query.expand),
    }),

  setProjectWebhook: (ctx) => {
    const body = record(ctx.body);
    const url = optStr(body.webhook_url) ?? optStr(body.url) ?? '';
    return store.setProjectWebhook(ctx.world, str(ctx.path.project_id), str(ctx.header['x-pd-environment']), url);
  },

  createConnectToken: (ctx) => {
    const body = record(ctx.body);
    return store.createConnectToken(ctx.world, str(ctx.path.project_id), environment(ctx), {
      external_user_id: str(body.external_user_id),
      webhook_uri: optStr(body.webhook_uri),
      allowed_origins: Array.isArray(body.allowed_origins) ? body.allowed_origins.map(str) : undefined,
    });
  },

  getConnectedAccount: ({ world, path, query }) =>
    store.getConnectedAccount(world, str(path.project_id), str(path.account_id), {
      includeCredentials: query.include_credentials === true,
    }),

  setDeployedTriggerWebhooks: ({ world, path, body }) => {
    const urls = record(body).webhook_urls;
    return store.setDeployedTriggerWebhooks(
      world,
      str(path.project_id),
      str(path.trigger_id),
      Array.isArray(urls) ? urls.map(str) : [],
    );
  },
};
