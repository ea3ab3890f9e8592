// MSW 3 adapter: two catch-all handlers hand every intercepted request to the mock's one route table; for
// setupServer and setupWorker alike (nothing here touches Node-only modules).
import { bypass, http, HttpResponse, type HttpHandler } from 'msw';
import type { DriftAnalyzer, DriftReport } from '../../openapi/drift.ts';
import { validator } from '../../openapi/validator.ts';
import { authenticate } from '../app/auth.ts';
import { ENDPOINT_PREFIX } from '../app/head.ts';
import { absoluteBaseUrl, createUrlMapper, DEFAULT_BASE_URL, fromFetchRequest } from '../app/fetch.ts';
import type { FaultOptions, PactOptions, PactRecorder, UpstreamStage } from '../index.ts';
import { createMock, type Mock, type MockOptions, storeOf } from '../mock.ts';
import { DEFAULT_STORAGE_KEY, persistStore, type Persistence, type StorageArea } from '../store/world/persist.ts';
import { createDeliveryEngine } from '../outbound/delivery.ts';
import type { BesideSetup } from '../upstream/msw-step.ts';
import type { Exchange, HarEntry } from '../upstream/har.ts';
import type { Hybrid } from '../upstream/hybrid.ts';
import { checkHarEntries, parseHar } from '../upstream/parse-har.ts';
import type { MatchField } from '../upstream/replay.ts';
import { type FallbackRule, selectUpstream } from '../upstream/select.ts';

export { DEFAULT_STORAGE_KEY } from '../store/world/persist.ts';
export type { Exchange, HarEntry, HarHeader } from '../upstream/har.ts';
export type { FallbackRule } from '../upstream/select.ts';
export type { MatchField } from '../upstream/replay.ts';
export type { PactFile, PactOptions, PactRecorder } from '../index.ts';

/** In a page (setupWorker, or a DOM test environment) outbound webhooks are recorded, not sent. */
const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

export interface HandlersOptions {
  /**
   * Where the API is mounted, version segment included; default http://127.0.0.1:4010/v1. In a
   * browser a path such as '/v1' is taken relative to the page's origin.
   */
  baseUrl?: string;
  /** Seed for a mock created here (ignored when `mock` is given). */
  seed?: number | string;
  /**
   * Scenarios beside the built-in ones for a mock created here (ignored when `mock` is given;
   * docs/scenarios.md): a token `scenario_<name>_<anything>` opens that scenario's world. One that
   * does not match the document throws a `ScenarioLoadError` naming each issue's JSON pointer.
   */
  scenarios?: MockOptions['scenarios'];
  /**
   * Latency, failure rate and rate limit of every world of a mock created here (ignored when `mock`
   * is given; docs/control-api.md, "Faults"); a world sets its own with `mock.control.faults()` and
   * `mock.control.rateLimit()`, a request asks with `Prefer: code=N, example=NAME, delay=MS`.
   */
  faults?: FaultOptions;
  /**
   * Share one Mock between handlers and tests (its `control` API, its worlds). Without it, a mock
   * is created here; in a browser its webhook deliveries are only recorded (GET /__mock/deliveries).
   * Not with `upstream` or `replay`, which go into the mock created here (a TypeError says so).
   */
  mock?: Mock;
  /**
   * The bearer token for requests that carry no Authorization header: they are answered from this
   * token's world, so an app without a dev API key still gets one. Requests with the header keep
   * theirs; without this option a request without one is a 401, as on the real API.
   */
  token?: string;
  /**
   * Keep the worlds across page reloads in sessionStorage ('session', until the tab closes) or localStorage
   * ('local'); default in memory only, a reload seeds every world afresh. One worlds snapshot under `storageKey`,
   * saved before the answer to every request that ran an operation other than a read and when the page is hidden or
   * unloaded; restored, replacing the mock's worlds, when the handlers are created. Worlds of another seed or a
   * damaged entry are not restored (logged once); deliveries, the journal and injected rate limits are not kept.
   */
  persist?: 'session' | 'local' | false;
  /** The storage key for `persist`; default 'workflow-api-mock-kit/worlds'. */
  storageKey?: string;
  /**
   * The real service's base URL, version segment included (docs/upstream.md): `live` operations go there with the
   * caller's own headers (MSW's `bypass`, so the handlers see the answer), the rest are mocked; every answer carries
   * `x-mock-source: live | mock`. Requests without an Authorization header go without one (`token` selects a world).
   */
  upstream?: string;
  /** operationIds or globs sent to `upstream` (`['getCurrentUser', 'list*']`, or one comma-separated string). */
  live?: readonly string[] | string;
  /** Upstream answers the mock answers in place of: `'404,501,unreachable'` or a rule. */
  fallbackOn?: string | FallbackRule;
  /** Answer every API request from a recording instead (a HAR log's text, or its entries), with no network at all. */
  replay?: string | readonly HarEntry[];
  /** For `replay`: what a request must share with a recorded one besides method and path; default query and body. */
  match?: readonly MatchField[];
  /** Every upstream exchange, unredacted (to record one: `toHarEntry(exchange, secretFields(document))`). */
  onExchange?: (exchange: Exchange) => void;
  /**
   * Record the API exchanges as `consumer`'s Pact file (docs/pact.md), described by the running test's name (or
   * `describe`'s answer): `handlers.pact`, `GET /__mock/pact`; in Node `writePactFile(DIR, handlers.pact)` from
   * `workflow-api-mock-kit/server` merges it into its file (in `afterAll`). Not with `mock` (give createMock it).
   */
  pact?: PactOptions;
}

