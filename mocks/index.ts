// createMock: the stateful fake in one object. The same Mock serves the MSW handlers, the Node
// server and in-process callers (`mock.fetch` plugs into openapi-fetch's `fetch` option).
// Browser-safe: everything imported from here runs in a service-worker page as well.
import { controlValidator } from '../openapi/control-validator.ts';
import { validator as defaultValidator, type Validator } from '../openapi/validator.ts';
import { createApp } from './app/app.ts';
import type { ControlOperations, MockControl } from './app/control.ts';
import type { FaultOptions } from './app/faults.ts';
import type { ReadCache, ReadCacheOptions } from './app/read-cache.ts';
import { absoluteBaseUrl, createUrlMapper, DEFAULT_BASE_URL, fromFetchRequest, toFetchResponse } from './app/fetch.ts';
import type { AppRequest, AppResponse } from './app/types.ts';
import type { ExchangeListener, UpstreamStage } from './app/exchange.ts';
import type { RequestHead } from './app/head.ts';
import { recordPact, type PactOptions, type PactRecorder } from './app/pact.ts';
import { routes } from './app/routes.ts';
import { addSources, emit, invokeEndpoint } from './store/api/index.ts';
import { completeConnect, emitTrigger } from './store/connect/index.ts';
import { createStore, type Store, type StoreOptions } from './store/index.ts';
import { worldSummary } from './store/world/index.ts';
import { ENDPOINT_PREFIX } from './app/head.ts';
import { createDeliveryEngine } from './outbound/delivery.ts';
import { scenarioCatalogue } from './scenarios/index.ts';
import { createRunCoverage, type RunCoverageReport } from './app/run-coverage.ts';
import { document } from '../openapi/generated/document.ts';
import type { ScenarioDefinition } from './store/world/index.ts';
import type { DeliverySink } from './outbound/types.ts';

export type { AppRequest, AppResponse } from './app/types.ts';
export type {
  ExchangeListener,
  ExchangeRecord,
  UpstreamExchange,
  UpstreamOutcome,
  UpstreamStage,
} from './app/exchange.ts';
export type { RequestHead } from './app/head.ts';
export type {
  MockControl,
  ControlOperations,
  EmitBody,
  TriggerEmitBody,
  CompleteConnectBody,
  AddSourcesBody,
  FaultsBody,
  RateLimitBody,
  SavedState,
  ClockBody,
  PactStateBody,
  LoginOptions,
} from './app/control.ts';
export type { FaultOptions } from './app/faults.ts';
export type { PactBody, PactFile, PactInteraction, PactOptions, PactRecorder } from './app/pact.ts';
export type { MatchingRules, PactMatcher } from '../openapi/pact-matchers.ts';
export type { ReadCache, ReadCacheOptions } from './app/read-cache.ts';
export { createReadCache } from './app/read-cache.ts';
export type { WorldFaults, RateWindow } from './store/world/session.ts';
export type { AddedSources } from './store/api/index.ts';
export type { Persistence } from './store/world/persist.ts';
export type {
  WorldsSnapshot,
  WorldSnapshot,
  SnapshotError,
  SnapshotErrorCode,
  SnapshotResult,
} from './store/world/index.ts';
export type { ApiError, ApiErrorBody, ErrorCode, Result } from './common/errors.ts';
export type { Store, StoreOptions, EvictReason } from './store/index.ts';
export type { WorldSummary, Session, Journal, JournalEntry, Limits, RateLimitRule } from './store/world/index.ts';
export type {
  DeliveryAttempt,
  DeliveryKind,
  DeliveryRecord,
  DeliveryRequest,
  DeliveryState,
  DeliverySink,
} from './outbound/types.ts';
export type { Validator } from '../openapi/validator.ts';
export type {
  AssumptionVerdict,
  DriftAnalyzer,
  DriftReport,
  FieldDrift,
  ObservedAnswer,
  OperationDrift,
} from '../openapi/drift.ts';
// The resources (aliases of the document's schemas) and the world records `mock.store` hands out.
export type * from './factories/types.ts';
export type * from './store/world/world.ts';
export type { FactoryContext, RandomizerState, WorldFaker } from './ids/random.ts';
export { DEFAULT_BASE_URL } from './app/fetch.ts';
export {
  formatRunCoverage,
  summaryLine as coverageSummaryLine,
  type RunCoverage,
  type RunCoverageReport,
  type RunExchange,
} from './app/run-coverage.ts';
export type {
  CoverageReport,
  ObservedExchange,
  OperationCoverage,
  QueryReader,
  Ratio,
} from '../openapi/coverage.ts';
export {
  defineScenario,
  loadScenarios,
  scenarioCatalogue,
  scenarioProblems,
  BUILTIN_SCENARIOS,
  ScenarioLoadError,
  type ScenarioRefusal,
  type ScenarioCatalogue,
} from './scenarios/index.ts';
export type * from './scenarios/define.ts';
export type { ClockState, ClockChange, WorldClock } from './store/world/index.ts';

