// createHandlers beside a real service (docs/upstream.md) under setupServer: the "real service" is
// a second kit server on 127.0.0.1 with planted departures (support/planted-upstream.ts). Live
// operations reach it through MSW's bypass with the caller's token, the rest is mocked, the drift
// report sees its departures, and a recording of the session replays once it is stopped.
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { receiverPool } from '../../support/loopback-receiver.ts';
import { ESCAPES, PLANTED, plantedUpstream } from '../../support/planted-upstream.ts';
import { document } from '../../openapi/generated/document.ts';
import { createHandlers, type HandlersOptions } from './handlers.ts';
import { startServer, type RunningServer } from '../node/server.ts';
import { secretFields } from '../../openapi/redact.ts';
import { type HarEntry, toHarEntry } from '../upstream/har.ts';
import { createHybrid } from '../upstream/hybrid.ts';
import { createMock } from '../index.ts';
import { validator } from '../../openapi/validator.ts';

const BASE_URL = 'http://kit-hybrid.mock.test/v1';
const TOKEN = 'hybrid-caller';
const running: RunningServer[] = [];

const receivers = receiverPool();
const jsonAnswer = () => ({ status: 200, body: '{"data":{}}', headers: { 'content-type': 'application/json' } });
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await receivers.closeAll();
});

