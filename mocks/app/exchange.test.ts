// The exchange hook (mocks/app/exchange.ts, docs/architecture.md "After each exchange"): one record
// per answered exchange, to every subscriber in order, before the answer goes back; a subscriber
// may refuse the answer with an error value; one that throws never reaches the caller.
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../common/errors.ts';
import { createMock, type ExchangeRecord } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';
import { storeOf } from '../mock.ts';

const TOKEN = 'hooked';
/** What a record says of an exchange, in one row. */
const summary = ({ via, face, operationId, status, source, worldChanged, session }: ExchangeRecord) => [
  via,
  face,
  operationId,
  status,
  source,
  worldChanged,
  session?.token,
];
const auth = { authorization: `Bearer ${TOKEN}` };

function setUp() {
  const logError = vi.fn();
  const mock = createMock({ seed: 'hook', sink: createRecordingSink(), logError });
  const records: ExchangeRecord[] = [];
  const stop = mock.onExchange((record) => void records.push(record));
  const send = (method: string, url: string) => mock.handle({ method, url, headers: auth, body: '' });
  return { mock, records, stop, send, logError };
}

describe('mock.onExchange', () => {
  it('hands each subscriber one record per exchange: request, operation, answer, a world changed', async () => {
    const { records, send } = setUp();
    const me = await send('GET', '/v1/users/me?x=1');
    const created = await send('POST', '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=d');
    const seen = records.map(summary);
    expect(seen).toEqual([
      ['request', 'api', 'getCurrentUser', 200, 'mock', false, TOKEN],
      ['request', 'api', 'createWebhook', 200, 'mock', true, TOKEN],
    ]);
    expect(records[0]!.response).toEqual(me);
    expect(records[1]!.response).toEqual(created);
    expect(records[0]!.head).toEqual({ method: 'GET', path: '/v1/users/me', query: 'x=1' });
    expect(records[0]!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('opens no world for a request that matches no operation', async () => {
    const { mock, records, send } = setUp();
    expect((await send('GET', '/v1/no/such/path')).status).toBe(404);
    expect(records.map((r) => [r.face, r.operationId, r.session])).toEqual([['api', undefined, undefined]]);
    expect(storeOf(mock).size()).toBe(0);
  });

  it('sees mock.control as the requests it stands for, and stops at unsubscribe', async () => {
    const { mock, records, stop, send } = setUp();
    mock.control.rateLimit(TOKEN, { requests: 0 });
    expect(records.map(({ session, ...r }) => [r.via, r.face, r.operationId, r.request.url, r.worldChanged])).toEqual([
      ['mock.control', 'control', 'setRateLimit', '/__mock/rate-limit', true],
    ]);
    stop();
    await send('GET', '/v1/users/me');
    expect(records).toHaveLength(1);
  });

  it('answers the error a subscriber refuses the answer with; the subscribers after it see that answer', async () => {
    const { mock, records, send } = setUp();
    mock.onExchange(() => apiError('state_write_failed', 'not kept'));
    const after: number[] = [];
    mock.onExchange((record) => void after.push(record.status));
    const answer = await send('GET', '/v1/users/me');
    expect([answer.status, JSON.parse(answer.body).error]).toEqual([500, 'not kept']);
    expect([records[0]!.status, after]).toEqual([500, [500]]);
  });

  it('reports a subscriber that throws and answers as if it had not', async () => {
    const { mock, send, logError } = setUp();
    mock.onExchange(() => {
      throw new Error('subscriber bug');
    });
    expect((await send('GET', '/v1/users/me')).status).toBe(200);
    expect(logError).toHaveBeenCalledTimes(1);
    expect(String(logError.mock.calls[0]![0])).toMatch(/an exchange subscriber failed on GET \/v1\/users\/me/);
  });
});

describe("a listener's return value (issue 38: the hook's contract)", () => {
  // JavaScript callers and async listeners return anything; only an ApiError replaces the answer,
  // and nothing waits for what a listener returns.
  const returns: Array<[string, () => unknown]> = [
    ['an async listener', async () => undefined],
    ['true', () => true],
    ['an empty object', () => ({})],
    ['a promise that never settles', () => new Promise(() => undefined)],
    ['a status without an error body', () => ({ status: 503 })],
    ['a success status with an error body', () => ({ status: 200, body: { error: 'no' } })],
    ['a rejected promise', () => Promise.reject(new Error('later')).catch(() => undefined)],
  ];

  it.each(returns)('ignores %s through mock.fetch: the answer stands', async (_, value) => {
    const mock = createMock({ seed: 'hook', sink: createRecordingSink() });
    mock.onExchange(value as never);
    const answer = await mock.fetch('/v1/users/me', { headers: auth });
    expect(answer.status).toBe(200);
    expect((await answer.json()).data.id).toMatch(/^u_/);
  });

  it.each(returns)('ignores %s through startServer, on /v1 and /__mock', async (_, value) => {
    const { startServer } = await import('../node/server.ts');
    const server = await startServer({ port: 0, quiet: true, seed: 'hook' });
    try {
      server.mock.onExchange(value as never);
      const api = await fetch(`${server.baseUrl}/users/me`, { headers: auth });
      expect(api.status).toBe(200);
      expect((await api.json()).data.id).toMatch(/^u_/);
      const control = await fetch(`${server.origin}/__mock/world`, { headers: auth });
      expect(control.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
