// Connect projects as the SDK's `projects` client sees them: create, read, update, delete, the logo and the apps;
// inputs arrive checked, what depends on the world is decided here.
import type {
  ConnectProject,
  PageInfo,
  Project,
  ProjectEnvironment,
  ProjectInfo,
  Schemas,
} from '../../factories/types.ts';
import { type Result, ok } from '../../common/errors.ts';
import { newId } from '../../ids/ids.ts';
import { unixSeconds } from '../../ids/random.ts';
import { projectOf } from './connect.ts';
import { type PageQuery, pageOfList } from '../world/pagination.ts';
import { collectionFull } from '../world/retention.ts';
import { SEEDED_ENVIRONMENTS } from '../world/seed.ts';
import { firstWorkspaceId, projectRecord, type World } from '../world/world.ts';

/** The SDK's `Project`: what the API shows of a project (no workspace, timestamps or logo). */
function projectView(project: Project): ConnectProject {
  const view: ConnectProject = { id: project.id, name: project.name };
  if (project.app_name !== undefined) view.app_name = project.app_name;
  if (project.support_email !== undefined) view.support_email = project.support_email;
  if (project.connect_require_key_auth_test !== undefined)
    view.connect_require_key_auth_test = project.connect_require_key_auth_test;
  return view;
}

export interface ProjectListQuery extends PageQuery {
  q?: string;
}

/**
 * Every project of the world, oldest first, filtered by `q` in the name (case-insensitive).
 *
 * @example
 * listProjects(world, { limit: 10, q: 'crm' }); // ok({ data: [{ id: 'proj_…', name: 'CRM sync' }], page_info })
 */
export function listProjects(
  world: World,
  query: ProjectListQuery,
): Result<{ data: ConnectProject[]; page_info: PageInfo }> {
  const text = query.q?.toLowerCase();
  const records = [...world.projects.values()].filter(
    (r) => text === undefined || r.project.name.toLowerCase().includes(text),
  );
  return pageOfList(
    records,
    (r) => r.project.id,
    query,
    (r) => projectView(r.project),
  );
}

type CreateProjectInput = Schemas['CreateProjectRequest'];

/**
 * A new project in the world's first workspace, with both environments and nothing in them yet.
 *
 * @example
 * createProject(world, { name: 'CRM sync' }); // ok({ id: 'proj_…', name: 'CRM sync' })
 */
export function createProject(world: World, input: CreateProjectInput): Result<ConnectProject> {
  const full = collectionFull('projects', world.projects.size);
  if (full !== undefined) return full;
  const now = unixSeconds(world.ctx.now());
  const project: Project = {
    id: newId('project', world.ctx),
    name: input.name,
    org_id: firstWorkspaceId(world),
    created_at: now,
    updated_at: now,
  };
  for (const key of ['app_name', 'support_email', 'connect_require_key_auth_test'] as const) {
    if (input[key] !== undefined) Object.assign(project, { [key]: input[key] });
  }
  world.projects.set(project.id, projectRecord(project, SEEDED_ENVIRONMENTS, now));
  return ok(projectView(project));
}

/** @example getProject(world, 'proj_Zt4Wn8Q'); // ok({ id: 'proj_Zt4Wn8Q', name: … }) or a 404 value */
export function getProject(world: World, projectId: string): Result<ConnectProject> {
  const found = projectOf(world, projectId);
  return found.ok ? ok(projectView(found.value.project)) : found;
}

type UpdateProjectInput = Schemas['UpdateProjectRequest'];

/**
 * Changes the fields given; `null` clears an optional one.
 *
 * @example
 * updateProject(world, 'proj_Zt4Wn8Q', { support_email: null }); // the project without a support address
 */
export function updateProject(world: World, projectId: string, input: UpdateProjectInput): Result<ConnectProject> {
  const found = projectOf(world, projectId);
  if (!found.ok) return found;
  const { project } = found.value;
  if (input.name !== undefined) project.name = input.name;
  for (const key of ['app_name', 'support_email', 'connect_require_key_auth_test'] as const) {
    const value = input[key];
    if (value === null) delete project[key];
    else if (value !== undefined) Object.assign(project, { [key]: value });
  }
  project.updated_at = unixSeconds(world.ctx.now());
  return ok(projectView(project));
}

/**
 * Keeps the logo (a `data:` URL the document has checked); the world summary shows its length.
 *
 * @example
 * updateProjectLogo(world, 'proj_Zt4Wn8Q', 'data:image/png;base64,iVBORw0…'); // ok(null)
 */
export function updateProjectLogo(world: World, projectId: string, logo: string): Result<null> {
  const found = projectOf(world, projectId);
  if (!found.ok) return found;
  found.value.project.logo = logo;
  found.value.project.updated_at = unixSeconds(world.ctx.now());
  return ok(null);
}

/**
 * Deletes the project and what it holds, so nothing refers to it afterwards: its accounts, connect
 * tokens, deployed triggers, app overrides, and its workflows with every subscription and
 * auto-subscription from or to them. Event sources belong to workspaces and stay.
 *
 * @example
 * deleteProject(world, 'proj_Zt4Wn8Q'); // ok(null); GET /connect/projects/proj_Zt4Wn8Q is 404 afterwards
 */
export function deleteProject(world: World, projectId: string): Result<null> {
  const found = projectOf(world, projectId);
  if (!found.ok) return found;
  for (const id of found.value.accountIds) world.accounts.delete(id);
  for (const id of found.value.deployedTriggerIds) world.deployedTriggers.delete(id);
  for (const [token, record] of world.connectTokens)
    if (record.projectId === projectId) world.connectTokens.delete(token);
  const workflows = new Set<string>();
  for (const [id, record] of world.workflows) {
    if (record.projectId !== projectId) continue;
    workflows.add(id);
    world.workflows.delete(id);
  }
  for (const [key, { subscription }] of world.subscriptions) {
    if (workflows.has(subscription.emitter_id) || workflows.has(subscription.listener_id))
      world.subscriptions.delete(key);
  }
  world.autoSubscriptions = world.autoSubscriptions.filter((auto) => !workflows.has(auto.listener_id));
  world.projects.delete(projectId);
  return ok(null);
}

/**
 * The distinct apps of the project's accounts in one environment, in the order first connected.
 *
 * @example
 * getProjectInfo(world, 'proj_Zt4Wn8Q', 'production'); // ok({ apps: [{ id: 'oa_aw4ib2', name_slug: 'github' }] })
 */
export function getProjectInfo(world: World, projectId: string, environment: ProjectEnvironment): Result<ProjectInfo> {
  const found = projectOf(world, projectId);
  if (!found.ok) return found;
  const apps = new Map<string, { id: string; name_slug: string }>();
  for (const id of found.value.accountIds) {
    const record = world.accounts.get(id);
    if (record === undefined || record.environment !== environment) continue;
    const { app } = record.account;
    if (!apps.has(app.name_slug)) apps.set(app.name_slug, { id: app.id, name_slug: app.name_slug });
  }
  return ok({ apps: [...apps.values()] });
}
