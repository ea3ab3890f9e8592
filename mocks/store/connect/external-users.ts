// A project's end users as the SDK's `users` client sees them: no records of their own; one exists in an environment
// while owning an account or deployed trigger there, and deleting one deletes what they own.
import type { ExternalUser, PageInfo, ProjectEnvironment } from '../../factories/types.ts';
import { type Result, fail, ok } from '../../common/errors.ts';
import { stableKey } from '../../ids/random.ts';
import { projectOf } from './connect.ts';
import { type PageQuery, pageOfList } from '../world/pagination.ts';
import type { World } from '../world/world.ts';

/** Every end user of a project environment with the span of what they own (ms), oldest first. */
function endUsers(world: World, projectId: string, environment: ProjectEnvironment): ExternalUser[] {
  const project = world.projects.get(projectId);
  if (project === undefined) return [];
  const spans = new Map<string, { first: number; last: number }>();
  const add = (externalId: string, created: number, updated: number) => {
    const span = spans.get(externalId);
    if (span === undefined) spans.set(externalId, { first: created, last: Math.max(created, updated) });
    else spans.set(externalId, { first: Math.min(span.first, created), last: Math.max(span.last, updated) });
  };
  for (const id of project.accountIds) {
    const record = world.accounts.get(id);
    if (record === undefined || record.environment !== environment) continue;
    add(record.account.external_id, Date.parse(record.account.created_at), Date.parse(record.account.updated_at));
  }
  for (const id of project.deployedTriggerIds) {
    const record = world.deployedTriggers.get(id);
    if (record === undefined || record.environment !== environment) continue;
    add(record.externalUserId, record.trigger.created_at * 1000, record.trigger.updated_at * 1000);
  }
  return [...spans]
    .sort(([a, spanA], [b, spanB]) => spanA.first - spanB.first || (a < b ? -1 : a > b ? 1 : 0))
    .map(([externalId, span]) => ({
      // `exu_` (the reference's prefix) and 16 hex digits of (project, environment, external ID): one ID per end
      // user without a stored record.
      id: `exu_${stableKey(`${projectId}\n${environment}\n${externalId}`)}`,
      external_id: externalId,
      created_at: new Date(span.first).toISOString(),
      updated_at: new Date(span.last).toISOString(),
    }));
}

export interface ExternalUserQuery extends PageQuery {
  q?: string;
}

/**
 * The end users of a project environment, oldest first, filtered by `q` in the external ID.
 *
 * @example
 * listExternalUsers(world, 'proj_Zt4Wn8Q', 'production', { limit: 10 }); // ok({ data: [{ id, external_id: 'user-1043', … }], page_info })
 */
export function listExternalUsers(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  query: ExternalUserQuery,
): Result<{ data: ExternalUser[]; page_info: PageInfo }> {
  const project = projectOf(world, projectId);
  if (!project.ok) return project;
  const text = query.q?.toLowerCase();
  const users = endUsers(world, projectId, environment).filter(
    (user) => text === undefined || user.external_id.toLowerCase().includes(text),
  );
  const byId = new Map(users.map((user) => [user.id, user]));
  return pageOfList([...byId.values()], (user) => user.id, query);
}

/**
 * Deletes what the end user owns in the project environment: accounts, deployed triggers and
 * connect tokens. 404 when they own no account or trigger there (they are not an end user).
 *
 * @example
 * deleteExternalUser(world, 'proj_Zt4Wn8Q', 'production', 'user-1043'); // ok(null)
 */
export function deleteExternalUser(
  world: World,
  projectId: string,
  environment: ProjectEnvironment,
  externalId: string,
): Result<null> {
  const found = projectOf(world, projectId);
  if (!found.ok) return found;
  const project = found.value;
  const accounts = project.accountIds.filter((id) => {
    const record = world.accounts.get(id);
    return record !== undefined && record.account.external_id === externalId && record.environment === environment;
  });
  const triggers = project.deployedTriggerIds.filter((id) => {
    const record = world.deployedTriggers.get(id);
    return record !== undefined && record.externalUserId === externalId && record.environment === environment;
  });
  if (accounts.length === 0 && triggers.length === 0) {
    return fail(
      'not_found',
      `end user ${externalId} owns no account or deployed trigger in ${projectId} (${environment})`,
      { external_user_id: externalId },
    );
  }
  for (const id of accounts) world.accounts.delete(id);
  for (const id of triggers) world.deployedTriggers.delete(id);
  project.accountIds = project.accountIds.filter((id) => world.accounts.has(id));
  project.deployedTriggerIds = project.deployedTriggerIds.filter((id) => world.deployedTriggers.has(id));
  for (const [token, record] of world.connectTokens) {
    if (record.projectId === projectId && record.external_user_id === externalId && record.environment === environment)
      world.connectTokens.delete(token);
  }
  return ok(null);
}