export type Handlers = HttpHandler[] & {
  mock: Mock;
  /** The storage behind `persist` (save() writes the worlds now), or null without persistence. */
  persistence: Persistence | null;
  /** With `upstream`: where its answers depart from the document so far (`drift.report()`); else null. */
  drift: DriftView | null;
  /** With `pact`: the interactions recorded so far (`pact.pact()`, `pact.text()`); else null. */
  pact: PactRecorder | null;
};

/** The drift report of the handlers' upstream so far (docs/upstream.md, "Drift report"). */
/** The drift report of the handlers' upstream so far (docs/upstream.md, "Drift report"). */
export interface DriftView {
  report(): DriftReport;
}

/**
 * MSW request handlers serving the kit's stateful fake: the API under `baseUrl` and the control
 * API under `<origin>/__mock`. Use them with `setupServer` (msw/node) or `setupWorker` (msw/browser).
 *
 * @example
 * import { setupServer } from 'msw/node';
 * const handlers = createHandlers({ baseUrl: 'https://api.test/v1', seed: 1 });
 * const server = setupServer(...handlers);
 * server.listen();
 * // handlers.mock.control.world('my-token') lists the IDs of that token's world
 *
 * @example
 * // In a page: worlds survive reloads, requests without a key use the 'dev' world.
 * const worker = setupWorker(...createHandlers({ baseUrl: '/v1', persist: 'session', token: 'dev' }));
 */
export function createHandlers(options: HandlersOptions = {}): Handlers {
  const baseUrl = absoluteBaseUrl(
    options.baseUrl ?? options.mock?.baseUrl ?? DEFAULT_BASE_URL,
    'createHandlers',
  ).replace(/\/+$/, '');
  if (options.token !== undefined && !authenticate({ authorization: `Bearer ${options.token}` }).ok) {
    throw new TypeError(
      `createHandlers: token ${JSON.stringify(options.token)} is not a bearer token; it must match [A-Za-z0-9-._~+/]+=*`,
    );
  }
  const beside = besideOf(options);
  if (beside !== null && options.mock !== undefined) {
    throw new TypeError('createHandlers: upstream and replay go into the mock created here; give them without mock');
  }
  if (options.pact !== undefined && options.mock !== undefined) {
    throw new TypeError(
      'createHandlers: pact goes into the mock created here; give createMock({ pact }) the option instead',
    );
  }
  const mock =
    options.mock ??
    createMock({
      baseUrl,
      sink: createDeliveryEngine({ send: !inBrowser }),
      seed: options.seed,
      faults: options.faults,
      scenarios: options.scenarios,
      ...(beside === null ? {} : { upstream: beside.stage }),
      ...(options.pact === undefined ? {} : { pact: options.pact }),
    });
  const loading = beside?.load(mock) ?? null;
  const persistence = options.persist
    ? browserPersistence(mock, options.persist, options.storageKey ?? DEFAULT_STORAGE_KEY)
    : null;
  const mapUrl = createUrlMapper(baseUrl);
  const origin = new URL(baseUrl).origin;

  const answer = async (request: Request) => {
    const appRequest = await fromFetchRequest(request, mapUrl);
    const hybrid = loading === null ? null : await loading;
    // The default token selects a mock world; it is never sent to the upstream.
    if (
      options.token !== undefined &&
      appRequest.headers.authorization === undefined &&
      hybrid?.route(appRequest) !== 'live'
    ) {
      appRequest.headers.authorization = `Bearer ${options.token}`;
    }
    return mock.handle(appRequest);
  };
  // MSW 3 runs a request's handlers twice while two setupServer instances listen in one process (docs/testing.md,
  // "Two MSW servers at once"): the second run gets the first one's answer, so the fake answers each request once.
  const answers = new WeakMap<Request, ReturnType<typeof answer>>();
  const resolve = async ({ request }: { request: Request }) => {
    let pending = answers.get(request);
    if (pending === undefined) {
      pending = answer(request);
      answers.set(request, pending);
    }
    const response = await pending;
    return new HttpResponse(response.status === 204 ? null : response.body, {
      status: response.status,
      headers: response.headers,
    });
  };

  // HTTP trigger endpoints too (docs/worlds.md, "Workflow endpoints"): `<origin>/__endpoints/<key>`.
  const handlers = [
    http.all(`${baseUrl}/*`, resolve),
    http.all(`${origin}/__mock/*`, resolve),
    http.all(`${origin}${ENDPOINT_PREFIX}/*`, resolve),
  ];
  return Object.assign(handlers, { mock, persistence, drift: beside?.drift ?? null, pact: mock.pact });
}

