// The page script of the browser test: the kit's MSW handlers under setupWorker, exactly as a
// frontend app would use them. Deliveries are recorded, not sent (a page has no business POSTing
// to arbitrary receivers), and exposed through the JS control API.
import { setupWorker } from 'msw/browser';
import { createMock } from '../index.ts';
import { createHandlers } from '../msw.ts';
import { createDeliveryEngine } from '../webhooks/delivery.ts';
import { createApiClient } from '../../openapi/client.ts';

const baseUrl = `${location.origin}/v1`;
const mock = createMock({ baseUrl, seed: 7, sink: createDeliveryEngine({ send: false }) });
const worker = setupWorker(...createHandlers({ mock }));

try {
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' });
  Object.assign(window, { kit: { mock, createApiClient, baseUrl, ready: true } });
} catch (error) {
  Object.assign(window, { kit: { ready: false, error: String(error) } });
}
