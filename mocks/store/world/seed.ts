// Builds a world and fills it with the seeded state of docs/worlds.md, timestamps from a fixed reference date, so
// (server seed, token) gives the same world byte for byte; after seeding the world reads its own clock (clock.ts).
import type { DeliverySink } from '../../outbound/types.ts';
import { type World, addSource, emptyWorld, tripleKey, projectRecord } from './world.ts';
import {
  createRandomizer,
  restoreRandomizer,
  seedFrom,
  stableKey,
  unixSeconds,
  type FactoryContext,
  type RandomizerState,
  type SavableRandomizer,
  type WorldFaker,
} from '../../ids/random.ts';
import { createWorldFaker } from '../../ids/world-faker.ts';
import { makeConnectedAccount, makeCredentials } from '../../factories/connect.ts';
import { makeDeployedTrigger } from '../../factories/deployed-trigger.ts';
import { makeEmittedEventSummary, makeErrorEventSummary } from '../../factories/error-event.ts';
import {
  makeEventSource,
  makeProject,
  makeSubscription,
  makeTemplate,
  makeUser,
  makeWebhook,
  makeWorkflow,
  makeWorkspace,
} from '../../factories/resources.ts';
import type { EventSourceTrigger, WorkflowErrorEventSummary } from '../../factories/types.ts';
import { document } from '../../../openapi/generated/document.ts';
import { type DocumentExamples, documentExamples, plantExamples } from './examples.ts';
import { createWorldClock, utcDay } from './clock.ts';
import { createRecordingSink } from './recording-sink.ts';
import { plantScenario, type ScenarioDefinition, type ScenarioIssue } from './scenario.ts';
import { declaredWeight, errorEventCount, formatBytes, SCENARIO_WEIGHT_LIMIT, worldWeight } from './weight.ts';

/** 2025-06-01T12:00:00Z: the clock of every seeded world. */
export const REFERENCE_TIME_MS = Date.UTC(2025, 5, 1, 12, 0, 0);

const seedingFaker = createWorldFaker(createRandomizer(0));

export const SEEDED_ENVIRONMENTS = ['production', 'development'] as const;

export interface WorldOptions {
  token: string;
  seed: number | string;
  sink: DeliverySink;
  now: () => number;
  /** Build the world from this scenario (scenario.ts) instead of the default seeding. */
  scenario?: ScenarioDefinition;
  /** Where the mock serves HTTP trigger endpoints (StoreOptions.endpointUrl). */
  endpointUrl?: (key: string) => string;
}

/** The document's examples, walked once for every world (examples.ts). */
let examples: DocumentExamples | undefined;

export function createWorld(options: WorldOptions): World {
  const { world, random } = startWorld(options);
  if (options.scenario !== undefined) {
    // A scenario world holds the scenario alone (no examples), checked at load: an issue here is that check's bug.
    const issues = plantScenario(world, options.scenario);
    if (issues.length > 0)
      throw new Error(
        `scenario ${options.scenario.name}: ${issues.map((issue) => `${issue.pointer}: ${issue.message}`).join('; ')}`,
      );
  } else {
    seedWorld(world);
    // After the random seeding, which stays as it was: the resources the document's examples name.
    examples ??= documentExamples(document);
    plantExamples(world, examples, SEEDED_ENVIRONMENTS);
  }
  random.endSeeding();
  // What was seeded is today's usage: the counters reset at the next UTC midnight of the world's clock.
  world.quotaDay = utcDay(world.ctx.now());
  return world;
}

/**
 * What only a built world shows about a scenario (an ID given twice, a subscription to an emitter
 * it does not hold), as issues with JSON pointers into the scenario; [] when it builds.
 *
 * @example
 * scenarioIssues({ name: 'x', description: 'x', subscriptions: [{ emitter_id: 'p_nope123', listener_id: 'wh_nope123', event_name: '$errors' }] });
 * // [{ pointer: '/subscriptions/0/emitter_id', message: 'the scenario holds no workflow or source p_nope123' }]
 */
