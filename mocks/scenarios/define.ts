// defineScenario: the typed face of a scenario (docs/scenarios.md), typed from the document's generated types so an
// editor checks every field; a JSON scenario is checked at load time (validate.ts) against the same document.
import type { ScenarioDefinition } from '../store/world/index.ts';

export type {
  ScenarioDefinition,
  ScenarioWorld,
  ScenarioWorkspace,
  ScenarioWorkflow,
  ScenarioErrorEvent,
  ScenarioProject,
  ScenarioAccount,
  ScenarioSubscription,
  AccountState,
} from '../store/world/index.ts';

/**
 * A scenario: a world described instead of seeded. Load it with `serve --scenarios DIR` (a module
 * whose default export is this value), `createHandlers({ scenarios: [...] })` or
 * `createMock({ scenarios: [...] })`; a token `scenario_<name>_<anything>` then opens its world.
 *
 * @example
 * export default defineScenario({
 *   name: 'nearly-out-of-invocations',
 *   description: 'One workspace whose invocation quota has 3 left',
 *   user: { daily_invocations_quota: 1000, daily_invocations_used: 997 },
 *   workspaces: [{ name: 'Acme', workflows: [{ name: 'Checkout', active: true, trigger: 'http', errors: 2 }], sources: 4 }],
 * });
 */
export function defineScenario<const T extends ScenarioDefinition>(scenario: T): T {
  return scenario;
}
