import type { FactoryContext } from '../ids/random.ts';
import type { EventSource } from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith, pickApp, slugify, timestamps, token } from './common.ts';

/** An event source as listed by GET /orgs/{org_id}/sources (no owner_id: that appears on triggers only). */
export function makeEventSource(ctx: FactoryContext, overrides?: Partial<EventSource>): EventSource {
  const { faker } = ctx;
  const app = pickApp(ctx);
  const name = `${faker.helpers.arrayElement(app.events)} (${app.name})`;
  const source: EventSource = {
    id: overrides?.id ?? newId('source', ctx),
    component_id: overrides?.component_id ?? newId('savedComponent', ctx),
    configured_props: { http: { endpoint_url: `https://${token(ctx, 14)}.m.example.net` } },
    active: faker.datatype.boolean({ probability: 0.8 }),
    ...timestamps(ctx),
    name,
    name_slug: slugify(name),
  };
  return overrideWith(source, overrides);
}
