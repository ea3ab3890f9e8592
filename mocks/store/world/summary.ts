// GET /__mock/world: the IDs of a world that no API lists (projects, templates, accounts,
// deployed triggers) plus the seeded user, workspaces, workflows and sources.
import type { components } from '../../../openapi/generated/control-schema.ts';
import type { World } from './world.ts';

/** The control document's `WorldSummary` (openapi/control.yaml). */
export type WorldSummary = components['schemas']['WorldSummary'];

export function worldSummary(world: World): WorldSummary {
  return {
    key: world.key,
    user: { id: world.user.id, username: world.user.username },
    workspaces: [...world.workspaces.values()].map(({ workspace, sourceIds }) => ({
      id: workspace.id,
      name: workspace.name,
      source_count: sourceIds.length,
    })),
    projects: [...world.projects.values()].map((record) => ({
      id: record.project.id,
      org_id: record.project.org_id,
      name: record.project.name,
      logo_length: record.project.logo?.length ?? null,
      environments: [...record.environments].map(([name, env]) => ({ name, webhook_url: env.webhook_url })),
      deployed_triggers: record.deployedTriggerIds.map((id) => {
        const trigger = world.deployedTriggers.get(id)!;
        const webhooks = trigger.webhooks.map(({ id: webhookId, url }) => ({ id: webhookId, url }));
        return {
          id,
          environment: trigger.environment,
          external_user_id: trigger.externalUserId,
          active: trigger.trigger.active,
          workflow_ids: [...(trigger.workflowIds ?? [])],
          event_count: trigger.events?.length ?? 0,
          webhook_urls: webhooks.map((w) => w.url),
          webhooks,
        };
      }),
      accounts: [...record.accountIds],
      connected_accounts: record.accountIds.map((id) => {
        const account = world.accounts.get(id)!;
        return {
          id,
          external_user_id: account.account.external_id,
          environment: account.environment,
          credentials_withheld: account.credentialsWithheld === true,
        };
      }),
    })),
    templates: [...world.templates.keys()],
    workflows: [...world.workflows.values()].map((record) => ({
      id: record.workflow.id,
      org_id: record.orgId,
      project_id: record.projectId,
      active: record.workflow.active,
      error_events: record.errors.length,
    })),
    sources: [...world.sources.values()].map(({ source, orgId }) => ({ id: source.id, org_id: orgId })),
    webhooks: [...world.webhooks.keys()],
    subscriptions: [...world.subscriptions.values()].map(({ subscription, orgId }) => ({
      ...subscription,
      org_id: orgId,
    })),
    auto_subscriptions: world.autoSubscriptions.map((auto) => ({ ...auto })),
    connect_tokens: [...world.connectTokens.values()].map((record) => ({
      token: record.token.token,
      project_id: record.projectId,
      environment: record.environment,
      completed: record.completed,
    })),
  };
}
