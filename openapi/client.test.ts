// Adapter smoke test of the typed client: openapi-fetch calls checked by the compiler, through the
// MSW handlers (setupServer) and through `mock.fetch` in-process, plus the typed control API
// (MockControl). The rules themselves are the contract suites' business (contracts/suites).
import { randomBytes } from 'node:crypto';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock } from '../mocks/index.ts';
import { createHandlers } from '../mocks/msw/handlers.ts';
import { createDeliveryEngine } from '../mocks/outbound/delivery.ts';
import { createApiClient } from './client.ts';

const randomToken = () => `client-test-${randomBytes(6).toString('hex')}`;

describe('typed client through MSW handlers', () => {
  const handlers = createHandlers({ baseUrl: 'https://api.example.test/v1', seed: 3 });
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());

  it('reads, writes and reads back with typed paths and parameters; handlers.mock is the same world', async () => {
    const token = randomToken();
    const client = createApiClient({ baseUrl: 'https://api.example.test/v1', token });
    const me = await client.GET('/users/me');
    expect(me.response.status).toBe(200);
    const orgId = me.data!.data.orgs[0]!.id;

    const created = await client.POST('/webhooks', {
      params: { query: { url: 'https://hooks.example.com/x', name: 'typed', description: 'typed client' } },
    });
    expect(created.data?.data.id).toMatch(/^wh_/);
    const listed = await client.GET('/users/me/webhooks');
    expect(listed.data?.data.map((w) => w.id)).toContain(created.data!.data.id);

    const sources = await client.GET('/orgs/{org_id}/sources', {
      params: { path: { org_id: orgId }, query: { limit: 2 } },
    });
    expect(sources.data?.data).toHaveLength(2);

    // The control API object sees the same world as the HTTP face.
    expect(handlers.mock.control.world(token).webhooks).toContain(created.data!.data.id);
    expect(handlers.mock.control.requests(token).map((e) => e.path)).toEqual([
      '/v1/users/me',
      '/v1/webhooks',
      '/v1/users/me/webhooks',
      `/v1/orgs/${orgId}/sources`,
    ]);
  });

  it('answers a missing token with the typed error body', async () => {
    const client = createApiClient({ baseUrl: 'https://api.example.test/v1' });
    const response = await client.GET('/users/me');
    expect(response.response.status).toBe(401);
    expect(response.error).toMatchObject({ code: 'unauthorized' });
  });
});

describe('in-process: mock.fetch and the typed control API', () => {
  it('serves openapi-fetch without any interception, at the mock base URL', async () => {
    const mock = createMock({ seed: 3, sink: createDeliveryEngine({ send: false }) });
    const token = randomToken();
    const client = createApiClient({ baseUrl: mock.baseUrl, token, fetch: mock.fetch });
    const me = await client.GET('/users/me');
    expect(me.data?.data.id).toMatch(/^u_/);
    // relative URLs work too
    const direct = await mock.fetch('/__mock/world', { headers: { authorization: `Bearer ${token}` } });
    expect(direct.status).toBe(200);
  });

  it('emit, deliveries, idle, reset as plain calls returning Result values', async () => {
    const mock = createMock({ seed: 3, sink: createDeliveryEngine({ send: false }) });
    const token = randomToken();
    const summary = mock.control.world(token);
    const workflow = summary.workflows.find((w) => w.error_events > 0)!;
    const webhookId = summary.webhooks[0]!;
    // the seeded world routes this workflow's $errors to its webhook (docs/worlds.md)
    expect(summary.subscriptions).toContainEqual(
      expect.objectContaining({ emitter_id: workflow.id, listener_id: webhookId, event_name: '$errors' }),
    );

    const emitted = mock.control.emit(token, {
      emitter_id: workflow.id,
      event_name: '$errors',
      event: { a: 1 },
      error: { code: 'Boom' },
    });
    expect(emitted.ok).toBe(true);
    if (!emitted.ok) return;
    expect(emitted.value.deliveries).toHaveLength(1);
    await mock.control.idle();
    expect(mock.control.deliveries(token).map((d) => d.id)).toContain(emitted.value.deliveries[0]!.id);
    expect(mock.control.world(token).workflows.find((w) => w.id === workflow.id)!.error_events).toBe(
      workflow.error_events + 1,
    );

    const missing = mock.control.emit(token, { emitter_id: 'p_nope1', event_name: '$errors', event: {} });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.status).toBe(404);

    mock.control.reset(token);
    expect(mock.control.world(token)).toEqual(summary);
    expect(mock.control.deliveries(token)).toEqual([]);
  });
});
