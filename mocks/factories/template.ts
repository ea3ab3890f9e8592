import type { FactoryContext } from '../ids/random.ts';
import type { StepDefinition, Template, TriggerDefinition } from './types.ts';
import { newId } from '../ids/ids.ts';
import { overrideWith, pickApp } from './common.ts';

/** A shared workflow template: step and trigger definitions in the POST /workflows body form. */
export function makeTemplate(ctx: FactoryContext, overrides?: Partial<Template>): Template {
  const { faker } = ctx;
  const app = pickApp(ctx);
  const trigger: TriggerDefinition = faker.helpers.arrayElement<TriggerDefinition>([
    { props: {} },
    { props: { cron: '0 9 * * 1-5', timezone: 'UTC' } },
    { props: { interval_seconds: 900 } },
    { props: { email: true } },
  ]);
  const steps: StepDefinition[] = [
    { namespace: 'transform', props: { expression: 'steps.trigger.event.body' } },
    {
      namespace: `send_to_${app.slug}`,
      props: { [app.slug]: { authProvisionId: newId('account', ctx) }, text: faker.lorem.sentence() },
    },
  ];
  const template: Template = {
    id: overrides?.id ?? newId('template', ctx),
    name: `Send ${faker.hacker.noun()} events to ${app.name}`,
    description: faker.lorem.sentence(),
    steps,
    triggers: [trigger],
  };
  return overrideWith(template, overrides);
}
