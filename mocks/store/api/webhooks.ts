// Webhook objects: POST /webhooks, GET /users/me/webhooks, DELETE /webhooks/{id}.
import type { Webhook } from '../../factories/types.ts';
import { type Result, notFound, ok } from '../../common/errors.ts';
import { newId } from '../../ids/ids.ts';
import { unixSeconds } from '../../ids/random.ts';
import { collectionFull } from '../world/retention.ts';
import type { World } from '../world/world.ts';

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
