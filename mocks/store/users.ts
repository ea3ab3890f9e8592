// Reads of the user, workspaces and workspace sources.
import type { EventSource, PageInfo, User, Workspace } from '../factories/types.ts';
import type { Result } from '../errors.ts';
import { notFound, ok } from '../errors.ts';
import { makeEventSource } from '../factories/index.ts';
import type { PageQuery } from './pagination.ts';
import { pageOf } from './pagination.ts';
import type { World } from './world.ts';
import { addSource, copy } from './world.ts';

export function getCurrentUser(world: World): Result<{ data: User }> {
  const orgs = [...world.workspaces.values()].map((record) => record.workspace);
  return ok({ data: copy({ ...world.user, orgs }) });
}

export function getWorkspace(world: World, orgId: string): Result<{ data: Workspace }> {
  const record = world.workspaces.get(orgId);
  if (record === undefined) return notFound('workspace', orgId);
  return ok({ data: copy(record.workspace) });
}

export function listWorkspaceSources(world: World, orgId: string, query: PageQuery = {}): Result<{ page_info: PageInfo; data: EventSource[] }> {
  const record = world.workspaces.get(orgId);
  if (record === undefined) return notFound('workspace', orgId);
  const page = pageOf(record.sourceIds, record.sourceIndex, query);
  if (!page.ok) return page;
  const data = page.value.ids.map((id) => copy(world.sources.get(id)!.source));
  return ok({ page_info: page.value.page_info, data });
}

/** Test and benchmark helper: adds `count` factory-made sources to a workspace (e.g. 100,000). */
export function addWorkspaceSources(world: World, orgId: string, count: number): Result<{ ids: string[] }> {
  if (!world.workspaces.has(orgId)) return notFound('workspace', orgId);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const source = makeEventSource(world.ctx);
    addSource(world, source, orgId);
    ids.push(source.id);
  }
  return ok({ ids });
}
