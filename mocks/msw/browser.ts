// The package's `./browser` entry: one call that starts MSW's service worker with the kit's
// handlers in a page, for a frontend's development build. Browser-only (msw/browser); nothing
// here or below it imports a Node module (support/architecture.test.ts checks).
import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser';
import { createHandlers, type Handlers, type HandlersOptions } from './handlers.ts';

export { DEFAULT_STORAGE_KEY, type HandlersOptions } from './handlers.ts';
export type { Mock, MockOptions, PactFile, PactOptions, PactRecorder } from '../index.ts';
export type {
  WorldsSnapshot,
  WorldSnapshot,
  SnapshotError,
  SnapshotErrorCode,
  SnapshotResult,
} from '../store/world/index.ts';
export type { Persistence } from '../store/world/persist.ts';

export interface MockWorkerOptions extends HandlersOptions {
  /** Do not log every intercepted request in the console (MSW's `quiet`). Default false. */
  quiet?: boolean;
  /**
   * What MSW does with a request no handler takes (MSW 3's `onUnhandledFrame`): the kit only
   * handles `baseUrl` and `/__mock`, so the default is 'bypass' (the app's own files, other APIs
   * go to the network untouched); 'warn' or 'error' to hear about them.
   */
  onUnhandledFrame?: StartOptions['onUnhandledFrame'];
  /** Where the worker script is served (MSW's `serviceWorker` option); default '/mockServiceWorker.js'. */
  serviceWorker?: StartOptions['serviceWorker'];
}

/**
 * What startMockWorker answers: the handlers' mock, persistence, drift view and pact (a page writes no pact file:
 * the console's "Download pact" or the Playwright fixture takes it), and the worker.
 */
export type MockWorker = Pick<Handlers, 'mock' | 'persistence' | 'drift' | 'pact'> & {
  worker: SetupWorker;
  /**
   * False when the kit's Playwright fixture drives the page: it answers the page's requests from the test's world,
   * so the worker steps aside, not started (docs/frontend.md, "The in-page worker under the Playwright fixture").
   */
  started: boolean;
  /** Saves the worlds (with `persist`) and stops intercepting. */
  stop(): Promise<void>;
};

/**
 * Starts MSW's worker in this page with the kit's handlers (options: HandlersOptions), so the app's requests to
 * `baseUrl` are answered by the stateful fake. The page must serve MSW's worker script (`npx msw init public/`).
 *
 * @example
 * // main.ts of a Vite app: the kit is loaded in development builds only.
 * if (import.meta.env.DEV) {
 *   const { startMockWorker } = await import('workflow-api-mock-kit/browser');
 *   await startMockWorker({ baseUrl: '/v1', token: 'dev', persist: 'session' });
 * }
 */
export async function startMockWorker(options: MockWorkerOptions = {}): Promise<MockWorker> {
  const { quiet, onUnhandledFrame, serviceWorker, ...handlerOptions } = options;
  const handlers = createHandlers(handlerOptions);
  const worker = setupWorker(...handlers);
  // Set by the Playwright fixture before the page's scripts run (mocks/playwright/fixtures.ts).
  const started = (globalThis as Record<symbol, unknown>)[Symbol.for('workflow-api-mock-kit.fixture')] !== true;
  if (started)
    await worker.start({
      quiet: quiet ?? false,
      onUnhandledFrame: onUnhandledFrame ?? 'bypass',
      ...(serviceWorker === undefined ? {} : { serviceWorker }),
    });
  else
    console.info("[workflow-api-mock-kit] startMockWorker steps aside: the Playwright fixture answers this page's API");
  return {
    worker,
    started,
    mock: handlers.mock,
    persistence: handlers.persistence,
    drift: handlers.drift,
    pact: handlers.pact,
    async stop() {
      handlers.persistence?.save();
      if (started) await worker.stop();
    },
  };
}
