// The matching rules `pact verify` applies (contracts/pact-replay.ts, docs/pact.md): one hand-made
// V4 interaction per rule kind, replayed against a fake provider answering a value that keeps the
// rule and one that breaks it; the break is named at its pointer. No network: the fetch is a function.
import { describe, expect, it } from 'vitest';
import { replayPact, type ReplayTarget } from './pact-replay.ts';

type Rules = Record<string, { combine: 'AND' | 'OR'; matchers: Array<Record<string, unknown>> }>;

/** A one-interaction V4 pact expecting `body` under `rules`. */
function pactOf(body: unknown, rules: Rules): string {
  return JSON.stringify({
    consumer: { name: 'test' },
    provider: { name: 'workflow-api' },
    interactions: [
      {
        type: 'Synchronous/HTTP',
        description: 'one',
        providerStates: [{ name: 'a fresh world', params: {} }],
        request: { method: 'GET', path: '/v1/things' },
        response: {
          status: 200,
          headers: { 'content-type': ['application/json'] },
          body: { content: body, contentType: 'application/json', encoded: false },
          matchingRules: { body: rules },
        },
      },
    ],
    metadata: { pactSpecification: { version: '4.0' } },
  });
}

/** A provider answering `answer` to every request; the requests it saw. */
function provider(answer: unknown, status = 200): { target: ReplayTarget; seen: Request[] } {
  const seen: Request[] = [];
  const target: ReplayTarget = {
    root: 'http://provider.test',
    token: 'tok',
    readOnly: false,
    stateChangeUrl: 'http://provider.test/states',
    fetch: async (input, init) => {
      const request = new Request(input, init);
      seen.push(request);
      if (request.url.endsWith('/states')) return new Response(null, { status: 204 });
      return Response.json(answer, { status });
    },
  };
  return { target, seen };
}

const rule = (matcher: Record<string, unknown>): Rules[string] => ({ combine: 'AND', matchers: [matcher] });
const combined = (combine: 'AND' | 'OR', ...matchers: Array<Record<string, unknown>>): Rules[string] => ({
  combine,
  matchers,
});

async function mismatchesOf(body: unknown, rules: Rules, answer: unknown): Promise<string[]> {
  const replayed = await replayPact(pactOf(body, rules), provider(answer).target);
  if ('refused' in replayed) throw new Error(replayed.refused);
  return replayed.interactions[0]!.mismatches.map((m) => `${m.pointer} ${m.message}`);
}

const AT = '/interactions/0/response/body';

