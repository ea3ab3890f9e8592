import { describe, expect, it } from 'vitest';
import {
  belowThresholds,
  coverageUniverse,
  createCoverage,
  createDigest,
  evaluateExpression,
  formatCoverage,
  type ObservedExchange,
} from './coverage.ts';
import { document } from './generated/document.ts';
import { validator } from './validator.ts';

/** A small document of its own, so the counts below are worked out by hand, not read from the code. */
const PETS = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/pets': {
      post: {
        operationId: 'createPet',
        parameters: [{ name: 'x-env', in: 'header', schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'created',
            links: {
              Read: {
                operationId: 'getPet',
                parameters: { id: '$response.body#/data/id', 'header.x-env': '$request.header.x-env' },
              },
              List: { operationId: 'listPets' },
              Delete: { $ref: '#/components/links/DeletePet' },
            },
          },
          '400': { description: 'bad' },
        },
      },
      get: {
        operationId: 'listPets',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/pets/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: 'getPet',
        parameters: [{ name: 'X-Env', in: 'header', schema: { type: 'string' } }],
        responses: {
          '200': { description: 'ok' },
          '4XX': { description: 'refused' },
          default: { description: 'other' },
        },
      },
      delete: {
        operationId: 'deletePet',
        responses: { '204': { description: 'gone' }, '404': { description: 'unknown' } },
      },
    },
  },
  components: {
    links: { DeletePet: { operationId: 'deletePet', 'x-undo': true, parameters: { id: '$response.body#/data/id' } } },
  },
};

const exchange = (operationId: string, status: number, more: Partial<ObservedExchange> = {}): ObservedExchange => ({
  operationId,
  status,
  pathParams: {},
  query: new URLSearchParams(),
  headers: {},
  ...more,
});

describe('the coverage universe', () => {
  it('lists operations with their statuses and parameters (path item ones too), and links through $refs', () => {
    const universe = coverageUniverse(PETS);
    expect(universe.operations.map((o) => [o.operationId, o.method, o.statuses, o.parameters])).toEqual([
      ['listPets', 'GET', ['200'], ['query:limit']],
      ['createPet', 'POST', ['200', '400'], ['header:x-env']],
      ['getPet', 'GET', ['200', '4XX', 'DEFAULT'], ['path:id', 'header:x-env']],
      ['deletePet', 'DELETE', ['204', '404'], ['path:id']],
    ]);
    expect(universe.links.map((l) => [l.id, l.to, l.undo])).toEqual([
      ['createPet 200 Read', 'getPet', false],
      ['createPet 200 List', 'listPets', false],
      ['createPet 200 Delete', 'deletePet', true],
    ]);
  });

  it("every link of the kit's document names an operation and only parameters that operation declares", () => {
    const universe = coverageUniverse(document);
    expect(universe.links.length).toBeGreaterThanOrEqual(10);
    for (const link of universe.links) {
      expect(validator.operationIds, link.id).toContain(link.to);
      const declared = validator.describeOperation(link.to).parameters.map((p) => p.name.toLowerCase());
      for (const key of Object.keys(link.parameters))
        expect(declared, `${link.id}: ${key}`).toContain(key.replace(/^(path|query|header)\./, '').toLowerCase());
    }
  });
});

describe('runtime expressions', () => {
  const source = {
    pathParams: { project_id: 'proj_1' },
    query: new URLSearchParams('a=b'),
    headers: { 'x-pd-environment': 'development' },
    requestBody: { external_user_id: 'u-1' },
    responseBody: { data: { id: 'dc_1' } },
  };
  it.each([
    ['$response.body#/data/id', 'dc_1'],
    ['$request.body#/external_user_id', 'u-1'],
    ['$request.path.project_id', 'proj_1'],
    ['$request.query.a', 'b'],
    ['$request.header.X-PD-Environment', 'development'],
    ['$response.body#/data/nope', undefined],
    ['p_*', 'p_*'],
    ['$errors', '$errors'],
    ['{"id": "{$response.body#/data/id}", "on": "{$request.path.project_id}"}', '{"id": "dc_1", "on": "proj_1"}'],
    ['{"id": "{$response.body#/data/nope}"}', undefined],
    [100, 100],
  ])('%s -> %s', (expression, value) => expect(evaluateExpression(expression, source)).toBe(value));
});

