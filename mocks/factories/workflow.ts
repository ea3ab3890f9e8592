import type { FactoryContext } from '../ids/random.ts';
import type { TriggerKind, Workflow } from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith } from './common.ts';
import { makeStep } from './step.ts';
import { makeTrigger } from './trigger.ts';

export interface WorkflowOptions {
  /** Kind of the single trigger; random when omitted. */
  triggerKind?: TriggerKind;
  /** Workspace owning an event-source trigger. */
  ownerId?: string;
  stepCount?: number;
}

export function makeWorkflow(
  ctx: FactoryContext,
  overrides?: Partial<Workflow>,
  options: WorkflowOptions = {},
): Workflow {
  const { faker } = ctx;
  const kind = options.triggerKind ?? faker.helpers.arrayElement<TriggerKind>(['http', 'source', 'timer', 'email']);
  const stepCount = options.stepCount ?? faker.number.int({ min: 1, max: 3 });
  const workflow: Workflow = {
    id: overrides?.id ?? newId('workflow', ctx),
    name: `${faker.hacker.verb()} ${faker.hacker.noun()}`.replace(/^./, (c) => c.toUpperCase()),
    active: faker.datatype.boolean(),
    steps: overrides?.steps ?? Array.from({ length: stepCount }, () => makeStep(ctx)),
    triggers: overrides?.triggers ?? [makeTrigger(ctx, kind, options.ownerId)],
  };
  return overrideWith(workflow, overrides);
}
