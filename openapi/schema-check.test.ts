// schema-check.ts against Ajv, its reference: every schema of both documents (parameters, request
// bodies, responses, webhooks, components) and the scenarios' own, each given values built from the
// schema and then broken in many ways (a member deleted, retyped, stretched, added), plus random
// JSON. Every failure must match Ajv's: keyword, place, parameters, message and the very schema
// object that failed, in Ajv's order. Seeded, so a failure repeats.
import { describe, expect, it } from 'vitest';
import { controlDocument } from './generated/control-document.ts';
import { document } from './generated/document.ts';
import { documentSchemas } from '../support/ajv.ts';
import { resolveOperations, resolveWebhookBodies } from './document/resolve.ts';
import { escapePointer, valueAt } from './json-pointer.ts';
import { schemaChecks, toIssues, type SchemaFailure } from './schema-check.ts';

type Json = Record<string, unknown>;

/** mulberry32: a small seeded generator, so every run tries the same values. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every schema position of a document that the mock checks values against. */
function schemaPointers(doc: object): string[] {
  const pointers = new Set<string>();
  for (const operation of resolveOperations(doc)) {
    for (const parameter of operation.info.parameters) pointers.add(parameter.schemaPointer);
    if (operation.bodySchemaPointer !== null) pointers.add(operation.bodySchemaPointer);
    for (const response of operation.responses.values())
      for (const pointer of response.content.values()) if (pointer !== null) pointers.add(pointer);
  }
  for (const pointer of resolveWebhookBodies(doc).values()) if (pointer) pointers.add(pointer);
  for (const name of Object.keys((doc as { components?: { schemas?: Json } }).components?.schemas ?? {}))
    pointers.add(`/components/schemas/${escapePointer(name)}`);
  return [...pointers];
}

const SCALARS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1,
  2.5,
  1e12,
  -1e12,
  '',
  'x',
  'A b/c~d',
  '😀😀',
  '\ud800',
  'p_Ex4mple',
  '2025-01-01T00:00:00Z',
  'a@b.example',
  'https://x.example/h',
  [],
  {},
];

/** A value for `schema` with every property filled (not only required ones), examples first. */
function fullValue(schema: unknown, root: object, random: () => number, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null) return 'x';
  let s = schema as Json;
  for (let hops = 0; typeof s.$ref === 'string' && hops < 10; hops++)
    s = (valueAt(root, s.$ref.slice(1)) ?? valueAt(document, s.$ref.slice(1)) ?? {}) as Json;
  if (Array.isArray(s.examples) && s.examples.length > 0 && random() < 0.7)
    return structuredClone(s.examples[Math.floor(random() * s.examples.length)]);
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[Math.floor(random() * s.enum.length)];
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const)
    if (Array.isArray(s[key]))
      return fullValue(
        (s[key] as unknown[])[Math.floor(random() * (s[key] as unknown[]).length)],
        root,
        random,
        depth + 1,
      );
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const type = types[Math.floor(random() * types.length)];
  switch (type) {
    case 'integer':
      return typeof s.minimum === 'number' ? s.minimum + Math.floor(random() * 3) : Math.floor(random() * 100);
    case 'number':
      return random() * 100;
    case 'boolean':
      return random() < 0.5;
    case 'null':
      return null;
    case 'array':
      return depth > 6
        ? []
        : Array.from({ length: Math.floor(random() * 3) }, () => fullValue(s.items, root, random, depth + 1));
    case 'object': {
      const out: Json = {};
      if (depth > 6) return out;
      for (const [name, property] of Object.entries((s.properties ?? {}) as Json))
        out[name] = fullValue(property, root, random, depth + 1);
      return out;
    }
    default:
      if (s.format === 'date-time') return '2025-06-01T12:00:00.000Z';
      if (s.format === 'email') return 'ops@example.com';
      return typeof s.pattern === 'string' ? `${/^\^([a-z]+_)/.exec(s.pattern)?.[1] ?? ''}Ex4mple` : 'example';
  }
}

