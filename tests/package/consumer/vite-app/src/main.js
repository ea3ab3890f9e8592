// A frontend that uses the kit the way the README tells it to: the mock worker is started only
// in development, through a dynamic import, so a production build carries none of the kit.
// (The package test drives this page: its query string chooses the worker's options, and
// `window.kit` hands the test the fake's control API and the typed client.)
async function enableMocking() {
  if (!import.meta.env.DEV) return { ready: true, mocked: false };
  const params = new URLSearchParams(location.search);
  const persist = params.get('persist');
  const token = params.get('token');
  // Beside a real service (docs/upstream.md): these operations go there, the rest is mocked.
  const upstream = params.get('upstream');
  const live = params.get('live');
  const [{ startMockWorker }, { createApiClient }] = await Promise.all([
    import('workflow-api-mock-kit/browser'),
    import('workflow-api-mock-kit/client'),
  ]);
  const { mock, persistence, drift } = await startMockWorker({
    baseUrl: '/v1', // a path: resolved against the page's origin
    seed: 7,
    quiet: true,
    ...(persist === 'session' || persist === 'local' ? { persist } : {}),
    ...(token === null ? {} : { token }),
    ...(upstream === null ? {} : { upstream, live: live ?? '' }),
  });
  return { ready: true, mocked: true, mock, persistence, drift, createApiClient, baseUrl: `${location.origin}/v1` };
}

try {
  const kit = await enableMocking();
  // The app's own code: it knows nothing of the mock.
  const response = await fetch('/v1/users/me', { headers: { authorization: 'Bearer app-token' } });
  const me = response.ok ? await response.json() : null;
  document.querySelector('#user').textContent = me ? me.data.username : `error ${response.status}`;
  Object.assign(window, { kit });
} catch (error) {
  Object.assign(window, { kit: { ready: false, error: String(error) } });
}
