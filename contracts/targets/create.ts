// Builds the one Target the suites and the explorer see: the fake's own `fetch` (inprocess), the MSW handlers under
// `setupServer` (msw), or a base URL through the global fetch. No vitest here: `--explore` runs outside it.
import type { FetchLike, Target, TargetSettings } from './types.ts';

/** Base URL the in-process mock answers under (createMock's default). */
const INPROCESS_BASE_URL = 'http://127.0.0.1:4010/v1';
/** Base URL of the msw target: a reserved `.test` host that only MSW answers. */
const MSW_BASE_URL = 'https://api.workflow.test/v1';

let wrapInprocess: (fetch: FetchLike) => FetchLike = (fetch) => fetch;

/** Wraps the fetch of in-process targets created from now on (the self-test's broken variants). */
export function wrapInprocessFetch(wrapper: (fetch: FetchLike) => FetchLike): void {
  wrapInprocess = wrapper;
}

export async function createTargetFrom(settings: TargetSettings): Promise<Target> {
  if (settings.name === 'inprocess') {
    const { createMock } = await import('../../mocks/index.ts');
    const mock = createMock({ baseUrl: INPROCESS_BASE_URL });
    const fetch: FetchLike = (input, init) => mock.fetch(input, init);
    return {
      ...settings,
      baseUrl: INPROCESS_BASE_URL,
      controlUrl: new URL(INPROCESS_BASE_URL).origin,
      fetch: wrapInprocess(fetch),
    };
  }
  if (settings.name === 'msw') {
    const [{ setupServer }, { createHandlers }] = await Promise.all([
      import('msw/node'),
      import('../../mocks/msw/handlers.ts'),
    ]);
    const server = setupServer(...createHandlers({ baseUrl: MSW_BASE_URL }));
    // A request no handler takes (a webhook delivery to a receiver, say) fails instead of leaving the process.
    server.listen({ onUnhandledFrame: 'error' });
    const fetch: FetchLike = (input, init) => globalThis.fetch(input, init);
    return {
      ...settings,
      baseUrl: MSW_BASE_URL,
      controlUrl: new URL(MSW_BASE_URL).origin,
      fetch,
      close: () => server.close(),
    };
  }
  // A 3xx is an answer (docs/contracts.md): following it would send the request, body and all, to the Location's host.
  const fetch: FetchLike = (input, init) => globalThis.fetch(input, { ...init, redirect: 'manual' });
  return { ...settings, baseUrl: settings.baseUrl!, fetch };
}
