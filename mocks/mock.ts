// createMock: the stateful fake in one object, behind the MSW handlers, the Node server and `mock.fetch`.
// Browser-safe. mocks/index.ts names what users get (docs/api.md); storeOf and createKitMock are the kit's own.
import { controlValidator } from '../openapi/control-validator.ts';
import { validator as defaultValidator, type Validator } from '../openapi/validator.ts';
import { createApp } from './app/app.ts';
import type { MockControl, SavedState } from './app/control.ts';
import type { FaultOptions } from './app/faults.ts';
import type { ReadCache, ReadCacheOptions } from './app/read-cache.ts';
import { absoluteBaseUrl, createUrlMapper, DEFAULT_BASE_URL, fromFetchRequest, toFetchResponse } from './app/fetch.ts';
import type { AppRequest, AppResponse } from './app/types.ts';
import type { ExchangeListener, UpstreamStage } from './app/exchange.ts';
import { type RequestHead, ENDPOINT_PREFIX } from './app/head.ts';
import { recordPact, type PactOptions, type PactRecorder } from './app/pact.ts';
import { routes } from './app/routes.ts';
import { addSources, emit, invokeEndpoint } from './store/api/index.ts';
import { completeConnect, emitTrigger } from './store/connect/index.ts';
import { createStore, type Store, type StoreOptions } from './store/index.ts';
import type { Result } from './common/errors.ts';
import type { DriftReport } from '../openapi/drift.ts';
import { worldSummary, type ScenarioDefinition } from './store/world/index.ts';
import { createDeliveryEngine } from './outbound/delivery.ts';
import { scenarioCatalogue } from './scenarios/index.ts';
import { createRunCoverage, type RunCoverageReport } from './app/run-coverage.ts';
import { document } from '../openapi/generated/document.ts';
import type { DeliverySink } from './outbound/types.ts';

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
   * Faults for every world that sets none (docs/control-api.md, "Faults"): latency, a failure rate (503), a rate
   * limit per second and world (429), and the random source, sleep and clock behind them. Default: none.
   */
  faults?: FaultOptions;
  /** What `POST /__mock/snapshot` does: the Node server's `--state` writer. Default: none (the route answers 404). */
  saveState?: () => Promise<Result<SavedState>>;
  /**
   * Scenarios beside the built-in ones (docs/scenarios.md), opened by a token `scenario_<name>_<anything>`; one that
   * does not match the document throws a `ScenarioLoadError` naming every issue's JSON pointer.
   */
  scenarios?: readonly ScenarioDefinition[];
  /** What `GET /__mock/drift` answers: the drift report of the Node server's `--upstream`. Default: none (the route answers 404). */
  driftReport?: () => DriftReport;
  /**
   * Record the API exchanges of every face as `consumer`'s Pact file (docs/pact.md): `mock.pact`
   * holds it, `GET /__mock/pact` answers it. `seed` defaults to this mock's. Default: none.
   */
  pact?: PactOptions;
  /** Bounds on the store's worlds (docs/worlds.md, "Eviction"): at most `maxWorlds`, each evicted after `worldTtlMs` unused. Default: none. */
  worlds?: Pick<StoreOptions, 'maxWorlds' | 'worldTtlMs' | 'onEvict'>;
  /**
   * Keep each read's serialized answer until its world changes (docs/performance.md, "The read cache"): `false`
   * makes every answer anew; an object bounds it. Default: on, 10,000 answers and 16 Mi characters in all.
   */
  readCache?: boolean | ReadCacheOptions;
  /**
   * The stage beside a real service or a recording (docs/upstream.md, mocks/upstream/hybrid.ts), as `--upstream`,
   * `--replay` and the MSW handlers' options make it. Default none: the mock answers every request.
   */
  upstream?: UpstreamStage;
}

export interface Mock {
  /** The one route table: the API under /v1 and the control API under /__mock (`head`: an adapter's reading of the method and URL, readHead). */
  handle(req: AppRequest, head?: RequestHead): Promise<AppResponse>;
  /**
   * Subscribes to every exchange of this mock, every face's and `mock.control`'s (`via: 'mock.control'`;
   * docs/architecture.md, "After each exchange"): before an answer goes back, `listener` gets its record (request,
   * operation, answer, who answered, whether a world changed). Answers the function that unsubscribes.
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
  baseUrl: string;
  /**
   * What a test run covered (docs/control-api.md, "Coverage of a test run"): each operation's statuses answered and
   * never answered, over every world since the mock was made or `token`'s; `formatRunCoverage` renders a table.
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

/** createMock's options as the kit's own tests give them: a read cache built beforehand may be planted. */
interface KitMockOptions extends Omit<MockOptions, 'readCache'> {
  readCache?: MockOptions['readCache'] | ReadCache;
}

/** Where a mock keeps its store: a symbol no user's code names, read by storeOf (docs/architecture.md). */
const STORE = Symbol('store');

/**
 * The stateful fake: the API under `/v1`, the control API under `/__mock`, one world per bearer
 * token (docs/worlds.md), for in-process tests, the MSW handlers and the Node server.
 *
 * @example
 * const mock = createMock({ seed: 1 });
 * const me = await mock.fetch('/v1/users/me', { headers: { authorization: 'Bearer dev' } });
 * mock.control.world('dev').workspaces.length; // 1 or more: the seeded world of token 'dev'
 */
export function createMock(options: MockOptions = {}): Mock {
  return createKitMock(options);
}

/**
 * The store behind a createMock mock, for the kit's adapters that keep worlds (`--state`, `persist`, the Playwright
 * fixture's cleanup) and tests; users read and drive worlds through `mock.control` (docs/control-api.md).
 *
 * @example
 * storeOf(createMock()).size(); // 0: no token has opened a world yet
 */
export function storeOf(mock: Mock): Store {
  return (mock as Mock & { [STORE]: Store })[STORE];
}

/**
 * createMock, with a read cache built beforehand allowed (the tests watch one, or plant a broken one).
 *
 * @example
 * const mock = createKitMock({ seed: 1, readCache: createReadCache({ maxEntries: 10 }) });
 */
export function createKitMock(options: KitMockOptions = {}): Mock {
  const baseUrl = absoluteBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL, 'createMock').replace(/\/+$/, '');
  const endpoints = `${(options.publicUrl ?? new URL(baseUrl).origin).replace(/\/+$/, '')}${ENDPOINT_PREFIX}/`;
  const store = createStore({
    ...options.worlds,
    scenarios: scenarioCatalogue(options.scenarios),
    sink: options.sink ?? createDeliveryEngine({ now: options.now }),
    seed: options.seed,
    now: options.now,
    endpointUrl: (key) => endpoints + key,
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

  const mock: Mock & { [STORE]: Store } = {
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
    [STORE]: store,
    baseUrl,
    coverage: (token) => (token === undefined ? coverage.report('all') : app.control.coverage(token)),
    pact: recorder,
  };
  return mock;
}
