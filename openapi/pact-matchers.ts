// Pact matching rules for an answered body, from its response schema (docs/pact.md, "Matchers, not values"): a pact
// must hold the provider to what the document promises, not to one world's values. Browser-safe.
import { followRef } from './json-pointer.ts';

/** One V4 matcher (docs/pact.md lists the rule of each schema keyword). */
export interface PactMatcher {
  match: 'regex' | 'type' | 'equality' | 'date' | 'null' | 'integer' | 'number' | 'boolean';
  regex?: string;
  format?: string;
  min?: number;
}

/**
 * V4 matching rules of one part (`body`): JSON path -> its matchers, all of which must hold (`AND`) or
 * any one of which (`OR`: a field the document lets be one of several kinds, docs/pact.md).
 */
export type MatchingRules = Record<string, { combine: 'AND' | 'OR'; matchers: PactMatcher[] }>;

type Json = Record<string, unknown>;

/** RFC 3339 date-time, as the document's `format: date-time` (openapi/formats.ts) accepts it. */
const DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$';

/**
 * Any string, where the example is null: the type matcher compares with the example's type, so only
 * a regex can say "a string" beside null (docs/pact.md, "Matchers, not values").
 */
const ANY_STRING = '^[\\s\\S]*$';

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
  const empty = new Set<string>();
  walk(document, schema, body, '$', undefined, echoed, rules, empty);
  // An item's empty array beside another item's full one: their shared `[*]` rule must not ask for one item.
  for (const path of empty) {
    const rule = rules[path];
    if (rule !== undefined) rule.matchers = rule.matchers.map((m) => (m.min === undefined ? m : { match: m.match }));
  }
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
  if (!admitsType(schema, value)) return false;
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

/**
 * Adds `matchers` to the rule at `path`: the items of an array share their `[*]` rules, so the rule must
 * allow what each item was; matchers that differ are any-of (`OR`), in the order first met.
 */
function add(rules: MatchingRules, path: string, matchers: PactMatcher[]): void {
  if (matchers.length === 0) return;
  const merged = [...(rules[path]?.matchers ?? [])];
  for (const matcher of matchers)
    if (!merged.some((known) => JSON.stringify(known) === JSON.stringify(matcher))) merged.push(matcher);
  rules[path] = { combine: merged.length > 1 ? 'OR' : 'AND', matchers: merged };
}

/** The schemas a value under `schema` may be one of: its oneOf/anyOf branches, flattened; allOf merged. */
function branchesOf(document: object, schema: Json, value: unknown): Json[] {
  const parts = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(parts))
    return parts.flatMap((part) => branchesOf(document, (followRef(document, part).node ?? {}) as Json, value));
  return [pick(document, schema, value)];
}

const typesOf = (schema: Json): string[] => ([] as string[]).concat((schema.type as string | string[]) ?? []);

/** Whether `schema` lets `value` be of its JSON type (its enum, const and pattern aside). */
function admitsType(schema: Json, value: unknown): boolean {
  const types = typesOf(schema);
  if (types.length > 0) return types.some((type) => typeOf(value) === type || (type === 'number' && isInteger(value)));
  const values = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  return values === undefined || values.some((item) => typeOf(item) === typeOf(value));
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A string's matcher under one schema. `alone` is false where it is one of several any-of matchers:
 * an enum is then the regex of its values and any string a regex, since `equality` and `type` compare
 * with the pact's example, which is another branch's value (or null).
 */
function stringMatcher(schema: Json, alone: boolean): PactMatcher {
  const values = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values !== undefined) {
    if (alone) return { match: 'equality' };
    const strings = values.filter((item): item is string => typeof item === 'string');
    return { match: 'regex', regex: `^(?:${strings.map(escapeRegex).join('|')})$` };
  }
  if (typeof schema.pattern === 'string') return { match: 'regex', regex: schema.pattern };
  if (schema.format === 'date-time') return { match: 'regex', regex: DATE_TIME };
  if (schema.format === 'date') return { match: 'date', format: 'yyyy-MM-dd' };
  return alone ? { match: 'type' } : { match: 'regex', regex: ANY_STRING };
}

/** The matcher of a non-null JSON type beside null; none for an object or an array (docs/pact.md). */
function besideNull(schema: Json, type: string): PactMatcher | undefined {
  if (type === 'string') return stringMatcher(schema, false);
  if (type === 'integer' || type === 'number' || type === 'boolean') return { match: type };
  return undefined;
}

/**
 * What a scalar (or null) `value` under `schema` gets: every kind of value the document allows there
 * that a V4 matcher can say, any of them (`OR`). A null the schema lets be a string, a number or a
 * boolean is `null` OR that kind; a string of a oneOf/anyOf is the matcher of every string branch,
 * not only of the branch it fits (docs/pact.md, "Matchers, not values").
 */
function scalarMatchers(document: object, schema: Json, value: unknown): PactMatcher[] {
  const branches = branchesOf(document, schema, value);
  if (value === null) {
    if (!branches.some((branch) => admitsType(branch, null) && typesOf(branch).length > 0)) return [];
    const others = branches.flatMap((branch) =>
      typesOf(branch)
        .filter((type) => type !== 'null')
        .map((type) => besideNull(branch, type))
        .filter((matcher) => matcher !== undefined),
    );
    return others.length === 0 ? [] : [{ match: 'null' }, ...others];
  }
  const fitting = branches.filter((branch) => admitsType(branch, value));
  const alone = fitting.length <= 1;
  const matchers = (fitting.length === 0 ? branches.slice(0, 1) : fitting).map((branch) =>
    typeof value === 'string'
      ? stringMatcher(branch, alone)
      : 'const' in branch || Array.isArray(branch.enum)
        ? { match: 'equality' as const }
        : { match: 'type' as const },
  );
  // A branch that takes any string takes the others' strings too.
  return matchers.some((matcher) => matcher.regex === ANY_STRING) ? [{ match: 'type' }] : matchers;
}

function walk(
  document: object,
  raw: unknown,
  value: unknown,
  path: string,
  name: string | undefined,
  echoed: Set<string>,
  rules: MatchingRules,
  empty: Set<string>,
): void {
  const node = (followRef(document, raw).node ?? {}) as Json;
  if (value === undefined) return;
  if (value === null || typeof value !== 'object') {
    if (value !== null && name !== undefined && echoed.has(`${name}=${JSON.stringify(value)}`)) return;
    add(rules, path, scalarMatchers(document, node, value));
    return;
  }
  const schema = pick(document, node, value);
  if (Array.isArray(value)) {
    if (value.length === 0) {
      empty.add(path);
      return;
    }
    add(rules, path, [{ match: 'type', min: 1 }]);
    // Every item, not the first only: the `[*]` rules hold each item, so they must allow what each was.
    for (const item of value) walk(document, schema.items ?? {}, item, `${path}[*]`, name, echoed, rules, empty);
    return;
  }
  const properties = (schema.properties ?? {}) as Json;
  for (const [key, item] of Object.entries(value as Json)) {
    const child =
      properties[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : {});
    walk(document, child, item, step(path, key), key, echoed, rules, empty);
  }
}
