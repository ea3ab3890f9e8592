// Custom OAuth clients (the SDK's `oauthApps`): owned by the project's workspace, so every project
// of that workspace sees the same ones; the client secret is kept and never shown.
import type { OauthApp, PageInfo, Schemas } from '../../factories/types.ts';
import { type Result, fail, notFound, ok } from '../../common/errors.ts';
import { newId } from '../../ids/ids.ts';
import { appForSlug } from './apps.ts';
import { connectAppView, projectOf } from './connect.ts';
import { type PageQuery, pageOfList } from '../world/pagination.ts';
import { collectionFull } from '../world/retention.ts';
import type { OauthAppRecord, World } from '../world/world.ts';

type CreateOauthAppInput = Schemas['CreateOauthAppRequest'];

type UpdateOauthAppInput = Schemas['UpdateOauthAppRequest'];

/** The OAuth app of `id` when the project's workspace owns it. */
function oauthAppOf(world: World, projectId: string, id: string): Result<OauthAppRecord> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const record = world.oauthApps.get(id);
  return record === undefined || record.app.owner_id !== project.value.project.org_id
    ? notFound('OAuth app', id)
    : ok(record);
}

/**
 * Registers a custom OAuth client of a catalogue app for the project's workspace.
 *
 * @example
 * createOauthApp(world, 'proj_Zt4Wn8Q', { app: 'github', client_id: 'Iv1.x', client_secret: 's' }); // ok({ id: 'oa_…', name_slug: 'github', … })
 */
export function createOauthApp(world: World, projectId: string, input: CreateOauthAppInput): Result<OauthApp> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const app = appForSlug(world, input.app);
  if (app === undefined)
    return fail('unprocessable', `app ${input.app} is not in the catalogue`, { field: 'app', app: input.app });
  const full = collectionFull('OAuth apps', world.oauthApps.size);
  if (full !== undefined) return full;
  const id = newId('app', world.ctx);
  const now = new Date(world.ctx.now()).toISOString();
  const { id: _appId, ...fields } = connectAppView(app);
  const oauthApp: OauthApp = {
    ...fields,
    id,
    name: input.name ?? app.name,
    description: input.description ?? app.description,
    client_id: input.client_id,
    scopes: [...(input.scopes ?? [])],
    additional_scopes: [...(input.additional_scopes ?? [])],
    redirect_uri: `https://connect.example.com/oauth/${id}/callback`,
    owner_id: project.value.project.org_id,
    created_at: now,
    updated_at: now,
  };
  world.oauthApps.set(id, { app: oauthApp, client_secret: input.client_secret });
  return ok(oauthApp);
}

interface OauthAppQuery extends PageQuery {
  app?: string;
  q?: string;
}

/**
 * The workspace's OAuth apps, oldest first, filtered by app slug and name.
 *
 * @example
 * listOauthApps(world, 'proj_Zt4Wn8Q', { limit: 10, app: 'github' });
 */
export function listOauthApps(
  world: World,
  projectId: string,
  query: OauthAppQuery,
): Result<{ data: OauthApp[]; page_info: PageInfo }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const text = query.q?.toLowerCase();
  const apps = [...world.oauthApps.values()]
    .map((record) => record.app)
    .filter(
      (app) =>
        app.owner_id === project.value.project.org_id &&
        (query.app === undefined || app.name_slug === query.app) &&
        (text === undefined || app.name.toLowerCase().includes(text)),
    );
  return pageOfList(apps, (app) => app.id, query);
}

/** @example getOauthApp(world, 'proj_Zt4Wn8Q', 'oa_Xk29vTq'); */
export function getOauthApp(world: World, projectId: string, id: string): Result<OauthApp> {
  const found = oauthAppOf(world, projectId, id);
  return found.ok ? ok(found.value.app) : found;
}

/**
 * Changes the fields given; a new secret is kept, never shown.
 *
 * @example
 * updateOauthApp(world, 'proj_Zt4Wn8Q', 'oa_Xk29vTq', { additional_scopes: ['workflow'] });
 */
export function updateOauthApp(
  world: World,
  projectId: string,
  id: string,
  input: UpdateOauthAppInput,
): Result<OauthApp> {
  const found = oauthAppOf(world, projectId, id);
  if (!found.ok) return found;
  const record = found.value;
  const { client_secret: secret, scopes, additional_scopes: additional, ...rest } = input;
  Object.assign(record.app, rest);
  if (scopes !== undefined) record.app.scopes = [...scopes];
  if (additional !== undefined) record.app.additional_scopes = [...additional];
  if (secret !== undefined) record.client_secret = secret;
  record.app.updated_at = new Date(world.ctx.now()).toISOString();
  return ok(record.app);
}

/**
 * Deletes the OAuth app; the overrides that selected it no longer do.
 *
 * @example
 * deleteOauthApp(world, 'proj_Zt4Wn8Q', 'oa_Xk29vTq'); // ok(null)
 */
export function deleteOauthApp(world: World, projectId: string, id: string): Result<null> {
  const found = oauthAppOf(world, projectId, id);
  if (!found.ok) return found;
  world.oauthApps.delete(id);
  for (const { override } of world.appOverrides.values())
    if (override.oauth_app_id === id) delete override.oauth_app_id;
  return ok(null);
}
