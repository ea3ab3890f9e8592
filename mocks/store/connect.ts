// Connect: project trigger webhooks per environment, connect tokens, connected accounts,
// deployed-trigger webhooks, and the control-side completion of a connect flow. Inputs arrive
// checked against the document (URLs by its WebhookUrl rule, the environment header defaulted);
// what is decided here depends on the world: which projects, triggers and tokens exist, and
// whether a connect flow may still complete.
import type { ConnectedAccount, ConnectToken } from '../factories/types.ts';
import type { DeliveryRecord } from '../outbound/types.ts';
import type { Result } from '../errors.ts';
import { fail, notFound, ok } from '../errors.ts';
import { makeApp, makeConnectToken, makeConnectedAccount, makeCredentials } from '../factories/index.ts';
import { hex } from '../factories/common.ts';
import { newId } from '../ids.ts';
import { unixSeconds } from '../random.ts';
import type { ProjectRecord, World } from './world.ts';
import { copy } from './world.ts';

export interface ProjectWebhook {
  project_id: string;
  environment: string;
  webhook_url: string;
  created_at: number;
  updated_at: number;
  /** Only in the answer that first creates the environment's webhook (shown once, spec Events §3). */
  signing_key?: string;
}

function signingKey(world: World): string {
  return hex(world.ctx, 64);
}

function projectOf(world: World, projectId: string): Result<ProjectRecord> {
  const project = world.projects.get(projectId);
  return project === undefined ? notFound('project', projectId) : ok(project);
}

export function setProjectWebhook(world: World, projectId: string, environment: string, url: string): Result<{ data: ProjectWebhook }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const now = unixSeconds(world.ctx.now());
  const existing = project.value.environments.get(environment);
  const data: ProjectWebhook = { project_id: projectId, environment, webhook_url: url, created_at: now, updated_at: now };
  if (existing === undefined || existing.webhook_url === null || existing.signing_key === null) {
    const key = signingKey(world);
    project.value.environments.set(environment, { webhook_url: url, signing_key: key, created_at: now, updated_at: now });
    data.signing_key = key;
  } else {
    existing.webhook_url = url;
    existing.updated_at = now;
    data.created_at = existing.created_at;
  }
  return ok({ data });
}

export interface CreateConnectTokenInput {
  external_user_id: string;
  webhook_uri?: string;
  allowed_origins?: string[];
}

export function createConnectToken(world: World, projectId: string, environment: string, input: CreateConnectTokenInput): Result<ConnectToken> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const token = makeConnectToken(world.ctx);
  world.connectTokens.set(token.token, {
    token,
    projectId,
    environment,
    external_user_id: input.external_user_id,
    webhook_uri: input.webhook_uri ?? null,
    allowed_origins: [...(input.allowed_origins ?? [])],
    completed: false,
  });
  return ok(copy(token));
}

export function getConnectedAccount(
  world: World,
  projectId: string,
  accountId: string,
  options: { includeCredentials?: boolean } = {},
): Result<{ data: ConnectedAccount }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const record = world.accounts.get(accountId);
  if (record === undefined || record.projectId !== projectId) return notFound('account', accountId);
  const data = options.includeCredentials === true ? { ...record.account, credentials: record.credentials } : record.account;
  return ok({ data });
}

export function setDeployedTriggerWebhooks(
  world: World,
  projectId: string,
  triggerId: string,
  webhookUrls: readonly string[],
): Result<{ data: { trigger_id: string; webhook_urls: string[]; signing_key: string } }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const record = world.deployedTriggers.get(triggerId);
  if (record === undefined || record.projectId !== projectId) return notFound('deployed trigger', triggerId);
  const urls = [...webhookUrls];
  record.webhookUrls = urls;
  record.signingKey ??= signingKey(world);
  return ok({ data: { trigger_id: triggerId, webhook_urls: [...urls], signing_key: record.signingKey } });
}

/** connect_session_id: "a large number, written in exponent notation" in the spec's payloads. */
function connectSessionId(world: World): number {
  return world.ctx.faker.number.int({ min: 1_000, max: 9_999 }) * 1e14;
}

export interface CompleteConnectInput {
  outcome: 'success' | 'error';
  error?: string;
}

export const DEFAULT_CONNECT_ERROR = 'The connection flow failed: the user denied access';

/**
 * Finishes a connect flow exactly once per token: success creates an `apn_` account and sends
 * CONNECTION_SUCCESS (account without credentials), error sends CONNECTION_ERROR; each to the
 * token's webhook_uri when it has one. A second completion is 422 (already completed).
 */
export function completeConnect(
  world: World,
  connectToken: string,
  input: CompleteConnectInput,
): Result<{ delivery: DeliveryRecord | null; account?: ConnectedAccount }> {
  const record = world.connectTokens.get(connectToken);
  if (record === undefined) return notFound('connect token', connectToken);
  if (record.completed) return fail('unprocessable', `connect token ${connectToken} is already completed`, { token: connectToken });
  // A real connect link stops working at expires_at; the flow can no longer finish then.
  if (world.ctx.now() > Date.parse(record.token.expires_at)) {
    return fail('unprocessable', `connect token ${connectToken} expired at ${record.token.expires_at}`, {
      token: connectToken,
      expires_at: record.token.expires_at,
    });
  }
  record.completed = true;

  const common = { connect_token: connectToken, environment: record.environment, connect_session_id: connectSessionId(world) };
  let account: ConnectedAccount | undefined;
  let payload: Record<string, unknown>;
  if (input.outcome === 'success') {
    const now = new Date(world.ctx.now()).toISOString();
    account = makeConnectedAccount(world.ctx, {
      id: newId('account', world.ctx),
      external_id: record.external_user_id,
      app: makeApp(world.ctx),
      created_at: now,
      updated_at: now,
    });
    world.accounts.set(account.id, { account, projectId: record.projectId, environment: record.environment, credentials: makeCredentials(world.ctx) });
    world.projects.get(record.projectId)?.accountIds.push(account.id);
    payload = { event: 'CONNECTION_SUCCESS', ...common, account }; // serialised by enqueue at once
  } else {
    payload = { event: 'CONNECTION_ERROR', ...common, error: input.error ?? DEFAULT_CONNECT_ERROR };
  }
  const delivery = record.webhook_uri === null ? null : world.sink.enqueue({ world: world.key, kind: 'connection', url: record.webhook_uri, payload });
  return account === undefined ? ok({ delivery }) : ok({ delivery, account });
}
