// Webhook objects (POST /webhooks, GET /users/me/webhooks, DELETE /webhooks/{id}) and what listens to emitters:
// subscriptions, keyed by (emitter, listener, event name; '' when missing), globs `p_*` / `dc_*` stored as given,
// each in its emitter's workspace (a glob: the first). IDs arrive shaped; whether they exist is decided here.
import type { Subscription, Webhook } from '../../factories/types.ts';
import { type Result, fail, notFound, ok } from '../../common/errors.ts';
import { isEmitterGlob, kindOf, newId } from '../../ids/ids.ts';
import { unixSeconds } from '../../ids/random.ts';
import { collectionFull } from '../world/retention.ts';
import { type World, firstWorkspaceId, tripleKey } from '../world/world.ts';

export interface SubscriptionTriple {
  emitter_id: string;
  listener_id: string;
  event_name: string;
}

/** Workspace of a concrete workflow or source emitter of this world, or undefined. */
export function emitterWorkspace(world: World, emitterId: string): string | undefined {
  switch (kindOf(emitterId)) {
    case 'workflow':
      return world.workflows.get(emitterId)?.orgId;
    case 'source':
      return world.sources.get(emitterId)?.orgId;
    default:
      return undefined;
  }
}

/** A listener is a workflow, source or webhook of this world. */
export function listenerExists(world: World, listenerId: string): boolean {
  switch (kindOf(listenerId)) {
    case 'workflow':
      return world.workflows.has(listenerId);
    case 'source':
      return world.sources.has(listenerId);
    case 'webhook':
      return world.webhooks.has(listenerId);
    default:
      return false;
  }
}

function insert(world: World, emitterId: string, listenerId: string, eventName: string, orgId: string): Subscription {
  const key = tripleKey(emitterId, listenerId, eventName);
  const existing = world.subscriptions.get(key);
  if (existing !== undefined) return existing.subscription;
  const subscription: Subscription = {
    id: newId('subscription', world.ctx),
    emitter_id: emitterId,
    listener_id: listenerId,
    event_name: eventName,
  };
  world.subscriptions.set(key, { subscription, orgId });
  return subscription;
}

export function createSubscription(world: World, input: SubscriptionTriple): Result<{ data: Subscription }> {
  const { emitter_id: emitter, listener_id: listener, event_name: eventName } = input;
  const orgId = isEmitterGlob(emitter) ? firstWorkspaceId(world) : emitterWorkspace(world, emitter);
  if (orgId === undefined) return notFound('emitter', emitter);
  if (!listenerExists(world, listener)) return notFound('listener', listener);
  // Creating an existing triple answers the existing subscription (README).
  if (!world.subscriptions.has(tripleKey(emitter, listener, eventName))) {
    const full = collectionFull('subscriptions', world.subscriptions.size);
    if (full !== undefined) return full;
  }
  return ok({ data: insert(world, emitter, listener, eventName, orgId) });
}

export function deleteSubscription(world: World, input: SubscriptionTriple): Result<null> {
  const { emitter_id: emitter, listener_id: listener, event_name: eventName } = input;
  if (!world.subscriptions.delete(tripleKey(emitter, listener, eventName))) {
    return fail('not_found', `no subscription from ${emitter} to ${listener} for event "${eventName}"`, {
      emitter_id: emitter,
      listener_id: listener,
      event_name: eventName,
    });
  }
  return ok(null);
}

export function listWorkspaceSubscriptions(world: World, orgId: string): Result<{ data: Subscription[] }> {
  if (!world.workspaces.has(orgId)) return notFound('workspace', orgId);
  const data: Subscription[] = [];
  for (const record of world.subscriptions.values()) {
    if (record.orgId === orgId) data.push(record.subscription);
  }
  return ok({ data });
}

/** `event_name` is `$errors` or `$logs` (the document's EventStreamName). */
export function createAutoSubscription(world: World, input: { event_name: string; listener_id: string }): Result<null> {
  const { event_name: eventName, listener_id: listener } = input;
  if (!listenerExists(world, listener)) return notFound('listener', listener);
  const exists = world.autoSubscriptions.some((auto) => auto.event_name === eventName && auto.listener_id === listener);
  const full = exists ? undefined : collectionFull('auto-subscriptions', world.autoSubscriptions.length);
  if (full !== undefined) return full;
  if (!exists) world.autoSubscriptions.push({ event_name: eventName, listener_id: listener });
  return ok(null);
}

/** Called for every workflow or source created after an auto-subscription (never for existing ones). */
export function applyAutoSubscriptions(world: World, emitterId: string, orgId: string): void {
  for (const auto of world.autoSubscriptions) insert(world, emitterId, auto.listener_id, auto.event_name, orgId);
}

/** Subscriptions whose emitter is `emitterId` itself or the glob covering its kind, for one event name. */
export function matchingSubscriptions(world: World, emitterId: string, eventName: string): Subscription[] {
  const glob = kindOf(emitterId) === 'workflow' ? 'p_*' : 'dc_*';
  const matches: Subscription[] = [];
  for (const { subscription } of world.subscriptions.values()) {
    if (subscription.event_name !== eventName) continue;
    if (subscription.emitter_id === emitterId || subscription.emitter_id === glob) matches.push(subscription);
  }
  return matches;
}

/** POST /webhooks' query; `url` has passed the document's WebhookUrl rule (`unsupported_url` otherwise). */
export interface CreateWebhookInput {
  url: string;
  name: string;
  description: string;
}

export function createWebhook(world: World, input: CreateWebhookInput): Result<{ data: Webhook }> {
  const full = collectionFull('webhooks', world.webhooks.size);
  if (full !== undefined) return full;
  const now = unixSeconds(world.ctx.now());
  const webhook: Webhook = {
    id: newId('webhook', world.ctx),
    user_id: world.user.id,
    name: input.name,
    description: input.description,
    url: input.url,
    active: true,
    created_at: now,
    updated_at: now,
  };
  world.webhooks.set(webhook.id, webhook);
  return ok({ data: webhook });
}

export function listWebhooks(world: World): Result<{ data: Webhook[] }> {
  return ok({ data: [...world.webhooks.values()] });
}

/** Also drops every subscription (and auto-subscription) whose listener is the webhook. */
export function deleteWebhook(world: World, id: string): Result<null> {
  if (!world.webhooks.delete(id)) return notFound('webhook', id);
  for (const [key, record] of world.subscriptions) {
    if (record.subscription.listener_id === id) world.subscriptions.delete(key);
  }
  world.autoSubscriptions = world.autoSubscriptions.filter((auto) => auto.listener_id !== id);
  return ok(null);
}
