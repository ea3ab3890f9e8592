import type { FactoryContext } from '../ids/random.ts';
import type { Webhook } from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith, timestamps } from './common.ts';

export function makeWebhook(ctx: FactoryContext, overrides?: Partial<Webhook>): Webhook {
  const { faker } = ctx;
  const webhook: Webhook = {
    id: overrides?.id ?? newId('webhook', ctx),
    user_id: overrides?.user_id ?? newId('user', ctx),
    name: `${faker.word.adjective()} ${faker.word.noun()} hook`,
    description: faker.datatype.boolean({ probability: 0.8 }) ? faker.lorem.sentence() : null,
    // Always under example.com (RFC 2606): a seeded webhook must never reach a real host.
    url: `https://hooks.${faker.internet.domainWord()}.example.com${faker.helpers.arrayElement(['/hooks/events', '/webhook', '/api/incoming', ':8443/events'])}`,
    active: true,
    ...timestamps(ctx),
  };
  return overrideWith(webhook, overrides);
}
