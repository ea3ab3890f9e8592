// A frontend that uses the kit the way the README tells it to: the mock worker is started only
// in development, through a dynamic import, so a production build carries none of the kit.
async function enableMocking() {
  if (!import.meta.env.DEV) return;
  const { startMockWorker } = await import('workflow-api-mock-kit/browser');
  await startMockWorker({ baseUrl: '/v1', persist: 'session', quiet: true });
}

await enableMocking();

// The app's own code: it knows nothing of the mock.
const token = 'app-token';
const api = async (method, path) => {
  const response = await fetch(`/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
};
const me = await api('GET', '/users/me');
document.querySelector('#user').textContent = me.status === 200 ? me.body.data.username : `error ${me.status}`;
Object.assign(window, { app: { api, ready: true } });
