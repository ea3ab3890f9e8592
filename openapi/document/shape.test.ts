// What a parameter schema says about its raw text, read through $refs.
import { describe, expect, it } from 'vitest';
import { shapeOf } from './resolve.ts';

const document = {
  components: {
    schemas: {
      Timestamp: { type: 'integer', minimum: 0 },
      Since: { $ref: '#/components/schemas/Timestamp', default: 0 },
      Order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
      Ratio: { allOf: [{ type: 'number' }, { maximum: 1 }] },
      Flag: { $ref: '#/components/schemas/Bool' },
      Bool: { type: 'boolean' },
      Ids: { type: 'array', items: { $ref: '#/components/schemas/Timestamp' } },
      Loop: { $ref: '#/components/schemas/Loop' },
    },
  },
};

describe('shapeOf', () => {
  it('reads the type through a $ref, a chain of them, allOf and anyOf', () => {
    expect(shapeOf(document, { $ref: '#/components/schemas/Timestamp' })).toMatchObject({
      integer: true,
      number: false,
      boolean: false,
    });
    expect(shapeOf(document, { $ref: '#/components/schemas/Flag' })).toMatchObject({ boolean: true, integer: false });
    expect(shapeOf(document, { $ref: '#/components/schemas/Ratio' })).toMatchObject({ number: true });
    expect(shapeOf(document, { anyOf: [{ $ref: '#/components/schemas/Timestamp' }, { type: 'null' }] })).toMatchObject({
      integer: true,
    });
    expect(shapeOf(document, { type: ['boolean', 'null'] })).toMatchObject({ boolean: true });
  });

  it("finds the default behind a $ref; a default beside the $ref wins over the target's", () => {
    expect(shapeOf(document, { $ref: '#/components/schemas/Order' }).default).toEqual({ value: 'asc' });
    expect(shapeOf(document, { $ref: '#/components/schemas/Order', default: 'desc' }).default).toEqual({
      value: 'desc',
    });
    expect(shapeOf(document, { $ref: '#/components/schemas/Since' }).default).toEqual({ value: 0 });
    expect(shapeOf(document, { $ref: '#/components/schemas/Timestamp' })).not.toHaveProperty('default');
    expect(shapeOf(document, { type: 'string', default: null }).default).toEqual({ value: null });
  });

  it("reads an array's items through their $ref", () => {
    const shape = shapeOf(document, { $ref: '#/components/schemas/Ids' });
    expect(shape.array).toBe(true);
    expect(shape.items).toMatchObject({ integer: true, array: false, items: null });
  });

  it('knows nothing, without failing, of a schema without type, a cyclic $ref or an external one', () => {
    const nothing = { integer: false, number: false, boolean: false, array: false, items: null };
    expect(shapeOf(document, {})).toEqual(nothing);
    expect(shapeOf(document, undefined)).toEqual(nothing);
    expect(shapeOf(document, { $ref: '#/components/schemas/Loop' })).toEqual(nothing);
    expect(shapeOf(document, { $ref: 'other.yaml#/Timestamp' })).toEqual(nothing);
  });
});