describe('pact verify: the matching rules', () => {
  const cases: Array<[string, unknown, Rules, unknown, unknown, string]> = [
    [
      'regex',
      { id: 'p_abc' },
      { '$.id': rule({ match: 'regex', regex: '^p_[a-z]+$' }) },
      { id: 'p_xyz' },
      { id: 'hook_1' },
      `${AT}/id "hook_1" does not match ^p_[a-z]+$`,
    ],
    [
      'type',
      { n: 1, s: 'a' },
      { '$.n': rule({ match: 'type' }), '$.s': rule({ match: 'type' }) },
      { n: 9, s: 'zz' },
      { n: '9', s: 'zz' },
      `${AT}/n is string "9", the pact expects number (type matcher)`,
    ],
    [
      'min on an array, items like the example',
      { list: [{ id: 'a' }] },
      { '$.list': rule({ match: 'type', min: 1 }) },
      { list: [{ id: 'b' }, { id: 'c', more: 1 }] },
      { list: [] },
      `${AT}/list has 0 items, the pact expects at least 1`,
    ],
    [
      'equality',
      { state: 'active' },
      { '$.state': rule({ match: 'equality' }) },
      { state: 'active' },
      { state: 'paused' },
      `${AT}/state is "paused", the pact expects exactly "active"`,
    ],
    [
      'date',
      { day: '2025-01-31' },
      { '$.day': rule({ match: 'date', format: 'yyyy-MM-dd' }) },
      { day: '2026-11-26' },
      { day: '26/11/2026' },
      `${AT}/day "26/11/2026" is not a date of the format yyyy-MM-dd`,
    ],
    [
      'timestamp',
      { at: '2025-01-31T10:00:00Z' },
      { '$.at': rule({ match: 'timestamp', format: "yyyy-MM-dd'T'HH:mm:ssXXX" }) },
      { at: '2026-11-26T12:53:45+01:00' },
      { at: '2026-11-26 12:53' },
      `${AT}/at "2026-11-26 12:53" is not a timestamp of the format yyyy-MM-dd'T'HH:mm:ssXXX`,
    ],
    [
      'datetime',
      { at: '2025-01-31T10:00:00Z' },
      { '$.at': rule({ match: 'datetime' }) },
      { at: '2026-11-26T12:53:45.120Z' },
      { at: 'yesterday' },
      `${AT}/at "yesterday" is not a datetime of the format yyyy-MM-dd'T'HH:mm:ss`,
    ],
    [
      'no rule: the exact value',
      { kind: 'user', extra: null },
      {},
      { kind: 'user', extra: null, added: true },
      { kind: 'admin', extra: null },
      `${AT}/kind is "admin", the pact expects exactly "user"`,
    ],
    [
      'no rule: a member the pact names',
      { data: { id: 'x', name: 'n' } },
      { '$.data.id': rule({ match: 'type' }) },
      { data: { id: 'y', name: 'n' } },
      { data: { id: 'y' } },
      `${AT}/data/name is missing`,
    ],
    [
      'a wildcard path under an array',
      { data: [{ id: 'wh_a' }] },
      { '$.data': rule({ match: 'type', min: 1 }), '$.data[*].id': rule({ match: 'regex', regex: '^wh_' }) },
      { data: [{ id: 'wh_b' }, { id: 'wh_c' }] },
      { data: [{ id: 'wh_b' }, { id: 'hook_c' }] },
      `${AT}/data/1/id "hook_c" does not match ^wh_`,
    ],
    [
      'combine OR: a null or a string, any matcher passing',
      { note: null },
      { '$.note': combined('OR', { match: 'null' }, { match: 'regex', regex: '^[a-z ]*$' }) },
      { note: 'now a string' },
      { note: 42 },
      `${AT}/note holds none of its matchers: is 42, the pact expects null; 42 does not match ^[a-z ]*$`,
    ],
    [
      'combine OR: the regex of either branch',
      { owner: 'u_abc' },
      { '$.owner': combined('OR', { match: 'regex', regex: '^u_' }, { match: 'regex', regex: '^o_' }) },
      { owner: 'o_xyz' },
      { owner: 'p_xyz' },
      `${AT}/owner holds none of its matchers: "p_xyz" does not match ^u_; "p_xyz" does not match ^o_`,
    ],
    [
      'combine AND: every matcher must hold',
      { code: 'ab' },
      { '$.code': combined('AND', { match: 'regex', regex: '^a' }, { match: 'regex', regex: 'b$' }) },
      { code: 'a-b' },
      { code: 'a-c' },
      `${AT}/code "a-c" does not match b$`,
    ],
  ];
  for (const [name, body, rules, kept, broken, message] of cases) {
    it(`${name}: holds for a value that keeps it, names the one that breaks it`, async () => {
      expect(await mismatchesOf(body, rules, kept)).toEqual([]);
      expect(await mismatchesOf(body, rules, broken)).toEqual([message]);
    });
  }

  it("runs the file's regexes in linear time: ^(a+)+$ against 39 a's and a '!' is a plain mismatch", async () => {
    const rules = { '$.data.name': rule({ match: 'regex', regex: '^(a+)+$' }) };
    const name = `${'a'.repeat(39)}!`;
    expect(await mismatchesOf({ data: { name: 'aaa' } }, rules, { data: { name: 'a'.repeat(39) } })).toEqual([]);
    expect(await mismatchesOf({ data: { name: 'aaa' } }, rules, { data: { name } })).toEqual([
      `${AT}/data/name "${name}" does not match ^(a+)+$`,
    ]);
  });

  it('runs a date format in linear time too: 32 one-or-two-digit fields against 65 digits and an x', async () => {
    const rules = { '$.at': rule({ match: 'time', format: 'Hm'.repeat(16) }) };
    const at = `${'1'.repeat(65)}x`;
    expect(await mismatchesOf({ at: '1' }, rules, { at: '1'.repeat(50) })).toEqual([]);
    expect(await mismatchesOf({ at: '1' }, rules, { at })).toEqual([
      `${AT}/at "${at}" is not a time of the format ${'Hm'.repeat(16)}`,
    ]);
  });

  it('fails an interaction whose pattern RE2 refuses, naming it, and never runs it another way', async () => {
    const RULES = '/interactions/0/response/matchingRules/body';
    const refusal = (pattern: string, reason: string) =>
      `the regex "${pattern.replaceAll('\\', '\\\\')}" cannot be run: pact verify runs patterns in linear time (RE2: no backreferences, lookarounds or repeats over 1000), and RE2 says error parsing regexp: ${reason}`;
    // A value the pattern would match in JavaScript, and an OR whose other matcher holds: still failed.
    expect(
      await mismatchesOf(
        { data: { name: 'aa' } },
        { '$.data.name': rule({ match: 'regex', regex: '^(a)\\1$' }) },
        { data: { name: 'aa' } },
      ),
    ).toEqual([`${RULES}/$.data.name/matchers/0/regex ${refusal('^(a)\\1$', 'invalid escape sequence: `\\1`')}`]);
    expect(
      await mismatchesOf(
        { id: 'p_1' },
        { '$.id': combined('OR', { match: 'type' }, { match: 'regex', regex: '^(?=p_)' }) },
        { id: 'p_2' },
      ),
    ).toEqual([`${RULES}/$.id/matchers/1/regex ${refusal('^(?=p_)', 'invalid or unsupported Perl syntax: `(?=`')}`]);
  });

  it('sets up the state first with the bearer, then sends the request with it, then tears the state down', async () => {
    const { target, seen } = provider({});
    await replayPact(pactOf({}, {}), target);
    expect(seen.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /states',
      'GET /v1/things',
      'POST /states',
    ]);
    expect(seen.every((request) => request.headers.get('authorization') === 'Bearer tok')).toBe(true);
    expect(await seen[0]!.json()).toEqual({ state: 'a fresh world', params: {}, action: 'setup' });
    expect(await seen[2]!.json()).toMatchObject({ action: 'teardown' });
  });

  it('holds the status and the content type, and refuses a matcher it does not apply instead of passing it', async () => {
    const replayed = await replayPact(pactOf({ a: 1 }, {}), provider({ a: 1 }, 201).target);
    expect('interactions' in replayed && replayed.interactions[0]!.mismatches).toEqual([
      { pointer: '/interactions/0/response/status', message: 'is 201, the pact expects 200' },
    ]);
    expect(await mismatchesOf({ a: 1 }, { '$.a': rule({ match: 'semver' }) }, { a: 1 })).toEqual([
      `${AT}/a the matcher "semver" is not one pact verify applies (docs/pact.md)`,
    ]);
  });

  it("fails a path that could leave the target's base path, sending nothing: dot segments in any form, another host", async () => {
    const paths = [
      '/v1/../../admin/export',
      '/v1/%2e%2e/%2E%2e/admin/export',
      '/v1/..%2F..%2fadmin/export',
      '/v1\\..\\..\\admin/export',
      '/v1/..;/..;/admin/export',
      '/v1/./users/me',
      '@evil.test/admin/export',
    ];
    for (const path of paths) {
      const { target, seen } = provider({});
      const text = pactOf({}, {}).replace('"path":"/v1/things"', `"path":${JSON.stringify(path)}`);
      const replayed = await replayPact(text, { ...target, root: 'http://provider.test/workflow-api' });
      expect('interactions' in replayed && replayed.interactions[0], path).toMatchObject({
        outcome: 'failed',
        mismatches: [
          {
            pointer: '/interactions/0/request/path',
            message: expect.stringMatching(
              /(has a dot segment|does not start with \/).*: not sent \(root http:\/\/provider\.test\/workflow-api\)$/,
            ),
          },
        ],
      });
      expect(seen, path).toEqual([]);
    }
    // An encoded slash alone is a character of a segment, sent as written.
    const { target, seen } = provider({});
    await replayPact(pactOf({}, {}).replace('/v1/things', '/v1/things/a%2Fb..'), target);
    expect(seen.map((request) => new URL(request.url).pathname)).toContain('/v1/things/a%2Fb..');
  });

  it('skips every write on a read-only target without sending anything, whatever its case; sends a GET', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'delete', 'Patch']) {
      const { target, seen } = provider({});
      const text = pactOf({}, {}).replace('"method":"GET"', `"method":"${method}"`);
      const replayed = await replayPact(text, { ...target, readOnly: true });
      expect('interactions' in replayed && replayed.interactions[0], method).toMatchObject({
        outcome: 'skipped',
        reason: `read-only target: refusing to send ${method.toUpperCase()} /v1/things (--allow-writes allows writes)`,
      });
      expect(seen, method).toEqual([]);
    }
    const { target, seen } = provider({});
    await replayPact(pactOf({}, {}).replace('"method":"GET"', '"method":"get"'), { ...target, readOnly: true });
    expect(seen.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /states',
      'GET /v1/things',
      'POST /states',
    ]);
  });
});
