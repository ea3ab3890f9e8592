// Connect trigger components (one per event of common.ts's fixed catalogue, so a key means the same in every world)
// and deployed triggers: the spec's event-source trigger plus the SDK's `DeployedComponent` fields.
import type { FactoryContext } from '../ids/random.ts';
import type { DeployedTrigger, TriggerComponent } from './types.ts';
import { APPS, overrideWith, slugify } from './common.ts';
import { makeEventSourceTrigger } from './trigger.ts';

function component(app: (typeof APPS)[number], event: string): TriggerComponent {
  return {
    key: `${app.slug}-${slugify(event)}`,
    name: `${event} (${app.name})`,
    version: '0.1.0',
    description: `Emit an event for each ${event.toLowerCase()} in ${app.name}.`,
    component_type: 'trigger',
    configurable_props: [{ name: app.slug, type: 'app', app: app.slug }],
  };
}

/** Every trigger component that can be deployed, in catalogue order (GET /connect/{project_id}/triggers). */
export const TRIGGER_COMPONENTS: readonly TriggerComponent[] = APPS.flatMap((app) =>
  app.events.map((event) => component(app, event)),
);

const BY_NAME = new Map(TRIGGER_COMPONENTS.map((c) => [c.name, c]));

/**
 * A Connect deployed trigger (`dc_`) of the project's workspace: the event-source trigger shape (its random draws,
 * so seeded worlds keep their IDs) with the catalogue component its name comes from. `optionalFields` says whether it
 * shows the SDK's `emit_on_deploy` and `callback_observations`; without it, its creation time decides.
 *
 * @example
 * makeDeployedTrigger(ctx, { owner_id: 'o_x' }, { optionalFields: true }); // with emit_on_deploy: false, callback_observations: null
 */
export function makeDeployedTrigger(
  ctx: FactoryContext,
  overrides?: Partial<DeployedTrigger>,
  options: { optionalFields?: boolean } = {},
): DeployedTrigger {
  const base = makeEventSourceTrigger(ctx, overrides);
  const from = BY_NAME.get(base.name) ?? TRIGGER_COMPONENTS[0]!;
  const trigger: DeployedTrigger = {
    ...base,
    component_key: from.key,
    configurable_props: from.configurable_props.map((prop) => ({ ...prop })),
    type: 'DeployedComponent',
    // Some triggers show the SDK's optional fields, the others do not (docs/worlds.md, "Both shapes in one world"):
    // as the caller says, else by creation time (a draw made already); `null`: no webhook callback yet.
    ...((options.optionalFields ?? base.created_at % 2 === 0)
      ? { emit_on_deploy: false, callback_observations: null }
      : {}),
  };
  return overrideWith(trigger, overrides);
}
