// The control API (docs/control-api.md) as a typed object: each call goes through the app's one runner of
// control operations (app.ts `runControl`), so `/__mock/...` and `mock.control` refuse the same body alike.
import type { DriftReport } from '../../openapi/drift.ts';
import type { PactFile } from './pact.ts';
import type { Result } from '../common/errors.ts';
import type { AddedSources } from '../store/api/index.ts';
import type { ClockState, JournalEntry, RateLimitRule, World, WorldSummary } from '../store/world/index.ts';
import type { Store } from '../store/index.ts';
import type { DeliveryRecord } from '../outbound/types.ts';
import type { components, operations, PathOperationId } from '../../openapi/generated/control-schema.ts';
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
/** `POST /__mock/rate-limit`'s body; `retry_after_seconds` may be left out (the document's default, 1, applies). */
export type RateLimitBody = Omit<components['schemas']['RateLimitBody'], 'retry_after_seconds'> & {
  retry_after_seconds?: number;
};
/** `POST /__mock/clock`'s body: `{ set?, advance?, freeze? }` (docs/worlds.md, "A clock per world"). */
export type ClockBody = components['schemas']['ClockBody'];
export type PactStateBody = components['schemas']['PactStateBody'];
/** `GET /__mock/scenarios`' answer: every scenario a token may name, and the one this world was built from. */
export type ScenarioList = operations['listScenarios']['responses'][200]['content']['application/json']['data'];

/** What an emit, a trigger's emit and a completed Connect flow answer. */
type Emitted = Result<{ emit_id: string; deliveries: DeliveryRecord[] }>;
type TriggerEmitted = Result<{ event_id: string; deliveries: DeliveryRecord[] }>;
type Connected = Result<{ delivery: DeliveryRecord | null; account?: object }>;

/** `?client_id=` of `POST /__mock/rate-limit` and `/faults`: the world of that OAuth client's login instead of the token's. */
export interface LoginOptions {
  clientId?: string;
}

/** The store operations the control API drives (injected, so the app stays testable on a stub store). */
export interface ControlOperations {
  worldSummary(world: World): WorldSummary;
  emit(world: World, body: EmitBody): Emitted;
  emitTrigger(world: World, triggerId: string, body: TriggerEmitBody): TriggerEmitted;
  completeConnect(world: World, connectToken: string, body: CompleteConnectBody): Connected;
  addSources(world: World, body: AddSourcesBody): Result<AddedSources>;
  /** Writes every world to the server's state file (`serve --state`); absent: there is none. */
  saveState?: () => Promise<Result<SavedState>>;
  /** What the run covered (`GET /__mock/coverage`); the app records every /v1 answer in it. Absent: not counted. */
  coverage?: RunCoverage;
  /** The drift report of the server's upstream (`serve --upstream`, docs/upstream.md); absent: there is none. */
  driftReport?: () => DriftReport;
  /** The pact recorded so far (createMock's `pact`, docs/pact.md); absent: this mock records none. */
  pact?: () => PactFile;
}

/** `POST /__mock/snapshot`'s answer. */
export type SavedState = components['schemas']['SavedState'];

export type ControlOperationId = PathOperationId;

/**
 * Runs one control operation for `token` (app.ts): its input checked against the control
 * document, refused with the HTTP face's answers, else its route's Result (`{data: ...}` and the like).
 */
export type ControlRunner = (
  operationId: ControlOperationId,
  token: string,
  input: Partial<RequestInput>,
) => Result<unknown> | Promise<Result<unknown>>;

/** `mock.control`: the control API as typed functions; the token selects the world. */
export type MockControl = ReturnType<typeof createControl>;

function clientQuery(options: LoginOptions | undefined): URLSearchParams {
  return new URLSearchParams(options?.clientId === undefined ? {} : { client_id: options.clientId });
}

/**
 * The JS face over the app's runner: `mock.control`, the control API (docs/control-api.md) as typed functions.
 *
 * @example
 * const control = createControl(store, run);
 * control.rateLimit('dev-token', { requests: 2 }); // { ok: true, value: { requests: 2, retry_after_seconds: 1 } }
 */
