// GET /__mock/world: the IDs of a world that no API lists (projects, templates, accounts,
// deployed triggers) plus the seeded user, workspaces, workflows and sources.
import type { ProjectEnvironment } from '../../factories/types.ts';
import type { World } from './world.ts';

export interface WorldSummary {
  key: string;
  user: { id: string; username: string };
  workspaces: Array<{ id: string; name: string; source_count: number }>;
  projects: Array<{
    id: string;
    org_id: string;
    name: string;
    /** The length of the logo's `data:` URL, null without one (issue 17: projects.updateLogo). */
    logo_length: number | null;
    environments: Array<{ name: string; webhook_url: string | null }>;
    deployed_triggers: Array<{
      id: string;
      environment: ProjectEnvironment;
      external_user_id: string;
      /** False once deployedTriggers.update paused it (issue 17). */
      active: boolean;
      /** The workflows its events go to (deployedTriggers.updateWorkflows). */
      workflow_ids: string[];
      /** The emitted events it keeps for deployedTriggers.listEvents. */
      event_count: number;
      webhook_urls: string[];
      webhooks: Array<{ id: string; url: string }>;
    }>;
    accounts: string[];
    /** The accounts with their end user and environment, and whether their credentials are withheld. */
    connected_accounts: Array<{
      id: string;
      external_user_id: string;
      environment: ProjectEnvironment;
      credentials_withheld: boolean;
    }>;
  }>;
  templates: string[];
  workflows: Array<{ id: string; org_id: string; project_id: string; active: boolean; error_events: number }>;
  sources: Array<{ id: string; org_id: string }>;
  webhooks: string[];
  subscriptions: Array<{ id: string; emitter_id: string; listener_id: string; event_name: string; org_id: string }>;
  auto_subscriptions: Array<{ event_name: string; listener_id: string }>;
  connect_tokens: Array<{ token: string; project_id: string; environment: ProjectEnvironment; completed: boolean }>;
}

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