describe('counting observed exchanges', () => {
  it('recognizes followed links from the values a request carries, not from what the caller says', () => {
    const digest = createDigest(coverageUniverse(PETS));
    expect(digest(exchange('getPet', 200, { pathParams: { id: 'pet_1' }, headers: { 'x-env': 'a' } })).links).toEqual(
      [],
    );
    digest(exchange('createPet', 200, { headers: { 'x-env': 'a' }, responseBody: { data: { id: 'pet_1' } } }));
    // another pet, or the right pet in another environment: not the link
    expect(digest(exchange('getPet', 200, { pathParams: { id: 'pet_2' }, headers: { 'x-env': 'a' } })).links).toEqual(
      [],
    );
    expect(digest(exchange('getPet', 200, { pathParams: { id: 'pet_1' }, headers: { 'x-env': 'b' } })).links).toEqual(
      [],
    );
    const read = digest(exchange('getPet', 200, { pathParams: { id: 'pet_1' }, headers: { 'x-env': 'a' } }));
    expect(read).toEqual({
      operationId: 'getPet',
      status: 200,
      parameters: ['path:id', 'header:x-env'],
      links: ['createPet 200 Read'],
    });
    expect(digest(exchange('listPets', 200)).links).toEqual(['createPet 200 List']);
    expect(digest(exchange('deletePet', 204, { pathParams: { id: 'pet_1' } })).links).toEqual(['createPet 200 Delete']);
  });

  it('a refused create offers no links', () => {
    const digest = createDigest(coverageUniverse(PETS));
    digest(exchange('createPet', 400, { responseBody: { error: 'bad' } }));
    expect(digest(exchange('listPets', 200)).links).toEqual([]);
  });

  it('reports operations, statuses (ranges match, default never counted), parameters and links, and the thresholds', () => {
    const universe = coverageUniverse(PETS);
    const coverage = createCoverage(universe);
    const digest = createDigest(universe);
    for (const seen of [
      exchange('createPet', 200, { responseBody: { data: { id: 'pet_1' } } }),
      exchange('getPet', 404, { pathParams: { id: 'pet_1' } }),
      exchange('getPet', 418, { pathParams: { id: 'pet_9' } }),
      exchange('getPet', 302, { pathParams: { id: 'pet_9' } }),
    ])
      coverage.add(digest(seen));
    const report = coverage.report();
    // operations: createPet and getPet of 4; statuses: createPet's 200 and getPet's 4XX of 1+2+2+2 = 7 (default not
    // counted); parameters: getPet's path:id of 1+1+2+1 = 5; links: none (the create sent no x-env for Read to carry)
    expect(report.totals).toEqual({
      operations: { covered: 2, total: 4, percent: 50 },
      statuses: { covered: 2, total: 7, percent: 28.5 },
      parameters: { covered: 1, total: 5, percent: 20 },
      links: { covered: 0, total: 3, percent: 0 },
    });
    const getPet = report.operations.find((o) => o.operationId === 'getPet')!;
    expect(getPet.statuses).toEqual({
      documented: ['200', '4XX', 'DEFAULT'],
      seen: [302, 404, 418],
      missing: ['200'],
      undocumented: [],
    });
    expect(getPet.parameters.missing).toEqual(['header:x-env']);
    expect(belowThresholds(report, { operations: 50, statuses: 30 })).toEqual(['statuses 28.5% < 30%']);
    expect(belowThresholds(report, { operations: 50, statuses: 28 })).toEqual([]);
    const table = formatCoverage(report);
    expect(table).toMatch(/^getPet\s+3\s+1\/2\s+200\s+1\/2$/m);
    expect(table).toMatch(/^createPet\s+1\s+1\/2\s+400\s+0\/1\s+0\/3$/m);
    expect(table).toContain(
      'Coverage: operations 2/4 (50%), statuses 2/7 (28.5%), parameters 1/5 (20%), links 0/3 (0%)',
    );
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('counts every status and parameter of repeated and alternating exchanges, whatever the caller does with its lists after', () => {
    const coverage = createCoverage(coverageUniverse(PETS));
    const sent = ['path:id'];
    const getPet = (status: number, parameters: string[]) =>
      coverage.add({ operationId: 'getPet', status, parameters, links: [] });
    getPet(404, sent);
    getPet(404, sent);
    // The same list, grown by its caller: its new name counts.
    sent.push('header:x-env');
    getPet(404, sent);
    getPet(200, ['path:id']);
    getPet(404, ['path:id']);
    const row = coverage.report().operations.find((o) => o.operationId === 'getPet')!;
    expect(row.exchanges).toBe(5);
    expect(row.statuses.seen).toEqual([200, 404]);
    expect(row.parameters.missing).toEqual([]);
  });
});