/** `value` with one member somewhere replaced, deleted, stretched or added. */
function broken(value: unknown, random: () => number): unknown {
  const copy = structuredClone(value);
  const places: Array<[Json | unknown[], string | number]> = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        places.push([node, i]);
        visit(item);
      });
    } else if (typeof node === 'object' && node !== null) {
      for (const key of Object.keys(node)) {
        places.push([node as Json, key]);
        visit((node as Json)[key]);
      }
    }
  };
  visit(copy);
  if (places.length === 0 || random() < 0.1) return SCALARS[Math.floor(random() * SCALARS.length)];
  const [parent, key] = places[Math.floor(random() * places.length)]!;
  const target = parent as Record<string | number, unknown>;
  const current = target[key];
  const move = random();
  if (move < 0.2 && !Array.isArray(parent)) delete target[key];
  else if (move < 0.45) target[key] = SCALARS[Math.floor(random() * SCALARS.length)];
  else if (move < 0.6 && typeof current === 'string')
    target[key] = random() < 0.5 ? current.repeat(300) : `${current}/ é${current.toUpperCase()}`;
  else if (move < 0.7 && typeof current === 'number') target[key] = random() < 0.5 ? current * -1 - 1 : current + 1e9;
  else if (move < 0.8 && Array.isArray(current))
    target[key] = [...current, ...current, ...current, ...current, ...current, ...current];
  else if (!Array.isArray(parent))
    target[random() < 0.5 ? 'extra_member' : 'a/b~c'] = SCALARS[Math.floor(random() * SCALARS.length)];
  else target[key] = null;
  return copy;
}

/** A random JSON value. */
function randomJson(random: () => number, depth = 0): unknown {
  const pick = random();
  if (depth > 3 || pick < 0.5) return SCALARS[Math.floor(random() * SCALARS.length)];
  if (pick < 0.7) return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(random() * 4) }, (_, i) => [
      ['id', 'name', 'type', `k${i}`][i % 4]!,
      randomJson(random, depth + 1),
    ]),
  );
}

function valuesFor(schema: unknown, root: object, seed: number): unknown[] {
  const random = generator(seed);
  const values: unknown[] = [...SCALARS];
  for (let i = 0; i < 4; i++) {
    const good = fullValue(schema, root, random);
    values.push(good);
    for (let j = 0; j < 8; j++) values.push(broken(j < 4 ? good : broken(good, random), random));
  }
  for (let i = 0; i < 6; i++) values.push(randomJson(random));
  return values;
}

/** Every schema position of `doc` that bounds an array's length (maxItems or minItems), nested ones included. */
function arrayBounds(doc: object): string[] {
  const found: string[] = [];
  const visit = (node: unknown, pointer: string) => {
    if (typeof node !== 'object' || node === null) return;
    if (!Array.isArray(node) && ('maxItems' in node || 'minItems' in node)) found.push(pointer);
    for (const [key, child] of Object.entries(node)) visit(child, `${pointer}/${escapePointer(key)}`);
  };
  visit(doc, '');
  return found;
}

/** What of a failure is compared: everything Ajv reports, the failing schema by identity. */
function comparable(failures: readonly SchemaFailure[] | null | undefined, ids: Map<unknown, number>) {
  return (failures ?? []).map(({ keyword, instancePath, params, message, parentSchema }) => {
    if (parentSchema !== undefined && !ids.has(parentSchema)) ids.set(parentSchema, ids.size);
    return {
      keyword,
      instancePath,
      params,
      message,
      parentSchema: parentSchema === undefined ? undefined : ids.get(parentSchema),
    };
  });
}