export interface MockOptions {
  seed?: number | string;
  /** Where the API is mounted for `mock.fetch` and the MSW handlers; default http://127.0.0.1:4010/v1. */
  baseUrl?: string;
  /**
   * The origin clients reach the mock at when it is not `baseUrl`'s (behind a proxy: `serve
   * --public-url`); HTTP triggers' endpoint URLs name it (docs/worlds.md, "Workflow endpoints").
   */
  publicUrl?: string;
  /** Outbound deliveries; default: the delivery engine (real HTTP POSTs with retries). */
  sink?: DeliverySink;
  /** Clock in UNIX ms (timestamps of created resources and deliveries). */
  now?: () => number;
  /** Unexpected exceptions (bugs) are reported here; console.error by default. */
  logError?: (message: string, error: unknown) => void;
  validator?: Validator;
  /**
   * Faults for every world that sets none of its own (docs/control-api.md, "Faults"): a latency
   * range, a failure rate (503), a rate limit per second and world (429); and the random source,
   * sleep and clock behind them, for deterministic tests. Default: none.
   */
  faults?: FaultOptions;
  /** What `POST /__mock/snapshot` does: the Node server's `--state` writer. Default: none (the route answers 404). */
  saveState?: ControlOperations['saveState'];
  /**
   * Scenarios beside the built-in ones (docs/scenarios.md): a token `scenario_<name>_<anything>`
   * opens a world built from scenario `<name>`. Each is checked against the document here: one that
   * does not match is refused with a `ScenarioLoadError` naming every issue's JSON pointer.
   */
  scenarios?: readonly ScenarioDefinition[];
  /** What `GET /__mock/drift` answers: the drift report of the Node server's `--upstream`. Default: none (the route answers 404). */
  driftReport?: ControlOperations['driftReport'];
  /**
   * Record the API exchanges of every face as `consumer`'s Pact file (docs/pact.md): `mock.pact`
   * holds it, `GET /__mock/pact` answers it. `seed` defaults to this mock's. Default: none.
   */
  pact?: PactOptions;
  /** Bounds on the store's worlds (docs/worlds.md, "Eviction"): at most `maxWorlds`, each evicted after `worldTtlMs` unused. Default: none. */
  worlds?: Pick<StoreOptions, 'maxWorlds' | 'worldTtlMs' | 'onEvict'>;
  /**
   * A store built beforehand (`createStore`), for a mock over worlds made elsewhere. Its own seed,
   * sink, clock and bounds apply: `seed`, `sink`, `now`, `worlds` and `scenarios` may not be given
   * with it. Default: createMock builds the store, for every face (docs/architecture.md).
   */
  store?: Store;
  /**
   * Keep each read's serialized answer until its world changes (docs/performance.md, "The read
   * cache"): `false` makes every answer anew; an object bounds it. Default: on, 10,000 answers and 16 Mi characters over all worlds.
   */
  readCache?: boolean | ReadCacheOptions | ReadCache;
  /**
   * The stage beside a real service or a recording (docs/upstream.md): the Node server's
   * `--upstream` and `--replay`, the MSW handlers' `upstream` and `replay` (mocks/upstream/hybrid.ts).
   * Default none: the mock answers every request.
   */
  upstream?: UpstreamStage;
}

