// The matcher rule of each schema keyword (docs/pact.md, "Matchers, not values"), with hand-written
// expectations, and one walk over the kit's own document.
import { describe, expect, it } from 'vitest';
import { document } from './generated/document.ts';
import { bodyMatchers } from './pact-matchers.ts';

const rule = (matcher: object) => ({ combine: 'AND', matchers: [matcher] });

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
      '$.data.status': rule({ match: 'equality' }),
    });
  });

  it('an array with items gets type with min 1 and its first item walked under [*]', () => {
    const list = { type: 'object', properties: { data: { type: 'array', items: doc.components.schemas.Item } } };
    const rules = bodyMatchers(doc, list, { data: [{ id: 'p_abcdefg', name: 'a' }, { id: 'p_hijklmn' }] });
    expect(rules).toEqual({
      '$.data': rule({ match: 'type', min: 1 }),
      '$.data[*].id': rule({ match: 'regex', regex: '^p_[A-Za-z0-9]{7}$' }),
      '$.data[*].name': rule({ match: 'type' }),
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

  it('follows oneOf of two patterned strings to the pattern the value matches, not the first branch', () => {
    const owner = {
      oneOf: [
        { type: 'string', pattern: '^u_[A-Za-z0-9]+$' },
        { type: 'string', pattern: '^o_[A-Za-z0-9]+$' },
      ],
    };
    expect(bodyMatchers(doc, owner, 'o_b4OsziT')).toEqual({ $: rule({ match: 'regex', regex: '^o_[A-Za-z0-9]+$' }) });
    expect(bodyMatchers(doc, owner, 'u_9QhTz2K')).toEqual({ $: rule({ match: 'regex', regex: '^u_[A-Za-z0-9]+$' }) });
  });

  it("reads the kit's own document: a workflow's id gets the regex of its prefix", () => {
    const pointer = '#/paths/~1workflows~1{id}/get/responses/200/content/application~1json/schema';
    const workflow = { data: { id: 'p_abc1234', name: 'n', created_at: '2026-01-02T03:04:05Z' } };
    const rules = bodyMatchers(document, { $ref: pointer }, workflow);
    expect(rules['$.data.id']?.matchers[0]).toMatchObject({ match: 'regex' });
    expect(rules['$.data.id']?.matchers[0]?.regex).toMatch(/^\^p_/);
  });
});