describe('schemaChecks answers as Ajv does', () => {
  for (const [name, doc] of [
    ['the service document', document],
    ['the control document', controlDocument],
  ] as const) {
    it(`over every schema of ${name}, with values built, broken and random`, () => {
      const reference = documentSchemas(doc);
      const checks = schemaChecks(doc);
      const pointers = schemaPointers(doc);
      expect(pointers.length).toBeGreaterThan(name === 'the service document' ? 300 : 30);
      let compared = 0;
      let failing = 0;
      pointers.forEach((pointer, index) => {
        for (const value of valuesFor(valueAt(doc, pointer), doc, index + 1)) {
          const ids = new Map<unknown, number>();
          const expected = comparable(reference.errors(pointer, value), ids);
          const actual = comparable(checks.failures(pointer, value), ids);
          if (JSON.stringify(actual) !== JSON.stringify(expected))
            expect({ pointer, value, failures: actual }).toEqual({ pointer, value, failures: expected });
          if (expected.length > 0) failing++;
          compared++;
        }
      });
      // Most values fail somewhere, and many do not: both sides are exercised.
      expect(failing).toBeGreaterThan(compared / 4);
      expect(compared - failing).toBeGreaterThan(compared / 20);
    });
  }

  it('at every maxItems and minItems of both documents: arrays of exactly the bound and one past it', () => {
    const bounds: number[] = [];
    for (const doc of [document, controlDocument]) {
      const reference = documentSchemas(doc);
      const checks = schemaChecks(doc);
      const random = generator(7);
      for (const pointer of arrayBounds(doc)) {
        const schema = valueAt(doc, pointer) as Json;
        const sizes: number[] = [];
        if (typeof schema.maxItems === 'number') sizes.push(schema.maxItems, schema.maxItems + 1);
        if (typeof schema.minItems === 'number' && schema.minItems > 0)
          sizes.push(schema.minItems, schema.minItems - 1);
        if (typeof schema.maxItems === 'number') bounds.push(schema.maxItems);
        // One valid item repeated: the only failure left to find is the count's.
        const item = fullValue(schema.items, doc, random);
        for (const size of sizes) {
          const value = Array.from({ length: size }, () => structuredClone(item));
          const ids = new Map<unknown, number>();
          const expected = comparable(reference.errors(pointer, value), ids);
          const actual = comparable(checks.failures(pointer, value), ids);
          expect({ pointer, size, failures: actual }).toEqual({ pointer, size, failures: expected });
        }
        if (typeof schema.maxItems === 'number') {
          const over = Array.from({ length: schema.maxItems + 1 }, () => structuredClone(item));
          expect(checks.failures(pointer, over).map((failure) => failure.keyword)).toContain('maxItems');
        }
      }
    }
    // The walk reached the document's bounds (a year of days among them), not only the small ones.
    expect(bounds).toEqual(expect.arrayContaining([10, 50, 100, 366]));
  });

  it('reads into the same issues (x-error-code included) and extends with schemas of its own the same way', () => {
    const reference = documentSchemas(document);
    const checks = schemaChecks(document);
    const pointer = '/components/schemas/WebhookUrl';
    for (const value of ['http://', 'https://ok.example/x', 'ftp://x', '', 7])
      expect(checks.issues(pointer, value, '/body/url')).toEqual(
        toIssues(reference.errors(pointer, value), '/body/url'),
      );
    expect(checks.issues(pointer, 'ftp://x', '').some((issue) => issue.code === 'unsupported_url')).toBe(true);

    const own = {
      Thing: {
        type: 'object',
        additionalProperties: false,
        properties: {
          id: { $ref: '#/components/schemas/WorkflowId' },
          parts: { type: 'array', items: { $ref: '#/components/schemas/Part' } },
        },
      },
      Part: { type: ['integer', 'array'], minimum: 0, maximum: 3, items: { $ref: '#/components/schemas/Webhook' } },
    };
    const referenceOwn = reference.extend('test-own', own);
    const checkOwn = checks.extend('test-own', own);
    let compared = 0;
    for (const value of valuesFor(own.Thing, { components: { schemas: own } }, 99)) {
      const validate = referenceOwn('Thing');
      const expected = validate(value) ? [] : toIssues(validate.errors, '');
      expect({ value, issues: checkOwn('Thing', value, '') }).toEqual({ value, issues: expected });
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('over hand-made schemas for the corners the documents do not reach (else, three passing oneOf branches, surrogates, __proto__, boolean schemas)', () => {
    const corners = {
      components: {
        schemas: {
          Short: { type: 'string', maxLength: 1, minLength: 1 },
          // biome-ignore lint/suspicious/noThenProperty: a JSON Schema `then`
          IfElse: { if: { type: 'string' }, then: { minLength: 2 }, else: { type: 'integer', minimum: 3 } },
          ThreeWays: { oneOf: [{ type: 'integer' }, { minimum: 0 }, { maximum: 10 }] },
          Never: {
            type: 'object',
            properties: { no: false, any: true },
            additionalProperties: { $ref: '#/components/schemas/Short' },
          },
          // an own "__proto__" member, as JSON gives it (an object literal's would set the prototype)
          Proto: JSON.parse(
            '{"type": "object", "required": ["__proto__", "toString"], "properties": {"__proto__": {"type": "string"}}, "additionalProperties": false}',
          ),
          Not: { not: { type: 'null' }, anyOf: [{ type: 'string' }, { type: 'number', maximum: 1 }] },
          Many: { type: ['integer', 'null', 'boolean'], enum: [1, null, { a: [1] }], const: 1 },
          Ordered: {
            type: 'object',
            'x-ordered': ['min', 'max'],
            properties: { min: { type: 'number' } },
            minProperties: 2,
          },
          Formats: {
            type: 'object',
            properties: {
              at: { format: 'date-time' },
              mail: { format: 'email' },
              n: { type: 'integer', format: 'int32' },
            },
          },
        },
      },
    };
    const values: unknown[] = [
      ...SCALARS,
      '\ud800x',
      'x\ud800',
      '\udc00\ud800',
      '😀',
      'ab',
      2,
      3,
      11,
      -5,
      0.5,
      { a: [1] },
      { a: [2] },
      JSON.parse('{"__proto__": 5, "other": 1}'),
      JSON.parse('{"__proto__": "x"}'),
      { no: 1, any: 2, other: 'ab', more: 'a' },
      { min: 5, max: 2 },
      { min: 1, max: 2 },
      { min: 'a', max: 2 },
      { at: '2025-02-30T00:00:00Z', mail: 'a@b', n: 1.5 },
      { at: '2024-02-29T23:59:60+01:00', mail: 'x@y.example', n: 2 ** 40 },
    ];
    const reference = documentSchemas(corners);
    const checks = schemaChecks(corners);
    for (const name of Object.keys(corners.components.schemas)) {
      const pointer = `/components/schemas/${name}`;
      for (const value of values) {
        const ids = new Map<unknown, number>();
        expect({ name, value, failures: comparable(checks.failures(pointer, value), ids) }).toEqual({
          name,
          value,
          failures: comparable(reference.errors(pointer, value), ids),
        });
      }
    }
  });

  it('refuses a schema keyword it does not implement rather than ignore it', () => {
    const checks = schemaChecks({ components: { schemas: { Tags: { type: 'array', uniqueItems: true } } } });
    expect(() => checks.issues('/components/schemas/Tags', ['a', 'a'], '')).toThrow(/"uniqueItems" is not implemented/);
  });

  it("refuses a format it does not check rather than pass every string; OpenAPI's formats stay annotations", () => {
    const schemas = { Id: { type: 'string', format: 'uuid' }, Blob: { type: 'string', format: 'binary' } };
    const checks = schemaChecks({ components: { schemas } });
    const unchecked = () => checks.issues('/components/schemas/Id', 'not-a-uuid', '');
    expect(unchecked).toThrow(/format "uuid" is not implemented/);
    expect(checks.issues('/components/schemas/Blob', 'anything', '')).toEqual([]);
  });
});
