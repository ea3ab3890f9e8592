// Connect: project trigger webhooks, connect tokens, connected accounts and the control-side completion of a flow
// (deployed triggers: triggers.ts). Inputs arrive checked; answers have @pipedream/sdk's shapes.
import type {
  AccountView,
  App,
  ConnectApp,
  ConnectedAccount,
  ConnectToken,
  ConnectWebhook,
  ConnectWebhookWithSigningKey,
  PageInfo,
  ProjectEnvironment,
  Schemas,
  ValidateTokenResponse,
} from '../../factories/types.ts';
import type { DeliveryRecord } from '../../outbound/types.ts';
import { type Result, fail, notFound, ok } from '../../common/errors.ts';
import { makeApp, makeConnectToken, makeConnectedAccount, makeCredentials } from '../../factories/connect.ts';
import { hex } from '../../factories/common.ts';
import { newId } from '../../ids/ids.ts';
import { isoTime, unixSeconds } from '../../ids/random.ts';
import { type PageQuery, pageOfList } from '../world/pagination.ts';
import { collectionFull } from '../world/retention.ts';
import type { AccountRecord, ConnectTokenRecord, EnvironmentRecord, ProjectRecord, World } from '../world/world.ts';
import type { components as control } from '../../../openapi/generated/control-schema.ts';

export function signingKey(world: World): string {
  return hex(world.ctx, 64);
}

export function projectOf(world: World, projectId: string): Result<ProjectRecord> {
  const project = world.projects.get(projectId);
  return project === undefined ? notFound('project', projectId) : ok(project);
}

/**
 * The project of a bearer's Connect requests that name none (docs/worlds.md, "A Connect client without a project
 * ID"): a Connect token's own, else the world's first (the seeded one); undefined in a world without projects.
 *
 * @example
 * tokenProject(world, 'dev'); // 'proj_...' (the seeded project)
 */
export function tokenProject(world: World, token: string): string | undefined {
  const connectToken = world.connectTokens.get(token);
  if (connectToken !== undefined && world.projects.has(connectToken.projectId)) return connectToken.projectId;
  for (const projectId of world.projects.keys()) return projectId;
  return undefined;
}

type SetWebhook = EnvironmentRecord & { webhook_url: string; signing_key: string };

function environmentWebhook(world: World, projectId: string, environment: ProjectEnvironment): Result<SetWebhook> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const record = project.value.environments.get(environment);
  if (record?.webhook_url == null || record.signing_key === null)
    return fail('not_found', `project ${projectId} has no webhook in environment ${environment}`, { environment });
  return ok(record as SetWebhook);
}

/** The SDK's `Webhook`; `signing_key` added only where the key is shown (first save, regeneration). */
function webhookView(world: World, record: SetWebhook, showKey: boolean): ConnectWebhook {
  record.webhook_id ??= newId('webhook', world.ctx); // worlds saved before webhook IDs existed
  const view: ConnectWebhook = {
    id: record.webhook_id,
    url: record.webhook_url,
    signing_key_set: true,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
  if (showKey) view.signing_key = record.signing_key;
  return view;
}

export function getProjectWebhook(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
): Result<{ data: ConnectWebhook }> {
  const found = environmentWebhook(world, projectId, environment);
  return found.ok ? ok({ data: webhookView(world, found.value, false) }) : found;
}

/**
 * Saves the environment's URL. The first save (or the first after a deletion) creates the webhook with a new ID and
 * key and shows the key, once (spec Events, trigger webhooks §3); later saves change the URL only.
 */
export function setProjectWebhook(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  url: string,
): Result<{ data: ConnectWebhook }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const now = unixSeconds(world.ctx.now());
  const existing = project.value.environments.get(environment);
  if (existing?.webhook_url != null && existing.signing_key !== null) {
    existing.webhook_url = url;
    existing.updated_at = now;
    return ok({ data: webhookView(world, existing as SetWebhook, false) });
  }
  const record: SetWebhook = {
    webhook_id: newId('webhook', world.ctx),
    webhook_url: url,
    signing_key: signingKey(world),
    created_at: now,
    updated_at: now,
  };
  project.value.environments.set(environment, record);
  return ok({ data: webhookView(world, record, true) });
}

