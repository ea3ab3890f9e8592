// The page script of the browser test: the kit's `/browser` entry, exactly as a frontend app
// would call it in its development build. Options come from the page's query string, so one page
// serves every case: `?persist=session` (or local) and `?token=<bearer>`. Deliveries are recorded,
// not sent (a page has no business POSTing to arbitrary receivers), and exposed through the JS
// control API on `window.kit`.
import { startMockWorker } from '../browser.ts';
import { createApiClient } from '../../openapi/client.ts';

const params = new URLSearchParams(location.search);
const persist = params.get('persist');
const token = params.get('token');

try {
  const { mock, persistence } = await startMockWorker({
    // A path: resolved against this page's origin.
    baseUrl: '/v1',
    seed: 7,
    quiet: true,
    ...(persist === 'session' || persist === 'local' ? { persist } : {}),
    ...(token === null ? {} : { token }),
  });
  Object.assign(window, { kit: { mock, persistence, createApiClient, baseUrl: `${location.origin}/v1`, ready: true } });
} catch (error) {
  Object.assign(window, { kit: { ready: false, error: String(error) } });
}