export function scenarioIssues(scenario: ScenarioDefinition): ScenarioIssue[] {
  // Weighed before it is built: a scenario of a million sources is refused without building it.
  const tooHeavy = (weight: number, how: string): ScenarioIssue[] =>
    weight <= SCENARIO_WEIGHT_LIMIT
      ? []
      : [
          {
            pointer: '',
            message:
              `scenario ${scenario.name} weighs ${formatBytes(weight)} (${how}), ` +
              `more than the ${formatBytes(SCENARIO_WEIGHT_LIMIT)} a scenario world may weigh ` +
              '(docs/scenarios.md, "How big a scenario may be")',
          },
        ];
  const declared = tooHeavy(declaredWeight(scenario), 'estimated from the records it declares');
  if (declared.length > 0) return declared;
  const { world } = startWorld({
    token: `scenario_${scenario.name}_check`,
    seed: 0,
    sink: createRecordingSink(),
    now: () => REFERENCE_TIME_MS,
  });
  const issues = plantScenario(world, scenario);
  if (issues.length > 0) return issues;
  return tooHeavy(worldWeight(world, errorEventCount(world)), 'estimated from the records of its built world');
}

/** An empty world of (seed, token) with its user drawn, still seeding (its clock at the reference time). */
function startWorld(options: WorldOptions): { world: World; random: WorldRandom } {
  seedingFaker.seed(seedFrom(options.seed, options.token));
  const random = createWorldRandom(options, { seeding: true });
  const { orgs: _orgs, ...user } = makeUser(random.ctx, { orgs: [] });
  const world = emptyWorld({
    key: stableKey(options.token),
    token: options.token,
    seed: options.seed,
    ctx: random.ctx,
    clock: random.clock,
    scenario: options.scenario?.name ?? null,
    sink: options.sink,
    saveRandom: random.save,
    user,
    errorSeq: 0,
  });
  return { world, random };
}

export type WorldRandom = ReturnType<typeof createWorldRandom>;

/**
 * The generator and clock of a world. Seeding is synchronous, so it draws from one shared generator reseeded per
 * world; the world's own is made only when something is created after seeding. Both are seeded from (server seed,
 * token); a restored world continues from its saved generator state.
 */
export function createWorldRandom(
  options: Pick<WorldOptions, 'seed' | 'token' | 'now' | 'endpointUrl'>,
  start: { seeding: true } | { saved: RandomizerState | null },
) {
  let seeding = 'seeding' in start;
  let randomizer: SavableRandomizer | undefined =
    'saved' in start && start.saved !== null ? restoreRandomizer(start.saved) : undefined;
  let own: WorldFaker | undefined = randomizer === undefined ? undefined : createWorldFaker(randomizer);
  const clock = createWorldClock(options.now);
  const ctx: FactoryContext = {
    get faker() {
      if (seeding) return seedingFaker;
      if (own === undefined) {
        randomizer = createRandomizer(seedFrom(options.seed, options.token, 'after-seed'));
        own = createWorldFaker(randomizer);
      }
      return own;
    },
    issued: new Set(),
    now: () => (seeding ? REFERENCE_TIME_MS : clock.now()),
    ...(options.endpointUrl === undefined ? {} : { endpointUrl: options.endpointUrl }),
  };
  return {
    ctx,
    /** The world's clock; `ctx.now()` reads it once seeding is done. */
    clock,
    /** The world's own generator state; null while it has not drawn yet (it starts from its seed then). */
    save: (): RandomizerState | null => randomizer?.save() ?? null,
    endSeeding: () => {
      seeding = false;
    },
  };
}

/** The default world: each step draws from the world's faker in turn, so their order is every seeded world's values. */
function seedWorld(world: World): void {
  const { ctx } = world;
  // Two workspaces; only the first carries the optional compute/invocation fields.
  const first = makeWorkspace(ctx, undefined, { usageFields: true });
  const second = makeWorkspace(ctx, undefined, { usageFields: false });
  for (const workspace of [first, second]) {
    world.workspaces.set(workspace.id, { workspace, sourceIds: [], sourceIndex: new Map() });
  }
  const projectId = seedProject(world, first.id);
  for (let i = 0; i < 2; i++) {
    const template = makeTemplate(ctx);
    world.templates.set(template.id, template);
  }
  // Sources: five plain ones in the first workspace (+ the third workflow's trigger = six), two in the second.
  for (let i = 0; i < 5; i++) addSource(world, makeEventSource(ctx), first.id);
  for (let i = 0; i < 2; i++) addSource(world, makeEventSource(ctx), second.id);
  const { withErrors, timer } = seedWorkflows(world, first.id, projectId);
  // One webhook and two subscriptions: the erroring workflow's $errors to the webhook, and every
  // source's $logs to the timer workflow (a glob, so it belongs to the first workspace).
  const webhook = makeWebhook(ctx, { user_id: world.user.id });
  world.webhooks.set(webhook.id, webhook);
  for (const [emitter_id, listener_id, event_name] of [
    [withErrors.id, webhook.id, '$errors'],
    ['dc_*', timer.id, '$logs'],
  ] as const) {
    const subscription = makeSubscription(ctx, { emitter_id, listener_id, event_name });
    world.subscriptions.set(tripleKey(emitter_id, listener_id, event_name), { subscription, orgId: first.id });
  }
  seedEmittedEvents(world, withErrors.id, world.workspaces.get(first.id)!.sourceIds[0]!);
}

