// What a world weighs (docs/worlds.md, "Bounds"): its heap bytes estimated from record counts, the same way for
// seeded and scenario worlds; the store evicts past a bound, and scenarios over SCENARIO_WEIGHT_LIMIT are refused.
import type { ScenarioDefinition } from './scenario.ts';
import { MAX_ERROR_EVENTS, type World } from './world.ts';

/** The estimate's figures per record kind, measured on Node 24 (docs/scenarios.md, "How big a scenario may be"). */
export const WEIGHT = { world: 8 * 1024, heavy: 1_800, errorEvent: 1_400, record: 500 } as const;
/** About what a seeded world weighs (69 kB by the estimate): the store's bound is `maxWorlds` of these. */
export const SEEDED_WORLD_WEIGHT = 70 * 1024;
/** The most a scenario world may weigh, so opening one stalls no one (docs/scenarios.md, "How big a scenario..."). */
export const SCENARIO_WEIGHT_LIMIT = 32 * 1024 * 1024;

/** Recorded events of the world's workflows (`$errors` and emits) and sources, counted when a world is opened (not on each request). */
export function errorEventCount(world: World): number {
  let count = 0;
  for (const record of world.workflows.values()) count += record.errors.length + (record.emits?.length ?? 0);
  for (const record of world.sources.values()) count += record.events?.length ?? 0;
  return count;
}

/**
 * A world's weight in estimated heap bytes, from its record counts and `errorEvents`
 * (errorEventCount). O(1) besides that count: the store refreshes it on every use.
 *
 * @example
 * const weight = worldWeight(world, errorEventCount(world)); // ~58 kB for a seeded world
 */
export function worldWeight(world: World, errorEvents: number): number {
  const heavy = world.sources.size + world.workflows.size;
  const records =
    world.workspaces.size +
    world.webhooks.size +
    world.subscriptions.size +
    world.autoSubscriptions.length +
    world.projects.size +
    world.templates.size +
    world.accounts.size +
    world.connectTokens.size +
    world.deployedTriggers.size +
    world.oauthApps.size +
    world.appOverrides.size +
    world.stashFiles.size +
    world.savedComponents.size +
    world.connectCredits.size;
  return WEIGHT.world + WEIGHT.heavy * heavy + WEIGHT.errorEvent * errorEvents + WEIGHT.record * records;
}

type Declared = number | readonly unknown[] | undefined;
const countOf = (value: Declared): number => (typeof value === 'number' ? value : (value?.length ?? 0));

/**
 * What a scenario's world will weigh, from what it declares, before anything is built: the
 * same figures as worldWeight (a scenario world holds no document examples).
 *
 * @example
 * declaredWeight({ name: 'big', description: 'x', workspaces: [{ sources: 1_000_000 }] }); // ~1.7 GiB
 */
export function declaredWeight(scenario: ScenarioDefinition): number {
  let heavy = 0;
  let errorEvents = 0;
  let records = Math.max(1, scenario.workspaces?.length ?? 0);
  for (const workspace of scenario.workspaces ?? []) {
    heavy += countOf(workspace.sources) + countOf(workspace.workflows);
    if (!Array.isArray(workspace.workflows)) continue;
    for (const workflow of workspace.workflows) errorEvents += Math.min(MAX_ERROR_EVENTS, countOf(workflow.errors));
  }
  for (const project of scenario.projects ?? []) records += 1 + (project.accounts?.length ?? 0);
  records += (scenario.webhooks?.length ?? 0) + (scenario.subscriptions?.length ?? 0);
  return WEIGHT.world + WEIGHT.heavy * heavy + WEIGHT.errorEvent * errorEvents + WEIGHT.record * records;
}

/** Bytes as people read them in messages: `1.7 GiB`, `32.0 MiB`. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
