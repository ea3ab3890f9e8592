// The control API has one description, openapi/control.yaml: both faces are checked against it
// (the JS face answers exactly what the HTTP face does), its answers follow it, and the routes it
// lists are the ones the mock serves.
import { describe, expect, it } from 'vitest';
import { controlValidator } from '../../openapi/control-validator.ts';
import type { Result } from '../common/errors.ts';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/recording-sink.ts';

const token = 'control-document';
const mock = createMock({ seed: 'control', sink: createRecordingSink() });
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const send = async (method: string, path: string, body?: unknown) => {
  const response = await mock.fetch(`/__mock${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
  };
};

const summary = mock.control.world(token);
const workflow = summary.workflows[0]!.id;
const source = summary.sources[0]!.id;
const trigger = summary.projects[0]!.deployed_triggers[0]!.id;
const org = summary.workspaces[0]!.id;

describe('the control API against openapi/control.yaml', () => {
  const refusals: Array<{
    what: string;
    js: () => Result<unknown>;
    method: string;
    path: string;
    body: unknown;
    pointer: string;
  }> = [
    {
      what: 'a glob emitter',
      js: () => mock.control.emit(token, { emitter_id: 'p_*', event_name: '$errors', event: {} }),
      method: 'POST',
      path: '/emit',
      body: { emitter_id: 'p_*', event_name: '$errors', event: {} },
      pointer: '/body/emitter_id',
    },
    {
      what: 'a cellId that is no step ID',
      js: () =>
        mock.control.emit(token, { emitter_id: workflow, event_name: '$errors', event: {}, error: { cellId: 'hi_1' } }),
      method: 'POST',
      path: '/emit',
      body: { emitter_id: workflow, event_name: '$errors', event: {}, error: { cellId: 'hi_1' } },
      pointer: '/body/error/cellId',
    },
    {
      what: "a workflow's $errors event that is no object",
      js: () => mock.control.emit(token, { emitter_id: workflow, event_name: '$errors', event: [1] }),
      method: 'POST',
      path: '/emit',
      body: { emitter_id: workflow, event_name: '$errors', event: [1] },
      pointer: '/body/event',
    },
    {
      what: 'an unknown outcome',
      js: () => mock.control.completeConnect(token, 'ctok_x', { outcome: 'maybe' as 'error' }),
      method: 'POST',
      path: '/connect/ctok_x/complete',
      body: { outcome: 'maybe' },
      pointer: '/body/outcome',
    },
    {
      what: 'a trigger event that is missing',
      js: () => mock.control.emitTrigger(token, trigger, {} as { event: unknown }),
      method: 'POST',
      path: `/triggers/${trigger}/emit`,
      body: {},
      pointer: '/body/event',
    },
    {
      what: 'a count out of range',
      js: () => mock.control.addSources(token, { org_id: org, count: 0 }),
      method: 'POST',
      path: '/sources',
      body: { org_id: org, count: 0 },
      pointer: '/body/count',
    },
    {
      what: 'a negative Retry-After',
      js: () => mock.control.rateLimit(token, { requests: 2, retry_after_seconds: -7 }),
      method: 'POST',
      path: '/rate-limit',
      body: { requests: 2, retry_after_seconds: -7 },
      pointer: '/body/retry_after_seconds',
    },
    {
      what: 'a per-second rate that is no integer',
      js: () => mock.control.rateLimit(token, { requests: 2, per_second: 1.5 }),
      method: 'POST',
      path: '/rate-limit',
      body: { requests: 2, per_second: 1.5 },
      pointer: '/body/per_second',
    },
    {
      what: 'a latency whose min is above its max (x-ordered)',
      js: () => mock.control.faults(token, { latency_ms: { min: 500, max: 100 } }),
      method: 'POST',
      path: '/faults',
      body: { latency_ms: { min: 500, max: 100 } },
      pointer: '/body/latency_ms/max',
    },
    {
      what: 'a failure rate above 1',
      js: () => mock.control.faults(token, { fail_rate: 2 }),
      method: 'POST',
      path: '/faults',
      body: { fail_rate: 2 },
      pointer: '/body/fail_rate',
    },
    {
      what: 'a duration that is none',
      js: () => mock.control.clock(token, { advance: 'soon' }),
      method: 'POST',
      path: '/clock',
      body: { advance: 'soon' },
      pointer: '/body/advance',
    },
    {
      what: 'a scenario name with capitals and spaces',
      js: () => mock.control.scenario(token, 'Empty Account'),
      method: 'POST',
      path: '/scenario',
      body: { name: 'Empty Account' },
      pointer: '/body/name',
    },
    {
      what: 'a provider state that is no text',
      js: () => mock.control.pactState(token, { state: 7 as unknown as string, action: 'setup' }),
      method: 'POST',
      path: '/pact/states',
      body: { state: 7 },
      pointer: '/body/state',
    },
  ];
  for (const { what, js, method, path, body, pointer } of refusals) {
    it(`refuses ${what} the same way on both faces (400 at ${pointer})`, async () => {
      const answer = await send(method, path, body);
      expect(answer.status).toBe(400);
      expect(
        (answer.body.details as { issues: Array<{ pointer: string }> }).issues.map((issue) => issue.pointer),
      ).toEqual([pointer]);
      const result = js();
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect({ status: result.error.status, body: result.error.body }).toEqual({
          status: answer.status,
          body: answer.body,
        });
    });
  }

  it('every control operation that takes a body is walked above through both faces', () => {
    const walked = new Set(
      refusals
        .map(({ method, path }) => controlValidator.matchOperation(method, path))
        .map((match) => (match.kind === 'match' ? match.operationId : match.kind)),
    );
    const withBody = controlValidator.operationIds.filter((id) => controlValidator.describeOperation(id).hasJsonBody);
    expect([...walked].sort()).toEqual([...withBody].sort());
  });

  it('a refused body changes nothing: the rate limit and the faults stay as they were', async () => {
    expect(mock.control.faults(token, { latency_ms: { min: 100, max: 100 } })).toEqual({
      ok: true,
      value: { latency_ms: { min: 100, max: 100 } },
    });
    expect((await send('POST', '/faults', { latency_ms: { min: 5, max: 1 } })).status).toBe(400);
    expect(mock.control.faults(token, { latency_ms: { min: 9, max: 1 } }).ok).toBe(false);
    expect(mock.control.rateLimit(token, { requests: 1, retry_after_seconds: -1 }).ok).toBe(false);
    expect((await send('POST', '/faults', {})).body).toEqual({ data: { latency_ms: { min: 100, max: 100 } } });
    expect((await send('POST', '/rate-limit', { requests: 0 })).body).toEqual({ data: null });
    expect(mock.control.faults(token, { latency_ms: { min: 0, max: 0 } }).ok).toBe(true);
  });

  it("a $errors event that is no object is fine from a source (the rule is a workflow's)", () => {
    expect(mock.control.emit(token, { emitter_id: source, event_name: '$errors', event: 'text' }).ok).toBe(true);
  });

  it("applies the document's body defaults: retry_after_seconds is 1 unless given", async () => {
    const answer = await send('POST', '/rate-limit', { requests: 2 });
    expect(answer.body).toEqual({ data: { requests: 2, retry_after_seconds: 1 } });
    await send('POST', '/rate-limit', { requests: 0 });
  });

  it('answers as the document says, for every operation', async () => {
    const calls: Array<[string, string, string, unknown?]> = [
      ['getWorld', 'GET', '/world'],
      ['listRequests', 'GET', '/requests'],
      ['emit', 'POST', '/emit', { emitter_id: workflow, event_name: '$errors', event: { n: 1 } }],
      ['setRateLimit', 'POST', '/rate-limit', { requests: 0 }],
      ['setFaults', 'POST', '/faults', { fail_rate: 0 }],
      ['addSources', 'POST', '/sources', { org_id: org, count: 3 }],
      ['emitTrigger', 'POST', `/triggers/${trigger}/emit`, { event: {} }],
      ['listDeliveries', 'GET', '/deliveries?wait=true'],
      ['completeConnect', 'POST', '/connect/ctok_nothere/complete', { outcome: 'success' }],
      ['resetWorld', 'POST', '/reset'],
      ['saveSnapshot', 'POST', '/snapshot'],
      ['getClock', 'GET', '/clock'],
      ['setClock', 'POST', '/clock', { advance: '1m' }],
      ['listScenarios', 'GET', '/scenarios'],
      ['switchScenario', 'POST', '/scenario', { name: 'empty-account' }],
      ['setPactState', 'POST', '/pact/states', { state: 'a fresh world', params: { seed: '1' }, action: 'setup' }],
      ['getCoverage', 'GET', '/coverage?scope=all'],
      ['getDriftReport', 'GET', '/drift'],
      ['getPact', 'GET', '/pact'],
    ];
    const statuses: number[] = [];
    for (const [operationId, method, path, body] of calls) {
      const answer = await send(method, path, body);
      statuses.push(answer.status);
      expect(
        controlValidator.validateResponse(operationId, answer.status, answer.contentType, answer.body),
        `${method} ${path}`,
      ).toEqual([]);
    }
    expect(statuses).toEqual([
      200, 200, 200, 200, 200, 200, 422, 200, 404, 200, 404, 200, 200, 200, 200, 200, 200, 404, 404,
    ]);
    expect(calls.map(([operationId]) => operationId).sort()).toEqual([...controlValidator.operationIds].sort());
  });

  it('an unknown route is 404 naming every route of the document; another method is 405 with Allow', async () => {
    const unknown = await send('GET', '/nothing-here');
    expect(unknown.status).toBe(404);
    for (const id of controlValidator.operationIds) {
      const { method, template } = controlValidator.describeOperation(id);
      expect(unknown.body.error).toContain(`${method} /__mock${template}`);
    }
    const response = await mock.fetch('/__mock/reset', { headers });
    expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST']);
  });
});
