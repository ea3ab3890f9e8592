// The one Ajv set-up, on small inline documents: pointers into the document, lenient and strict
// modes, both dialects, and how Ajv's errors read as issues.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { documentSchemas } from './ajv.ts';
import { toIssues } from '../openapi/schema-check.ts';

const document = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {
    '/things/{id}': {
      get: { parameters: [{ name: 'id', in: 'path', schema: { $ref: '#/components/schemas/Id' } }], responses: {} },
    },
  },
  components: {
    schemas: {
      Id: { type: 'string', pattern: '^t_[a-z0-9]+$', example: 't_1', 'x-note': 'an extension' },
      Count: { type: 'integer', format: 'int32', minimum: 0 },
      Stamp: { type: 'string', format: 'date-time' },
      Nullable: { type: ['string', 'null'] },
      Pair: {
        type: 'object',
        required: ['a'],
        additionalProperties: false,
        properties: {
          a: { oneOf: [{ type: 'string' }, { type: 'string', minLength: 2 }] },
          'b/c': { type: 'integer' },
        },
      },
    },
  },
};

describe('documentSchemas', () => {
  it('validates against a schema anywhere in the document, through its $refs (templated path segments included)', () => {
    const schemas = documentSchemas(document);
    const at = '/paths/~1things~1{id}/get/parameters/0/schema';
    expect(schemas.errors(at, 't_1')).toEqual([]);
    expect(schemas.errors(at, 'x_1').map((e) => e.keyword)).toEqual(['pattern']);
    expect(schemas.at(at)).toBe(schemas.at(at)); // compiled once
  });

  it('checks formats, JSON Schema ones and (as annotations) OpenAPI ones', () => {
    const schemas = documentSchemas(document);
    expect(schemas.errors('/components/schemas/Stamp', 'yesterday').map((e) => e.keyword)).toEqual(['format']);
    expect(schemas.errors('/components/schemas/Count', 5)).toEqual([]);
  });

  it('strict mode refuses an unknown keyword, but not OpenAPI annotations or x-* keys', () => {
    const typo = { ...document, components: { schemas: { Bad: { type: 'string', minLenght: 3 } } } };
    expect(() => documentSchemas(typo, { strict: true }).errors('/components/schemas/Bad', 'a')).toThrow(/minLenght/);
    expect(documentSchemas(typo).errors('/components/schemas/Bad', 'a')).toEqual([]);
    expect(documentSchemas(document, { strict: true }).errors('/components/schemas/Id', 't_1')).toEqual([]);
  });

  it('runs in the draft-07 dialect when given its Ajv, where a 2020-12 type list still works but 2020-12 keywords do not exist', () => {
    const draft07 = documentSchemas(document, { strict: true, engine: Ajv });
    expect(draft07.errors('/components/schemas/Nullable', null)).toEqual([]);
    expect(draft07.errors('/components/schemas/Nullable', 1)).not.toEqual([]);
    const prefixItems = {
      ...document,
      components: { schemas: { T: { type: 'array', prefixItems: [{ type: 'string' }] } } },
    };
    expect(documentSchemas(prefixItems, { strict: true }).errors('/components/schemas/T', [1])).not.toEqual([]);
    expect(() =>
      documentSchemas(prefixItems, { strict: true, engine: Ajv }).errors('/components/schemas/T', [1]),
    ).toThrow(/prefixItems/);
  });
});

describe('toIssues', () => {
  it('points at the missing or extra member under the prefix, escaped, and drops oneOf duplicates', () => {
    const schemas = documentSchemas(document);
    const validate = schemas.at('/components/schemas/Pair');
    expect(validate({ 'b/c': 'x', z: 1 })).toBe(false);
    expect(
      toIssues(validate.errors, '/body')
        .map((i) => i.pointer)
        .sort(),
    ).toEqual(['/body/a', '/body/b~1c', '/body/z']);
    expect(validate({ a: 1 })).toBe(false);
    const issues = toIssues(validate.errors, '');
    expect(issues.filter((i) => i.message === 'must be string')).toHaveLength(1);
    expect(toIssues(null, '/x')).toEqual([]);
  });
});
