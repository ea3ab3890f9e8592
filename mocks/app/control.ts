// The control API of docs/control-api.md as a typed JS object (MockControl, for in-process use);
// its HTTP face is control-routes.ts. Both go through the control API's document
// (openapi/control.yaml): the HTTP face like every request, the JS face by running the same
// operation (`run`), so a body is checked once, by the same validator and error mapping as under
// /v1, and the store never checks it again. The types of the bodies are generated from it.
import type { Result } from '../errors.ts';
import type { AddedSources, ClockState, JournalEntry, RateLimitRule, Store, World, WorldSummary } from '../store/index.ts';
import type { DeliveryRecord } from '../outbound/types.ts';
import type { components, PathOperationId } from '../../openapi/generated/control-schema.ts';
import type { RequestInput } from '../../openapi/validator.ts';
import type { RunCoverage, RunCoverageReport } from './run-coverage.ts';

/** `POST /__mock/emit`'s body. */
export type EmitBody = components['schemas']['EmitBody'];
/** `POST /__mock/triggers/{trigger_id}/emit`'s body. */
export type TriggerEmitBody = components['schemas']['TriggerEmitBody'];
/** `POST /__mock/connect/{connect_token}/complete`'s body. */
export type CompleteConnectBody = components['schemas']['CompleteConnectBody'];
/** `POST /__mock/faults`' body and answer: a world's latency and failure rate (faults.ts). */
export type FaultsBody = components['schemas']['Faults'];
/** `POST /__mock/sources`' body. */
export type AddSourcesBody = components['schemas']['AddSourcesBody'];
/** `POST /__mock/clock`'s body: `{ set?, advance?, freeze? }` (docs/worlds.md, "A clock per world"). */
export type ClockBody = components['schemas']['ClockBody'];

export interface MockControl {
  /** This token's session replaced by a fresh one: the seeded world, no journal, deliveries or rate limit. */
  reset(token: string): void;
  /** The IDs of this token's world that no API lists. */
  world(token: string): WorldSummary;
  /** The request journal of this token's world, oldest first. */
  requests(token: string): JournalEntry[];
  emit(token: string, body: EmitBody): Result<{ emit_id: string; deliveries: DeliveryRecord[] }>;
  emitTrigger(token: string, triggerId: string, body: TriggerEmitBody): Result<{ event_id: string; deliveries: DeliveryRecord[] }>;
  completeConnect(token: string, connectToken: string, body: CompleteConnectBody): Result<{ delivery: DeliveryRecord | null; account?: object }>;
  /** The outbound delivery log of this token's world, oldest first. */
  deliveries(token: string): DeliveryRecord[];
  /** Resolves when every queued delivery (of this token's world when given) has settled. */
  idle(token?: string): Promise<void>;
  /**
   * The next `requests` /v1 requests of this world answer 429 with `Retry-After`; with `per_second`,
   * those over that many per second do (0: none, not even the server's); `{requests: 0}` lifts it.
   */
  rateLimit(token: string, rule: RateLimitRule): RateLimitRule | null;
  /** This world's latency range and failure rate (a property left out keeps its value); answers those in force. */
  faults(token: string, body: FaultsBody): Result<FaultsBody>;
  /** Appends `count` sources to workspace `org_id` of this world, for pagination at scale. */
  addSources(token: string, body: AddSourcesBody): Result<AddedSources>;
  /**
   * Sets (`set`), moves (`advance: '90m'`) or freezes this world's clock; answers its state. Every
   * time the world shows follows it (docs/worlds.md, "A clock per world").
   */
  clock(token: string, body: ClockBody): Result<ClockState>;
  /** Replaces this world with scenario `name` (null: the seeded world), docs/scenarios.md; answers its summary. */
  scenario(token: string, name: string | null): Result<WorldSummary>;
  /** Which operations and documented statuses this world's requests (or, with 'all', every world's since the start) were answered with. */
  coverage(token: string, scope?: 'world' | 'all'): RunCoverageReport;
}

/** The store operations the control API drives (injected, so the app stays testable on a stub store). */
export interface ControlOperations {
  worldSummary(world: World): WorldSummary;
  emit(world: World, body: EmitBody): Result<{ emit_id: string; deliveries: DeliveryRecord[] }>;
  emitTrigger(world: World, triggerId: string, body: TriggerEmitBody): Result<{ event_id: string; deliveries: DeliveryRecord[] }>;
  completeConnect(world: World, connectToken: string, body: CompleteConnectBody): Result<{ delivery: DeliveryRecord | null; account?: object }>;
  addSources(world: World, body: AddSourcesBody): Result<AddedSources>;
  /** Writes every world to the server's state file (`serve --state`); absent: there is none. */
  saveState?: () => Promise<Result<SavedState>>;
  /** What the run covered (`GET /__mock/coverage`); the app records every /v1 answer in it. Absent: not counted. */
  coverage?: RunCoverage;
}

/** `POST /__mock/snapshot`'s answer. */
export type SavedState = components['schemas']['SavedState'];

export type ControlOperationId = PathOperationId;

/**
 * Runs one control operation for `token` as its HTTP route would (validated against the control
 * document, refused with the same answers), and answers what the route puts under `data`.
 */
export type ControlRunner = (operationId: ControlOperationId, token: string, input: Partial<RequestInput>) => Result<unknown>;

export function createControl(store: Store, ops: ControlOperations, run: ControlRunner): MockControl {
  // The operations that take input are run through the document; the others have nothing to check.
  const runAs = <T>(operationId: ControlOperationId, token: string, input: Partial<RequestInput>) => run(operationId, token, input) as Result<T>;
  return {
    reset: (token) => void store.reset(token),
    world: (token) => ops.worldSummary(store.world(token)),
    requests: (token) => store.session(token).journal.list(),
    deliveries: (token) => [...store.session(token).deliveries],
    idle: (token) => store.sink.idle(token === undefined ? undefined : store.session(token).world.key),
    rateLimit: (token, rule) => store.session(token).limits.set(rule),
    emit: (token, body) => runAs('emit', token, { body }),
    emitTrigger: (token, triggerId, body) => runAs('emitTrigger', token, { pathParams: { trigger_id: triggerId }, body }),
    completeConnect: (token, connectToken, body) => runAs('completeConnect', token, { pathParams: { connect_token: connectToken }, body }),
    addSources: (token, body) => runAs('addSources', token, { body }),
    faults: (token, body) => runAs('setFaults', token, { body }),
    clock: (token, body) => runAs('setClock', token, { body }),
    scenario: (token, name) => runAs('switchScenario', token, { body: { name } }),
    coverage: (token, scope = 'world') => {
      const result = runAs<RunCoverageReport>('getCoverage', token, { query: new URLSearchParams({ scope }) });
      if (!result.ok) throw new Error(`coverage: ${result.error.body.error}`);
      return result.value;
    },
  };
}
