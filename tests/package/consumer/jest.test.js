// The README's "In your tests" snippet for Jest (ESM: NODE_OPTIONS=--experimental-vm-modules), run by the package test.
import { setupServer } from 'msw/node';
import { createHandlers } from 'workflow-api-mock-kit/msw';
import { createApiClient } from 'workflow-api-mock-kit/client';

const baseUrl = 'https://api.example.test/v1';
const server = setupServer(...createHandlers({ baseUrl, seed: 1 }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

test('a created webhook is listed', async () => {
  const api = createApiClient({ baseUrl, token: 'jest' });
  const { data: created } = await api.POST('/webhooks', { params: { query: { url: 'https://hooks.example.com/in', name: 'in', description: 'jest' } } });
  const { data: listed } = await api.GET('/users/me/webhooks');
  expect(listed.data.map((w) => w.id)).toContain(created.data.id);
});
