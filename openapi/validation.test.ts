// createValidator, the public face (openapi/validator.ts exports it): the document read once and
// each job handed to its module. Those modules have their own tests (router, request, response,
// document/*); this one pins the wiring on a small inline document, independently of the real
// document (which has its own tests in document.test.ts).
import { describe, expect, it } from 'vitest';
import { createValidator } from './validation.ts';

const ok = (schema: object) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });

const fixture = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/ThingId' } }],
      get: { operationId: 'getThing', responses: ok({ $ref: '#/components/schemas/Thing' }) },
      put: {
        operationId: 'updateThing',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '204': { description: 'done' } },
      },
    },
    '/events': {
      get: {
        operationId: 'listEvents',
        parameters: [
          { name: 'since', in: 'query', schema: { $ref: '#/components/schemas/Timestamp' } },
          { name: 'page_size', in: 'query', schema: { $ref: '#/components/schemas/PageSize' } },
        ],
        responses: ok({ type: 'object' }),
      },
    },
  },
  components: {
    schemas: {
      ThingId: { type: 'string', pattern: '^t_[A-Za-z0-9]+$' },
      Thing: { type: 'object', required: ['id'], properties: { id: { $ref: '#/components/schemas/ThingId' } } },
      Timestamp: { type: 'integer', minimum: 0 },
      PageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
    },
  },
  webhooks: {
    thingHappened: { post: { requestBody: { content: { 'application/json': { schema: { const: 'THING' } } } } } },
  },
};

const v = createValidator(fixture);
const noRequest = { pathParams: {}, query: new URLSearchParams(), headers: {}, body: undefined };

describe('createValidator', () => {
  it('lists operations in the order the router tries them, with what the app needs to know about them', () => {
    expect(v.operationIds).toEqual(['listEvents', 'getThing', 'updateThing']);
    expect(v.describeOperation('updateThing')).toMatchObject({
      method: 'PUT',
      template: '/things/{id}',
      hasJsonBody: true,
      bodyRequired: true,
    });
    expect(() => v.describeOperation('nope')).toThrow(/unknown operationId nope/);
    expect(() => v.validateRequest('nope', noRequest)).toThrow(/unknown operationId nope/);
  });

  it("routes, then checks the request: a $ref'd integer is coerced, a $ref'd default applied", () => {
    const lookup = v.matchOperation('GET', '/events');
    expect(lookup).toEqual({
      kind: 'match',
      operationId: 'listEvents',
      method: 'GET',
      template: '/events',
      pathParams: {},
    });
    const given = v.validateRequest('listEvents', { ...noRequest, query: new URLSearchParams('since=1700000000') });
    expect(given).toEqual({ issues: [], path: {}, query: { since: 1700000000, page_size: 25 }, header: {} });
    expect(
      v.validateRequest('getThing', { ...noRequest, pathParams: { id: 'x' } }).issues.map((i) => i.pointer),
    ).toEqual(['/path/id']);
    expect(v.matchOperation('DELETE', '/things/t_1')).toEqual({ kind: 'method_not_allowed', allowed: ['GET', 'PUT'] });
  });

  it('checks responses, component schemas and webhook payloads', () => {
    expect(v.validateResponse('getThing', 200, 'application/json', { id: 't_1' })).toEqual([]);
    expect(v.validateResponse('getThing', 200, 'application/json', { id: 'p_1' }).map((i) => i.pointer)).toEqual([
      '/id',
    ]);
    expect(v.validateSchema('Thing', {})).toEqual([{ pointer: '/id', message: "must have required property 'id'" }]);
    expect(v.validateWebhookPayload('thingHappened', 'THING')).toEqual([]);
    expect(v.validateWebhookPayload('thingHappened', 'OTHER')).toHaveLength(1);
  });

  it("extends the document with schemas of one's own, whose $refs reach its own first, then the document's", () => {
    const check = createValidator(fixture).extend('own', {
      Pair: {
        type: 'object',
        additionalProperties: false,
        properties: { thing: { $ref: '#/components/schemas/Thing' }, size: { $ref: '#/components/schemas/Size' } },
      },
      Size: { enum: ['s', 'm'] },
    });
    expect(check('Pair', { thing: { id: 't_1' }, size: 's' })).toEqual([]);
    expect(check('Pair', { thing: { id: 'x' }, size: 'xl', extra: 1 }).map((issue) => issue.pointer)).toEqual([
      '/extra',
      '/thing/id',
      '/size',
    ]);
  });
});
