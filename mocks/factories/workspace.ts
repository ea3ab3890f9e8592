import type { FactoryContext } from '../ids/random.ts';
import type { Workspace } from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith, slugify } from './common.ts';

export interface WorkspaceOptions {
  /** Include the compute-time/invocation fields ("present for some workspaces only"); random when omitted. */
  usageFields?: boolean;
}

export function makeWorkspace(
  ctx: FactoryContext,
  overrides?: Partial<Workspace>,
  options: WorkspaceOptions = {},
): Workspace {
  const { faker } = ctx;
  const name = faker.company.name();
  // Cut to 40 and slugified again: a cut at a hyphen would end the email's domain label with one, which no email format accepts.
  const orgname = slugify(slugify(name).slice(0, 40)) || 'workspace';
  const creditsQuota = faker.helpers.arrayElement([1_000, 10_000, 25_000, 100_000]);
  const workspace: Workspace = {
    id: overrides?.id ?? newId('workspace', ctx),
    name,
    orgname,
    email: `${faker.helpers.arrayElement(['admin', 'ops', 'team', 'billing'])}@${orgname}.example.com`,
    daily_credits_quota: creditsQuota,
    daily_credits_used: faker.number.int({ min: 0, max: creditsQuota }),
  };
  if (options.usageFields ?? faker.datatype.boolean()) {
    // Compute time in milliseconds per day (the document's DailyComputeTimeMilliseconds; its
    // workspace example is 1,800,000).
    const computeQuota = faker.helpers.arrayElement([1_800_000, 3_600_000, 7_200_000, 86_400_000]);
    const invocationsQuota = faker.helpers.arrayElement([10_000, 100_000, 1_000_000]);
    workspace.daily_compute_time_quota = computeQuota;
    workspace.daily_compute_time_used = faker.number.int({ min: 0, max: computeQuota });
    workspace.daily_invocations_quota = invocationsQuota;
    workspace.daily_invocations_used = faker.number.int({ min: 0, max: invocationsQuota });
  }
  return overrideWith(workspace, overrides);
}
