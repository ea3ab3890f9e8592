// The `./playwright` entry (docs/scenarios.md, "Playwright"): a token and world per test, one server per worker;
// the page's API requests are forwarded with the test's token, so the app needs no change. Node only.
import { test as base, type Page, type Route } from '@playwright/test';
import { startServer, writePactFile, type PactFile, type RunningServer } from '../node/server.ts';
import { readScenarioFiles } from '../node/scenario-files.ts';
import {
  coverageSummaryLine,
  createMock,
  type RunCoverageReport,
  type ClockBody,
  type ClockState,
  type DeliveryRecord,
  type ScenarioDefinition,
  type WorldSummary,
} from '../index.ts';
import { storeOf } from '../mock.ts';

export { expect } from '@playwright/test';
export type { ClockBody, ClockState, DeliveryRecord, RunCoverageReport, WorldSummary } from '../index.ts';

/** The worker's mock server (mockMode 'server'). */
export interface MockServerOptions {
  /** The server seed; default 0. */
  seed?: number | string;
  /** A folder of scenario files (as `serve --scenarios DIR`), loaded beside the built-in scenarios. */
  scenarios?: string;
  /** Print what the worker's tests covered when the worker ends (operations and documented statuses answered); default true. */
  coverageSummary?: boolean;
}

export interface MockOptions {
  /** The scenario each test's world is built from (`test.use({ scenario: 'empty-account' })`); undefined: a seeded world. */
  scenario: string | undefined;
  /** The page requests that go to the mock: a Playwright URL glob or RegExp; default every URL with a `/v1/` segment. */
  apiRoute: string | RegExp;
}

/** The `pact` option: the run's exchanges as one consumer's Pact file (docs/pact.md, "From the Playwright fixture"). */
export interface PactFixtureOptions {
  /** The consumer's name (letters, digits, '.', '-', '_'): the file is `<dir>/<consumer>-workflow-api.json`. */
  consumer: string;
  /** The folder of the file, made when missing; default 'pacts' (under the folder Playwright runs in). */
  dir?: string;
  /**
   * Also merge what the page's own MSW worker recorded (`startMockWorker({ pact })`, docs/pact.md, "In a browser"),
   * read from the page's `GET /__mock/pact` when the test ends (no answer fails the test). Default false.
   */
  fromPage?: boolean;
}

export interface MockWorkerOptions {
  mockServer: MockServerOptions;
  /** Record every test's API exchanges as `consumer`'s pact, merged into its file by each worker. Default: none. */
  pact: PactFixtureOptions | undefined;
}

/** One test's world: its token, where the API is, and the control API of that world. */
export interface MockHandle {
  /** This test's bearer token: `pw-<worker>-<test id>`, or `scenario_<name>_pw-...` with a scenario. */
  readonly token: string;
  /** The API's base URL on the worker's server (`http://127.0.0.1:<port>/v1`), for requests made from the test itself. */
  readonly baseUrl: string;
  /** Any control operation of docs/control-api.md on this world: `mock.control('POST', '/emit', body)`; answers `data`. */
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** The IDs of this world (`GET /__mock/world`). */
  world(): Promise<WorldSummary>;
  /** Sets or advances this world's clock (`POST /__mock/clock`): `{ advance: '90m' }`, `{ set: '2026-01-01T00:00:00Z', freeze: true }`. */
  clock(change: ClockBody): Promise<ClockState>;
  /** Replaces this world with scenario `name` (null: the seeded world), `POST /__mock/scenario`. */
  scenario(name: string | null): Promise<WorldSummary>;
  /** The world's deliveries, once every queued one has settled (`GET /__mock/deliveries?wait=true`). */
  deliveries(): Promise<DeliveryRecord[]>;
  /** What this test's requests covered so far (`GET /__mock/coverage`). */
  coverage(): Promise<RunCoverageReport>;
}

type Fixtures = MockOptions & { mock: MockHandle };
/** The worker's server, started on first use (a worker whose tests all use MSW starts none). */
type WorkerFixtures = MockWorkerOptions & {
  mockWorkerServer: () => Promise<RunningServer>;
  /** Each test's title by its token: the description of its interactions in the pact. */
  mockTestTitles: Map<string, string>;
};

const DEFAULT_API_ROUTE = /\/v1(\/|$)/;

