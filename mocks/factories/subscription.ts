import type { FactoryContext } from '../ids/random.ts';
import type { Subscription } from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith } from './common.ts';

export function makeSubscription(ctx: FactoryContext, overrides?: Partial<Subscription>): Subscription {
  const { faker } = ctx;
  const subscription: Subscription = {
    id: overrides?.id ?? newId('subscription', ctx),
    emitter_id:
      overrides?.emitter_id ??
      (faker.datatype.boolean({ probability: 0.2 })
        ? faker.helpers.arrayElement(['p_*', 'dc_*'])
        : newId('workflow', ctx)),
    listener_id:
      overrides?.listener_id ?? newId(faker.helpers.arrayElement(['workflow', 'source', 'webhook'] as const), ctx),
    event_name: faker.helpers.arrayElement(['$errors', '$logs', '', 'order.created']),
  };
  return overrideWith(subscription, overrides);
}
