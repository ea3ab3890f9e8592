// The drift report over answers of the planted upstream (support/planted-upstream.ts): each planted
// departure shows where the issue says it must (statuses, missing, extra, wrong type, assumptions),
// and the kit's own answers show none.
import { describe, expect, it } from 'vitest';
import { plantedUpstream, PLANTED } from '../support/planted-upstream.ts';
import { createMock } from '../mocks/index.ts';
import { driftJUnit, driftText } from './drift-report.ts';
import { createDriftAnalyzer, type DriftAnalyzer, MAX_FIELDS_PER_OPERATION } from './drift.ts';
// The whole document: the drift report quotes its x-assumption sentences, which the runtime's copy leaves out.
import document from './generated/openapi.json' with { type: 'json' };
import { validator } from './validator.ts';

const TOKEN = 'drift-token';

/** The requests of a short session: one per planted operation, plus a clean one (listWebhooks). */
async function session(fetch: typeof globalThis.fetch, drift: DriftAnalyzer): Promise<void> {
  const base = 'http://upstream.test/v1';
  const headers = { authorization: `Bearer ${TOKEN}` };
  const world = createMock({ seed: 7 }).control.world(TOKEN);
  const project = world.projects[0]!;
  const account = project.connected_accounts[0]!;
  const requests: Array<[string, string, Record<string, string>]> = [
    ['GET', '/users/me', {}],
    ['POST', '/webhooks?url=https%3A%2F%2Fhooks.example.com%2Fa&name=a&description=d', {}],
    ['GET', `/connect/${project.id}/accounts/${account.id}`, { 'x-pd-environment': account.environment }],
    ['GET', `/workspaces/${world.workspaces[0]!.id}`, {}],
    ['GET', '/users/me/webhooks', {}],
  ];
  for (const [method, path, extra] of requests) {
    const response = await fetch(`${base}${path}`, { method, headers: { ...headers, ...extra } });
    drift.observe({
      method,
      path: `/v1${path}`,
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: await response.text(),
    });
  }
}

describe('drift report', () => {
  it('finds each planted departure, per operation, by JSON pointer', async () => {
    const drift = createDriftAnalyzer(document, validator);
    await session(plantedUpstream().fetch, drift);
    const report = drift.report();
    const op = (id: string) => report.operations.find((operation) => operation.operationId === id)!;
    const pointers = (list: Array<{ pointer: string }>) => list.map((field) => field.pointer);

    expect(report.answers).toBe(5);
    expect(report.drifting).toBe(4);
    const renamed = op(PLANTED.renamedField.operationId);
    expect(pointers(renamed.missing)).toEqual([PLANTED.renamedField.missing]);
    expect(pointers(renamed.extra)).toEqual([PLANTED.renamedField.extra]);

    expect(op(PLANTED.undocumentedStatus.operationId).undocumentedStatuses).toEqual([201]);
    expect(op(PLANTED.undocumentedStatus.operationId).statuses).toEqual({ 201: 1 });

    const wrapped = op(PLANTED.wrappedAnswer.operationId);
    expect(pointers(wrapped.extra)).toEqual([PLANTED.wrappedAnswer.extra]);
    expect(pointers(wrapped.missing)).toContain(PLANTED.wrappedAnswer.missing);
    expect(wrapped.contradicted).toContain(PLANTED.wrappedAnswer.assumption);

    const contradicted = op(PLANTED.contradictedAssumption.operationId);
    expect(contradicted.wrongType).toEqual([
      { pointer: PLANTED.contradictedAssumption.wrongType, message: 'must be integer', statuses: [200], count: 1 },
    ]);
    expect(contradicted.contradicted).toEqual([PLANTED.contradictedAssumption.assumption]);
    const verdict = report.assumptions.find(
      (assumption) => assumption.pointer === PLANTED.contradictedAssumption.assumption,
    )!;
    expect(verdict.contradicted).toBe(1);
    expect(verdict.evidence).toBe('/data/daily_compute_time_quota must be integer');
    expect(verdict.sentence).toMatch(/milliseconds/);

    const clean = op('listWebhooks');
    expect(
      [
        clean.missing,
        clean.extra,
        clean.wrongType,
        clean.invalid,
        clean.undocumentedStatuses,
        clean.contradicted,
      ].flat(),
    ).toEqual([]);
    expect(clean.confirmed).toContain('/paths/~1users~1me~1webhooks/get');
  });

  it("the kit's own answers depart nowhere, and confirm the assumptions they reach", async () => {
    const drift = createDriftAnalyzer(document, validator);
    await session(createMock({ seed: 7, baseUrl: 'http://upstream.test/v1' }).fetch, drift);
    const report = drift.report();
    expect(report.drifting).toBe(0);
    expect(report.assumptions.length).toBeGreaterThan(3);
    expect(report.assumptions.every((assumption) => assumption.contradicted === 0 && assumption.confirmed > 0)).toBe(
      true,
    );
  });

  it('an extra field is one line whatever array item shows it; unmatched requests are listed', () => {
    const drift = createDriftAnalyzer(document, validator);
    const hook = {
      id: 'wh_1',
      url: 'https://hooks.example.com/a',
      name: 'a',
      description: 'd',
      active: true,
      surprise: 1,
    };
    drift.observe({
      method: 'GET',
      path: '/users/me/webhooks',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: [hook, hook] }),
    });
    drift.observe({ method: 'GET', path: '/nowhere', status: 404, contentType: 'application/json', body: '{}' });
    const report = drift.report();
    expect(report.operations[0]!.extra).toEqual([
      { pointer: '/data/*/surprise', message: 'not in the document', statuses: [200], count: 2 },
    ]);
    expect(report.unmatched).toEqual(['GET /nowhere 404']);
  });

  it('an upstream inventing a field per answer (2,000) keeps the report small, counting what it left out', async () => {
    const mock = createMock({ seed: 7 });
    const headers = { authorization: `Bearer ${TOKEN}` };
    const answer = await mock.handle({ method: 'GET', url: '/v1/users/me', headers, body: '' });
    const user = JSON.parse(answer.body) as { data: Record<string, unknown> };
    const drift = createDriftAnalyzer(document, validator);
    for (let n = 0; n < 2000; n++) {
      const body = JSON.stringify({ data: { ...user.data, [`invented_${n}`]: n } });
      drift.observe({ method: 'GET', path: '/v1/users/me', status: 200, contentType: 'application/json', body });
    }
    const report = drift.report();
    const operation = report.operations[0]!;
    expect(operation.extra).toHaveLength(MAX_FIELDS_PER_OPERATION);
    expect(operation.extra[0]).toMatchObject({ pointer: '/data/invented_0', count: 1 });
    expect(operation.droppedFields).toBe(2000 - MAX_FIELDS_PER_OPERATION);
    // 2,000 lines of ~130 bytes each were ~260 kB; a hundred lines stay under 40 kB.
    expect(JSON.stringify(report, null, 2).length).toBeLessThan(40_000);
    const line = 'not listed           1900 more field departures (the report lists 100 per operation)';
    expect(driftText(report)).toContain(line);
    expect(driftJUnit(report)).toContain('not listed: 1900 more field departures');
    // A known field keeps being counted once its line exists.
    drift.observe({
      method: 'GET',
      path: '/v1/users/me',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ data: { ...user.data, invented_0: 1 } }),
    });
    expect(drift.report().operations[0]!.extra[0]!.count).toBe(2);
  });
});
