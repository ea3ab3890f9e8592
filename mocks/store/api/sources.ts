// Event sources created, updated and deleted through the API (the reference's "Create a source", "Update a source" and
// "Delete a source"); bodies arrive checked by openapi/openapi.yaml (one of the component fields on a create).
import type { ConfiguredProps, EventSource, Schemas } from '../../factories/types.ts';
import { type Result, fail, notFound, ok } from '../../common/errors.ts';
import { endpointUrlOf, slugify, token } from '../../factories/common.ts';
import { newId } from '../../ids/ids.ts';
import { unixSeconds } from '../../ids/random.ts';
import { collectionFull } from '../world/retention.ts';
import { type World, addSource, firstWorkspaceId, removeSource } from '../world/world.ts';
import { applyAutoSubscriptions } from './subscriptions.ts';
import { saveComponent } from './components.ts';

export type CreateSourceBody = Schemas['CreateSourceRequest'];
export type UpdateSourceBody = Schemas['UpdateSourceRequest'];

/**
 * A new source in the caller's first workspace, active, with the user's `user_id` (the reference's example), and the
 * subscriptions the auto-subscriptions give it.
 *
 * @example
 * createSource(world, { component_url: 'https://example.com/rss/new-item-in-feed.ts' }); // ok({ data: { id: 'dc_…', name: 'new-item-in-feed', … } })
 */
export function createSource(world: World, body: CreateSourceBody): Result<{ data: EventSource }> {
  const orgId = firstWorkspaceId(world);
  const full =
    collectionFull('sources', world.sources.size) ??
    collectionFull('subscriptions', world.subscriptions.size, world.autoSubscriptions.length);
  if (full !== undefined) return full;
  const component = componentOf(world, body);
  if (!component.ok) return component;
  const now = unixSeconds(world.ctx.now());
  const name = body.name ?? component.value.slug;
  const source: EventSource = {
    id: newId('source', world.ctx),
    user_id: world.user.id,
    component_id: component.value.id,
    configured_props: propsOf(world, body.configured_props ?? {}),
    active: true,
    created_at: now,
    updated_at: now,
    name,
    name_slug: slugify(name) || 'source',
  };
  addSource(world, source, orgId);
  applyAutoSubscriptions(world, source.id, orgId);
  return ok({ data: source });
}

/**
 * Applies what the body names to a source of this world: 404 for another, 422 for a `component_id` it does not hold.
 *
 * @example
 * updateSource(world, 'dc_Ow7gJ0a', { active: false }); // ok({ data: { …, active: false } })
 */
export function updateSource(world: World, id: string, body: UpdateSourceBody): Result<{ data: EventSource }> {
  const record = world.sources.get(id);
  if (record === undefined) return notFound('source', id);
  const { source } = record;
  const named = body.component_id ?? body.component_code ?? body.component_url;
  if (named !== undefined) {
    const component = componentOf(world, body);
    if (!component.ok) return component;
    source.component_id = component.value.id;
  }
  if (body.name !== undefined) {
    source.name = body.name;
    source.name_slug = slugify(body.name) || 'source';
  }
  if (body.active !== undefined) source.active = body.active;
  if (body.configured_props !== undefined) source.configured_props = propsOf(world, body.configured_props);
  source.updated_at = Math.max(source.created_at, unixSeconds(world.ctx.now()));
  return ok({ data: source });
}

/**
 * Deletes a source of this world with its events and every subscription it emits to or listens with.
 *
 * @example
 * deleteSource(world, 'dc_Ow7gJ0a'); // ok(null); a second call is 404
 */
export function deleteSource(world: World, id: string): Result<null> {
  if (!removeSource(world, id)) return notFound('source', id);
  for (const [key, record] of world.subscriptions) {
    const { emitter_id: emitter, listener_id: listener } = record.subscription;
    if (emitter === id || listener === id) world.subscriptions.delete(key);
  }
  world.autoSubscriptions = world.autoSubscriptions.filter((auto) => auto.listener_id !== id);
  return ok(null);
}

/**
 * The saved component a body names: its `component_id` when this world saved it (or a source of the world runs it),
 * else one saved from the body's code (./components.ts). The reference: a source is named after its component.
 */
function componentOf(world: World, body: UpdateSourceBody): Result<{ id: string; slug: string }> {
  const id = body.component_id;
  if (id === undefined) {
    const saved = saveComponent(world, body.component_code, body.component_url);
    return ok({ id: saved.id, slug: slugify(saved.name) });
  }
  const saved = world.savedComponents.get(id);
  if (saved !== undefined) return ok({ id, slug: slugify(saved.name) });
  const running = [...world.sources.values()].find((record) => record.source.component_id === id);
  if (running === undefined)
    return fail('unprocessable', `component_id ${id} does not exist`, { field: 'component_id', id });
  return ok({ id, slug: running.source.name_slug });
}

/**
 * Configured props as the service keeps them (the reference's create example): a `timer` of `{intervalSeconds}` is
 * `{cron: null, interval_seconds}`, and an `http` prop gets the endpoint URL the mock serves.
 */
function propsOf(world: World, given: ConfiguredProps): ConfiguredProps {
  const props = structuredClone(given);
  // Read through optional chaining: a prop's value may be any JSON value (PropValue), an object or not.
  const interval = (props.timer as { intervalSeconds?: unknown } | null | undefined)?.intervalSeconds;
  if (typeof interval === 'number') props.timer = { cron: null, interval_seconds: interval };
  if (typeof props.http === 'object' && props.http !== null)
    props.http = { endpoint_url: endpointUrlOf(world.ctx, token(world.ctx, 15)) };
  return props;
}
