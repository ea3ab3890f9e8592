// Faults on demand (faults.ts, docs/control-api.md "Faults"): Prefer code/example/delay per request,
// latency, failure rate and a per-second rate limit per server and per world. The clock, the random
// source and the sleep are injected: nothing here waits for real.
import { describe, expect, it } from 'vitest';
import { createValidator, validator } from '../../openapi/validator.ts';
import { createMock, type FaultOptions } from '../index.ts';
import { createDeliveryEngine } from '../outbound/delivery.ts';
import { CONSOLE_REQUEST_HEADER } from './subscribers.ts';
import { documentedAnswer, MAX_DELAY_MS, parsePrefer } from './faults.ts';

const TOKEN = 'faults';

function setUp(faults: Omit<FaultOptions, 'sleep'> = {}) {
  const slept: number[] = [];
  const mock = createMock({
    seed: 3,
    sink: createDeliveryEngine({ send: false }),
    faults: { ...faults, sleep: async (ms) => void slept.push(ms) },
  });
  const get = (url = '/v1/users/me', prefer?: string, token = TOKEN) =>
    mock.handle({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...(prefer === undefined ? {} : { prefer }) },
      body: '',
    });
  const control = (path: string, body: unknown, token = TOKEN) =>
    mock.handle({
      method: 'POST',
      url: `/__mock${path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { mock, slept, get, control };
}

/** Statuses a `Prefer: code` can name for a documented status key. */
const statusOf = (key: string) => (/^\d{3}$/.test(key) ? Number(key) : Number(key[0]) * 100);

describe('Prefer: code=N', () => {
  it('answers every documented status of every operation with a body valid against the document, and changes nothing', async () => {
    const { mock } = setUp();
    const before = JSON.stringify(mock.control.world(TOKEN));
    let checked = 0;
    for (const operationId of validator.operationIds) {
      // The OAuth login (and the revocation, which takes its stage) reads its body before its faults (app.ts): covered in 'the OAuth login' below.
      if (operationId === 'createOAuthToken' || operationId === 'revokeOAuthToken') continue;
      const operation = validator.describeOperation(operationId);
      const path = `/v1${operation.template.replace(/\{[^}]+\}/g, 'x_1')}`;
      for (const { status } of operation.responses) {
        if (status === 'DEFAULT') continue;
        const code = statusOf(status);
        const response = await mock.handle({
          method: operation.method,
          url: path,
          headers: { authorization: `Bearer ${TOKEN}`, prefer: `code=${code}` },
          body: '',
        });
        expect(response.status, `${operationId} ${code}`).toBe(code);
        expect(response.headers['preference-applied']).toBe(`code=${code}`);
        // A file download's example is its bytes, sent as they are; every other body is JSON.
        const json = (response.headers['content-type'] ?? '').includes('json');
        const body = response.body === '' ? undefined : json ? JSON.parse(response.body) : response.body;
        expect(
          validator.validateResponse(operationId, code, response.headers['content-type'] ?? null, body),
          `${operationId} ${code}`,
        ).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(JSON.stringify(mock.control.world(TOKEN))).toBe(before);
    expect(mock.control.requests(TOKEN)).toHaveLength(checked);
  });

  it("sends the documented headers with their examples: a 429's Retry-After", async () => {
    const { get } = setUp();
    const response = await get('/v1/users/me', 'code=429');
    expect([response.status, response.headers['retry-after']]).toEqual([429, '30']);
    expect((await get('/v1/users/me', 'code=200')).headers['retry-after']).toBeUndefined();
  });

  it('refuses a status the operation does not document with a 400 that lists those it does', async () => {
    const { get } = setUp();
    const response = await get('/v1/users/me', 'code=404');
    expect(response.status).toBe(400);
    const body = JSON.parse(response.body);
    expect(body.code).toBe('bad_request');
    expect(body.details).toEqual({ preference: 'code', documented: ['200', '401', '403', '429'] });
    expect(body.error).toContain('documented: 200, 401, 403, 429');
  });

  it('answers a documented status without a body with an empty one', async () => {
    const { mock } = setUp();
    const response = await mock.handle({
      method: 'DELETE',
      url: '/v1/webhooks/wh_nothere',
      headers: { authorization: `Bearer ${TOKEN}`, prefer: 'code=204' },
      body: '',
    });
    expect([response.status, response.body]).toEqual([204, '']);
  });
});

describe('Prefer: example=NAME', () => {
  it('answers the named example of the document, with its status', async () => {
    const { get, mock } = setUp();
    const world = mock.control.world(TOKEN);
    const response = await get(`/v1/orgs/${world.workspaces[0]!.id}/sources`, 'example=emptyPage');
    expect(response.status).toBe(200);
    const body = JSON.parse(response.body);
    expect(body.data).toEqual([]);
    expect(validator.validateResponse('listWorkspaceSources', 200, response.headers['content-type']!, body)).toEqual(
      [],
    );
    const missing = await get('/v1/users/me', 'example=missingToken');
    expect([missing.status, JSON.parse(missing.body).error]).toEqual([401, expect.any(String)]);
  });

  it('takes a code and an example together, in either order and quoted', async () => {
    const { get } = setUp();
    const response = await get('/v1/users/me', 'example="rateLimited"; x=1, code=429');
    expect(response.status).toBe(429);
    expect(response.headers['preference-applied']).toBe('code=429, example=rateLimited');
  });

  it('refuses an unknown example with a 400 naming the examples there are', async () => {
    const { get } = setUp();
    const response = await get('/v1/users/me', 'example=nope');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).details).toEqual({
      preference: 'example',
      examples: ['userWithTwoWorkspaces (200)', 'missingToken (401)', 'oauthToken (403)', 'rateLimited (429)'],
    });
    const wrongStatus = await get('/v1/users/me', 'code=200, example=missingToken');
    expect(JSON.parse(wrongStatus.body).details).toEqual({
      preference: 'example',
      examples: ['userWithTwoWorkspaces (200)'],
    });
  });

  it('builds a body from the schema when a documented answer has no example', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/things': {
          get: {
            operationId: 'listThings',
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['data', 'count'],
                      properties: {
                        data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } },
                        count: { type: 'integer', minimum: 0 },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Thing: {
            type: 'object',
            required: ['id', 'kind'],
            properties: { id: { type: 'string', pattern: '^t_[A-Za-z0-9]+$' }, kind: { enum: ['a', 'b'] } },
          },
        },
      },
    };
    const own = createValidator(document);
    const answer = documentedAnswer(own.describeOperation('listThings'), 200, undefined);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.value.body).toEqual({ data: [{ id: 't_Ex4mple', kind: 'a' }], count: 0 });
    expect(own.validateResponse('listThings', 200, 'application/json', answer.value.body)).toEqual([]);
  });
});

describe('Prefer: delay=MS and latency', () => {
  it('waits the asked delay, cut to MAX_DELAY_MS, and says so', async () => {
    const { get, slept } = setUp();
    const short = await get('/v1/users/me', 'delay=250');
    expect(short.headers['preference-applied']).toBe('delay=250');
    const long = await get('/v1/users/me', 'delay=999999');
    expect(long.headers['preference-applied']).toBe(`delay=${MAX_DELAY_MS}`);
    expect(slept).toEqual([250, MAX_DELAY_MS]);
    expect((await get('/v1/users/me', 'delay=-5')).status).toBe(400);
  });

  it("draws the server's latency from its range, a world's own range replaces it, reset restores it", async () => {
    const draws = [0, 0.5, 0.999, 0.25, 0.5];
    const { get, slept, control, mock } = setUp({ latencyMs: { min: 100, max: 300 }, random: () => draws.shift()! });
    await get();
    await get();
    await get();
    expect(slept).toEqual([100, 200, 300]);
    const set = await control('/faults', { latency_ms: { min: 10, max: 10 } });
    expect(JSON.parse(set.body)).toEqual({ data: { latency_ms: { min: 10, max: 10 } } });
    await get();
    expect(slept.at(-1)).toBe(10);
    mock.control.reset(TOKEN);
    await get();
    expect(slept.at(-1)).toBe(200);
  });
});

describe('failure rate', () => {
  it('answers 503 service_unavailable with Retry-After for the drawn share of requests', async () => {
    const draws = [0.1, 0.3, 0.2];
    const { get } = setUp({ failRate: 0.25, random: () => draws.shift()! });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push(await get());
    expect(statuses.map((r) => r.status)).toEqual([503, 200, 503]);
    expect(statuses[0]!.headers['retry-after']).toBe('1');
    expect(JSON.parse(statuses[0]!.body)).toMatchObject({
      code: 'service_unavailable',
      details: { fail_rate: 0.25, retry_after_seconds: 1 },
    });
  });

  it('is set per world through mock.control and validated by the control document', async () => {
    const { get, mock, control } = setUp({ random: () => 0.5 });
    expect(mock.control.faults(TOKEN, { fail_rate: 1 })).toEqual({ ok: true, value: { fail_rate: 1 } });
    expect((await get()).status).toBe(503);
    expect((await get('/v1/users/me', undefined, 'another-world')).status).toBe(200);
    const refused = mock.control.faults(TOKEN, { fail_rate: 2 });
    expect(refused.ok ? null : refused.error.body.code).toBe('bad_request');
    expect((await control('/faults', { latency_ms: { min: 0, max: 30001 } })).status).toBe(400);
    expect(mock.control.faults(TOKEN, { fail_rate: 0 })).toEqual({ ok: true, value: { fail_rate: 0 } });
    expect((await get()).status).toBe(200);
  });
});

describe('rate limit per second and world', () => {
  it('answers the requests over N per second 429 with Retry-After and X-RateLimit-*, per world', async () => {
    let clock = 1_000_000_400;
    const { get } = setUp({ rateLimitPerSecond: 2, now: () => clock });
    const first = await get();
    expect(first.headers).toMatchObject({
      'x-ratelimit-limit': '2',
      'x-ratelimit-remaining': '1',
      'x-ratelimit-reset': '1000001',
    });
    expect((await get()).headers['x-ratelimit-remaining']).toBe('0');
    clock += 500;
    const over = await get();
    expect(over.status).toBe(429);
    expect(over.headers).toMatchObject({
      'retry-after': '1',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': '1000001',
    });
    expect(JSON.parse(over.body)).toMatchObject({
      code: 'rate_limited',
      details: { limit_per_second: 2, retry_after_seconds: 1 },
    });
    expect((await get('/v1/users/me', undefined, 'other')).status).toBe(200);
    clock += 100; // the next second
    expect((await get()).status).toBe(200);
  });

  it('is the one rule of POST /__mock/rate-limit: per_second replaces the server rate, 0 switches it off, the count still works', async () => {
    const clock = 5_000;
    const { get, control, mock } = setUp({ rateLimitPerSecond: 1, now: () => clock });
    expect(JSON.parse((await control('/rate-limit', { requests: 0, per_second: 0 })).body)).toEqual({
      data: { requests: 0, retry_after_seconds: 1, per_second: 0 },
    });
    for (let i = 0; i < 3; i++) expect((await get()).status).toBe(200);
    expect(mock.control.rateLimit(TOKEN, { requests: 1, retry_after_seconds: 9, per_second: 3 })).toEqual({
      ok: true,
      value: { requests: 1, retry_after_seconds: 9, per_second: 3 },
    });
    const counted = await get();
    expect([counted.status, counted.headers['retry-after']]).toEqual([429, '9']);
    expect([(await get()).status, (await get()).status, (await get()).status, (await get()).status]).toEqual([
      200, 200, 200, 429,
    ]);
    // `{requests: 0}` lifts the world's rule: the server's rate is back.
    expect(mock.control.rateLimit(TOKEN, { requests: 0, retry_after_seconds: 1 })).toEqual({ ok: true, value: null });
    expect((await get()).headers['x-ratelimit-limit']).toBe('1');
  });

  it("never spends a world's faults on the console's own requests: set 3, poll as the console does, the client meets all 3 (issue 41)", async () => {
    const { get, control, mock } = setUp();
    const fromConsole = () =>
      mock.handle({
        method: 'GET',
        url: '/v1/users/me',
        headers: { authorization: `Bearer ${TOKEN}`, [CONSOLE_REQUEST_HEADER]: '1' },
        body: '',
      });
    expect((await control('/rate-limit', { requests: 3, retry_after_seconds: 2 })).status).toBe(200);
    expect((await control('/faults', { fail_rate: 0 })).status).toBe(200);
    const polled = [];
    for (let i = 0; i < 5; i++) polled.push((await fromConsole()).status);
    expect(polled).toEqual([200, 200, 200, 200, 200]);
    const client = [];
    for (let i = 0; i < 4; i++) client.push((await get()).status);
    expect(client).toEqual([429, 429, 429, 200]);
    // A failure rate of 1: the console still passes, the client does not.
    expect((await control('/faults', { fail_rate: 1 })).status).toBe(200);
    expect([(await fromConsole()).status, (await get()).status]).toEqual([200, 503]);
  });

  it('never limits the control API', async () => {
    const { control } = setUp({ rateLimitPerSecond: 1, now: () => 0 });
    for (let i = 0; i < 3; i++) expect((await control('/faults', {})).status).toBe(200);
  });
});

describe('the OAuth login', () => {
  const login = (mock: ReturnType<typeof setUp>['mock'], clientId: string, prefer?: string) =>
    mock.handle({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/json', ...(prefer === undefined ? {} : { prefer }) },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: 's' }),
    });

  it("has the server's faults: a failure rate, a rate per second and world, a latency", async () => {
    const failing = setUp({ failRate: 1, random: () => 0 });
    const refused = await login(failing.mock, 'client-a');
    expect([refused.status, refused.headers['retry-after'], JSON.parse(refused.body).code]).toEqual([
      503,
      '1',
      'service_unavailable',
    ]);

    const limited = setUp({ rateLimitPerSecond: 1, now: () => 0, latencyMs: { min: 40, max: 40 }, random: () => 0.5 });
    expect((await login(limited.mock, 'client-a')).status).toBe(200);
    const second = await login(limited.mock, 'client-a');
    expect([second.status, second.headers['x-ratelimit-limit']]).toEqual([429, '1']);
    // The rate is per world: another client logs into another world.
    expect((await login(limited.mock, 'client-b')).status).toBe(200);
    expect(limited.slept).toEqual([40, 40, 40]);
  });

  it('has the faults the control API set for its client_id, whatever bearer set them; a bad body is refused before any', async () => {
    const { mock, control } = setUp();
    expect(
      (await control('/rate-limit?client_id=client-a', { requests: 1, retry_after_seconds: 5 }, 'any-bearer')).status,
    ).toBe(200);
    const refused = await login(mock, 'client-a');
    expect([refused.status, refused.headers['retry-after']]).toEqual([429, '5']);
    expect((await login(mock, 'client-a')).status).toBe(200);
    expect(mock.control.faults('another-bearer', { fail_rate: 1 }, { clientId: 'client-b' })).toEqual({
      ok: true,
      value: { fail_rate: 1 },
    });
    expect((await login(mock, 'client-b')).status).toBe(503);
    expect((await login(mock, 'client-a')).status, "client-a's world has no failure rate").toBe(200);
    // The bearer's own world is untouched.
    expect(
      (
        await mock.handle({
          method: 'GET',
          url: '/v1/users/me',
          headers: { authorization: 'Bearer another-bearer' },
          body: '',
        })
      ).status,
    ).toBe(200);
    const bad = await mock.handle({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      body: '{"client_id":"client-b"}',
    });
    expect(bad.status).toBe(400);
    // `Prefer` applies as on any operation: the documented 429.
    expect((await login(mock, 'client-c', 'code=429')).status).toBe(429);
    // The login is journaled in the client's world.
    const token = JSON.parse((await login(mock, 'client-a')).body).access_token as string;
    expect(mock.control.requests(token).map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toContain(
      'POST /v1/oauth/token 429',
    );
  });
});

describe('parsePrefer', () => {
  it('reads code, example and delay; ignores other preferences and parameters', () => {
    expect(parsePrefer('return=minimal, code=404;foo=bar, respond-async, example="a, b", delay=10')).toEqual({
      ok: true,
      value: { code: 404, example: 'a, b', delayMs: 10 },
    });
    expect(parsePrefer(undefined)).toEqual({ ok: true, value: {} });
  });

  it('refuses a malformed value of a preference it knows', () => {
    for (const header of ['code=2000', 'code=', 'example=', 'delay=1.5', 'delay=soon'])
      expect(parsePrefer(header).ok, header).toBe(false);
  });
});
