// The control operations of issue 19 on both faces (docs/control-api.md): a world's clock
// (`POST /__mock/clock`, `mock.control.clock`) and switching a world to a scenario
// (`POST /__mock/scenario`, `mock.control.scenario`, `GET /__mock/scenarios`), refused alike by
// the control document.
import { describe, expect, it } from 'vitest';
import { exampleAppRequest } from '../../support/results.ts';
import { exampleRequests } from '../../openapi/example-requests.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import { createMock } from '../index.ts';
import { createRecordingSink } from '../store/world/index.ts';
import { storeOf } from '../mock.ts';

const REAL = Date.UTC(2030, 0, 10, 8, 0, 0);
const setup = () => createMock({ now: () => REAL, sink: createRecordingSink(), faults: { now: () => REAL } });
const call = async (mock: ReturnType<typeof setup>, method: string, path: string, body?: unknown, token = 'dev') => {
  const response = await mock.fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
};

describe('POST /__mock/clock', () => {
  it('reads, sets, advances and freezes the world clock; other worlds keep theirs', async () => {
    const mock = setup();
    expect((await call(mock, 'GET', '/__mock/clock')).body.data).toEqual({
      now: new Date(REAL).toISOString(),
      offset_ms: 0,
      frozen: false,
      changed: false,
    });
    const set = await call(mock, 'POST', '/__mock/clock', { set: '2026-01-01T00:00:00Z', freeze: true });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      now: '2026-01-01T00:00:00.000Z',
      offset_ms: Date.UTC(2026, 0, 1) - REAL,
      frozen: true,
      changed: true,
    });
    const advanced = await call(mock, 'POST', '/__mock/clock', { advance: '1h30m' });
    expect(advanced.body.data.now).toBe('2026-01-01T01:30:00.000Z');
    const created = await call(
      mock,
      'POST',
      '/v1/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=a',
    );
    expect(created.body.data.created_at).toBe(Date.UTC(2026, 0, 1, 1, 30) / 1000);
    expect((await call(mock, 'GET', '/__mock/clock', undefined, 'other')).body.data.changed).toBe(false);
    // The JS face runs the same operation.
    const js = mock.control.clock('dev', { advance: '-30m' });
    expect(js).toEqual({ ok: true, value: expect.objectContaining({ now: '2026-01-01T01:00:00.000Z' }) });
  });

  it('refuses what the control document refuses, with the pointer, on both faces', async () => {
    const mock = setup();
    for (const [body, pointer] of [
      [{ advance: '1 week' }, '/body/advance'],
      [{ set: 'tomorrow' }, '/body/set'],
      [{}, '/body'],
      [{ advance: '1h', colour: 'red' }, '/body/colour'],
    ] as const) {
      const answer = await call(mock, 'POST', '/__mock/clock', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.details.issues.map((issue: { pointer: string }) => issue.pointer)).toContain(pointer);
      const js = mock.control.clock('dev', body as never);
      expect(js.ok).toBe(false);
      if (!js.ok) expect(js.error.body).toEqual(answer.body);
    }
    expect(storeOf(mock).world('dev').clock.changed).toBe(false);
  });

  it('moves the per-second rate-limit windows: a frozen world stays in its second until advanced', async () => {
    const mock = setup();
    await call(mock, 'POST', '/__mock/rate-limit', { requests: 0, per_second: 1 });
    await call(mock, 'POST', '/__mock/clock', { set: '2026-01-01T00:00:00Z', freeze: true });
    const first = await call(mock, 'GET', '/v1/users/me');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-reset')).toBe(String(Date.UTC(2026, 0, 1) / 1000 + 1));
    expect((await call(mock, 'GET', '/v1/users/me')).status).toBe(429);
    await call(mock, 'POST', '/__mock/clock', { advance: '1s' });
    expect((await call(mock, 'GET', '/v1/users/me')).status).toBe(200);
  });
});

