import { describe, expect, it } from 'vitest';
import { pointerFrom } from '../support/json-pointer.ts';
import { escapePointer, followRef, valueAt } from './json-pointer.ts';

const doc = {
  paths: { '/a/{id}': { get: { responses: { '200': { $ref: '#/components/responses/Ok' } } } } },
  components: {
    responses: {
      Ok: { $ref: '#/components/responses/Real' },
      Real: { description: 'ok' },
      Loop: { $ref: '#/components/responses/Loop' },
    },
    list: ['x', 'y'],
    'a~b': 1,
  },
};

describe('json pointers', () => {
  it('escapes and reads segments, arrays and missing paths', () => {
    expect(escapePointer('/a/{id}')).toBe('~1a~1{id}');
    expect(escapePointer('a~b')).toBe('a~0b');
    expect(valueAt(doc, '/paths/~1a~1{id}/get/responses/200')).toEqual({ $ref: '#/components/responses/Ok' });
    expect(valueAt(doc, '/components/list/1')).toBe('y');
    expect(valueAt(doc, '/components/a~0b')).toBe(1);
    expect(valueAt(doc, '/components/nothing/here')).toBeUndefined();
    expect(valueAt(doc, '')).toBe(doc);
  });

  it('follows chained $refs and says where the target lives; refuses cycles and external refs', () => {
    const start = valueAt(doc, '/paths/~1a~1{id}/get/responses/200');
    expect(followRef(doc, start, '/paths/~1a~1{id}/get/responses/200')).toEqual({
      node: { description: 'ok' },
      pointer: '/components/responses/Real',
    });
    expect(followRef(doc, { description: 'inline' }, '/here')).toEqual({
      node: { description: 'inline' },
      pointer: '/here',
    });
    expect(() => followRef(doc, { $ref: '#/components/responses/Loop' })).toThrow(/cyclic/);
    expect(() => followRef(doc, { $ref: 'other.yaml#/x' })).toThrow(/unsupported/);
  });

  it('builds a pointer from keys and indexes, escaping each, and reads back the same value', () => {
    const ptr = pointerFrom(['paths', '/a/{id}', 'get', 'responses', '200']);
    expect(ptr).toBe('/paths/~1a~1{id}/get/responses/200');
    expect(valueAt(doc, ptr)).toEqual({ $ref: '#/components/responses/Ok' });
    expect(valueAt(doc, pointerFrom(['components', 'a~b']))).toBe(1);
    expect(valueAt(doc, pointerFrom(['components', 'list', 1]))).toBe('y');
    expect(pointerFrom([])).toBe('');
  });
});