/**
 * Emitted events, drawn last so the draws before them stay every seeded world's values: the HTTP workflow's two and
 * the first source's three (one over 1 KB); every other workflow and source has none, so one world shows both shapes.
 */
function seedEmittedEvents(world: World, workflowId: string, sourceId: string): void {
  const { ctx } = world;
  const made = (emitterId: string, count: number) => {
    const events = Array.from({ length: count }, (_, i) =>
      makeEmittedEventSummary(ctx, { emitterId, seq: ++world.errorSeq, largeEvent: i === 1 && count > 2 }),
    );
    return events.sort((a, b) => b.indexed_at_ms - a.indexed_at_ms);
  };
  world.workflows.get(workflowId)!.emits = made(workflowId, 2);
  world.sources.get(sourceId)!.events = made(sourceId, 3);
}

/** A project in the first workspace with one deployed trigger per environment and two accounts; its ID. */
function seedProject(world: World, orgId: string): string {
  const { ctx } = world;
  const project = makeProject(ctx, { org_id: orgId });
  const record = projectRecord(project, SEEDED_ENVIRONMENTS, unixSeconds(ctx.now()));
  world.projects.set(project.id, record);
  // Both shapes in every seeded world (docs/worlds.md): the first trigger and account with the SDK's optional fields.
  const triggers = SEEDED_ENVIRONMENTS.map((environment, i) => {
    const trigger = makeDeployedTrigger(ctx, { owner_id: orgId }, { optionalFields: i === 0 });
    return { trigger, environment };
  });
  const accounts = [];
  for (let i = 0; i < 2; i++) {
    const account = makeConnectedAccount(ctx, undefined, { refreshes: i === 0 });
    // The second is connected through the service's OAuth client: its credentials are withheld (the service's docs).
    world.accounts.set(account.id, {
      account,
      projectId: project.id,
      environment: 'production',
      credentials: makeCredentials(ctx),
      credentialsWithheld: i === 1,
    });
    record.accountIds.push(account.id);
    accounts.push(account);
  }
  // The triggers belong to the first account's end user (no extra random draw: seeded IDs stay).
  const externalUserId = accounts[0]!.external_id;
  for (const { trigger, environment } of triggers) {
    const deployed = { trigger, projectId: project.id, environment, externalUserId, webhooks: [] };
    world.deployedTriggers.set(trigger.id, deployed);
    record.deployedTriggerIds.push(trigger.id);
  }
  return project.id;
}

/** Three workflows: HTTP (five `$errors` events, newest first, one original_event over 1 KB), timer, event source. */
function seedWorkflows(world: World, orgId: string, projectId: string) {
  const { ctx } = world;
  const withErrors = makeWorkflow(ctx, { active: true }, { triggerKind: 'http', stepCount: 2 });
  const timer = makeWorkflow(ctx, { active: false }, { triggerKind: 'timer', stepCount: 1 });
  const fromSource = makeWorkflow(ctx, { active: true }, { triggerKind: 'source', ownerId: orgId, stepCount: 2 });
  for (const workflow of [withErrors, timer, fromSource]) {
    world.workflows.set(workflow.id, { workflow, orgId, projectId, errors: [] });
  }
  const trigger = fromSource.triggers[0] as EventSourceTrigger;
  const { owner_id: _owner, ...source } = trigger;
  addSource(world, source, orgId);
  const cellId = withErrors.steps[0]?.id ?? '';
  const events: WorkflowErrorEventSummary[] = [];
  for (let i = 0; i < 5; i++) {
    const seq = ++world.errorSeq;
    const options = { workflowId: withErrors.id, ownerId: orgId, cellId, largeEvent: i === 2, seq };
    events.push(makeErrorEventSummary(ctx, options));
  }
  events.sort((a, b) => b.indexed_at_ms - a.indexed_at_ms);
  world.workflows.get(withErrors.id)!.errors = events;
  return { withErrors, timer };
}