/** Removes URL and key: nothing is delivered to it any more, and GET is 404. */
export function deleteProjectWebhook(world: World, projectId: string, environment: ProjectEnvironment): Result<null> {
  const found = environmentWebhook(world, projectId, environment);
  if (!found.ok) return found;
  Object.assign(found.value, {
    webhook_id: null,
    webhook_url: null,
    signing_key: null,
    updated_at: unixSeconds(world.ctx.now()),
  });
  return ok(null);
}

/** A new key, shown once; every later delivery is signed with it (trigger-emit.ts reads the record). */
export function regenerateProjectWebhookSigningKey(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
): Result<{ data: ConnectWebhookWithSigningKey }> {
  const found = environmentWebhook(world, projectId, environment);
  if (!found.ok) return found;
  found.value.signing_key = signingKey(world);
  found.value.updated_at = unixSeconds(world.ctx.now());
  return ok({ data: webhookView(world, found.value, true) as ConnectWebhookWithSigningKey });
}

type CreateConnectTokenInput = Schemas['CreateConnectTokenRequest'];

export function createConnectToken(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  input: CreateConnectTokenInput,
): Result<ConnectToken> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const full = collectionFull('Connect tokens', world.connectTokens.size);
  if (full !== undefined) return full;
  const expiresAt = input.expires_in === undefined ? undefined : isoTime(world.ctx.now() + input.expires_in * 1000);
  const token = makeConnectToken(world.ctx, expiresAt === undefined ? undefined : { expires_at: expiresAt });
  world.connectTokens.set(token.token, {
    token,
    projectId,
    environment,
    external_user_id: input.external_user_id,
    webhook_uri: input.webhook_uri ?? null,
    allowed_origins: [...(input.allowed_origins ?? [])],
    completed: false,
  });
  return ok(structuredClone(token));
}

/** Whether a connect token can still start its flow: not once completed, not after expires_at. */
export function validateConnectToken(
  world: World,
  connectToken: string,
  environment: ProjectEnvironment,
): Result<ValidateTokenResponse> {
  const record = world.connectTokens.get(connectToken);
  if (record === undefined || record.environment !== environment) return notFound('connect token', connectToken);
  const answer: ValidateTokenResponse = {
    success: true,
    project_id: record.projectId,
    project_environment: record.environment,
  };
  if (record.completed) return ok({ ...answer, success: false, error: 'connect token already used' });
  if (world.ctx.now() > Date.parse(record.token.expires_at))
    return ok({ ...answer, success: false, error: 'connect token expired' });
  return ok(answer);
}

/**
 * An app as the API shows it: the SDK's `App`, without the `connect` object that belongs to the
 * connection webhook and with `scope_profiles` (the mock's apps declare none).
 *
 * @example
 * connectAppView(account.app); // { id: 'oa_…', name_slug: 'github', …, scope_profiles: [] }
 */
export function connectAppView(app: App | ConnectApp): ConnectApp & Required<Pick<ConnectApp, 'auth_type'>> {
  const { connect: _connect, ...rest } = app as App & { scope_profiles?: ConnectApp['scope_profiles'] };
  // The catalogue declares every app's auth, though the document lets an answer omit it (the SDK's `App`).
  return {
    ...rest,
    auth_type: rest.auth_type as NonNullable<ConnectApp['auth_type']>,
    scope_profiles: rest.scope_profiles ?? [],
  };
}

/** Credentials only when asked for, and never those of an account whose credentials are withheld. */
export function accountView(record: AccountRecord, includeCredentials: boolean | undefined): AccountView {
  const view: AccountView = { ...record.account, app: connectAppView(record.account.app) };
  return includeCredentials === true && record.credentialsWithheld !== true
    ? { ...view, credentials: record.credentials }
    : view;
}

function accountOf(
  world: World,
  projectId: string,
  accountId: string,
  environment: ProjectEnvironment,
): Result<AccountRecord> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const record = world.accounts.get(accountId);
  if (record === undefined || record.projectId !== projectId || record.environment !== environment)
    return notFound('account', accountId);
  return ok(record);
}

/** The account itself (the SDK's `Account`, not wrapped in `data`). */
export function getConnectedAccount(
  world: World,
  projectId: string,
  accountId: string,
  options: { includeCredentials?: boolean; environment: ProjectEnvironment },
): Result<AccountView> {
  const found = accountOf(world, projectId, accountId, options.environment);
  return found.ok ? ok(accountView(found.value, options.includeCredentials)) : found;
}

export interface AccountListQuery extends PageQuery {
  external_user_id?: string;
  app?: string;
  include_credentials?: boolean;
}

