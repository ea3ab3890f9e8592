// The validator is tested on a small inline document, so its behaviour is pinned independently
// of the real document (which has its own tests in document.test.ts).
import { describe, expect, it } from 'vitest';
import { createValidator } from './validation.ts';

const fixture = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/things/{thing_id}/$errors/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'thing_id', in: 'path', required: true, schema: { $ref: '#/components/schemas/ThingId' } },
          { $ref: '#/components/parameters/Limit' },
          { name: 'expand', in: 'query', schema: { type: 'string', enum: ['event'] } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ThingList' } } },
          },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/ThingId' } }],
      get: { operationId: 'getThing', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } },
      put: {
        operationId: 'updateThing',
        parameters: [{ name: 'X-Env', in: 'header', required: true, schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['active', 'org_id'],
                additionalProperties: false,
                properties: { active: { type: 'boolean' }, org_id: { type: 'string', pattern: '^o_[A-Za-z0-9]+$' } },
              },
            },
          },
        },
        responses: { '204': { description: 'done' } },
      },
    },
    '/things/special': {
      get: { operationId: 'getSpecial', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } },
    },
  },
  components: {
    schemas: {
      ThingId: { type: 'string', pattern: '^t_[A-Za-z0-9]+$' },
      Thing: {
        type: 'object',
        required: ['id', 'name'],
        properties: { id: { $ref: '#/components/schemas/ThingId' }, name: { type: ['string', 'null'] } },
      },
      ThingList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } },
      Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
    },
    parameters: { Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } } },
    responses: { NotFound: { description: 'nope', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } },
  },
  webhooks: {
    thingHappened: {
      post: {
        requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['event'], properties: { event: { const: 'THING' } } } } } },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

const v = createValidator(fixture);
const request = (overrides: Partial<Parameters<typeof v.validateRequest>[1]> = {}) => ({
  pathParams: {},
  query: new URLSearchParams(),
  headers: {},
  body: undefined,
  ...overrides,
});

describe('matchOperation', () => {
  it('matches templates, decodes parameters and keeps literal `$` segments literal', () => {
    expect(v.matchOperation('GET', '/things/t_1/$errors/items')).toEqual({
      kind: 'match',
      operationId: 'listItems',
      method: 'GET',
      template: '/things/{thing_id}/$errors/items',
      pathParams: { thing_id: 't_1' },
    });
    expect(v.matchOperation('get', '/things/a%20b')).toMatchObject({ kind: 'match', pathParams: { id: 'a b' } });
    expect(v.matchOperation('GET', '/things/t_1/Xerrors/items')).toEqual({ kind: 'not_found' });
  });

  it('prefers a literal path over a templated one', () => {
    expect(v.matchOperation('GET', '/things/special')).toMatchObject({ kind: 'match', operationId: 'getSpecial' });
  });

  it('tells a known path with another method apart from an unknown path', () => {
    expect(v.matchOperation('DELETE', '/things/t_1')).toEqual({ kind: 'method_not_allowed', allowed: ['GET', 'PUT'] });
    expect(v.matchOperation('GET', '/nothing')).toEqual({ kind: 'not_found' });
    expect(v.matchOperation('GET', '/things/%E0%A4%A')).toEqual({ kind: 'not_found' });
  });
});