export interface Mock {
  /** The one route table: the API under /v1 and the control API under /__mock (`head`: an adapter's reading of the method and URL, readHead). */
  handle(req: AppRequest, head?: RequestHead): Promise<AppResponse>;
  /**
   * Subscribes to every exchange of this mock (docs/architecture.md, "After each exchange"): once
   * an answer is made, and before it goes back to its face, `listener` gets one record of it: the
   * request, the matched operation, the answer, who answered and whether a world changed. Every
   * face's exchanges are among them (node:http, MSW, `mock.fetch`), and `mock.control`'s calls as
   * the requests they stand for (`via: 'mock.control'`). Answers the function that unsubscribes.
   *
   * @example
   * const stop = mock.onExchange((exchange) => {
   *   if (exchange.face === 'api') console.log(exchange.operationId, exchange.status, exchange.worldChanged);
   * });
   * await mock.fetch('/v1/users/me', { headers: { authorization: 'Bearer dev' } }); // getCurrentUser 200 false
   * stop();
   */
  onExchange(listener: ExchangeListener): () => void;
  /** Fetch-API face of `handle`, for in-process use (e.g. openapi-fetch's `fetch` option). */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /** The control API (docs/control-api.md) as typed functions; the token selects the world. */
  control: MockControl;
  store: Store;
  baseUrl: string;
  /**
   * What a test run covered (docs/control-api.md, "Coverage of a test run"): every operation of the
   * document with the statuses it answered and those it never did, for every world since the mock
   * was made, or for the world of `token`. `formatRunCoverage(report)` renders it as a table.
   *
   * @example
   * const report = mock.coverage();
   * console.log(report.untouched); // ['GET /workflows/{workflow_id}/$errors/event_summaries', ...]
   */
  coverage(token?: string): RunCoverageReport;
  /**
   * The Pact recorder of the `pact` option (docs/pact.md), or null without it.
   *
   * @example
   * const mock = createMock({ pact: { consumer: 'web-app' } });
   * await mock.fetch('/v1/users/me', { headers: { authorization: 'Bearer dev' } });
   * mock.pact?.pact().interactions.length; // 1
   */
  pact: PactRecorder | null;
}

/**
 * Where a mock at `origin` serves HTTP trigger endpoints, as a store's `endpointUrl` (docs/worlds.md,
 * "Workflow endpoints").
 *
 * @example
 * createStore({ endpointUrl: endpointUrlAt('http://127.0.0.1:4010') }); // endpoint_url: 'http://127.0.0.1:4010/__endpoints/<key>'
 */
export function endpointUrlAt(origin: string): (key: string) => string {
  const base = `${origin.replace(/\/+$/, '')}${ENDPOINT_PREFIX}/`;
  return (key) => base + key;
}

export function createMock(options: MockOptions = {}): Mock {
  const baseUrl = absoluteBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL, 'createMock').replace(/\/+$/, '');
  if (options.store !== undefined) {
    const clashing = (['seed', 'sink', 'now', 'worlds', 'scenarios'] as const).filter(
      (name) => options[name] !== undefined,
    );
    if (clashing.length > 0)
      throw new TypeError(`createMock: ${clashing.join(', ')} cannot be given with store (the store has its own)`);
  }
  const store =
    options.store ??
    createStore({
      ...options.worlds,
      scenarios: scenarioCatalogue(options.scenarios),
      sink: options.sink ?? createDeliveryEngine({ now: options.now }),
      seed: options.seed,
      now: options.now,
      endpointUrl: endpointUrlAt(options.publicUrl ?? new URL(baseUrl).origin),
    });
  const coverage = createRunCoverage(document);
  const app = createApp({
    store,
    validator: options.validator ?? defaultValidator,
    controlValidator,
    routes,
    controlOperations: {
      worldSummary,
      emit,
      emitTrigger,
      completeConnect,
      addSources,
      coverage,
      saveState: options.saveState,
      driftReport: options.driftReport,
      ...(options.pact === undefined ? {} : { pact: () => recorder!.pact() }),
    },
    logError: options.logError,
    faults: options.faults,
    endpoints: invokeEndpoint,
    readCache: options.readCache,
    ...(options.upstream === undefined ? {} : { upstream: options.upstream }),
  });
  const mapUrl = createUrlMapper(baseUrl);
  // After the app: the recorder subscribes to its hook, after the app's own subscribers.
  const recorder = options.pact === undefined ? null : recordPact(app, { seed: options.seed, ...options.pact });

  const mock: Mock = {
    handle: app.handle,
    onExchange: app.onExchange,
    async fetch(input, init) {
      // Relative URLs resolve against the base URL, so `mock.fetch('/v1/users/me')` works too.
      const request = new Request(
        typeof input === 'string' && input.startsWith('/') ? new URL(input, baseUrl).origin + input : input,
        init,
      );
      return toFetchResponse(await app.handle(await fromFetchRequest(request, mapUrl)));
    },
    control: app.control,
    store,
    baseUrl,
    coverage: (token) => (token === undefined ? coverage.report('all') : app.control.coverage(token)),
    pact: recorder,
  };
  return mock;
}
