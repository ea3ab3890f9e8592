// The node-free core of the mock beside the real service (docs/upstream.md): which operations go
// live, HAR entries and their redaction, the replay matcher, and the hybrid step with its sources,
// fallbacks and journal. The upstream is the planted kit mock, reached in-process: no network.
import { describe, expect, it } from 'vitest';
import { plantedUpstream } from '../../support/planted-upstream.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import { createMock } from '../index.ts';
import type { AppRequest } from '../app/types.ts';
import { REDACTED, redactBody, secretFields } from '../../openapi/redact.ts';
import { type Exchange, toHarEntry } from './har.ts';
import { parseHar } from './parse-har.ts';
import { createHybrid, type HybridOptions } from './hybrid.ts';
import { createReplay, parseMatchRule } from './replay.ts';
import { liveMatcher, parseFallbackOn, parseLivePatterns, parseUpstreamUrl } from './select.ts';

const TOKEN = 'caller-token-123';
const get = (url: string, headers: Record<string, string> = {}): AppRequest => ({
  method: 'GET',
  url,
  headers: { authorization: `Bearer ${TOKEN}`, ...headers },
  body: '',
});

describe('--upstream, --live, --fallback-on', () => {
  it('reads an upstream URL, refusing credentials, queries and other schemes', () => {
    expect(parseUpstreamUrl('http://127.0.0.1:4011/v1/')).toBe('http://127.0.0.1:4011/v1');
    expect(parseUpstreamUrl('https://user:pw@api.test/v1')).toEqual({ error: expect.stringMatching(/credentials/) });
    expect(parseUpstreamUrl('https://api.test/v1?x=1')).toEqual({ error: expect.stringMatching(/query/) });
    expect(parseUpstreamUrl('ftp://api.test/v1')).toEqual({ error: expect.stringMatching(/http or https/) });
    expect(parseUpstreamUrl('api.test')).toEqual({ error: expect.stringMatching(/absolute URL/) });
  });

  it('takes operationIds and globs, and names the operations a typo was near', () => {
    expect(parseLivePatterns('getCurrentUser, list*', validator.operationIds)).toEqual(['getCurrentUser', 'list*']);
    expect(parseLivePatterns('getCurentUser', validator.operationIds)).toEqual({
      error: expect.stringMatching(/matches no operation; did you mean getCurrentUser\?/),
    });
    expect(parseLivePatterns('zzz', validator.operationIds)).toEqual({
      error: expect.stringMatching(/matches no operation \(the operationIds are those of openapi/),
    });
    expect(parseLivePatterns('Webhook', validator.operationIds)).toEqual({
      error: expect.stringMatching(/did you mean .*createWebhook/),
    });
    const live = liveMatcher(['list*', 'getWorkspace']);
    expect(validator.operationIds.filter(live)).toEqual(
      validator.operationIds.filter((id) => id.startsWith('list') || id === 'getWorkspace'),
    );
  });

  it('matches globs by a walk, not a backtracking regex: a pathological --live answers at once', () => {
    expect(['listWebhooks', 'getWebhook', 'list', 'listX'].filter(liveMatcher(['list?*', '*Web*k']))).toEqual([
      'listWebhooks',
      'getWebhook',
      'listX',
    ]);
    expect(liveMatcher(['get.*'])('getWorkspace')).toBe(false);
    // As a regex (`^(?:.*..*..*.…X)$`) this took 20 s over one operationId.
    expect(validator.operationIds.filter(liveMatcher([`${'*?'.repeat(14)}X`]))).toEqual([]);
    expect(validator.operationIds.filter(liveMatcher([`${'*?'.repeat(14)}r`]))).toEqual(
      validator.operationIds.filter((id) => id.length >= 15 && id.endsWith('r')),
    );
  });

  it('reads fallback statuses, classes and unreachable', () => {
    expect(parseFallbackOn('404,501,unreachable')).toEqual({ statuses: [404, 501], unreachable: true });
    expect(parseFallbackOn('5xx')).toMatchObject({
      unreachable: false,
      statuses: expect.arrayContaining([500, 503, 599]),
    });
    expect(parseFallbackOn('404,teapot')).toEqual({ error: expect.stringMatching(/"teapot"/) });
  });
});

describe('HAR entries', () => {
  const exchange: Exchange = {
    startedAt: Date.UTC(2026, 0, 1),
    durationMs: 12.5,
    operationId: 'regenerateProjectWebhookSigningKey',
    request: {
      method: 'POST',
      url: `http://127.0.0.1:4011/v1/connect/proj_1/webhook/regenerate_signing_key?echo=${TOKEN}`,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        cookie: 'session=abc',
        'content-type': 'application/json',
        'x-trace': `t-${TOKEN}`,
      },
      body: JSON.stringify({ client_secret: 's3cr3t', note: 'kept' }),
    },
    response: {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'set-cookie': 'a=b',
        'x-pd-signature': 't=1,v1=ff',
        'content-length': '99',
      },
      body: JSON.stringify({ data: { id: 'wh_1', signing_key: 'k-very-secret', nested: [{ access_token: 'a.b.c' }] } }),
    },
  };

  it('redacts credentials, signatures, secret fields and the bearer token wherever it shows', () => {
    const secrets = secretFields(document);
    expect([...secrets].sort()).toEqual([
      'access_token',
      'client_secret',
      'credentials',
      'signing_key',
      'webhook_signing_key',
    ]);
    const entry = toHarEntry(exchange, secrets);
    const text = JSON.stringify(entry);
    for (const secret of [TOKEN, 'session=abc', 'a=b', 't=1,v1=ff', 's3cr3t', 'k-very-secret', 'a.b.c'])
      expect(text).not.toContain(secret);
    expect(entry.request.headers).toContainEqual({ name: 'authorization', value: REDACTED });
    expect(entry.response.headers.map((header) => header.name)).not.toContain('content-length');
    expect(JSON.parse(entry.request.postData!.text)).toEqual({ client_secret: REDACTED, note: 'kept' });
    expect(JSON.parse(entry.response.content.text!).data).toEqual({
      id: 'wh_1',
      signing_key: REDACTED,
      nested: [{ access_token: REDACTED }],
    });
    expect(entry).toMatchObject({
      startedDateTime: '2026-01-01T00:00:00.000Z',
      time: 12.5,
      _operationId: 'regenerateProjectWebhookSigningKey',
    });
  });

  it("keeps a secret field's JSON type; redacts JSON nested too deep to walk as text", () => {
    const secrets = secretFields(document);
    const account = JSON.stringify({
      data: { credentials: { oauth_access_token: 'tok-1', expires_in: 3600, scopes: ['a'] } },
    });
    expect(JSON.parse(redactBody(account, secrets))).toEqual({
      data: { credentials: { oauth_access_token: REDACTED, expires_in: 0, scopes: [REDACTED] } },
    });
    const deep = `${'['.repeat(20_000)}{"client_secret": "deep-1"}${']'.repeat(20_000)}`;
    expect(redactBody(deep, secrets)).toBe(deep.replace('"deep-1"', `"${REDACTED}"`));
  });

  it('reads HAR text back, and says what is wrong with a file that is not one', () => {
    const har = {
      log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [toHarEntry(exchange, new Set())] },
    };
    expect(parseHar(JSON.stringify(har))).toEqual({ entries: har.log.entries });
    expect(parseHar('{')).toEqual({ error: expect.stringMatching(/^not JSON/) });
    expect(parseHar('{"log":{}}')).toEqual({ error: expect.stringMatching(/log.entries/) });
    expect(parseHar('{"log":{"entries":[{"request":{}}]}}')).toEqual({
      error: expect.stringMatching(/log.entries\[0\]/),
    });
  });

  it('refuses at load an entry no answer can be made of, naming its index and field', { timeout: 60_000 }, () => {
    const good = toHarEntry(exchange, new Set());
    type Entry = typeof good;
    type Loose = { headers: unknown; status: unknown };
    const damaged: Array<[string, (entry: Entry) => void, string]> = [
      ['headers as an object', (e) => ((e.response as Loose).headers = { a: 'b' }), 'response.headers: not a list'],
      [
        'CRLF in a header value',
        (e) => (e.response.headers[1]!.value = 'b\r\nx: y'),
        'response.headers[1].value: holds',
      ],
      ['a bad header name', (e) => (e.request.headers[0]!.name = 'bad name'), 'request.headers[0].name: "bad name" is'],
      ['status 1000', (e) => (e.response.status = 1000), 'response.status: 1000 is not an HTTP status'],
      ['status 100', (e) => (e.response.status = 100), 'response.status: 100 is an interim answer (1xx)'],
      ['status 101', (e) => (e.response.status = 101), 'response.status: 101 is an interim answer (1xx)'],
      ['a status as text', (e) => ((e.response as Loose).status = '200'), 'response.status: "200" is not an integer'],
      [
        'a content.text that is not a string',
        (e) => ((e.response.content as { text: unknown }).text = { a: 1 }),
        'response.content.text: {"a":1} is not a string',
      ],
      [
        'invalid base64',
        (e) => Object.assign(e.response.content, { text: 'no!', encoding: 'base64' }),
        'response.content.text: not valid',
      ],
      ['a relative URL', (e) => (e.request.url = '/v1/users/me'), 'request.url: "/v1/users/me" is not an absolute URL'],
    ];
    // A large base64 body is read, not refused (a group per 4 characters overflowed the stack).
    const large = structuredClone(good);
    Object.assign(large.response.content, {
      text: Buffer.alloc(6 * 1024 * 1024, 7).toString('base64'),
      encoding: 'base64',
    });
    expect('entries' in parseHar(JSON.stringify({ log: { entries: [large] } }))).toBe(true);
    for (const [what, damage, message] of damaged) {
      const entries = [good, good, good, structuredClone(good)];
      damage(entries[3]!);
      const har = parseHar(JSON.stringify({ log: { entries } }));
      const named = `a HAR file with a bad entry: log.entries[3].${message}`;
      expect(har, what).toEqual({ error: expect.stringContaining(named) });
    }
  });
});

