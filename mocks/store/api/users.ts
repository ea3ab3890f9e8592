// Reads of the user, workspaces and workspace sources.
import type { EventSource, PageInfo, User, Workspace } from '../../factories/types.ts';
import { type Result, notFound, ok } from '../../common/errors.ts';
import { makeEventSource } from '../../factories/resources.ts';
import { newId } from '../../ids/ids.ts';
import { type PageQuery, pageOf } from '../world/pagination.ts';
import { type World, addSource } from '../world/world.ts';
import type { components as control } from '../../../openapi/generated/control-schema.ts';

export function getCurrentUser(world: World): Result<{ data: User }> {
  const orgs = [...world.workspaces.values()].map((record) => record.workspace);
  return ok({ data: { ...world.user, orgs } });
}

export function getWorkspace(world: World, orgId: string): Result<{ data: Workspace }> {
  const record = world.workspaces.get(orgId);
  if (record === undefined) return notFound('workspace', orgId);
  return ok({ data: record.workspace });
}

export function listWorkspaceSources(
  world: World,
  orgId: string,
  query: PageQuery,
): Result<{ page_info: PageInfo; data: EventSource[] }> {
  const record = world.workspaces.get(orgId);
  if (record === undefined) return notFound('workspace', orgId);
  const page = pageOf(record.sourceIds, record.sourceIndex, query);
  if (!page.ok) return page;
  // Shallow copies: this is the hot path of the benchmark (100 items per page), structuredClone
  // would cost more than the JSON serialisation itself. The store never mutates configured_props.
  const data = page.value.ids.map((id) => ({ ...world.sources.get(id)!.source }));
  return ok({ page_info: page.value.page_info, data });
}

const BULK_POOL = 32;

/**
 * Adds `count` sources to a workspace (e.g. 100,000), behind `POST /__mock/sources` (docs/control-api.md): the first
 * few are full factory draws, the rest reuse their names and props with fresh IDs and timestamps, not a faker draw.
 */
export function addWorkspaceSources(world: World, orgId: string, count: number): Result<{ ids: string[] }> {
  if (!world.workspaces.has(orgId)) return notFound('workspace', orgId);
  const { ctx } = world;
  const pool: EventSource[] = [];
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    let source: EventSource;
    if (pool.length < BULK_POOL) {
      source = makeEventSource(ctx);
      pool.push(source);
    } else {
      const model = pool[i % BULK_POOL]!;
      const created = model.created_at - (i % 86_400);
      source = {
        ...model,
        id: newId('source', ctx),
        component_id: newId('savedComponent', ctx),
        created_at: created,
        updated_at: created,
      };
    }
    addSource(world, source, orgId);
    ids.push(source.id);
  }
  return ok({ ids });
}

export type AddSourcesInput = control['schemas']['AddSourcesBody'];
export type AddedSources = control['schemas']['AddedSources'];

/** The control API's face of addWorkspaceSources: a summary instead of every new ID. */
export function addSources(world: World, input: AddSourcesInput): Result<AddedSources> {
  const added = addWorkspaceSources(world, input.org_id, input.count);
  if (!added.ok) return added;
  const { ids } = added.value;
  const sourceCount = world.workspaces.get(input.org_id)!.sourceIds.length;
  return ok({
    org_id: input.org_id,
    added: ids.length,
    source_count: sourceCount,
    first_id: ids[0]!,
    last_id: ids[ids.length - 1]!,
  });
}
