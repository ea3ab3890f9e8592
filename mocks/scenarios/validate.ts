// A scenario checked against the document before any store holds it (docs/scenarios.md, "Checked at load
// time"): its JSON Schema is derived from the document's, so the document stays the one source of truth.
import { validator, type Issue } from '../../openapi/validator.ts';
import { document } from '../../openapi/generated/document.ts';
import {
  MAX_ERROR_EVENTS as MAX_ERROR_EVENTS_PER_WORKFLOW,
  SCENARIO_NAME,
  scenarioIssues,
  type ScenarioDefinition,
} from '../store/world/index.ts';

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const documentSchema = (name: string): Schema =>
  (document as { components: { schemas: Record<string, Schema> } }).components.schemas[name]!;

/** The document's schema `name` with every property optional and no other property, plus `extra`. */
function partial(name: string, extra: Record<string, Schema> = {}, omit: string[] = []): Schema {
  const properties = { ...(documentSchema(name).properties as Record<string, Schema>) };
  for (const key of omit) delete properties[key];
  return { type: 'object', additionalProperties: false, properties: { ...properties, ...extra } };
}

/** A count (0 to max) or a list of items. */
const countOr = (items: Schema, max: number): Schema => ({
  type: ['integer', 'array'],
  minimum: 0,
  maximum: max,
  items,
});

const SCENARIO_SCHEMAS: Record<string, Schema> = {
  Scenario: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'description'],
    properties: {
      name: { type: 'string', pattern: SCENARIO_NAME.source, description: 'lower-case words joined by dashes' },
      description: { type: 'string', minLength: 1 },
      user: partial('User', {}, ['orgs']),
      workspaces: { type: 'array', items: ref('ScenarioWorkspace') },
      projects: { type: 'array', items: ref('ScenarioProject') },
      webhooks: { type: 'array', items: partial('Webhook') },
      subscriptions: {
        type: 'array',
        items: { ...partial('Subscription'), required: ['emitter_id', 'listener_id', 'event_name'] },
      },
    },
  },
  ScenarioWorkspace: partial('Workspace', {
    sources: countOr(partial('EventSource'), 1_000_000),
    workflows: countOr(ref('ScenarioWorkflow'), 100_000),
  }),
  ScenarioWorkflow: partial('Workflow', {
    trigger: { enum: ['http', 'source', 'timer', 'email'] },
    errors: countOr(ref('ScenarioErrorEvent'), MAX_ERROR_EVENTS_PER_WORKFLOW),
  }),
  ScenarioErrorEvent: partial(
    'WorkflowErrorEventSummary',
    {
      code: { type: 'string', minLength: 1 },
      original_event: { type: 'object' },
      age_ms: { type: 'integer', minimum: 0 },
    },
    ['event'],
  ),
  ScenarioProject: {
    type: 'object',
    additionalProperties: false,
    properties: {
      id: ref('ProjectId'),
      name: { type: 'string', minLength: 1 },
      workspace: { type: 'integer', minimum: 0 },
      accounts: {
        type: 'array',
        items: partial(
          'ConnectedAccount',
          { state: { enum: ['healthy', 'failing', 'dead'] }, environment: { enum: ['production', 'development'] } },
          ['credentials'],
        ),
      },
    },
  },
};

let check: ((schemaName: string, value: unknown) => Issue[]) | undefined;

/**
 * The issues of `value` as a scenario (JSON pointers into it), [] when it is one the kit can build.
 *
 * @example
 * scenarioProblems({ name: 'Bad Name', description: 'x', workspaces: [{ sources: -1 }] });
 * // [{ pointer: '/name', message: 'must match pattern ...' }, { pointer: '/workspaces/0/sources', message: 'must be >= 0' }]
 */
export function scenarioProblems(value: unknown): Issue[] {
  // The validator's own schema check, beside the document's schemas.
  check ??= validator.extend('scenarios', SCENARIO_SCHEMAS);
  const issues = check('Scenario', value);
  if (issues.length > 0) return issues;
  return scenarioIssues(value as ScenarioDefinition);
}