describe('the clock bound (9999-12-31T23:59:59Z)', () => {
  it('refuses a clock past the maximum or before 1970 with a 400 naming the range, on both faces', async () => {
    const mock = setup();
    for (const body of [
      { set: '9999-12-31T23:59:59Z', advance: '1s' },
      { set: '9999-12-31T23:59:59-01:00' },
      { set: '9999-12-31T00:00:00Z', advance: '999999999999d' },
      { set: '1970-01-01T00:00:00Z', advance: '-1ms' },
    ]) {
      const answer = await call(mock, 'POST', '/__mock/clock', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toContain('1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z');
      expect(mock.control.clock('dev', body)).toMatchObject({ ok: false, error: { status: 400 } });
    }
    expect(storeOf(mock).world('dev').clock.changed).toBe(false);
    const edge = await call(mock, 'POST', '/__mock/clock', { set: '9999-12-31T23:59:59Z' });
    expect(edge.status).toBe(200);
  });

  it('a world at the maximum, a year of store time later, answers every example request and snapshots', async () => {
    let real = REAL;
    const mock = createMock({ seed: 1, now: () => real, sink: createRecordingSink(), faults: { now: () => real } });
    const token = 'at-the-end-of-time';
    expect(mock.control.clock(token, { set: '9999-12-31T23:59:58Z' }).ok).toBe(true);
    // The clock runs on: a year of the store's clock passes, retention and expiries included.
    real += 366 * 86_400_000;
    const clock = await call(mock, 'GET', '/__mock/clock', undefined, token);
    expect(clock.body.data.now).toBe('9999-12-31T23:59:59.000Z');
    const failures: string[] = [];
    for (const request of exampleRequests(document)) {
      const response = await mock.handle(exampleAppRequest(request, token));
      const type = response.headers['content-type'] ?? null;
      const body = response.body === '' || !(type ?? '').includes('json') ? response.body : JSON.parse(response.body);
      if (response.status >= 500) failures.push(`${request.operationId}: ${response.status} ${response.body}`);
      else if (response.status < 300) {
        const issues = validator.validateResponse(request.operationId, response.status, type, body);
        if (issues.length > 0) failures.push(`${request.operationId}: ${JSON.stringify(issues)}`);
      }
    }
    expect(failures).toEqual([]);
    const snapshot = JSON.stringify(storeOf(mock).snapshot());
    const again = createMock({ seed: 1, now: () => real, sink: createRecordingSink() });
    expect(storeOf(again).restore(snapshot).ok).toBe(true);
    expect(storeOf(again).world(token).clock.read().now).toBe('9999-12-31T23:59:59.000Z');
  });
});

describe('POST /__mock/scenario and GET /__mock/scenarios', () => {
  it('switches the world, lists the scenarios with the current one, refuses unknown and malformed names', async () => {
    const mock = setup();
    const listed = await call(mock, 'GET', '/__mock/scenarios');
    expect(listed.body.data.current).toBeNull();
    expect(listed.body.data.scenarios.map((scenario: { name: string }) => scenario.name)).toEqual([
      'empty-account',
      'busy-workspace',
      'quotas-exhausted',
      'connect-broken-accounts',
      'workflow-errors',
      'paid-user',
    ]);
    const switched = await call(mock, 'POST', '/__mock/scenario', { name: 'workflow-errors' });
    expect(switched.status).toBe(200);
    expect(switched.body.data.workflows).toEqual([expect.objectContaining({ id: 'p_Err0r5x', error_events: 100 })]);
    expect((await call(mock, 'GET', '/__mock/scenarios')).body.data.current).toBe('workflow-errors');
    const unknown = await call(mock, 'POST', '/__mock/scenario', { name: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/loaded: empty-account/);
    expect((await call(mock, 'POST', '/__mock/scenario', { name: 'Not_A_Name' })).status).toBe(400);
    expect(mock.control.scenario('dev', null)).toEqual({
      ok: true,
      value: expect.objectContaining({ key: expect.any(String) }),
    });
    expect(storeOf(mock).world('dev').scenario).toBeNull();
  });
});

describe("mock.control's twins of GET /__mock/clock, GET /__mock/scenarios and POST /__mock/snapshot", () => {
  it('reads the clock and the scenarios as the HTTP face does, for the same world', async () => {
    const mock = setup();
    expect(mock.control.readClock('dev')).toEqual({
      now: new Date(REAL).toISOString(),
      offset_ms: 0,
      frozen: false,
      changed: false,
    });
    expect(mock.control.clock('dev', { set: '2026-01-01T00:00:00Z', freeze: true }).ok).toBe(true);
    expect(mock.control.readClock('dev')).toEqual((await call(mock, 'GET', '/__mock/clock')).body.data);
    expect(mock.control.readClock('dev')).toMatchObject({ now: '2026-01-01T00:00:00.000Z', frozen: true });
    expect(mock.control.readClock('other').changed).toBe(false);

    expect(mock.control.scenario('dev', 'empty-account').ok).toBe(true);
    const scenarios = mock.control.scenarios('dev');
    expect(scenarios.current).toBe('empty-account');
    expect(scenarios.scenarios.map((scenario) => scenario.name)).toContain('workflow-errors');
    expect(scenarios).toEqual((await call(mock, 'GET', '/__mock/scenarios')).body.data);
    expect(mock.control.scenarios('other').current).toBeNull();
  });

  it("saves through the mock's saveState, or answers the route's 404 without one", async () => {
    const without = await setup().control.saveState('dev');
    expect(without.ok).toBe(false);
    if (!without.ok) expect(without.error.status).toBe(404);
    let saves = 0;
    const saved = { path: 'worlds.json', worlds: 3, bytes: 1200 };
    const mock = createMock({
      saveState: async () => ({ ok: true, value: { ...saved, worlds: saved.worlds + saves++ } }),
    });
    expect(await mock.control.saveState('dev')).toEqual({ ok: true, value: saved });
    expect((await call(mock, 'POST', '/__mock/snapshot')).body.data).toEqual({ ...saved, worlds: 4 });
    expect(saves).toBe(2);
  });
});