/**
 * Playwright's `test` with a `mock` fixture: each test its own token and world.
 *
 * @example
 * import { test, expect } from 'workflow-api-mock-kit/playwright';
 * test.use({ scenario: 'empty-account' });
 * test('shows the empty state', async ({ page, mock }) => {
 *   await page.goto('/');
 *   await expect(page.getByText('No workflows yet')).toBeVisible();
 *   await mock.clock({ advance: '5h' });
 * });
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  mockServer: [{}, { scope: 'worker', option: true }],
  pact: [undefined, { scope: 'worker', option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter.
  mockTestTitles: [async ({}, use) => use(new Map()), { scope: 'worker' }],
  scenario: [undefined, { option: true }],
  apiRoute: [DEFAULT_API_ROUTE, { option: true }],

  mockWorkerServer: [
    async ({ mockServer, pact, mockTestTitles }, use, workerInfo) => {
      let started: Promise<RunningServer> | undefined;
      const start = async () => {
        const scenarios =
          mockServer.scenarios === undefined ? [] : (await readScenarioFiles(mockServer.scenarios)).scenarios;
        const mock = createMock({
          seed: mockServer.seed,
          scenarios: scenarios as ScenarioDefinition[],
          // Each test has its own token: the token of an exchange names the test it belongs to.
          pact: pact && {
            consumer: pact.consumer,
            describe: (record) => mockTestTitles.get(record.session?.token ?? ''),
          },
        });
        return startServer({ port: 0, quiet: true, log: () => {}, mock });
      };
      await use(() => (started ??= start()));
      if (started === undefined) return;
      const server = await started;
      // The end of the worker's run: what its tests covered, all their worlds together.
      if (mockServer.coverageSummary !== false)
        console.log(
          `[workflow-api-mock-kit] worker ${workerInfo.workerIndex}: ${coverageSummaryLine(server.mock.coverage())}`,
        );
      // Every worker merges into the one file under its lock (docs/pact.md, "Files and the merge rule").
      if (pact !== undefined && server.mock.pact !== null) {
        const written = await writePactFile(pact.dir ?? 'pacts', server.mock.pact);
        console.log(
          `[workflow-api-mock-kit] worker ${workerInfo.workerIndex}: pact of ${pact.consumer}: ${written.added} new interactions, ${written.interactions} in ${written.path}`,
        );
      }
      await server.close();
    },
    { scope: 'worker' },
  ],

  // Automatic: a test that never names `mock` still has its page answered from its own world.
  mock: [
    async ({ page, scenario, apiRoute, mockWorkerServer, mockTestTitles, pact }, use, testInfo) => {
      const own = `pw-${testInfo.workerIndex}-${testInfo.testId}`.replace(/[^A-Za-z0-9\-._~+/]/g, '-');
      const token = scenario === undefined ? own : `scenario_${scenario}_${own}`;
      // The title path without the file, as Vitest names a test: 'describe > test'.
      const title = testInfo.titlePath.slice(1).join(' > ');
      mockTestTitles.set(token, title);
      if (pact?.fromPage === true)
        await page.addInitScript((given) => {
          (globalThis as Record<symbol, unknown>)[Symbol.for('workflow-api-mock-kit.test-title')] = given;
        }, title);
      // The page's own startMockWorker steps aside (mocks/msw/browser.ts): its service worker would answer the
      // page's requests before they reach this route. Not with pact.fromPage, which reads that worker's pact.
      else
        await page.addInitScript(() => {
          (globalThis as Record<symbol, unknown>)[Symbol.for('workflow-api-mock-kit.fixture')] = true;
        });
      const server = await mockWorkerServer();
      const handle = await throughServer(page, server, token, apiRoute);
      await use(handle);
      if (pact?.fromPage === true) await mergePagePact(page, token, pact);
      // A test may end while its page still fetches (an app that loads more after what the test
      // awaited): those requests' routes are dropped quietly, not reported as the test's failure.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // Per-test cleanup: the world is dropped, so a worker running many tests keeps only the live ones.
      storeOf(server.mock).evict(token);
    },
    { auto: true },
  ],
});

/** `pact.fromPage`: the pact the page's own MSW worker recorded, merged into the consumer's file. */
async function mergePagePact(page: Page, token: string, pact: PactFixtureOptions): Promise<void> {
  // A test that never opened a page of the app has nothing of the page to record.
  if (page.isClosed() || page.url() === 'about:blank') return;
  const answer = await page.evaluate(async (authorization) => {
    const response = await fetch('/__mock/pact', { headers: { authorization } });
    return { status: response.status, text: await response.text() };
  }, `Bearer ${token}`);
  let recorded: PactFile | undefined;
  try {
    recorded = answer.status === 200 ? (JSON.parse(answer.text) as { data: PactFile }).data : undefined;
  } catch {
    // Not the kit's answer: said below.
  }
  if (recorded === undefined || !Array.isArray(recorded.interactions))
    throw new Error(
      `pact.fromPage: GET /__mock/pact in the page answered ${answer.status}, not a pact: start the kit's worker in the page with startMockWorker({ pact: { consumer } }) (docs/pact.md, "In a browser")`,
    );
  // Filed under the fixture's consumer: one file per consumer, whatever name the page gave.
  const interactions = recorded.interactions;
  await writePactFile(pact.dir ?? 'pacts', {
    consumer: pact.consumer,
    pact: () => ({ ...recorded, consumer: { name: pact.consumer }, interactions }),
  });
}

/** Control calls of one world over HTTP at `<origin>/__mock`. */
function handleFor(token: string, baseUrl: string): MockHandle {
  const origin = new URL(baseUrl).origin;
  const control = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${origin}/__mock${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const answer: { data?: unknown; error?: string } | null = text === '' ? null : JSON.parse(text);
    if (response.status >= 400)
      throw new Error(
        `${method} /__mock${path} answered ${response.status}: ${answer?.error ?? JSON.stringify(answer)}`,
      );
    return answer?.data as T;
  };
  return {
    token,
    baseUrl,
    control,
    world: () => control('GET', '/world'),
    clock: (change) => control('POST', '/clock', change),
    scenario: (name) => control('POST', '/scenario', { name }),
    deliveries: () => control('GET', '/deliveries?wait=true'),
    coverage: () => control('GET', '/coverage'),
  };
}

/** The page's API requests go to the worker's server with this test's token. */
async function throughServer(
  page: Page,
  server: RunningServer,
  token: string,
  apiRoute: string | RegExp,
): Promise<MockHandle> {
  const authorization = `Bearer ${token}`;
  await page.route(apiRoute, async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const at = url.pathname.search(/\/v1(\/|$)/);
    const target = `${server.origin}${at < 0 ? url.pathname : url.pathname.slice(at)}${url.search}`;
    const headers = { ...(await request.allHeaders()), authorization };
    const response = await route.fetch({ url: target, headers });
    await route.fulfill({ response });
  });
  return handleFor(token, server.baseUrl);
}