export function createControl(store: Store, run: ControlRunner) {
  const unwrap = <T>(result: Result<{ data: T }>): Result<T> =>
    result.ok ? { ok: true, value: result.value.data } : result;
  // The operations used here are synchronous but saveSnapshot (listDeliveries waits too, and has no JS twin).
  const data = <T>(operationId: ControlOperationId, token: string, input: Partial<RequestInput> = {}): Result<T> =>
    unwrap(run(operationId, token, input) as Result<{ data: T }>);
  // An operation without input (or with input built here) cannot be refused: a refusal here is a bug of the mock, not the caller's.
  const value = <T>(operationId: ControlOperationId, token: string, input: Partial<RequestInput> = {}): T => {
    const result = data<T>(operationId, token, input);
    if (!result.ok)
      throw new Error(`control operation ${operationId} refused a call without input: ${result.error.body.error}`);
    return result.value;
  };
  return {
    /** This token's session replaced by a fresh one: the seeded world, no journal, deliveries or rate limit. */
    reset: (token: string): void => void value('resetWorld', token),
    /** The IDs of this token's world that no API lists. */
    world: (token: string) => value<WorldSummary>('getWorld', token),
    /** The request journal of this token's world, oldest first; the console's own requests only with `{ console: true }`. */
    requests: (token: string, options?: { console?: boolean }) =>
      value<JournalEntry[]>(
        'listRequests',
        token,
        options?.console ? { query: new URLSearchParams('include=console') } : {},
      ),
    /** This world's delivery log, oldest first, each record whole (`GET /__mock/deliveries` pages and cuts it). */
    deliveries: (token: string): DeliveryRecord[] => [...store.session(token).deliveries],
    /** Resolves when every queued delivery (of this token's world when given) has settled. */
    idle: (token?: string): Promise<void> =>
      store.sink.idle(token === undefined ? undefined : store.session(token).world.key),
    /**
     * The next `requests` /v1 requests of this world answer 429 with `Retry-After`; with `per_second`,
     * those over that many per second do (0: none, not even the server's); `{requests: 0}` lifts it.
     * Answers the rule in force (null once lifted), or the 400 `POST /__mock/rate-limit` answers.
     */
    rateLimit: (token: string, body: RateLimitBody, options?: LoginOptions) =>
      data<RateLimitRule | null>('setRateLimit', token, { body, query: clientQuery(options) }),
    emit: (token: string, body: EmitBody): Emitted => data('emit', token, { body }),
    emitTrigger: (token: string, triggerId: string, body: TriggerEmitBody): TriggerEmitted =>
      data('emitTrigger', token, { pathParams: { trigger_id: triggerId }, body }),
    completeConnect: (token: string, connectToken: string, body: CompleteConnectBody): Connected =>
      data('completeConnect', token, { pathParams: { connect_token: connectToken }, body }),
    /** Appends `count` sources to workspace `org_id` of this world, for pagination at scale. */
    addSources: (token: string, body: AddSourcesBody) => data<AddedSources>('addSources', token, { body }),
    /**
     * Sets (`set`), moves (`advance: '90m'`) or freezes this world's clock; answers its state. Every
     * time the world shows follows it (docs/worlds.md, "A clock per world").
     */
    clock: (token: string, body: ClockBody) => data<ClockState>('setClock', token, { body }),
    /** This world's clock as `GET /__mock/clock` answers it: time, offset from real time, whether it stands still. */
    readClock: (token: string) => value<ClockState>('getClock', token),
    /** Replaces this world with scenario `name` (null: the seeded world), docs/scenarios.md; answers its summary. */
    scenario: (token: string, name: string | null) => data<WorldSummary>('switchScenario', token, { body: { name } }),
    /** The scenarios this mock holds and the one this world was built from (`GET /__mock/scenarios`). */
    scenarios: (token: string) => value<ScenarioList>('listScenarios', token),
    /**
     * Writes every world to the server's `--state` file now (`POST /__mock/snapshot`, docs/worlds.md,
     * "State across restarts"); the 404 a mock without one answers, or the 500 of a failed write.
     */
    saveState: async (token: string): Promise<Result<SavedState>> =>
      unwrap((await run('saveSnapshot', token, {})) as Result<{ data: SavedState }>),
    /** The Pact verifier's state change (`POST /__mock/pact/states`, docs/pact.md); answers the world's summary. */
    pactState: (token: string, body: PactStateBody) => data<WorldSummary>('setPactState', token, { body }),
    /** Which operations and documented statuses this world's requests (or, with 'all', every world's since the start) were answered with. */
    coverage: (token: string, scope: 'world' | 'all' = 'world') =>
      value<RunCoverageReport>('getCoverage', token, { query: new URLSearchParams({ scope }) }),
    /** This world's latency range and failure rate (a property left out keeps its value); answers those in force. */
    faults: (token: string, body: FaultsBody, options?: LoginOptions) =>
      data<FaultsBody>('setFaults', token, { body, query: clientQuery(options) }),
  };
}