/**
 * The upstream stage of `upstream`/`live` or `replay`, its options checked when the handlers are created. The step
 * (mocks/upstream/msw-step.ts) is imported by `load` on first use, so a page that only mocks never downloads it
 * (docs/upstream.md, "In the browser"); requests wait for it, and a failed import is their error.
 */
function besideOf(options: HandlersOptions) {
  const fail = (message: string): never => {
    throw new TypeError(`createHandlers: ${message}`);
  };
  let setup: BesideSetup;
  if (options.replay !== undefined) {
    if (options.upstream !== undefined) fail('give either upstream or replay, not both');
    const entries = typeof options.replay === 'string' ? parseHar(options.replay) : checkHarEntries(options.replay);
    if ('error' in entries) return fail(`replay is ${entries.error}`);
    setup = { replay: { entries: entries.entries, ...(options.match === undefined ? {} : { match: options.match }) } };
  } else if (options.upstream === undefined) {
    if (options.live !== undefined || options.fallbackOn !== undefined)
      fail('live and fallbackOn need upstream (the real service base URL)');
    return null;
  } else {
    const { live, fallbackOn } = options;
    const selected = selectUpstream({ url: options.upstream, live, fallbackOn }, validator.operationIds);
    if (!selected.ok) {
      // The options of createHandlers name the URL `upstream`.
      const { option, message } = selected.error;
      return fail(`${option === 'url' ? 'upstream' : option} ${message}`);
    }
    setup = {
      upstream: {
        ...selected.value,
        // bypass(): MSW performs this request itself instead of handing it to these handlers again.
        fetch: (input, init) => fetch(bypass(String(input), init)),
      },
      ...(options.onExchange === undefined ? {} : { onExchange: options.onExchange }),
      log: (line) => console.warn(`[workflow-api-mock-kit] ${line}`),
    };
  }
  let analyzer: DriftAnalyzer | null = null;
  let loading: Promise<Hybrid> | undefined;
  const load = (mock: Mock) => {
    loading = import('../upstream/msw-step.ts').then(({ createBeside }) => {
      const made = createBeside(validator, setup);
      analyzer = made.drift;
      mock.onExchange(made.observe);
      return made.hybrid;
    });
    // Handled here so an import nobody has awaited yet is no unhandled rejection; requests still see it.
    const failed = '[workflow-api-mock-kit] could not load the upstream step:';
    loading.catch((error: unknown) => console.error(failed, error));
    return loading;
  };
  // The mock asks only once load() has run: createHandlers calls it as soon as the mock exists.
  const stage: UpstreamStage = { answer: async (request, head) => (await loading!).answer(request, head) };
  // No upstream answer can come before the step is loaded: until then the report is empty.
  const empty = { answers: 0, drifting: 0, operations: [], unmatched: [], assumptions: [] };
  const drift: DriftView | null = setup.upstream === undefined ? null : { report: () => analyzer?.report() ?? empty };
  return { stage, load, drift };
}

/** sessionStorage/localStorage behind `persist`, saved on every write and when the page goes away. */
function browserPersistence(mock: Mock, kind: 'session' | 'local', key: string): Persistence | null {
  const name = kind === 'session' ? 'sessionStorage' : 'localStorage';
  let storage: StorageArea | undefined;
  try {
    // Reading the property itself throws where storage is disabled (e.g. some privacy settings).
    storage = (globalThis as Record<string, unknown>)[name] as StorageArea | undefined;
  } catch (error) {
    console.warn(
      `[workflow-api-mock-kit] persist: '${kind}': ${name} is not available (${(error as Error)?.message ?? error}); the worlds live in memory only`,
    );
    return null;
  }
  if (storage === undefined) {
    console.warn(
      `[workflow-api-mock-kit] persist: '${kind}': there is no ${name} here (not a browser page?); the worlds live in memory only`,
    );
    return null;
  }
  const persistence = persistStore(storeOf(mock), { storage, key, name });
  // Saved before the answer is handed back: an acknowledged write survives a reload.
  mock.onExchange((exchange) => {
    if (exchange.via === 'request' && exchange.worldChanged) persistence.save();
  });
  // Changes made through the JS control API (mock.control.emit ...) pass no handler: saved when
  // the page is hidden or unloaded (a reload fires pagehide).
  const target = globalThis as {
    addEventListener?: (type: string, listener: () => void) => void;
    document?: { visibilityState?: string };
  };
  target.addEventListener?.('pagehide', () => persistence.save());
  target.addEventListener?.('visibilitychange', () => {
    if (target.document?.visibilityState === 'hidden') persistence.save();
  });
  return persistence;
}
