import type { FactoryContext } from '../random.ts';
import type { DeployedTrigger } from './types.ts';
import { makeEventSourceTrigger } from './trigger.ts';

/** A Connect deployed trigger (`dc_`): the event-source trigger shape, owned by the project's workspace. */
export function makeDeployedTrigger(ctx: FactoryContext, overrides?: Partial<DeployedTrigger>): DeployedTrigger {
  return makeEventSourceTrigger(ctx, overrides);
}