describe('replay', () => {
  const entry = (method: string, url: string, status: number, body: string, requestBody = '') =>
    toHarEntry(
      {
        startedAt: 0,
        durationMs: 1,
        request: { method, url: `http://up.test/v1${url}`, headers: {}, body: requestBody },
        response: { status, headers: { 'content-type': 'application/json' }, body },
      },
      new Set(),
    );
  const entries = [
    entry('GET', '/users/me', 200, '{"n":1}'),
    entry('GET', '/users/me', 200, '{"n":2}'),
    entry('GET', '/orgs/o_1/sources?limit=2&after=x', 200, '{"page":1}'),
    entry('POST', '/workflows', 200, '{"created":true}', '{"org_id":"o_1","project_id":"p_1"}'),
  ];

  it('answers the n-th request of a key with the n-th recording, then the last, deterministically', () => {
    const replay = createReplay(entries);
    const bodies = () => [1, 2, 3].map(() => replay.answer(get('/v1/users/me')).body);
    expect(bodies()).toEqual(['{"n":1}', '{"n":2}', '{"n":2}']);
    replay.reset();
    expect(bodies()).toEqual(['{"n":1}', '{"n":2}', '{"n":2}']);
    expect(replay.answer(get('/v1/users/me')).headers['x-mock-source']).toBe('replay');
  });

  it("answers an entry of status 0 (a browser's export of a request that got none) 502, saying so", () => {
    const unanswered = entry('GET', '/users/me', 0, '');
    unanswered.response.headers.push({ name: ':status', value: '0' });
    expect('entries' in parseHar(JSON.stringify({ log: { entries: [unanswered] } }))).toBe(true);
    const answer = createReplay([unanswered]).answer(get('/v1/users/me'));
    expect(answer.status).toBe(502);
    expect(answer.headers[':status']).toBeUndefined();
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'bad_gateway',
      error: 'No answer was recorded for GET /users/me: its HAR entry has status 0 (the recording client got none)',
    });
  });

  it("matches a query whose secret was redacted in the recording, and keeps the document's plain ones apart", () => {
    const withToken = entry('GET', '/users/me?access_token=abc&sort_key=name', 200, '{"n":1}');
    const recorded = [withToken, entry('GET', '/users/me?sort_key=date', 200, '{"n":2}')];
    expect(recorded[0]!.request.url).not.toContain('abc');
    const replay = createReplay(recorded);
    expect(replay.answer(get('/v1/users/me?sort_key=name&%61ccess_token=other')).body).toBe('{"n":1}');
    expect(replay.answer(get('/v1/users/me?sort_key=date')).body).toBe('{"n":2}');
  });

  it('redacts by key name in a body that is not JSON: broken JSON, key=value text, XML', { timeout: 60_000 }, () => {
    const text = '{"client_secret": "s-1", "name": "kept", password=s-2 <api_key>s-3</api_key> <id>kept-too</id>';
    const redacted = redactBody(text, new Set());
    for (const secret of ['s-1', 's-2', 's-3']) expect(redacted).not.toContain(secret);
    expect(redacted).toContain('"name": "kept"');
    expect(redacted).toContain('<id>kept-too</id>');
    // A body of one long run of letters (a binary download read as text) is read once, not from each
    // of its positions: the secret after 2 MiB of them is found as soon as the one before them.
    const run = 'A'.repeat(2 * 1024 * 1024);
    expect(redactBody(`${run} token: s-4`, new Set())).toBe(`${run} token: ${REDACTED}`);
    // Nor does a large body that is almost a form overflow the stack (a regular expression with a
    // group per pair did, past 2 million pairs), and a form is redacted field by field.
    const almost = `${'a=b&'.repeat(2_200_000)}&token=s-5`;
    expect(redactBody(almost, new Set())).toBe(`${'a=b&'.repeat(2_200_000)}&token=${REDACTED}`);
    expect(redactBody('a=b&client_secret=s-6', new Set())).toBe('a=b&client_secret=%5Bredacted%5D');
  });

  it('matches query in any order and JSON bodies in any key order', () => {
    const replay = createReplay(entries);
    expect(replay.answer(get('/v1/orgs/o_1/sources?after=x&limit=2')).body).toBe('{"page":1}');
    const post = { method: 'POST', url: '/v1/workflows', headers: {}, body: '{"project_id":"p_1","org_id":"o_1"}' };
    expect(replay.answer(post).body).toBe('{"created":true}');
  });

  it('names the closest recorded request in a 404 when nothing matches', () => {
    const replay = createReplay(entries);
    const miss = replay.answer(get('/v1/orgs/o_1/sources?limit=3&after=x'));
    expect(miss.status).toBe(404);
    expect(JSON.parse(miss.body)).toMatchObject({
      code: 'not_found',
      details: { closest: 'GET /orgs/o_1/sources?after=x&limit=2', differs: ['query'] },
    });
    const other = JSON.parse(
      replay.answer({ method: 'POST', url: '/v1/workflows', headers: {}, body: '{"org_id":"o_2"}' }).body,
    );
    expect(other.error).toMatch(/closest recorded request is POST \/workflows \(differs in body\)/);
  });

  it('compares only the fields of the match rule', () => {
    expect(parseMatchRule('method,path,query')).toEqual(['query']);
    expect(parseMatchRule('headers')).toEqual({ error: expect.stringMatching(/"headers"/) });
    const replay = createReplay(entries, { match: [] });
    expect(replay.answer(get('/v1/orgs/o_1/sources?limit=99')).body).toBe('{"page":1}');
  });
});

