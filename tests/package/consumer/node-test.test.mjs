// The README's "In your tests" snippet for node:test, run by the package test with `node --test`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { setupServer } from 'msw/node';
import { createHandlers } from 'workflow-api-mock-kit/msw';
import { createApiClient } from 'workflow-api-mock-kit/client';

const baseUrl = 'https://api.example.test/v1';
const handlers = createHandlers({ baseUrl, seed: 1 });
const server = setupServer(...handlers);
before(() => server.listen({ onUnhandledFrame: 'error' }));
after(() => server.close());

test('a created webhook is listed', async () => {
  const api = createApiClient({ baseUrl, token: 'node-test' });
  const { data: created } = await api.POST('/webhooks', {
    params: { query: { url: 'https://hooks.example.com/in', name: 'in', description: 'node:test' } },
  });
  const { data: listed } = await api.GET('/users/me/webhooks');
  assert.ok(listed.data.some((webhook) => webhook.id === created.data.id));
});

test('the world is reset between tests when you ask', async () => {
  handlers.mock.control.reset('node-test');
  const api = createApiClient({ baseUrl, token: 'node-test' });
  const { data: listed } = await api.GET('/users/me/webhooks');
  assert.ok(listed.data.every((webhook) => webhook.url !== 'https://hooks.example.com/in'));
});
