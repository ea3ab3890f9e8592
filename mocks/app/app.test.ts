// The app's machinery on a small inline document and a stub store, so the order of checks and
// the error mapping are pinned independently of the real document and store.
import { describe, expect, it, vi } from 'vitest';
import { controlValidator } from '../../openapi/control-validator.ts';
import { createValidator } from '../../openapi/validation.ts';
import { fail, ok, type Result } from '../common/errors.ts';
import type { Session, World } from '../store/world/index.ts';
import type { Store } from '../store/index.ts';
import { deliveryLog } from '../store/world/retention.ts';
import { openSession } from '../store/world/session.ts';
import { createWorldClock } from '../store/world/clock.ts';
import type { DeliveryRecord, DeliveryRequest } from '../outbound/types.ts';
import { createApp } from './app.ts';
import { tokenKind } from './auth.ts';
import type { ControlOperations } from './control.ts';
import { MAX_BODY_BYTES } from './head.ts';
import type { AnyRoute } from './routes-meta.ts';
import type { AppRequest } from './types.ts';

const doc = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^t_[A-Za-z0-9]+$' } }],
      get: { operationId: 'getThing', responses: { '200': { description: 'ok' } } },
      delete: { operationId: 'deleteThing', responses: { '204': { description: 'ok' } } },
      put: {
        operationId: 'updateWorkflowActivation',
        'x-token-kinds': ['user_api_key'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['active', 'org_id'],
                properties: {
                  active: { type: 'boolean' },
                  org_id: { type: 'string' },
                  note: { type: 'string', default: 'none' },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
    '/things': {
      get: {
        operationId: 'listThings',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/webhooks': {
      post: {
        operationId: 'createWebhook',
        parameters: [
          {
            name: 'url',
            in: 'query',
            required: true,
            schema: {
              type: 'string',
              minLength: 1,
              allOf: [{ 'x-error-code': 'unsupported_url', pattern: '^https?://[^/:]+' }],
            },
          },
          { name: 'name', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

function stubStore() {
  const resets: string[] = [];
  const sessions = new Map<string, Session>();
  // Each delivery record names its world, so a test can tell whose log it landed in.
  const sink = {
    enqueue: (request: DeliveryRequest) => ({ id: `delivery-of-${request.world}`, body: '' }) as DeliveryRecord,
    idle: async () => {},
  };
  const open = (token: string): Session => {
    const log = deliveryLog(sink, { entries: 0, bytes: 0 });
    const session = openSession(
      {
        token,
        key: `key:${token}`,
        sink: log.sink,
        clock: createWorldClock(Date.now),
        ctx: { now: () => 0 },
        // A quota day that never ends: the stub world has no counters to start again.
        quotaDay: Number.POSITIVE_INFINITY,
      } as unknown as World,
      log,
    );
    sessions.set(token, session);
    return session;
  };
  const store = {
    session: (token: string) => sessions.get(token) ?? open(token),
    world: (token: string) => store.session(token).world,
    refusal: () => null,
    now: Date.now,
    held: (token: string) => sessions.get(token),
    reset: (token: string) => {
      resets.push(token);
      return open(token);
    },
    sink,
  } as unknown as Store;
  return { store, resets };
}

/** What a route of the fixture document receives. */
interface Ctx {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body: unknown;
}
type Route = (ctx: Ctx) => Result<unknown>;

function setup(table: Record<string, Route> = {}) {
  const calls: { operationId: string; ctx: Ctx }[] = [];
  const record =
    (operationId: string, answer: Route): Route =>
    (ctx) => {
      calls.push({ operationId, ctx });
      return answer(ctx);
    };
  const routeTable: Record<string, AnyRoute> = {
    getThing: record('getThing', ({ path }) =>
      path.id === 't_missing' ? fail('not_found', 'thing t_missing not found') : ok({ data: { id: path.id } }),
    ),
    deleteThing: record('deleteThing', () => ok(null)),
    updateWorkflowActivation: record('updateWorkflowActivation', ({ body }) => ok({ data: body })),
    listThings: record('listThings', ({ query }) => ok({ data: [], limit: query.limit })),
    createWebhook: record('createWebhook', ({ query }) => ok({ data: { url: query.url } })),
    ...table,
  };
  const logError = vi.fn();
  const { store, resets } = stubStore();
  const controlOperations = {
    worldSummary: (world: { key: string }) => ({ key: world.key }),
    emit: () => fail('not_found', 'emitter not found'),
    emitTrigger: () => fail('not_found', 'trigger not found'),
    completeConnect: () => fail('not_found', 'connect token not found'),
  } as unknown as ControlOperations;
  const app = createApp({
    store,
    validator: createValidator(doc),
    controlValidator,
    routes: routeTable,
    controlOperations,
    logError,
  });
  const send = (method: string, url: string, headers: Record<string, string> = {}, body = '') =>
    app.handle({ method, url, headers: { authorization: 'Bearer tok', ...headers }, body } satisfies AppRequest);
  return { app, send, calls, logError, resets, store };
}

/** A valid activation body of exactly `bytes` bytes of UTF-8: its note made of `fill`, topped up with ASCII. */
function jsonOfBytes(bytes: number, fill: string): string {
  const frame = '{"active":true,"org_id":"o_1","note":""}';
  const room = bytes - frame.length;
  const width = new TextEncoder().encode(fill).length;
  const note = fill.repeat(Math.floor(room / width)) + 'a'.repeat(room % width);
  return frame.replace('"note":""', `"note":"${note}"`);
}

const parse = (body: string) => JSON.parse(body) as { error: string; code?: string; details?: Record<string, unknown> };

describe('auth', () => {
  it.each([
    ['no header', undefined],
    ['empty header', ''],
    ['another scheme', 'Basic dXNlcjpwdw=='],
    ['Bearer without token', 'Bearer '],
    ['token with a space', 'Bearer a b'],
    ['token with forbidden characters', 'Bearer tok{en}'],
  ])('answers 401 unauthorized for %s', async (_label, header) => {
    const { app, calls } = setup();
    const headers: Record<string, string> = header === undefined ? {} : { authorization: header };
    const response = await app.handle({ method: 'GET', url: '/v1/things/t_1', headers, body: '' });
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(parse(response.body).code).toBe('unauthorized');
    expect(calls).toEqual([]);
  });

  it('tells workspace OAuth tokens (three base64url segments) from user API keys', () => {
    expect(tokenKind('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvXzEifQ.c2lnbmF0dXJl')).toBe('workspace_oauth');
    expect(tokenKind('pd_user_key_123')).toBe('user_api_key');
    expect(tokenKind('a.b')).toBe('user_api_key');
    expect(tokenKind('a.b.c.d')).toBe('user_api_key');
    expect(tokenKind('a.b.')).toBe('user_api_key');
    expect(tokenKind('a+b.c.d')).toBe('user_api_key');
  });
});

describe('routing', () => {
  it('answers 404 JSON outside /v1 without asking for a token', async () => {
    const { app } = setup();
    const response = await app.handle({ method: 'GET', url: '/v2/things', headers: {}, body: '' });
    expect(response.status).toBe(404);
    expect(parse(response.body)).toMatchObject({ code: 'not_found' });
  });

  it('answers 404 for an unknown path and 405 with Allow for a known path with another method', async () => {
    const { send } = setup();
    const unknown = await send('GET', '/v1/nothing/here');
    expect(unknown.status).toBe(404);
    expect(parse(unknown.body).code).toBe('not_found');

    const wrongMethod = await send('POST', '/v1/things/t_1');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow?.split(', ').sort()).toEqual(['DELETE', 'GET', 'PUT']);
    expect(parse(wrongMethod.body).code).toBe('method_not_allowed');
  });

  it('accepts an absolute URL and ignores its origin', async () => {
    const { send } = setup();
    const response = await send('GET', 'http://example.test:9/v1/things/t_9?x=1');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ data: { id: 't_9' } });
  });
});

describe('bodies', () => {
  const json = { 'content-type': 'application/json' };

  it('answers 413 for a body over 1 MiB, before parsing it', async () => {
    const { send, calls } = setup();
    const response = await send('PUT', '/v1/things/t_1', json, `{"x":"${'a'.repeat(MAX_BODY_BYTES)}"}`);
    expect(response.status).toBe(413);
    expect(parse(response.body).code).toBe('payload_too_large');
    expect(calls).toEqual([]);
  });

  it('accepts a body of exactly MAX_BODY_BYTES and refuses one byte more, in one-byte and three-byte characters', async () => {
    const { send } = setup();
    for (const fill of ['a', '€']) {
      for (const [bytes, status] of [
        [MAX_BODY_BYTES, 200],
        [MAX_BODY_BYTES + 1, 413],
      ] as const) {
        const body = jsonOfBytes(bytes, fill);
        expect(new TextEncoder().encode(body).length).toBe(bytes);
        const response = await send('PUT', '/v1/things/t_1', json, body);
        expect({ fill, bytes, status: response.status }).toEqual({ fill, bytes, status });
      }
    }
  });

  it('counts bytes, not characters', async () => {
    const { send } = setup();
    // 400k three-byte characters: 1.2 MB of UTF-8 but only 400k UTF-16 units.
    const response = await send('PUT', '/v1/things/t_1', json, `"${'€'.repeat(400_000)}"`);
    expect(response.status).toBe(413);
  });

  it('answers 415 for a non-JSON body on a JSON operation', async () => {
    const { send } = setup();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await send('PUT', '/v1/things/t_1', { 'content-type': contentType }, 'active=true');
      expect(response.status).toBe(415);
      expect(parse(response.body).code).toBe('unsupported_media_type');
    }
    const noType = await send('PUT', '/v1/things/t_1', {}, '{"active":true,"org_id":"o_1"}');
    expect(noType.status).toBe(415);
  });

  it('accepts application/json with a charset', async () => {
    const { send } = setup();
    const response = await send(
      'PUT',
      '/v1/things/t_1',
      { 'content-type': 'application/json; charset=utf-8' },
      '{"active":true,"org_id":"o_1"}',
    );
    expect(response.status).toBe(200);
  });

  it('answers 400 bad_request for malformed JSON', async () => {
    const { send, calls } = setup();
    const response = await send('PUT', '/v1/things/t_1', json, '{"active": tru');
    expect(response.status).toBe(400);
    expect(parse(response.body)).toMatchObject({ code: 'bad_request' });
    expect(parse(response.body).error).toMatch(/JSON/);
    expect(calls).toEqual([]);
  });

  it('ignores a body on an operation that takes none', async () => {
    const { send } = setup();
    const response = await send('GET', '/v1/things/t_1', { 'content-type': 'text/plain' }, 'whatever');
    expect(response.status).toBe(200);
  });
});

describe('validation against the document', () => {
  it('answers 400 with every issue as a JSON pointer and message', async () => {
    const { send, calls } = setup();
    const response = await send(
      'PUT',
      '/v1/things/t_1?x=1',
      { 'content-type': 'application/json' },
      '{"active":"yes"}',
    );
    expect(response.status).toBe(400);
    const body = parse(response.body);
    expect(body.code).toBe('bad_request');
    const issues = body.details?.issues as { pointer: string; message: string }[];
    expect(issues.map((i) => i.pointer).sort()).toEqual(['/body/active', '/body/org_id']);
    for (const issue of issues) expect(issue.message).not.toBe('');
    expect(calls).toEqual([]);
  });

  it('answers 404 when a path parameter cannot be an ID at all (an unknown ID, README), before body issues', async () => {
    const { send, calls } = setup();
    const response = await send('PUT', '/v1/things/x_1', { 'content-type': 'application/json' }, '{"active":"yes"}');
    expect(response.status).toBe(404);
    const body = parse(response.body);
    expect(body.code).toBe('not_found');
    expect((body.details!.issues as { pointer: string }[]).map((i) => i.pointer)).toEqual(['/path/id']);
    expect((await send('GET', '/v1/things/not-a-thing')).status).toBe(404);
    expect(calls).toEqual([]);
  });

  it('reports a missing required body', async () => {
    const { send } = setup();
    const response = await send('PUT', '/v1/things/t_1');
    expect(response.status).toBe(400);
    expect((parse(response.body).details!.issues as { pointer: string }[]).map((i) => i.pointer)).toEqual(['/body']);
  });

  it('hands handlers coerced query values with defaults', async () => {
    const { send } = setup();
    expect(JSON.parse((await send('GET', '/v1/things?limit=7')).body)).toEqual({ data: [], limit: 7 });
    expect(JSON.parse((await send('GET', '/v1/things')).body)).toEqual({ data: [], limit: 10 });
    expect((await send('GET', '/v1/things?limit=0')).status).toBe(400);
  });

  it('answers the code the document names for a failure (x-error-code), and never reaches the route', async () => {
    const { send, calls } = setup();
    const response = await send('POST', '/v1/webhooks?url=ftp%3A%2F%2Fx&name=n');
    expect(response.status).toBe(400);
    const body = parse(response.body);
    expect(body.code).toBe('unsupported_url');
    expect(body.details?.issues).toEqual([
      { pointer: '/query/url', message: expect.any(String), code: 'unsupported_url' },
    ]);
    expect(calls).toEqual([]);
    expect(JSON.parse((await send('POST', '/v1/webhooks?url=https%3A%2F%2Fx&name=n')).body)).toEqual({
      data: { url: 'https://x' },
    });
  });

  it('keeps a missing or empty webhook url, or other issues beside it, a bad_request', async () => {
    const { send, calls } = setup();
    for (const query of ['name=n', 'url=&name=n', 'url=ftp%3A%2F%2Fx']) {
      const response = await send('POST', `/v1/webhooks?${query}`);
      expect(response.status, query).toBe(400);
      expect(parse(response.body).code, query).toBe('bad_request');
    }
    expect(calls).toEqual([]);
  });

  it('hands the route a body with the defaults of its top-level properties', async () => {
    const { send, calls } = setup();
    const json = { 'content-type': 'application/json' };
    await send('PUT', '/v1/things/t_1', json, '{"active":true,"org_id":"o_1"}');
    await send('PUT', '/v1/things/t_1', json, '{"active":true,"org_id":"o_1","note":"mine"}');
    expect(calls.map((c) => c.ctx.body)).toEqual([
      { active: true, org_id: 'o_1', note: 'none' },
      { active: true, org_id: 'o_1', note: 'mine' },
    ]);
  });

  it('refuses the token kinds an operation does not list in x-token-kinds with 403, after validation', async () => {
    const { send, calls } = setup();
    const oauth = { authorization: 'Bearer aGVhZA.Ym9keQ.c2ln', 'content-type': 'application/json' };
    const refused = await send('PUT', '/v1/things/t_1', oauth, '{"active":true,"org_id":"o_1"}');
    expect(refused.status).toBe(403);
    expect(parse(refused.body).code).toBe('forbidden_token_kind');
    expect((await send('PUT', '/v1/things/t_1', oauth, '{"active":"yes"}')).status).toBe(400);
    expect(calls).toEqual([]);
    expect((await send('GET', '/v1/things/t_1', { authorization: oauth.authorization })).status).toBe(200);
  });
});

describe('results become responses in one place', () => {
  it('maps a value to 200 JSON, null to 204 without body or content-type, an ApiError to its status', async () => {
    const { send } = setup();
    const found = await send('GET', '/v1/things/t_1');
    expect(found).toEqual({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"data":{"id":"t_1"}}',
    });
    expect(await send('DELETE', '/v1/things/t_1')).toEqual({ status: 204, headers: {}, body: '' });
    const missing = await send('GET', '/v1/things/t_missing');
    expect(missing.status).toBe(404);
    expect(parse(missing.body)).toEqual({ error: 'thing t_missing not found', code: 'not_found' });
  });

  it('turns an exception into a logged 500 with an error body', async () => {
    const { send, logError } = setup({
      getThing: () => {
        throw new Error('boom');
      },
    });
    const response = await send('GET', '/v1/things/t_1');
    expect(response.status).toBe(500);
    expect(parse(response.body).error).toContain('boom');
    expect(logError).toHaveBeenCalledTimes(1);
  });
});

describe('journal', () => {
  it('records authenticated /v1 requests per world, not control or unauthenticated ones', async () => {
    const { app, send } = setup();
    await send('GET', '/v1/things/t_1?verbose=1');
    await send('POST', '/v1/things/t_1');
    await send('GET', '/v1/things/t_2', { authorization: 'Bearer other' });
    await app.handle({ method: 'GET', url: '/v1/things/t_3', headers: {}, body: '' });
    await send('GET', '/__mock/requests');

    const mine = app.control.requests('tok');
    expect(mine.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/v1/things/t_1', status: 200 },
      { method: 'POST', path: '/v1/things/t_1', status: 405 },
    ]);
    for (const entry of mine) {
      expect(entry.ms).toBeGreaterThanOrEqual(0);
      expect(entry.at).toBeGreaterThan(Date.parse('2020-01-01'));
    }
    expect(app.control.requests('other').map((e) => e.path)).toEqual(['/v1/things/t_2']);
  });
});

describe('control routes', () => {
  it('need a bearer token', async () => {
    const { app } = setup();
    const response = await app.handle({ method: 'GET', url: '/__mock/requests', headers: {}, body: '' });
    expect(response.status).toBe(401);
  });

  it('answer {data} from the token world: requests and deliveries', async () => {
    const { send, store } = setup();
    const world = store.world('tok');
    world.sink.enqueue({ world: world.key, kind: 'subscription', url: 'https://h.example.com/', payload: {} });
    await send('GET', '/v1/things/t_1');
    const requests = JSON.parse((await send('GET', '/__mock/requests')).body) as { data: { path: string }[] };
    expect(requests.data.map((e) => e.path)).toEqual(['/v1/things/t_1']);
    const deliveries = JSON.parse((await send('GET', '/__mock/deliveries')).body);
    expect(deliveries).toEqual({ data: [{ id: 'delivery-of-key:tok', body: '' }] });
  });

  it('GET /__mock/deliveries?wait=true answers after the sink is idle; a bad wait value is 400', async () => {
    const { send, store } = setup();
    const world = store.world('tok');
    world.sink.enqueue({ world: world.key, kind: 'subscription', url: 'https://h.example.com/', payload: {} });
    expect(JSON.parse((await send('GET', '/__mock/deliveries?wait=true')).body)).toEqual({
      data: [{ id: 'delivery-of-key:tok', body: '' }],
    });
    const bad = await send('GET', '/__mock/deliveries?wait=yes');
    expect(bad.status).toBe(400);
    expect(parse(bad.body).code).toBe('bad_request');
  });

  it('404 for an unknown control route, 405 with Allow for a wrong method', async () => {
    const { send } = setup();
    expect((await send('GET', '/__mock/nope')).status).toBe(404);
    const wrong = await send('GET', '/__mock/reset');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
  });

  it.each([
    ['/__mock/emit', '', '/body request body is required'],
    ['/__mock/emit', '{bad', 'not valid JSON'],
    ['/__mock/emit', '[]', '/body must be object'],
    ['/__mock/emit', '{"event_name":"$errors","event":{}}', '/emitter_id'],
    ['/__mock/emit', '{"emitter_id":"p_1","event":{}}', '/event_name'],
    ['/__mock/emit', '{"emitter_id":"p_1","event_name":"$errors"}', '/event'],
    ['/__mock/emit', '{"emitter_id":"p_1","event_name":"$errors","event":{},"error":{"code":1}}', '/error/code'],
    ['/__mock/triggers/dc_1/emit', '{}', '/event'],
    ['/__mock/connect/ctok_1/complete', '{"outcome":"maybe"}', '/outcome'],
    ['/__mock/connect/ctok_1/complete', '{"outcome":"error","error":5}', '/error'],
  ])('POST %s with %s is a clear 400 mentioning %s', async (path, body, mention) => {
    const { send } = setup();
    const response = await send('POST', path, { 'content-type': 'application/json' }, body);
    expect(response.status).toBe(400);
    expect(parse(response.body).code).toBe('bad_request');
    expect(parse(response.body).error).toContain(mention);
  });

  it('reset replaces the session: the world, its deliveries, its journal and its rate limit', async () => {
    const { app, send, resets, store } = setup();
    const world = store.world('tok');
    world.sink.enqueue({ world: world.key, kind: 'subscription', url: 'https://h.example.com/', payload: {} });
    await send('GET', '/v1/things/t_1');
    app.control.rateLimit('tok', { requests: 3, retry_after_seconds: 1 });
    app.control.reset('tok');
    expect(resets).toEqual(['tok']);
    expect(store.world('tok')).not.toBe(world);
    expect(app.control.deliveries('tok')).toEqual([]);
    expect(app.control.requests('tok')).toEqual([]);
    expect((await send('GET', '/v1/things/t_1')).status).toBe(200);
  });
});