async function upstreamServer(): Promise<RunningServer & { seen: string[] }> {
  const upstream = plantedUpstream();
  const seen: string[] = [];
  const mock = {
    ...upstream.mock,
    handle: (request: Parameters<typeof upstream.mock.handle>[0]) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? '-'}`);
      return upstream.mock.handle(request);
    },
  };
  const server = await startServer({ port: 0, host: '127.0.0.1', quiet: true, mock });
  running.push(server);
  return Object.assign(server, { seen });
}

async function withHandlers<T>(
  options: HandlersOptions,
  body: (handlers: ReturnType<typeof createHandlers>) => Promise<T>,
): Promise<T> {
  const handlers = createHandlers({ baseUrl: BASE_URL, seed: 7, ...options });
  const server = setupServer(...handlers);
  server.listen();
  try {
    return await body(handlers);
  } finally {
    server.close();
  }
}

const call = async (path: string, init: RequestInit = {}) => {
  const response = await fetch(`${BASE_URL}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${TOKEN}`, ...init.headers },
  });
  return { status: response.status, source: response.headers.get('x-mock-source'), body: await response.json() };
};

describe('createHandlers({ upstream, live })', () => {
  it('sends the live operations to the upstream with the caller token and mocks the rest', async () => {
    const upstream = await upstreamServer();
    await withHandlers({ upstream: upstream.baseUrl, live: 'getCurrentUser' }, async (handlers) => {
      const me = await call('/users/me');
      expect([me.status, me.source]).toEqual([200, 'live']);
      expect(me.body.data).toHaveProperty('user_name');
      const hooks = await call('/users/me/webhooks');
      expect([hooks.status, hooks.source]).toEqual([200, 'mock']);
      expect(upstream.seen).toEqual([`GET /v1/users/me Bearer ${TOKEN}`]);
      const drift = handlers.drift!.report();
      expect(
        drift.operations.map((operation) => [operation.operationId, operation.missing.map((field) => field.pointer)]),
      ).toEqual([[PLANTED.renamedField.operationId, [PLANTED.renamedField.missing]]]);
      expect(handlers.mock.control.requests(TOKEN).map((entry) => entry.source ?? 'mock')).toEqual(['live', 'mock']);
    });
  });

  it('the default token selects a mock world and never goes to the upstream', async () => {
    const upstream = await upstreamServer();
    await withHandlers({ upstream: upstream.baseUrl, live: 'getCurrentUser', token: 'dev-world' }, async () => {
      const response = await fetch(`${BASE_URL}/users/me`);
      expect(response.status).toBe(401);
      expect(upstream.seen).toEqual(['GET /v1/users/me -']);
      expect((await fetch(`${BASE_URL}/users/me/webhooks`)).status).toBe(200);
    });
  });

  it('a recorded session replays with the upstream stopped', async () => {
    const upstream = await upstreamServer();
    const entries: HarEntry[] = [];
    const secrets = secretFields(document);
    const session: Array<[string, RequestInit]> = [
      ['/users/me', {}],
      ['/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=d', { method: 'POST' }],
      ['/users/me/webhooks', {}],
    ];
    const live = await withHandlers(
      { upstream: upstream.baseUrl, live: '*', onExchange: (exchange) => entries.push(toHarEntry(exchange, secrets)) },
      async () => {
        const answers = [];
        for (const [path, init] of session) answers.push(await call(path, init));
        return answers;
      },
    );
    expect(live.map((answer) => [answer.status, answer.source])).toEqual([
      [200, 'live'],
      [201, 'live'],
      [200, 'live'],
    ]);
    await upstream.close();
    running.splice(0);
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
    await withHandlers({ replay: entries }, async () => {
      for (const [index, [path, init]] of session.entries()) {
        const replayed = await call(path, init);
        expect(replayed).toEqual({ ...live[index]!, source: 'replay' });
      }
      const miss = await call('/users/me/webhooks?limit=3');
      expect([miss.status, miss.body.details.closest]).toEqual([404, 'GET /users/me/webhooks']);
    });
  });

  it('refuses options that cannot work, naming them', () => {
    expect(() => createHandlers({ live: 'getCurrentUser' })).toThrow(/live and fallbackOn need upstream/);
    expect(() => createHandlers({ upstream: 'http://127.0.0.1:1/v1', live: 'getCurentUser' })).toThrow(
      /live "getCurentUser" matches no operation/,
    );
    expect(() => createHandlers({ upstream: 'http://127.0.0.1:1/v1', fallbackOn: '404,oops' })).toThrow(
      /fallbackOn "oops"/,
    );
    expect(() => createHandlers({ replay: '{"log":{}}' })).toThrow(/replay is not a HAR file/);
  });

  it("forwards a path parameter as one encoded segment or not at all, through the handlers' transport", async () => {
    const upstream = await receivers.start(jsonAnswer);
    // The hybrid step as createHandlers builds it, handed raw URLs: MSW's Request has normalised
    // dots and backslashes before the step sees them, so the raw forms are sent here directly.
    const live = { url: `${upstream.origin}/base/v1`, live: ['getWorkflow', 'deleteWebhook'], fetch };
    const hybrid = createMock({ seed: 7, upstream: createHybrid({ validator, upstream: live }) });
    const statuses = new Set<number>();
    for (const [method, template] of [
      ['GET', '/v1/workflows/'],
      ['DELETE', '/v1/webhooks/'],
    ] as const)
      for (const form of [...ESCAPES, 'p_plain1']) {
        const hop = { 'proxy-authorization': 'Basic eDp5', 'x-forwarded-for': '10.0.0.1', forwarded: 'for=10.0.0.1' };
        const headers = { authorization: `Bearer ${TOKEN}`, ...hop };
        statuses.add((await hybrid.handle({ method, url: `${template}${form}?x=..%2F`, headers, body: '' })).status);
      }
    expect(statuses).toEqual(new Set([200, 404]));
    const seen = upstream.received.map((request) => `${request.method} ${request.path}`);
    expect(seen).toEqual([
      'GET /base/v1/workflows/%252e%252e?x=..%2F',
      'GET /base/v1/workflows/..%3B?x=..%2F',
      'GET /base/v1/workflows/p_plain1?x=..%2F',
      'DELETE /base/v1/webhooks/%252e%252e?x=..%2F',
      'DELETE /base/v1/webhooks/..%3B?x=..%2F',
      'DELETE /base/v1/webhooks/p_plain1?x=..%2F',
    ]);
    for (const request of upstream.received) {
      const { authorization, forwarded, 'proxy-authorization': proxy, 'x-forwarded-for': by } = request.headers;
      expect([authorization, proxy, by, forwarded]).toEqual([`Bearer ${TOKEN}`, undefined, undefined, undefined]);
    }
  });

  it('never forwards what the client normalised out of a live template, under setupServer', async () => {
    const upstream = await receivers.start(jsonAnswer);
    await withHandlers({ upstream: `${upstream.origin}/v1`, live: 'getWorkflow,deleteWebhook' }, async () => {
      // Only forms that stay under the base URL once fetch has parsed them: nothing here may leave for the network.
      for (const form of ['%2e%2e', '.%2e', '%2f', '%5c', '..%5C..%5Cadmin', 'a%2f..%2f..%2fadmin', 'p_plain1']) {
        await call(`/workflows/${form}`);
        await call(`/webhooks/${form}`, { method: 'DELETE' });
      }
    });
    const seen = upstream.received.map((request) => `${request.method} ${request.path}`);
    expect(seen).toEqual(['GET /v1/workflows/p_plain1', 'DELETE /v1/webhooks/p_plain1']);
  });
});