const UPSTREAM_URL = 'http://upstream.test/v1';

/** A mock (seed 7) whose upstream stage is the hybrid step of `options`; its upstream exchanges go to `exchanges`. */
function mockBeside(options: HybridOptions, exchanges: Exchange[] = []) {
  const hybrid = createHybrid(options);
  const mock = createMock({ seed: 7, upstream: hybrid });
  mock.onExchange(({ upstream }) => void (upstream === undefined || exchanges.push(upstream)));
  return { mock, handle: mock.handle, route: hybrid.route };
}

describe('hybrid', () => {
  const upstream = plantedUpstream({ baseUrl: 'http://upstream.test/v1' });
  /** The planted upstream's fetch, with every request it got kept. */
  const watched = () => {
    const seen: Request[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      seen.push(new Request(String(input), init));
      return upstream.fetch(input, init);
    };
    return { seen, fetch };
  };

  it('sends live operations to the upstream with the caller token; the rest stays mocked; each answer and journal line says who answered', async () => {
    const { seen, fetch } = watched();
    const exchanges: Exchange[] = [];
    const route = { url: UPSTREAM_URL, live: ['getCurrentUser'], fetch };
    const hybrid = mockBeside({ validator, upstream: route }, exchanges);
    const { mock } = hybrid;
    const live = await hybrid.handle(get('/v1/users/me?x=1'));
    expect(live.headers['x-mock-source']).toBe('live');
    expect(JSON.parse(live.body).data).toHaveProperty('user_name');
    expect(seen.map((request) => [request.method, request.url, request.headers.get('authorization')])).toEqual([
      ['GET', 'http://upstream.test/v1/users/me?x=1', `Bearer ${TOKEN}`],
    ]);
    expect(exchanges.map((exchange) => [exchange.operationId, exchange.response.status])).toEqual([
      ['getCurrentUser', 200],
    ]);

    const mocked = await hybrid.handle(get('/v1/users/me/webhooks'));
    expect(mocked.headers['x-mock-source']).toBe('mock');
    expect(seen).toHaveLength(1);
    expect(mock.control.requests(TOKEN).map((entry) => [entry.path, entry.status, entry.source])).toEqual([
      ['/v1/users/me', 200, 'live'],
      ['/v1/users/me/webhooks', 200, undefined],
    ]);
  });

  it('never forwards the control API, even with every operation live', async () => {
    const { seen, fetch } = watched();
    const hybrid = mockBeside({ validator, upstream: { url: 'http://upstream.test/v1', live: ['*'], fetch } });
    for (const url of ['/__mock/world', '/__mock/ui/', '/', '/v2/users/me'])
      expect((await hybrid.handle(get(url))).headers['x-mock-source']).toBeUndefined();
    expect(seen).toEqual([]);
    expect(hybrid.route(get('/__mock/requests'))).toBe('control');
  });

  it('an absolute request URL cannot choose another upstream', async () => {
    const { seen, fetch } = watched();
    const hybrid = mockBeside({ validator, upstream: { url: UPSTREAM_URL, live: ['getCurrentUser'], fetch } });
    await hybrid.handle(get('http://169.254.169.254/v1/users/me'));
    expect(seen.map((request) => request.url)).toEqual(['http://upstream.test/v1/users/me']);
  });

  it('answers from the mock on the statuses of --fallback-on, and when the upstream is unreachable', async () => {
    const notFound: typeof globalThis.fetch = async () => new Response('{"error":"gone"}', { status: 404 });
    const down: typeof globalThis.fetch = async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    };
    const route = (fetch: typeof globalThis.fetch, fallbackOn?: { statuses: number[]; unreachable: boolean }) =>
      mockBeside({ validator, upstream: { url: UPSTREAM_URL, live: ['getCurrentUser'], fetch, fallbackOn } });

    const fellBack = await route(notFound, { statuses: [404], unreachable: false }).handle(get('/v1/users/me'));
    expect([fellBack.status, fellBack.headers['x-mock-source'], fellBack.headers['x-mock-fallback']]).toEqual([
      200,
      'mock',
      '404',
    ]);
    const passed = await route(notFound).handle(get('/v1/users/me'));
    expect([passed.status, passed.headers['x-mock-source']]).toEqual([404, 'live']);
    const rescued = await route(down, { statuses: [], unreachable: true }).handle(get('/v1/users/me'));
    expect([rescued.status, rescued.headers['x-mock-source'], rescued.headers['x-mock-fallback']]).toEqual([
      200,
      'mock',
      'unreachable',
    ]);
    const failed = await route(down).handle(get('/v1/users/me'));
    expect(failed.status).toBe(502);
    expect(JSON.parse(failed.body)).toMatchObject({
      code: 'bad_gateway',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('a recording of a live session replays with the upstream gone', async () => {
    const entries: ReturnType<typeof toHarEntry>[] = [];
    const secrets = secretFields(document);
    const exchanges: Exchange[] = [];
    const everything = { url: UPSTREAM_URL, live: ['*'], fetch: upstream.fetch };
    const recordHybrid = mockBeside({ validator, upstream: everything }, exchanges);
    const session = [
      get('/v1/users/me'),
      get('/v1/users/me/webhooks'),
      { ...get('/v1/webhooks?url=https%3A%2F%2Fh.example.com%2Fa&name=a&description=d'), method: 'POST' },
    ];
    const live = [];
    for (const request of session) live.push(await recordHybrid.handle(request));
    entries.push(...exchanges.map((exchange) => toHarEntry(exchange, secrets)));
    const gone: typeof globalThis.fetch = async () => {
      throw new Error('the upstream is stopped');
    };
    const replayHybrid = mockBeside({
      validator,
      replay: createReplay(entries, { secrets }),
      upstream: { url: 'http://upstream.test/v1', fetch: gone },
    });
    for (const [index, request] of session.entries()) {
      const replayed = await replayHybrid.handle(request);
      expect([replayed.status, replayed.body, replayed.headers['x-mock-source']]).toEqual([
        live[index]!.status,
        live[index]!.body,
        'replay',
      ]);
    }
  });
});
