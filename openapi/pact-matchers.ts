// Pact matching rules for an answered body, read from the operation's response schema (docs/pact.md,
// "Matchers, not values"): what the mock answered is world data, so a consumer's pact must hold the
// provider to what the document promises for each field, not to the values one world happened to
// hold. Pure and node-free: the MSW handlers may use it in a browser too.
import { followRef } from './json-pointer.ts';

/** One V4 matcher (docs/pact.md lists the rule of each schema keyword). */
export interface PactMatcher {
  match: 'regex' | 'type' | 'equality' | 'date';
  regex?: string;
  format?: string;
  min?: number;
}

/** V4 matching rules of one part (`body`): JSON path -> its matchers, all of which must hold. */
export type MatchingRules = Record<string, { combine: 'AND'; matchers: PactMatcher[] }>;

type Json = Record<string, unknown>;

/** RFC 3339 date-time, as the document's `format: date-time` (openapi/formats.ts) accepts it. */
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

/**
 * The matching rules of `body`, answered under `schema` (a schema node of `document`, `$ref`s
 * followed), sorted by path. `sent` is what the request carried (its body, its query as
 * `{ name: [values] }`, or a list of both): a field the response echoes with the value the consumer
 * sent under the same name stays exact (no matcher).
 *
 * @example
 * const schema = { type: 'object', properties: { id: { type: 'string', pattern: '^p_[A-Za-z0-9]{7}$' } } };
 * bodyMatchers({}, schema, { id: 'p_abcdefg' }); // { '$.id': { combine: 'AND', matchers: [{ match: 'regex', ... }] } }
 */
export function bodyMatchers(document: object, schema: unknown, body: unknown, sent?: unknown): MatchingRules {
  const rules: MatchingRules = {};
  const echoed = new Set<string>();
  collectSent(sent, echoed);
  walk(document, schema, body, '$', undefined, echoed, rules);
  const sorted: MatchingRules = {};
  for (const key of Object.keys(rules).sort()) sorted[key] = rules[key]!;
  return sorted;
}

/** `name=value` of every scalar the request carried, at any depth. */
function collectSent(value: unknown, into: Set<string>, name = ''): void {
  if (Array.isArray(value)) for (const item of value) collectSent(item, into, name);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) collectSent(item, into, key);
  else if (value !== null && value !== undefined && name !== '') into.add(`${name}=${JSON.stringify(value)}`);
}

/** A JSON path step for `key`: `.key` when it is a plain name, else `['key']`. */
function step(path: string, key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}['${key.replace(/'/g, "\\'")}']`;
}

/** The one subschema of allOf/oneOf/anyOf that fits `value` best: its type and pattern, all its required fields present. */
function pick(document: object, schema: Json, value: unknown): Json {
  const parts = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(parts)) {
    const resolved = parts.map((part) => (followRef(document, part).node ?? {}) as Json);
    const fits = resolved.find((part) => fitsValue(document, part, value));
    return fits ?? resolved[0] ?? {};
  }
  if (Array.isArray(schema.allOf)) {
    // allOf's parts are merged: their properties and keywords, the later winning.
    const merged: Json = { ...schema, allOf: undefined };
    for (const part of schema.allOf) {
      const node = pick(document, (followRef(document, part).node ?? {}) as Json, value);
      merged.properties = { ...(merged.properties as Json), ...(node.properties as Json) };
      for (const [key, item] of Object.entries(node)) if (key !== 'properties') merged[key] = item;
    }
    return merged;
  }
  return schema;
}

/** Whether `value` could be of `schema`: its type, its enum or const, its pattern, its required fields. */
function fitsValue(document: object, raw: Json, value: unknown): boolean {
  const schema = pick(document, raw, value);
  if ('const' in schema) return schema.const === value;
  if (Array.isArray(schema.enum)) return schema.enum.includes(value);
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.length > 0 && !types.some((type) => typeOf(value) === type || (type === 'number' && isInteger(value))))
    return false;
  // A string's pattern tells apart branches of one type: an owner that is a user (`u_`) or a workspace (`o_`).
  if (typeof value === 'string' && typeof schema.pattern === 'string')
    return new RegExp(schema.pattern, 'u').test(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  const required = (schema.required ?? []) as string[];
  const properties = (schema.properties ?? {}) as Json;
  for (const [key, property] of Object.entries(properties)) {
    const node = (followRef(document, property).node ?? {}) as Json;
    if ('const' in node && key in value && (value as Json)[key] !== node.const) return false;
  }
  return required.every((name) => name in value);
}

function isInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value);
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isInteger(value)) return 'integer';
  return typeof value;
}

function add(rules: MatchingRules, path: string, matcher: PactMatcher): void {
  rules[path] = { combine: 'AND', matchers: [matcher] };
}

function walk(
  document: object,
  raw: unknown,
  value: unknown,
  path: string,
  name: string | undefined,
  echoed: Set<string>,
  rules: MatchingRules,
): void {
  const schema = pick(document, (followRef(document, raw).node ?? {}) as Json, value);
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    if (value.length === 0) return;
    add(rules, path, { match: 'type', min: 1 });
    walk(document, schema.items ?? {}, value[0], `${path}[*]`, name, echoed, rules);
    return;
  }
  if (typeof value === 'object') {
    const properties = (schema.properties ?? {}) as Json;
    for (const [key, item] of Object.entries(value as Json)) {
      const child =
        properties[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {});
      walk(document, child, item, step(path, key), key, echoed, rules);
    }
    return;
  }
  if (name !== undefined && echoed.has(`${name}=${JSON.stringify(value)}`)) return;
  if ('const' in schema || Array.isArray(schema.enum)) add(rules, path, { match: 'equality' });
  else if (typeof schema.pattern === 'string') add(rules, path, { match: 'regex', regex: schema.pattern });
  else if (schema.format === 'date-time') add(rules, path, { match: 'regex', regex: DATE_TIME });
  else if (schema.format === 'date') add(rules, path, { match: 'date', format: 'yyyy-MM-dd' });
  else add(rules, path, { match: 'type' });
}