describe('validateRequest', () => {
  it('coerces query integers, applies defaults and validates path parameters', () => {
    const ok = v.validateRequest('listItems', request({ pathParams: { thing_id: 't_1' }, query: new URLSearchParams('expand=event') }));
    expect(ok.issues).toEqual([]);
    expect(ok.query).toEqual({ limit: 10, expand: 'event' });

    const given = v.validateRequest('listItems', request({ pathParams: { thing_id: 't_1' }, query: new URLSearchParams('limit=5') }));
    expect(given.query.limit).toBe(5);
  });

  it('reports each bad parameter with its location as a JSON pointer', () => {
    const bad = v.validateRequest('listItems', request({ pathParams: { thing_id: 'x_1' }, query: new URLSearchParams('limit=abc&expand=all') }));
    const pointers = bad.issues.map((i) => i.pointer).sort();
    expect(pointers).toEqual(['/path/thing_id', '/query/expand', '/query/limit']);
    expect(v.validateRequest('listItems', request({ pathParams: { thing_id: 't_1' }, query: new URLSearchParams('limit=0') })).issues).toHaveLength(1);
    expect(v.validateRequest('listItems', request({ pathParams: { thing_id: 't_1' }, query: new URLSearchParams('limit=101') })).issues).toHaveLength(1);
  });

  it('checks required headers case-insensitively and the JSON body field by field', () => {
    const missing = v.validateRequest('updateThing', request({ pathParams: { id: 't_1' } }));
    expect(missing.issues.map((i) => i.pointer).sort()).toEqual(['/body', '/header/x-env']);

    const wrong = v.validateRequest(
      'updateThing',
      request({ pathParams: { id: 't_1' }, headers: { 'x-env': 'production' }, body: { active: 'yes', extra: 1 } }),
    );
    expect(wrong.issues.map((i) => i.pointer).sort()).toEqual(['/body/active', '/body/extra', '/body/org_id']);

    const right = v.validateRequest(
      'updateThing',
      request({ pathParams: { id: 't_1' }, headers: { 'x-env': 'production' }, body: { active: false, org_id: 'o_1' } }),
    );
    expect(right.issues).toEqual([]);
    expect(right.header).toEqual({ 'x-env': 'production' });
  });
});

describe('validateResponse', () => {
  it('accepts a documented status, content type and body', () => {
    expect(v.validateResponse('listItems', 200, 'application/json; charset=utf-8', { data: [{ id: 't_1', name: null }] })).toEqual([]);
    expect(v.validateResponse('listItems', 404, 'application/json', { error: 'no' })).toEqual([]);
    expect(v.validateResponse('updateThing', 204, null, undefined)).toEqual([]);
  });

  it('points at the field that breaks the schema, through $refs', () => {
    const issues = v.validateResponse('listItems', 200, 'application/json', { data: [{ id: 't_1', name: 'a' }, { id: 'p_2', name: 3 }] });
    expect(issues.map((i) => i.pointer).sort()).toEqual(['/data/1/id', '/data/1/name']);
  });

  it('flags undocumented statuses and content types, and a body where none is documented', () => {
    expect(v.validateResponse('listItems', 500, 'application/json', { error: 'x' })[0]?.message).toMatch(/500 is not documented/);
    expect(v.validateResponse('listItems', 200, 'text/html', '<p>')[0]?.message).toMatch(/content type "text\/html"/);
    expect(v.validateResponse('updateThing', 204, 'application/json', { a: 1 })).toHaveLength(1);
  });
});

describe('schemas and webhooks', () => {
  it('validates a named component schema and a webhook payload', () => {
    expect(v.validateSchema('Thing', { id: 't_9', name: 'x' })).toEqual([]);
    expect(v.validateSchema('Thing', { id: 't_9' })).toEqual([{ pointer: '/name', message: "must have required property 'name'" }]);
    expect(v.validateWebhookPayload('thingHappened', { event: 'THING' })).toEqual([]);
    expect(v.validateWebhookPayload('thingHappened', { event: 'OTHER' })).toHaveLength(1);
    expect(() => v.validateSchema('Nope', {})).toThrow(/unknown schema/);
  });

  it('lists operations with what the app needs to know about them', () => {
    expect(v.operationIds.sort()).toEqual(['getSpecial', 'getThing', 'listItems', 'updateThing']);
    expect(v.describeOperation('updateThing')).toMatchObject({ method: 'PUT', template: '/things/{id}', hasJsonBody: true, bodyRequired: true });
  });
});
