// The matcher rule of each schema keyword (docs/pact.md, "Matchers, not values"), with hand-written
// expectations, and one walk over the kit's own document.
import { describe, expect, it } from 'vitest';
import { document } from './generated/document.ts';
import { bodyMatchers } from './pact-matchers.ts';

const rule = (matcher: object) => ({ combine: 'AND', matchers: [matcher] });
const anyOf = (...matchers: object[]) => ({ combine: 'OR', matchers });

describe('bodyMatchers', () => {
  const doc = {
    components: {
      schemas: {
        Id: { type: 'string', pattern: '^p_[A-Za-z0-9]{7}$' },
        Item: {
          type: 'object',
          properties: {
            id: { $ref: '#/components/schemas/Id' },
            status: { type: 'string', enum: ['active', 'paused'] },
            kind: { const: 'workflow' },
            created_at: { type: 'string', format: 'date-time' },
            day: { type: 'string', format: 'date' },
            name: { type: 'string' },
            count: { type: 'integer' },
            active: { type: 'boolean' },
            note: { type: ['string', 'null'] },
            tags: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  };
  const schema = { type: 'object', properties: { data: { $ref: '#/components/schemas/Item' } } };
  const body = {
    data: {
      id: 'p_abcdefg',
      status: 'active',
      kind: 'workflow',
      created_at: '2026-01-02T03:04:05.000Z',
      day: '2026-01-02',
      name: 'generated name',
      count: 3,
      active: true,
      note: null,
      tags: [],
    },
  };

  it('gives each keyword its matcher: pattern regex, enum and const equality, formats, other scalars type', () => {
    expect(bodyMatchers(doc, schema, body)).toEqual({
      '$.data.active': rule({ match: 'type' }),
      '$.data.count': rule({ match: 'type' }),
      '$.data.created_at': rule({
        match: 'regex',
        regex: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$',
      }),
      '$.data.day': rule({ match: 'date', format: 'yyyy-MM-dd' }),
      '$.data.id': rule({ match: 'regex', regex: '^p_[A-Za-z0-9]{7}$' }),
      '$.data.kind': rule({ match: 'equality' }),
      '$.data.name': rule({ match: 'type' }),
      '$.data.note': anyOf({ match: 'null' }, { match: 'regex', regex: '^[\\s\\S]*$' }),
      '$.data.status': rule({ match: 'equality' }),
    });
  });

  it('a null where the schema allows another type is null OR the matcher of that type; else it stays exact', () => {
    const nullable = {
      type: 'object',
      properties: {
        description: { type: ['string', 'null'] },
        owner: { type: ['string', 'null'], pattern: '^u_[A-Za-z0-9]+$' },
        ended_at: { type: ['string', 'null'], format: 'date-time' },
        day: { type: ['null', 'string'], format: 'date' },
        retries: { type: ['integer', 'null'] },
        ratio: { type: ['number', 'null'] },
        dead: { type: ['boolean', 'null'] },
        context: { type: ['object', 'null'] },
        options: { type: ['array', 'null'], items: { type: 'string' } },
        nothing: { type: 'null' },
        untyped: {},
        either: { oneOf: [{ $ref: '#/components/schemas/Id' }, { type: 'null' }] },
      },
    };
    const nulls = Object.fromEntries(Object.keys(nullable.properties).map((key) => [key, null]));
    expect(bodyMatchers(doc, nullable, nulls)).toEqual({
      '$.day': anyOf({ match: 'null' }, { match: 'date', format: 'yyyy-MM-dd' }),
      '$.dead': anyOf({ match: 'null' }, { match: 'boolean' }),
      '$.description': anyOf({ match: 'null' }, { match: 'regex', regex: '^[\\s\\S]*$' }),
      '$.either': anyOf({ match: 'null' }, { match: 'regex', regex: '^p_[A-Za-z0-9]{7}$' }),
      '$.ended_at': anyOf(
        { match: 'null' },
        { match: 'regex', regex: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$' },
      ),
      '$.owner': anyOf({ match: 'null' }, { match: 'regex', regex: '^u_[A-Za-z0-9]+$' }),
      '$.ratio': anyOf({ match: 'null' }, { match: 'number' }),
      '$.retries': anyOf({ match: 'null' }, { match: 'integer' }),
    });
  });

  it('an array with items gets type with min 1 and its items walked under [*]', () => {
    const list = { type: 'object', properties: { data: { type: 'array', items: doc.components.schemas.Item } } };
    const rules = bodyMatchers(doc, list, { data: [{ id: 'p_abcdefg', name: 'a' }, { id: 'p_hijklmn' }] });
    expect(rules).toEqual({
      '$.data': rule({ match: 'type', min: 1 }),
      '$.data[*].id': rule({ match: 'regex', regex: '^p_[A-Za-z0-9]{7}$' }),
      '$.data[*].name': rule({ match: 'type' }),
    });
  });

  it("an item's empty array beside another's full one: their [*] rule keeps the type, drops min 1", () => {
    const list = { type: 'array', items: doc.components.schemas.Item };
    expect(bodyMatchers(doc, list, [{ tags: ['a'] }, { tags: [] }])).toEqual({
      $: rule({ match: 'type', min: 1 }),
      '$[*].tags': rule({ match: 'type' }),
      '$[*].tags[*]': rule({ match: 'type' }),
    });
  });

  it('a value the consumer sent and the service echoes stays exact', () => {
    const rules = bodyMatchers(
      doc,
      schema,
      { data: { id: 'p_abcdefg', name: 'Nightly export' } },
      {
        name: 'Nightly export',
      },
    );
    expect(rules).toEqual({ '$.data.id': rule({ match: 'regex', regex: '^p_[A-Za-z0-9]{7}$' }) });
  });

  it('follows oneOf to the branch the value fits, and writes odd keys in brackets', () => {
    const oneOf = {
      oneOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string', enum: ['x'] } } },
        { type: 'object', required: ['b-c'], properties: { 'b-c': { type: 'string', pattern: '^b$' } } },
      ],
    };
    expect(bodyMatchers(doc, oneOf, { 'b-c': 'b' })).toEqual({ "$['b-c']": rule({ match: 'regex', regex: '^b$' }) });
  });

  const owner = {
    oneOf: [
      { type: 'string', pattern: '^u_[A-Za-z0-9]+$' },
      { type: 'string', pattern: '^o_[A-Za-z0-9]+$' },
    ],
  };
  const eitherOwner = anyOf(
    { match: 'regex', regex: '^u_[A-Za-z0-9]+$' },
    { match: 'regex', regex: '^o_[A-Za-z0-9]+$' },
  );

  it('a string of a oneOf of patterned strings gets the regex of every branch, whichever it fits', () => {
    expect(bodyMatchers(doc, owner, 'o_b4OsziT')).toEqual({ $: eitherOwner });
    expect(bodyMatchers(doc, owner, 'u_9QhTz2K')).toEqual({ $: eitherOwner });
    // An enum branch beside them is the regex of its values: equality would compare with the example.
    const emitter = { anyOf: [...owner.oneOf, { type: 'string', enum: ['p_*', 'dc_*'] }] };
    expect(bodyMatchers(doc, emitter, 'dc_*')).toEqual({
      $: anyOf(...eitherOwner.matchers, { match: 'regex', regex: '^(?:p_\\*|dc_\\*)$' }),
    });
  });

  it("an array's [*] rules allow what every item was, not only the first", () => {
    const list = {
      type: 'array',
      items: { type: 'object', properties: { kind: { type: 'string', enum: ['a', 'b'] }, owner, size: {} } },
    };
    const items = [{ kind: 'a' }, { kind: 'b', owner: 'o_b4OsziT', size: 1 }, { size: 'big' }];
    expect(bodyMatchers(doc, list, items)).toEqual({
      $: rule({ match: 'type', min: 1 }),
      '$[*].kind': rule({ match: 'equality' }),
      '$[*].owner': eitherOwner,
      '$[*].size': rule({ match: 'type' }),
    });
  });

  it("reads the kit's own document: a workflow's id gets the regex of its prefix", () => {
    const pointer = '#/paths/~1workflows~1{id}/get/responses/200/content/application~1json/schema';
    const workflow = { data: { id: 'p_abc1234', name: 'n', created_at: '2026-01-02T03:04:05Z' } };
    const rules = bodyMatchers(document, { $ref: pointer }, workflow);
    expect(rules['$.data.id']?.matchers[0]).toMatchObject({ match: 'regex' });
    expect(rules['$.data.id']?.matchers[0]?.regex).toMatch(/^\^p_/);
  });
});
