// Small shared helpers for the factories: timestamps relative to the world's clock, slugs,
// and a catalogue of realistic apps so names, slugs and domains agree with each other.
import { type FactoryContext, BASE16, BASE36, randomString, unixSeconds } from '../ids/random.ts';

/** created_at/updated_at pair with updated_at >= created_at, both in the past of the clock. */
export function timestamps(ctx: FactoryContext): { created_at: number; updated_at: number } {
  // Up to 90 days before the world's clock.
  const created_at = unixSeconds(ctx.now() - ctx.faker.number.int({ min: 0, max: 90 * 86_400_000 }));
  const updated_at = Math.min(unixSeconds(ctx.now()), created_at + ctx.faker.number.int({ min: 0, max: 30 * 86_400 }));
  return { created_at, updated_at };
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function hex(ctx: FactoryContext, length: number): string {
  return randomString(ctx.faker, length, BASE16);
}

/**
 * An HTTP trigger's endpoint URL for its key: where the mock serves it (the store's `endpointUrl`),
 * else `https://<key>.m.example.net`, as the service's own `*.m.pipedream.net` endpoints look.
 *
 * @example
 * endpointUrlOf(ctx, 'eo4klm9qz0abcde'); // 'http://127.0.0.1:4010/__endpoints/eo4klm9qz0abcde' under the mock server
 */
export function endpointUrlOf(ctx: FactoryContext, key: string): string {
  return ctx.endpointUrl?.(key) ?? `https://${key}.m.example.net`;
}

/** Lower-case alphanumeric token (endpoint keys, mailbox names). */
export function token(ctx: FactoryContext, length: number): string {
  return randomString(ctx.faker, length, BASE36);
}

export interface CatalogueApp {
  name: string;
  slug: string;
  domain: string;
  category: string;
  events: string[];
}

// biome-ignore format: one app per line reads as a table
export const APPS: readonly CatalogueApp[] = [
  { name: 'Slack', slug: 'slack', domain: 'slack.com', category: 'Communication', events: ['New Message', 'New Reaction', 'New Channel'] },
  { name: 'GitHub', slug: 'github', domain: 'api.github.com', category: 'Developer Tools', events: ['New Issue', 'New Pull Request', 'New Star'] },
  { name: 'Google Sheets', slug: 'google_sheets', domain: 'sheets.googleapis.com', category: 'Productivity', events: ['New Row Added', 'New Updates'] },
  { name: 'Stripe', slug: 'stripe', domain: 'api.stripe.com', category: 'Payment Processing', events: ['New Payment', 'New Customer', 'Canceled Subscription'] },
  { name: 'Shopify', slug: 'shopify', domain: 'myshopify.com', category: 'E-commerce', events: ['New Order', 'New Product'] },
  { name: 'Gmail', slug: 'gmail', domain: 'gmail.googleapis.com', category: 'Email', events: ['New Email Received', 'New Labeled Email'] },
  { name: 'Notion', slug: 'notion', domain: 'api.notion.com', category: 'Productivity', events: ['New Page', 'Updated Page'] },
  { name: 'Airtable', slug: 'airtable', domain: 'api.airtable.com', category: 'Databases', events: ['New Record', 'New or Modified Record'] },
  { name: 'Discord', slug: 'discord', domain: 'discord.com', category: 'Communication', events: ['New Message', 'New Member'] },
  { name: 'HubSpot', slug: 'hubspot', domain: 'api.hubapi.com', category: 'CRM', events: ['New Contact', 'New Deal'] },
];

export function pickApp(ctx: FactoryContext): CatalogueApp {
  return ctx.faker.helpers.arrayElement(APPS);
}

export function overrideWith<T extends object>(generated: T, overrides: Partial<T> | undefined): T {
  return overrides === undefined ? generated : { ...generated, ...overrides };
}
