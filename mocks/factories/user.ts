import type { FactoryContext } from '../ids/random.ts';
import type { User } from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith } from './common.ts';
import { makeWorkspace } from './workspace.ts';

export function makeUser(ctx: FactoryContext, overrides?: Partial<User>): User {
  const { faker } = ctx;
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  // Compute time in milliseconds per day (the document's DailyComputeTimeMilliseconds; its user
  // example is 95,400,000).
  const computeQuota = faker.helpers.arrayElement([1_800_000, 3_600_000, 95_400_000]);
  const invocationsQuota = faker.helpers.arrayElement([10_000, 100_000]);
  const user: User = {
    id: overrides?.id ?? newId('user', ctx),
    username: faker.internet
      .username({ firstName, lastName })
      .toLowerCase()
      .replace(/[^a-z0-9_.-]/g, ''),
    email: faker.internet.email({ firstName, lastName }).toLowerCase(),
    daily_compute_time_quota: computeQuota,
    daily_compute_time_used: faker.number.int({ min: 0, max: computeQuota }),
    daily_invocations_quota: invocationsQuota,
    daily_invocations_used: faker.number.int({ min: 0, max: invocationsQuota / 10 }),
    // Only built when not overridden: the store passes its own workspaces.
    orgs: overrides?.orgs ?? [
      makeWorkspace(ctx, undefined, { usageFields: true }),
      makeWorkspace(ctx, undefined, { usageFields: false }),
    ],
  };
  return overrideWith(user, overrides);
}
