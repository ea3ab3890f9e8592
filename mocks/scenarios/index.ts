// Scenarios (docs/scenarios.md): defineScenario, the built-in ones, and loadScenarios(), which checks a list against
// the document and answers the catalogue a store holds, built-ins always included.
import type { Issue } from '../../openapi/validator.ts';
import type { ScenarioDefinition } from '../store/world/index.ts';
import { BUILTIN_SCENARIOS } from './builtin.ts';
import { scenarioProblems } from './validate.ts';

export { defineScenario } from './define.ts';
export type * from './define.ts';
export { scenarioProblems } from './validate.ts';

/** A scenario refused at load time: where it came from and each issue with its JSON pointer. */
export interface ScenarioRefusal {
  /** The scenario's name when it has one, else its place (`scenarios[2]`, a file name). */
  scenario: string;
  issues: Issue[];
}

/** Thrown by the adapters when a scenario is refused at load time (a configuration error, before any request). */
export class ScenarioLoadError extends Error {
  readonly refusals: ScenarioRefusal[];
  constructor(refusals: ScenarioRefusal[]) {
    super(
      `scenarios refused (docs/scenarios.md):\n${refusals.map((r) => r.issues.map((issue) => `  ${r.scenario}: ${issue.pointer || '/'} ${issue.message}`).join('\n')).join('\n')}`,
    );
    this.name = 'ScenarioLoadError';
    this.refusals = refusals;
  }
}

export type ScenarioCatalogue = ReadonlyMap<string, ScenarioDefinition>;

/**
 * The built-in scenarios and `scenarios` by name, checked against the document; one named like a built-in replaces
 * it. Refused: any that fails the document or cannot be built, and two of one name (`origin` says where from).
 *
 * @example
 * const loaded = loadScenarios([defineScenario({ name: 'solo', description: 'one workflow', workspaces: [{ workflows: 1 }] })]);
 * if (!loaded.ok) throw new ScenarioLoadError(loaded.refusals);
 * loaded.catalogue.get('solo');
 */
export function loadScenarios(
  scenarios: readonly unknown[] = [],
  origin: (index: number) => string = (index) => `scenarios[${index}]`,
): { ok: true; catalogue: ScenarioCatalogue } | { ok: false; refusals: ScenarioRefusal[] } {
  const catalogue = new Map<string, ScenarioDefinition>(BUILTIN_SCENARIOS.map((scenario) => [scenario.name, scenario]));
  const refusals: ScenarioRefusal[] = [];
  const given = new Map<string, string>();
  for (const [index, scenario] of scenarios.entries()) {
    const name = (scenario as { name?: unknown } | null)?.name;
    const label = typeof name === 'string' ? `${name} (${origin(index)})` : origin(index);
    const issues = scenarioProblems(scenario);
    if (issues.length > 0) {
      refusals.push({ scenario: label, issues });
      continue;
    }
    const definition = scenario as ScenarioDefinition;
    const before = given.get(definition.name);
    if (before !== undefined) {
      refusals.push({
        scenario: label,
        issues: [{ pointer: '/name', message: `scenario ${definition.name} is also defined by ${before}` }],
      });
      continue;
    }
    given.set(definition.name, origin(index));
    catalogue.set(definition.name, definition);
  }
  return refusals.length > 0 ? { ok: false, refusals } : { ok: true, catalogue };
}

/**
 * The catalogue a store holds: `loadScenarios(scenarios)`, or a `ScenarioLoadError` naming every
 * refused scenario's issues (what the adapters do with what their users pass).
 *
 * @example
 * const store = createStore({ scenarios: scenarioCatalogue([defineScenario({ name: 'solo', description: 'one workflow' })]) });
 */
export function scenarioCatalogue(scenarios: readonly unknown[] = []): ScenarioCatalogue {
  const loaded = loadScenarios(scenarios);
  if (!loaded.ok) throw new ScenarioLoadError(loaded.refusals);
  return loaded.catalogue;
}
