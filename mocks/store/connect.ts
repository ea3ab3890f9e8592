// Connect: project trigger webhooks per environment, connect tokens, connected accounts,
// deployed-trigger webhooks, and the control-side completion of a connect flow.
import type { ConnectedAccount, ConnectToken } from '../factories/types.ts';
import type { DeliveryRecord } from '../webhooks/types.ts';
import type { Result } from '../errors.ts';
import { fail, notFound, ok } from '../errors.ts';
import { makeApp, makeConnectToken, makeConnectedAccount, makeCredentials } from '../factories/index.ts';
import { hex } from '../factories/common.ts';
import { newId } from '../ids.ts';
import { unixSeconds } from '../random.ts';
import { checkWebhookUrl } from './url.ts';
import type { ProjectRecord, World } from './world.ts';
import { copy } from './world.ts';

export const DEFAULT_ENVIRONMENT = 'production';
export const MAX_TRIGGER_WEBHOOK_URLS = 10;

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

function environmentOf(value: unknown, required: boolean): Result<string> {
  if (value === undefined || value === null || value === '') {
    return required ? fail('bad_request', 'x-pd-environment header is required', { field: 'x-pd-environment' }) : ok(DEFAULT_ENVIRONMENT);
  }
  if (typeof value !== 'string') return fail('bad_request', 'x-pd-environment must be a string', { field: 'x-pd-environment' });
  return ok(value);
}

function projectOf(world: World, projectId: string): Result<ProjectRecord> {
  const project = world.projects.get(projectId);
  return project === undefined ? notFound('project', projectId) : ok(project);
}

export function setProjectWebhook(world: World, projectId: string, environment: string | undefined, url: unknown): Result<{ data: ProjectWebhook }> {
  const env = environmentOf(environment, true);
  if (!env.ok) return env;
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const checked = checkWebhookUrl(url, 'webhook_url');
  if (!checked.ok) return checked;
  const now = unixSeconds(world.ctx.now());
  const existing = project.value.environments.get(env.value);
  const data: ProjectWebhook = { project_id: projectId, environment: env.value, webhook_url: checked.value, created_at: now, updated_at: now };
  if (existing === undefined || existing.webhook_url === null || existing.signing_key === null) {
    const key = signingKey(world);
    project.value.environments.set(env.value, { webhook_url: checked.value, signing_key: key, created_at: now, updated_at: now });
    data.signing_key = key;
  } else {
    existing.webhook_url = checked.value;
    existing.updated_at = now;
    data.created_at = existing.created_at;
  }
  return ok({ data });
}

export interface CreateConnectTokenInput {
  external_user_id?: unknown;
  webhook_uri?: unknown;
  allowed_origins?: unknown;
}

export function createConnectToken(world: World, projectId: string, environment: string | undefined, input: CreateConnectTokenInput): Result<ConnectToken> {
  const env = environmentOf(environment, false);
  if (!env.ok) return env;
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  if (typeof input.external_user_id !== 'string' || input.external_user_id === '') {
    return fail('bad_request', 'external_user_id is required', { field: 'external_user_id' });
  }
  let webhookUri: string | null = null;
  if (input.webhook_uri !== undefined && input.webhook_uri !== null) {
    const checked = checkWebhookUrl(input.webhook_uri, 'webhook_uri');
    if (!checked.ok) return checked;
    webhookUri = checked.value;
  }
  const origins = input.allowed_origins ?? [];
  if (!Array.isArray(origins) || origins.some((origin) => typeof origin !== 'string')) {
    return fail('bad_request', 'allowed_origins must be an array of strings', { field: 'allowed_origins' });
  }
  const token = makeConnectToken(world.ctx);
  world.connectTokens.set(token.token, {
    token,
    projectId,
    environment: env.value,
    external_user_id: input.external_user_id,
    webhook_uri: webhookUri,
    allowed_origins: origins as string[],
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
  webhookUrls: unknown,
): Result<{ data: { trigger_id: string; webhook_urls: string[]; signing_key: string } }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const record = world.deployedTriggers.get(triggerId);
  if (record === undefined || record.projectId !== projectId) return notFound('deployed trigger', triggerId);
  if (!Array.isArray(webhookUrls)) return fail('bad_request', 'webhook_urls must be an array of URLs', { field: 'webhook_urls' });
  if (webhookUrls.length > MAX_TRIGGER_WEBHOOK_URLS) {
    return fail('bad_request', `webhook_urls takes at most ${MAX_TRIGGER_WEBHOOK_URLS} URLs`, { field: 'webhook_urls' });
  }
  const urls: string[] = [];
  for (const [i, url] of webhookUrls.entries()) {
    const checked = checkWebhookUrl(url, `webhook_urls[${i}]`);
    if (!checked.ok) return checked;
    urls.push(checked.value);
  }
  record.webhookUrls = urls;
  record.signingKey ??= signingKey(world);
  return ok({ data: { trigger_id: triggerId, webhook_urls: [...urls], signing_key: record.signingKey } });
}

/** connect_session_id: "a large number, written in exponent notation" in the spec's payloads. */
function connectSessionId(world: World): number {
  return world.ctx.faker.number.int({ min: 1_000, max: 9_999 }) * 1e14;
}

export interface CompleteConnectInput {
  outcome?: unknown;
  error?: unknown;
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
  if (input.outcome !== 'success' && input.outcome !== 'error') {
    return fail('bad_request', 'outcome must be "success" or "error"', { field: 'outcome' });
  }
  if (input.error !== undefined && typeof input.error !== 'string') return fail('bad_request', 'error must be a string', { field: 'error' });
  if (record.completed) return fail('unprocessable', `connect token ${connectToken} is already completed`, { token: connectToken });
  // A real connect link stops working at expires_at; the flow can no longer finish then.
  if (world.ctx.now() > Date.parse(record.token.expires_at)) {
    return fail('unprocessable', `connect token ${connectToken} expired at ${record.token.expires_at}`, { token: connectToken, expires_at: record.token.expires_at });
  }
  record.completed = true;

  const common = { connect_token: connectToken, environment: record.environment, connect_session_id: connectSessionId(world) };
  let account: ConnectedAccount | undefined;
  let payload: Record<string, unknown>;
  if (input.outcome === 'success') {
    const now = new Date(world.ctx.now()).toISOString();
    account = makeConnectedAccount(world.ctx, { id: newId('account', world.ctx), external_id: record.external_user_id, app: makeApp(world.ctx), created_at: now, updated_at: now });
    world.accounts.set(account.id, { account, projectId: record.projectId, environment: record.environment, credentials: makeCredentials(world.ctx) });
    world.projects.get(record.projectId)?.accountIds.push(account.id);
    payload = { event: 'CONNECTION_SUCCESS', ...common, account }; // serialised by enqueue at once
  } else {
    payload = { event: 'CONNECTION_ERROR', ...common, error: (input.error as string | undefined) ?? DEFAULT_CONNECT_ERROR };
  }
  const delivery = record.webhook_uri === null ? null : world.sink.enqueue({ world: world.key, kind: 'connection', url: record.webhook_uri, payload });
  return account === undefined ? ok({ delivery }) : ok({ delivery, account });
}
