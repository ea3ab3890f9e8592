// Response, component schema and webhook payload checks, on a small inline document.
import { describe, expect, it } from 'vitest';
import { schemaChecks } from './schema-check.ts';
import { resolveOperations, resolveWebhookBodies } from './document/resolve.ts';
import { validateResponse, validateSchema, validateWebhookPayload } from './response.ts';

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

const document = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/things': {
      get: {
        operationId: 'listThings',
        responses: {
          '200': { description: 'ok', ...json({ $ref: '#/components/schemas/ThingList' }) },
          '404': { $ref: '#/components/responses/NotFound' },
          '5XX': { description: 'server', ...json({ $ref: '#/components/schemas/Error' }) },
        },
      },
      delete: {
        operationId: 'deleteThings',
        responses: { '204': { description: 'done' }, default: { $ref: '#/components/responses/NotFound' } },
      },
      post: {
        operationId: 'exportThings',
        responses: { '200': { description: 'any bytes', content: { 'application/octet-stream': {} } } },
      },
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
      ThingList: {
        type: 'object',
        required: ['data'],
        properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
      },
      Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
    },
    responses: { NotFound: { description: 'nope', ...json({ $ref: '#/components/schemas/Error' }) } },
  },
  webhooks: {
    thingHappened: {
      post: { requestBody: json({ type: 'object', required: ['event'], properties: { event: { const: 'THING' } } }) },
    },
    ping: { post: {} },
  },
};

const schemas = schemaChecks(document);
const operations = new Map(resolveOperations(document).map((operation) => [operation.info.operationId, operation]));
const check = (operationId: string, status: number, contentType: string | null, body: unknown) =>
  validateResponse(schemas, operations.get(operationId)!, status, contentType, body);

describe('validateResponse', () => {
  it('accepts a documented status (exact, by range or default), content type and body', () => {
    expect(check('listThings', 200, 'application/json; charset=utf-8', { data: [{ id: 't_1', name: null }] })).toEqual(
      [],
    );
    expect(check('listThings', 404, 'Application/JSON', { error: 'no' })).toEqual([]);
    expect(check('listThings', 503, 'application/json', { error: 'down' })).toEqual([]);
    expect(check('deleteThings', 204, null, undefined)).toEqual([]);
    expect(check('deleteThings', 409, 'application/json', { error: 'busy' })).toEqual([]);
    expect(check('exportThings', 200, 'application/octet-stream', 'bytes')).toEqual([]);
  });

  it('points at the field that breaks the schema, through $refs', () => {
    const issues = check('listThings', 200, 'application/json', {
      data: [
        { id: 't_1', name: 'a' },
        { id: 'p_2', name: 3 },
      ],
    });
    expect(issues.map((i) => i.pointer).sort()).toEqual(['/data/1/id', '/data/1/name']);
    expect(check('listThings', 503, 'application/json', {})).toEqual([
      { pointer: '/error', message: "must have required property 'error'" },
    ]);
  });

  it('flags undocumented statuses and content types, and a body where none is documented', () => {
    expect(check('listThings', 401, 'application/json', { error: 'x' })).toEqual([
      { pointer: '', message: 'status 401 is not documented for listThings (documented: 200, 404, 5XX)' },
    ]);
    expect(check('listThings', 200, 'text/html', '<p>')[0]?.message).toMatch(
      /content type "text\/html" is not documented .* \(documented: application\/json\)/,
    );
    expect(check('listThings', 200, null, {})[0]?.message).toMatch(/content type ""/);
    expect(check('deleteThings', 204, 'application/json', { a: 1 })).toEqual([
      { pointer: '', message: 'status 204 of deleteThings is documented without a body, but one was sent' },
    ]);
    expect(check('deleteThings', 204, null, '')).toEqual([]);
  });
});

describe('validateSchema and validateWebhookPayload', () => {
  const bodies = resolveWebhookBodies(document);

  it('validates a named component schema', () => {
    expect(validateSchema(schemas, document, 'Thing', { id: 't_9', name: 'x' })).toEqual([]);
    expect(validateSchema(schemas, document, 'Thing', { id: 't_9' })).toEqual([
      { pointer: '/name', message: "must have required property 'name'" },
    ]);
    expect(() => validateSchema(schemas, document, 'Nope', {})).toThrow(/unknown schema Nope/);
  });

  it('validates a webhook payload, and names an unknown webhook or one without a body', () => {
    expect(validateWebhookPayload(schemas, bodies, 'thingHappened', { event: 'THING' })).toEqual([]);
    expect(validateWebhookPayload(schemas, bodies, 'thingHappened', { event: 'OTHER' })).toEqual([
      { pointer: '/event', message: 'must be equal to constant' },
    ]);
    expect(() => validateWebhookPayload(schemas, bodies, 'nope', {})).toThrow(/unknown webhook nope/);
    expect(() => validateWebhookPayload(schemas, bodies, 'ping', {})).toThrow(/webhook ping has no POST request body/);
  });
});
