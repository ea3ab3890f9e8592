// Webhook objects: POST /webhooks, GET /users/me/webhooks, DELETE /webhooks/{id}.
import type { Webhook } from '../factories/types.ts';
import type { Result } from '../errors.ts';
import { fail, notFound, ok } from '../errors.ts';
import { newId } from '../ids.ts';
import { unixSeconds } from '../random.ts';
import { checkWebhookUrl } from './url.ts';
import type { World } from './world.ts';

export interface CreateWebhookInput {
  url?: string;
  name?: string;
  description?: string;
}

export function createWebhook(world: World, input: CreateWebhookInput): Result<{ data: Webhook }> {
  const url = checkWebhookUrl(input.url, 'url');
  if (!url.ok) return url;
  for (const field of ['name', 'description'] as const) {
    if (typeof input[field] !== 'string') return fail('bad_request', `${field} is required`, { field });
  }
  const now = unixSeconds(world.ctx.now());
  const webhook: Webhook = {
    id: newId('webhook', world.ctx),
    user_id: world.user.id,
    name: input.name as string,
    description: input.description as string,
    url: url.value,
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