/** The project's accounts, oldest first, filtered; paged like the sources list (the SDK pages until end_cursor is ''). */
export function listConnectedAccounts(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  query: AccountListQuery,
): Result<{ data: AccountView[]; page_info: PageInfo }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const ids = project.value.accountIds.filter((id) => {
    const record = world.accounts.get(id);
    if (record === undefined || record.environment !== environment) return false;
    if (query.external_user_id !== undefined && record.account.external_id !== query.external_user_id) return false;
    return query.app === undefined || record.account.app.name_slug === query.app || record.account.app.id === query.app;
  });
  return pageOfList(
    ids,
    (id) => id,
    query,
    (id) => accountView(world.accounts.get(id)!, query.include_credentials),
  );
}

export function deleteConnectedAccount(
  world: World,
  projectId: string,
  accountId: string,
  environment: ProjectEnvironment,
): Result<null> {
  const found = accountOf(world, projectId, accountId, environment);
  if (!found.ok) return found;
  world.accounts.delete(accountId);
  const project = world.projects.get(projectId)!;
  project.accountIds = project.accountIds.filter((id) => id !== accountId);
  return ok(null);
}

/** connect_session_id: "a large number, written in exponent notation" in the spec's payloads. */
function connectSessionId(world: World): number {
  return world.ctx.faker.number.int({ min: 1_000, max: 9_999 }) * 1e14;
}

export type CompleteConnectInput = control['schemas']['CompleteConnectBody'];

const DEFAULT_CONNECT_ERROR = 'The connection flow failed: the user denied access';

/**
 * Finishes a connect flow once per token (finishConnectFlow): success creates an `apn_` account (sent without
 * credentials), error sends CONNECTION_ERROR. A second completion is 422 (already completed).
 */
export function completeConnect(
  world: World,
  connectToken: string,
  input: CompleteConnectInput,
): Result<{ delivery: DeliveryRecord | null; account?: ConnectedAccount }> {
  const record = world.connectTokens.get(connectToken);
  if (record === undefined) return notFound('connect token', connectToken);
  if (record.completed)
    return fail('unprocessable', `connect token ${connectToken} is already completed`, { token: connectToken });
  // A real connect link stops working at expires_at; the flow can no longer finish then.
  if (world.ctx.now() > Date.parse(record.token.expires_at)) {
    return fail('unprocessable', `connect token ${connectToken} expired at ${record.token.expires_at}`, {
      token: connectToken,
      expires_at: record.token.expires_at,
    });
  }
  // The session id is drawn first, as it always was: the accounts created afterwards keep their IDs.
  const sessionId = connectSessionId(world);
  if (input.outcome === 'success') {
    const now = new Date(world.ctx.now()).toISOString();
    const account = makeConnectedAccount(world.ctx, {
      id: newId('account', world.ctx),
      external_id: record.external_user_id,
      app: makeApp(world.ctx),
      created_at: now,
      updated_at: now,
    });
    world.accounts.set(account.id, {
      account,
      projectId: record.projectId,
      environment: record.environment,
      credentials: makeCredentials(world.ctx),
    });
    world.projects.get(record.projectId)?.accountIds.push(account.id);
    return ok({ delivery: finishConnectFlow(world, record, { account, sessionId }), account });
  }
  return ok({ delivery: finishConnectFlow(world, record, { error: input.error ?? DEFAULT_CONNECT_ERROR, sessionId }) });
}

/**
 * Ends a token's connect flow once: the token is spent, and its `webhook_uri` (if any) gets CONNECTION_SUCCESS with
 * the account or CONNECTION_ERROR with the error. The control API's completion and accounts.create end flows here.
 */
export function finishConnectFlow(
  world: World,
  record: ConnectTokenRecord,
  outcome: { account: ConnectedAccount; sessionId?: number } | { error: string; sessionId?: number },
): DeliveryRecord | null {
  record.completed = true;
  const common = {
    connect_token: record.token.token,
    environment: record.environment,
    connect_session_id: outcome.sessionId ?? connectSessionId(world),
  };
  // Serialised by enqueue at once.
  const payload =
    'account' in outcome
      ? { event: 'CONNECTION_SUCCESS', ...common, account: outcome.account }
      : { event: 'CONNECTION_ERROR', ...common, error: outcome.error };
  return record.webhook_uri === null
    ? null
    : world.sink.enqueue({
        world: world.key,
        kind: 'connection',
        url: record.webhook_uri,
        payload,
        now: world.ctx.now,
      });
}
