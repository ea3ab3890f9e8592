// App overrides (the SDK's `appOverrides`): custom-field values and an optional OAuth client for one app, owned by a
// project or its workspace (a project sees both; names unique per owner).
import type { AppOverride, PageInfo, Schemas } from '../../factories/types.ts';
import { type Result, fail, ok } from '../../common/errors.ts';
import { hex } from '../../factories/common.ts';
import { appForSlug } from './apps.ts';
import { connectAppView, projectOf } from './connect.ts';
import { type PageQuery, pageOfList } from '../world/pagination.ts';
import { collectionFull } from '../world/retention.ts';
import type { AppOverrideRecord, ProjectRecord, World } from '../world/world.ts';

type CreateAppOverrideInput = Schemas['CreateAppOverrideRequest'];

type UpdateAppOverrideInput = Schemas['UpdateAppOverrideRequest'];

/** Whether the project sees the override: its own, or its workspace's. */
export function sees(project: ProjectRecord, override: AppOverride): boolean {
  return override.owner_id === project.project.id || override.owner_id === project.project.org_id;
}

function overrideOf(
  world: World,
  projectId: string,
  id: string,
): Result<{ project: ProjectRecord; record: AppOverrideRecord }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const record = world.appOverrides.get(id);
  // Details name the ID by its field: an override's ID carries no prefix (openapi/openapi.yaml, AppOverrideId).
  return record === undefined || !sees(project.value, record.override)
    ? fail('not_found', `app override ${id} not found`, { app_override_id: id })
    : ok({ project: project.value, record });
}

/** 422 unless the name is free for the owner and the OAuth app is one of the same app in the workspace. */
function checkFits(
  world: World,
  project: ProjectRecord,
  owner: string,
  slug: string,
  fields: { name?: string; oauth_app_id?: string | null },
  self?: string,
): Result<null> {
  if (fields.name !== undefined) {
    const taken = [...world.appOverrides.values()].some(
      (r) => r.override.owner_id === owner && r.override.name === fields.name && r.override.id !== self,
    );
    if (taken)
      return fail('unprocessable', `an app override named ${JSON.stringify(fields.name)} already exists here`, {
        field: 'name',
        name: fields.name,
      });
  }
  if (fields.oauth_app_id != null) {
    const oauthApp = world.oauthApps.get(fields.oauth_app_id)?.app;
    if (oauthApp === undefined || oauthApp.owner_id !== project.project.org_id || oauthApp.name_slug !== slug)
      return fail('unprocessable', `OAuth app ${fields.oauth_app_id} is not a ${slug} OAuth app of this workspace`, {
        field: 'oauth_app_id',
        oauth_app_id: fields.oauth_app_id,
      });
  }
  return ok(null);
}

/**
 * A new override of a catalogue app, owned by the project.
 *
 * @example
 * createAppOverride(world, 'proj_Zt4Wn8Q', { app: 'github', name: 'Enterprise', cfmap: { base_url: 'https://gh.acme.example' } });
 */
export function createAppOverride(world: World, projectId: string, input: CreateAppOverrideInput): Result<AppOverride> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const app = appForSlug(world, input.app);
  if (app === undefined)
    return fail('unprocessable', `app ${input.app} is not in the catalogue`, { field: 'app', app: input.app });
  const fits = checkFits(world, project.value, projectId, app.name_slug, input);
  if (!fits.ok) return fits;
  const full = collectionFull('app overrides', world.appOverrides.size);
  if (full !== undefined) return full;
  let id = hex(world.ctx, 16);
  while (world.appOverrides.has(id)) id = hex(world.ctx, 16);
  const now = new Date(world.ctx.now()).toISOString();
  const override: AppOverride = {
    id,
    name: input.name,
    app: connectAppView(app),
    cfmap: { ...(input.cfmap ?? {}) },
    owner_id: projectId,
    created_at: now,
    updated_at: now,
  };
  if (input.oauth_app_id !== undefined) override.oauth_app_id = input.oauth_app_id;
  world.appOverrides.set(id, { override, app });
  return ok(override);
}

/**
 * The overrides the project sees (its own and its workspace's), oldest first, by app slug.
 *
 * @example
 * listAppOverrides(world, 'proj_Zt4Wn8Q', { limit: 10, app: 'github' });
 */
export function listAppOverrides(
  world: World,
  projectId: string,
  query: PageQuery & { app?: string },
): Result<{ data: AppOverride[]; page_info: PageInfo }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const overrides = [...world.appOverrides.values()]
    .map((record) => record.override)
    .filter(
      (override) => sees(project.value, override) && (query.app === undefined || override.app.name_slug === query.app),
    );
  return pageOfList(overrides, (override) => override.id, query);
}

/** @example getAppOverride(world, 'proj_Zt4Wn8Q', '5f3a9c2e7b1d4e60'); */
export function getAppOverride(world: World, projectId: string, id: string): Result<AppOverride> {
  const found = overrideOf(world, projectId, id);
  return found.ok ? ok(found.value.record.override) : found;
}

/**
 * Changes the fields given; `oauth_app_id: null` unselects the OAuth app.
 *
 * @example
 * updateAppOverride(world, 'proj_Zt4Wn8Q', '5f3a9c2e7b1d4e60', { cfmap: { base_url: 'https://gh2.acme.example' } });
 */
export function updateAppOverride(
  world: World,
  projectId: string,
  id: string,
  input: UpdateAppOverrideInput,
): Result<AppOverride> {
  const found = overrideOf(world, projectId, id);
  if (!found.ok) return found;
  const { override } = found.value.record;
  const fits = checkFits(world, found.value.project, override.owner_id, override.app.name_slug, input, id);
  if (!fits.ok) return fits;
  if (input.name !== undefined) override.name = input.name;
  if (input.cfmap !== undefined) override.cfmap = { ...input.cfmap };
  if (input.oauth_app_id === null) delete override.oauth_app_id;
  else if (input.oauth_app_id !== undefined) override.oauth_app_id = input.oauth_app_id;
  override.updated_at = new Date(world.ctx.now()).toISOString();
  return ok(override);
}

/** @example deleteAppOverride(world, 'proj_Zt4Wn8Q', '5f3a9c2e7b1d4e60'); // ok(null) */
export function deleteAppOverride(world: World, projectId: string, id: string): Result<null> {
  const found = overrideOf(world, projectId, id);
  if (!found.ok) return found;
  world.appOverrides.delete(id);
  return ok(null);
}
