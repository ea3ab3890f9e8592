// The README's "In your tests" snippet for Vitest, verbatim; the package test runs it with the
// vitest the kit installs.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHandlers } from 'workflow-api-mock-kit/msw';
import { createApiClient } from 'workflow-api-mock-kit/client';

const baseUrl = 'https://api.example.test/v1';
const handlers = createHandlers({ baseUrl, seed: 1 });
const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

test('a created webhook is listed', async () => {
  const api = createApiClient({ baseUrl, token: 'test-token' }); // every answer typed from the document
  const { data: created } = await api.POST('/webhooks', {
    params: { query: { url: 'https://hooks.example.com/in', name: 'in', description: 'test' } },
  });
  const { data: listed } = await api.GET('/users/me/webhooks');
  expect(listed?.data.map((webhook) => webhook.id)).toContain(created?.data.id);
});
