// Connected accounts created through the API (the SDK's `accounts.create`, `deleteByApp`, `listByExternalUser`); one
// created with a connect token ends its flow as the hosted flow does (connect.ts finishConnectFlow).
import type { AccountView, ProjectEnvironment, Schemas } from '../../factories/types.ts';
import { type Result, fail, ok } from '../../common/errors.ts';
import { makeConnectedAccount } from '../../factories/connect.ts';
import { newId } from '../../ids/ids.ts';
import { sees } from './app-overrides.ts';
import { appForSlug, appMatches } from './apps.ts';
import { accountView, finishConnectFlow, projectOf } from './connect.ts';
import { collectionFull } from '../world/retention.ts';
import type { World } from '../world/world.ts';

type CreateAccountInput = Schemas['CreateAccountRequest'];

/** 422 with the field that does not fit (docs/errors.md: a well-formed body naming what this world cannot use). */
function unfit(field: string, message: string, value: unknown): Result<never> {
  return fail('unprocessable', message, { field, [field]: value });
}

/**
 * Connects (or, with `account_id`, reconnects) a key-based account for the connect token's end
 * user; `cfmap_json` becomes its credentials, under an app override's `cfmap`.
 *
 * @example
 * createConnectedAccount(world, 'proj_Zt4Wn8Q', 'development', { app_slug: 'github', cfmap_json: '{"api_key":"k"}', connect_token: 'ctok_…' }, {});
 */
export function createConnectedAccount(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  input: CreateAccountInput,
  query: { external_user_id?: string },
): Result<AccountView> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const token = world.connectTokens.get(input.connect_token);
  if (token === undefined || token.projectId !== projectId || token.environment !== environment)
    return unfit(
      'connect_token',
      `connect token ${input.connect_token} is not one of project ${projectId} (${environment})`,
      input.connect_token,
    );
  if (token.completed)
    return unfit('connect_token', `connect token ${input.connect_token} is already used`, input.connect_token);
  if (world.ctx.now() > Date.parse(token.token.expires_at))
    return unfit(
      'connect_token',
      `connect token ${input.connect_token} expired at ${token.token.expires_at}`,
      input.connect_token,
    );
  if (query.external_user_id !== undefined && query.external_user_id !== token.external_user_id)
    return unfit(
      'external_user_id',
      `external_user_id ${query.external_user_id} is not the connect token's end user`,
      query.external_user_id,
    );
  let fields: unknown;
  try {
    fields = JSON.parse(input.cfmap_json);
  } catch {
    return fail('bad_request', 'cfmap_json is not JSON text', { field: 'cfmap_json' });
  }
  if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
    return fail('bad_request', 'cfmap_json must be a JSON object as text', { field: 'cfmap_json' });
  const app = appForSlug(world, input.app_slug);
  if (app === undefined) return unfit('app_slug', `app ${input.app_slug} is not in the catalogue`, input.app_slug);
  let credentials = { ...(fields as Record<string, unknown>) };
  if (input.app_override_id !== undefined) {
    const override = world.appOverrides.get(input.app_override_id)?.override;
    if (override === undefined || !sees(project.value, override) || override.app.name_slug !== app.name_slug)
      return unfit(
        'app_override_id',
        `app override ${input.app_override_id} is not one of app ${app.name_slug} in this project`,
        input.app_override_id,
      );
    if (override.oauth_app_id !== undefined)
      return unfit(
        'app_override_id',
        `app override ${input.app_override_id} selects an OAuth client: it connects through the OAuth flow only`,
        input.app_override_id,
      );
    credentials = { ...credentials, ...override.cfmap };
  }
  const now = new Date(world.ctx.now()).toISOString();
  if (input.account_id !== undefined) {
    const record = world.accounts.get(input.account_id);
    const fits =
      record !== undefined &&
      record.projectId === projectId &&
      record.environment === environment &&
      record.account.external_id === token.external_user_id &&
      record.account.app.name_slug === app.name_slug;
    if (!fits)
      return unfit(
        'account_id',
        `account ${input.account_id} is not the token's end user's ${app.name_slug} account here`,
        input.account_id,
      );
    record.credentials = credentials;
    record.account.updated_at = now;
    record.account.healthy = true;
    // Healthy again: its `error` (when it has one) is null, as the SDK's `Account` says of a healthy account.
    if (record.account.error !== undefined) record.account.error = null;
    if (input.name !== undefined) record.account.name = input.name;
    finishConnectFlow(world, token, { account: record.account });
    return ok(accountView(record, false));
  }
  const full = collectionFull('accounts', world.accounts.size);
  if (full !== undefined) return full;
  const account = makeConnectedAccount(world.ctx, {
    id: newId('account', world.ctx),
    external_id: token.external_user_id,
    app,
    created_at: now,
    updated_at: now,
    ...(input.name === undefined ? {} : { name: input.name }),
  });
  const record = { account, projectId, environment, credentials };
  world.accounts.set(account.id, record);
  project.value.accountIds.push(account.id);
  finishConnectFlow(world, token, { account });
  return ok(accountView(record, false));
}

/**
 * Deletes every account of one app (slug or ID) in the project environment; 404 when none.
 *
 * @example
 * deleteAccountsByApp(world, 'proj_Zt4Wn8Q', 'production', 'github'); // ok(null)
 */
export function deleteAccountsByApp(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  app: string,
): Result<null> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const doomed = project.value.accountIds.filter((id) => {
    const record = world.accounts.get(id);
    return record !== undefined && record.environment === environment && appMatches(record.account.app, app);
  });
  if (doomed.length === 0)
    return fail('not_found', `project ${projectId} holds no account of app ${app} in ${environment}`, { app });
  for (const id of doomed) world.accounts.delete(id);
  project.value.accountIds = project.value.accountIds.filter((id) => world.accounts.has(id));
  return ok(null);
}

/**
 * One end user's accounts in the project environment, oldest first, as a bare array.
 *
 * @example
 * listAccountsByExternalUser(world, 'proj_Zt4Wn8Q', 'production', 'user-1043', { app: 'github' }); // ok([{ id: 'apn_…', … }])
 */
export function listAccountsByExternalUser(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  externalUserId: string,
  query: { app?: string; include_credentials?: boolean },
): Result<AccountView[]> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const records = project.value.accountIds
    .map((id) => world.accounts.get(id)!)
    .filter(
      (record) =>
        record.environment === environment &&
        record.account.external_id === externalUserId &&
        (query.app === undefined || appMatches(record.account.app, query.app)),
    );
  return ok(records.map((record) => accountView(record, query.include_credentials)));
}
