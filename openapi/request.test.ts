// Request checks on a small inline document: parameters read, coerced, defaulted and validated,
// the JSON body validated; and the $ref'd parameter schemas that used to be taken for strings.
import { describe, expect, it } from 'vitest';
import { schemaChecks } from './schema-check.ts';
import { resolveOperations } from './document/resolve.ts';
import { coerce, validateRequest } from './request.ts';
import type { RequestInput } from './types.ts';

const document = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/things/{thing_id}/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'thing_id', in: 'path', required: true, schema: { $ref: '#/components/schemas/ThingId' } },
          { $ref: '#/components/parameters/Limit' },
          { name: 'expand', in: 'query', schema: { type: 'string', enum: ['event'] } },
        ],
      },
    },
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/ThingId' } }],
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
      },
      patch: {
        operationId: 'patchThing',
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
    '/events': {
      get: {
        operationId: 'listEvents',
        parameters: [
          { name: 'since', in: 'query', schema: { $ref: '#/components/schemas/Timestamp' } },
          { $ref: '#/components/parameters/PageSize' },
          { name: 'order', in: 'query', schema: { $ref: '#/components/schemas/Order', default: 'desc' } },
          { name: 'verbose', in: 'query', schema: { $ref: '#/components/schemas/Flag' } },
          { name: 'at', in: 'query', schema: { type: 'array', items: { $ref: '#/components/schemas/Timestamp' } } },
          { name: 'X-Retries', in: 'header', schema: { $ref: '#/components/schemas/Retries' } },
        ],
      },
    },
  },
  components: {
    schemas: {
      ThingId: { type: 'string', pattern: '^t_[A-Za-z0-9]+$' },
      Timestamp: { type: 'integer', minimum: 0 },
      PageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      Order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
      Flag: { $ref: '#/components/schemas/Bool' },
      Bool: { type: 'boolean' },
      Retries: { type: 'integer', default: 3 },
    },
    parameters: {
      Limit: { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
      PageSize: { name: 'page_size', in: 'query', schema: { $ref: '#/components/schemas/PageSize' } },
    },
  },
};

const schemas = schemaChecks(document);
const operations = new Map(resolveOperations(document).map((operation) => [operation.info.operationId, operation]));
const check = (operationId: string, input: Partial<RequestInput> = {}) =>
  validateRequest(schemas, operations.get(operationId)!, {
    pathParams: {},
    query: new URLSearchParams(),
    headers: {},
    body: undefined,
    ...input,
  });

describe('parameters whose schema is a $ref', () => {
  it('coerces a query integer behind a $ref instead of refusing it as "must be integer"', () => {
    const given = check('listEvents', { query: new URLSearchParams('since=1700000000') });
    expect(given.issues).toEqual([]);
    expect(given.query.since).toBe(1700000000);
    // and what does not parse still fails, against the $ref'd schema
    expect(check('listEvents', { query: new URLSearchParams('since=yesterday') }).issues).toEqual([
      { pointer: '/query/since', message: 'must be integer' },
    ]);
    expect(check('listEvents', { query: new URLSearchParams('since=-5') }).issues.map((i) => i.pointer)).toEqual([
      '/query/since',
    ]);
  });

  it('applies a default that lives behind a $ref, and a default beside the $ref over the target one', () => {
    const absent = check('listEvents');
    expect(absent.issues).toEqual([]);
    expect(absent.query).toEqual({ page_size: 25, order: 'desc' });
    expect(absent.header).toEqual({ 'x-retries': 3 });
  });

  it('coerces booleans through a chain of $refs, array items through theirs, and headers', () => {
    const given = check('listEvents', {
      query: new URLSearchParams('verbose=true&at=1&at=2&page_size=7'),
      headers: { 'x-retries': '0' },
    });
    expect(given.issues).toEqual([]);
    expect(given.query).toEqual({ verbose: true, at: [1, 2], page_size: 7, order: 'desc' });
    expect(given.header).toEqual({ 'x-retries': 0 });
  });
});

describe('validateRequest', () => {
  it('coerces query integers, applies defaults and validates path parameters', () => {
    const ok = check('listItems', { pathParams: { thing_id: 't_1' }, query: new URLSearchParams('expand=event') });
    expect(ok.issues).toEqual([]);
    expect(ok.path).toEqual({ thing_id: 't_1' });
    expect(ok.query).toEqual({ limit: 10, expand: 'event' });
    expect(
      check('listItems', { pathParams: { thing_id: 't_1' }, query: new URLSearchParams('limit=5') }).query.limit,
    ).toBe(5);
  });

  it('reports each bad parameter with its location as a JSON pointer, and a missing required one', () => {
    const bad = check('listItems', {
      pathParams: { thing_id: 'x_1' },
      query: new URLSearchParams('limit=abc&expand=all'),
    });
    expect(bad.issues.map((i) => i.pointer).sort()).toEqual(['/path/thing_id', '/query/expand', '/query/limit']);
    expect(
      check('listItems', { pathParams: { thing_id: 't_1' }, query: new URLSearchParams('limit=0') }).issues,
    ).toHaveLength(1);
    expect(
      check('listItems', { pathParams: { thing_id: 't_1' }, query: new URLSearchParams('limit=101') }).issues,
    ).toHaveLength(1);
    expect(check('listItems').issues).toEqual([
      { pointer: '/path/thing_id', message: 'required path parameter "thing_id" is missing' },
    ]);
  });

  it('checks required headers case-insensitively and the JSON body field by field', () => {
    const missing = check('updateThing', { pathParams: { id: 't_1' } });
    expect(missing.issues.map((i) => i.pointer).sort()).toEqual(['/body', '/header/x-env']);

    const wrong = check('updateThing', {
      pathParams: { id: 't_1' },
      headers: { 'x-env': 'production' },
      body: { active: 'yes', extra: 1 },
    });
    expect(wrong.issues.map((i) => i.pointer).sort()).toEqual(['/body/active', '/body/extra', '/body/org_id']);

    const right = check('updateThing', {
      pathParams: { id: 't_1' },
      headers: { 'x-env': 'production' },
      body: { active: false, org_id: 'o_1' },
    });
    expect(right.issues).toEqual([]);
    expect(right.header).toEqual({ 'x-env': 'production' });
  });

  it('lets an optional body be absent, but not wrong', () => {
    expect(check('patchThing', { pathParams: { id: 't_1' } }).issues).toEqual([]);
    expect(check('patchThing', { pathParams: { id: 't_1' }, body: [] }).issues.map((i) => i.pointer)).toEqual([
      '/body',
    ]);
  });
});

describe('coerce', () => {
  const shape = { integer: false, number: false, boolean: false, array: false, items: null };
  it('turns text into the number or boolean asked for, and leaves what does not parse for the schema to refuse', () => {
    expect(coerce('42', { ...shape, integer: true })).toBe(42);
    expect(coerce('4.2', { ...shape, integer: true })).toBe('4.2');
    expect(coerce('4.2', { ...shape, number: true })).toBe(4.2);
    expect(coerce(' ', { ...shape, number: true })).toBe(' ');
    expect(coerce('false', { ...shape, boolean: true })).toBe(false);
    expect(coerce('yes', { ...shape, boolean: true })).toBe('yes');
    expect(coerce('42', shape)).toBe('42');
    expect(coerce(['1', 'x'], { ...shape, array: true, items: { ...shape, integer: true } })).toEqual([1, 'x']);
  });
});
