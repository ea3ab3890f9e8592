// The document's schemas applied to a value, by walking them: the one schema check the mock serves
// with, in Node and in the browser. It gives exactly what Ajv 8 (draft 2020-12, allErrors, verbose,
// non-strict, ajv-formats' full formats) gives for the JSON Schema the document uses: the same
// failures, with the same messages, in the same order. openapi/schema-check.test.ts holds it to
// Ajv over every schema of both documents and many values; support/ajv.ts keeps Ajv for the
// document's own strict tests and as that test's reference. The formats are openapi/formats.ts.
//
// Why not Ajv at run time: Ajv compiles schemas to code with `new Function` (refused by a page whose
// Content Security Policy forbids eval) and weighs 39.6 kB gzip in a browser bundle against a few
// for this walk (scripts/browser-weight.md). Ajv's standalone code, compiled ahead of time, weighed
// 27.6 kB gzip for the two documents' request schemas alone, measured the same way.
//
// A keyword the walk does not implement fails loudly when a schema holding it is first used, so the
// document cannot start using one that would be silently ignored. Browser-safe.
import { STRING_FORMATS } from './formats.ts';
import { escapePointer, valueAt } from './json-pointer.ts';
import type { Issue } from './types.ts';

type Json = Record<string, unknown>;

/** A failure as Ajv reports one (the fields the issues are read from). */
export interface SchemaFailure {
  keyword: string;
  /** JSON pointer into the value. */
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** The schema object holding the keyword that failed; absent for `x-ordered`, as in Ajv. */
  parentSchema?: unknown;
}

export interface SchemaChecks {
  /** Issues of `value` against the schema at `pointer` (a JSON pointer into the document), under `prefix`. */
  issues(pointer: string, value: unknown, prefix: string): Issue[];
  /** Failures as Ajv would report them (for the reference test and for anyone reading Ajv's shape). */
  failures(pointer: string, value: unknown): SchemaFailure[];
  /**
   * Schemas of one's own beside the document's: `#/components/schemas/X` in them names one of
   * `schemas` or else the document's. Answers a check of a value against one of them.
   */
  extend(name: string, schemas: Record<string, object>): (schemaName: string, value: unknown, prefix: string) => Issue[];
}

/**
 * The checks of a document's schemas.
 *
 * @example
 * const checks = schemaChecks(document);
 * checks.issues('/components/schemas/Workflow', { id: 42 }, '/body');
 * // [{ pointer: '/body/id', message: 'must be string' }, ...]
 */
export function schemaChecks(document: object): SchemaChecks {
  const walk = new Walk(document);
  const failures = (pointer: string, value: unknown) => {
    const out: SchemaFailure[] = [];
    walk.check(walk.at(document, pointer), value, '', document, out);
    return out;
  };
  return {
    issues(pointer, value, prefix) {
      const found = failures(pointer, value);
      return found.length === 0 ? [] : toIssues(found, prefix);
    },
    failures,
    extend(_name, schemas) {
      const own = { components: { schemas } };
      return (schemaName, value, prefix) => {
        const out: SchemaFailure[] = [];
        walk.check(walk.at(own, `/components/schemas/${escapePointer(schemaName)}`), value, '', own, out);
        return toIssues(out, prefix);
      };
    },
  };
}

/** An issue's message quotes a longer pattern only up to here (the webhook URL's runs to 800 characters). */
const QUOTED_PATTERN_LIMIT = 60;

/**
 * Failures as issues under `prefix`, pointing at the offending member for `required` and
 * `additionalProperties`; duplicates dropped (oneOf/anyOf failures report every branch), and so is
 * an `if` failure, which only repeats that its `then` failed (whose own failures say how). An issue
 * raised by a schema with `x-error-code` carries that code (docs/errors.md). Reads Ajv's errors too.
 *
 * @example
 * toIssues([{ keyword: 'required', instancePath: '', params: { missingProperty: 'name' }, message: "must have required property 'name'" }], '/body');
 * // [{ pointer: '/body/name', message: "must have required property 'name'" }]
 */
export function toIssues(failures: readonly SchemaFailure[] | null | undefined, prefix: string): Issue[] {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const failure of failures ?? []) {
    if (failure.keyword === 'if') continue;
    let pointer = prefix + failure.instancePath;
    if (failure.keyword === 'required') pointer += `/${escapePointer(String(failure.params.missingProperty))}`;
    if (failure.keyword === 'additionalProperties') pointer += `/${escapePointer(String(failure.params.additionalProperty))}`;
    if (failure.keyword === ORDERED) pointer += `/${escapePointer(String(failure.params.property))}`;
    const pattern = failure.keyword === 'pattern' ? String(failure.params.pattern) : '';
    const message =
      pattern.length > QUOTED_PATTERN_LIMIT ? `must match pattern "${pattern.slice(0, QUOTED_PATTERN_LIMIT)}..."` : (failure.message ?? failure.keyword);
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const code = (failure.parentSchema as Json | undefined)?.['x-error-code'];
    issues.push(typeof code === 'string' ? { pointer, message, code } : { pointer, message });
  }
  return issues;
}

/**
 * `x-ordered: [a, b, ...]` on an object schema: those of its number properties that are present
 * are in that order, none above the next (`latency_ms`: `min` at most `max`). A rule between two
 * fields has no JSON Schema keyword; this one keeps it in the document with the others, read as an
 * annotation by Prism and the linter (docs/control-api.md). The failure points at the later property.
 */
export const ORDERED = 'x-ordered';

/** The `x-ordered` failure of `data`, or null when its properties are in order. */
export function orderedFailure(names: readonly string[], data: Record<string, unknown>): Pick<SchemaFailure, 'keyword' | 'params' | 'message'> | null {
  for (let i = 1; i < names.length; i++) {
    const low = data[names[i - 1]!];
    const high = data[names[i]!];
    if (typeof low === 'number' && typeof high === 'number' && low > high)
      return { keyword: ORDERED, params: { property: names[i], below: names[i - 1] }, message: `must be at least ${names[i - 1]} (${low})` };
  }
  return null;
}

// ---- the walk ----------------------------------------------------------------------------------

/** Keywords that never fail: annotations, OpenAPI's and the document's own (`x-*` are skipped apart). */
const ANNOTATIONS = new Set([
  'type', // checked apart, first or with its group, as Ajv does
  '$id',
  '$schema',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  'discriminator',
  'xml',
  'externalDocs',
  'nullable',
  'contentMediaType',
  'contentEncoding',
  'then', // applied by `if`
  'else',
]);

/** Ajv's keyword groups, in its order: keywords for any value, then those for one type of value. */
const ANY = ['$ref', 'const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if'] as const;
const NUMBER = ['maximum', 'minimum', 'format'] as const;
const STRING = ['maxLength', 'minLength', 'pattern', 'format'] as const;
const ARRAY = ['maxItems', 'minItems', 'items'] as const;
const OBJECT = ['minProperties', 'required', 'additionalProperties', 'properties', ORDERED] as const;
const IMPLEMENTED = new Set<string>([...ANY, ...NUMBER, ...STRING, ...ARRAY, ...OBJECT]);
const GROUPS = { number: NUMBER, string: STRING, array: ARRAY, object: OBJECT } as const;
type Group = keyof typeof GROUPS;

/** OpenAPI's format names beyond JSON Schema's: annotations only (as the Ajv set-up declares them). */
const OPENAPI_FORMATS = new Set(['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']);

interface Plan {
  types: string[];
  /** Ajv checks the type first unless the schema has one type whose own keywords it holds. */
  typeFirst: boolean;
  /** The group whose else-branch reports the type failure (the schema's one type, when not first). */
  typeGroup: Group | null;
  any: string[];
  groups: Array<[Group, string[]]>;
}

class Walk {
  private readonly plans = new WeakMap<object, Plan>();
  private readonly patterns = new Map<string, RegExp>();
  private readonly members = new WeakMap<object, Array<[string, unknown]>>();
  private readonly refs = new WeakMap<object, Map<string, [unknown, object]>>();
  /** Schemas by pointer, per root: the request checks ask for the same few on every request. */
  private readonly pointers = new WeakMap<object, Map<string, unknown>>();
  private readonly document: object;

  constructor(document: object) {
    this.document = document;
  }

  /** The schema at `pointer` in `root`; throws when there is none. */
  at(root: object, pointer: string): unknown {
    let cache = this.pointers.get(root);
    if (cache === undefined) {
      cache = new Map();
      this.pointers.set(root, cache);
    }
    let schema = cache.get(pointer);
    if (schema === undefined) {
      schema = valueAt(root, pointer);
      if (schema === undefined) throw new Error(`no schema at ${pointer}`);
      cache.set(pointer, schema);
    }
    return schema;
  }

  /** Applies `schema` to `data` at `path`, appending failures to `out`; `root` resolves its `$ref`s. */
  check(schema: unknown, data: unknown, path: string, root: object, out: SchemaFailure[]): void {
    if (schema === true) return;
    if (schema === false) {
      out.push({ keyword: 'false schema', instancePath: path, params: {}, message: 'boolean schema is false', parentSchema: false });
      return;
    }
    const s = schema as Json;
    const plan = this.plan(s);
    if (plan.typeFirst && !hasType(data, plan.types)) out.push(typeFailure(s, path));
    for (const keyword of plan.any) this.keyword(keyword, s, data, path, root, out);
    for (const [group, keywords] of plan.groups) {
      if (isGroup(data, group)) for (const keyword of keywords) this.keyword(keyword, s, data, path, root, out);
      else if (plan.typeGroup === group) out.push(typeFailure(s, path));
    }
  }

  private valid(schema: unknown, data: unknown, path: string, root: object, out: SchemaFailure[]): boolean {
    const before = out.length;
    this.check(schema, data, path, root, out);
    return out.length === before;
  }

  private keyword(keyword: string, s: Json, data: unknown, path: string, root: object, out: SchemaFailure[]): void {
    const value = s[keyword];
    switch (keyword) {
      case '$ref': {
        const [target, targetRoot] = this.resolve(value as string, root);
        this.check(target, data, path, targetRoot, out);
        return;
      }
      case 'const':
        if (!equal(data, value)) out.push(failure(keyword, path, s, { allowedValue: value }, 'must be equal to constant'));
        return;
      case 'enum':
        if (!(value as unknown[]).some((allowed) => equal(data, allowed)))
          out.push(failure(keyword, path, s, { allowedValues: value }, 'must be equal to one of the allowed values'));
        return;
      case 'not':
        if (this.valid(value, data, path, root, [])) out.push(failure(keyword, path, s, {}, 'must NOT be valid'));
        return;
      case 'anyOf': {
        const before = out.length;
        for (const branch of value as unknown[]) {
          if (this.valid(branch, data, path, root, out)) {
            out.length = before;
            return;
          }
        }
        out.push(failure(keyword, path, s, {}, 'must match a schema in anyOf'));
        return;
      }
      case 'oneOf': {
        // As Ajv: the second passing branch ends the walk (later branches add no failures).
        const before = out.length;
        let valid = false;
        let passing: unknown = null;
        const branches = value as unknown[];
        for (let i = 0; i < branches.length; i++) {
          const branchValid = this.valid(branches[i], data, path, root, out);
          if (branchValid && valid) {
            valid = false;
            passing = [passing, i];
            break;
          }
          if (branchValid) {
            valid = true;
            passing = i;
          }
        }
        if (valid) out.length = before;
        else out.push(failure(keyword, path, s, { passingSchemas: passing }, 'must match exactly one schema in oneOf'));
        return;
      }
      case 'allOf':
        for (const branch of value as unknown[]) this.check(branch, data, path, root, out);
        return;
      case 'if': {
        const clause = this.valid(value, data, path, root, []) ? 'then' : 'else';
        if (!(clause in s)) return;
        if (!this.valid(s[clause], data, path, root, out)) out.push(failure(keyword, path, s, { failingKeyword: clause }, `must match "${clause}" schema`));
        return;
      }
      case 'maximum':
        if (!((data as number) <= (value as number))) out.push(failure(keyword, path, s, { comparison: '<=', limit: value }, `must be <= ${value}`));
        return;
      case 'minimum':
        if (!((data as number) >= (value as number))) out.push(failure(keyword, path, s, { comparison: '>=', limit: value }, `must be >= ${value}`));
        return;
      case 'maxLength':
        if (ucs2length(data as string) > (value as number))
          out.push(failure(keyword, path, s, { limit: value }, `must NOT have more than ${value} characters`));
        return;
      case 'minLength':
        if (ucs2length(data as string) < (value as number))
          out.push(failure(keyword, path, s, { limit: value }, `must NOT have fewer than ${value} characters`));
        return;
      case 'pattern':
        if (!this.pattern(value as string).test(data as string)) out.push(failure(keyword, path, s, { pattern: value }, `must match pattern "${value}"`));
        return;
      case 'format':
        if (!formatValid(value as string, data)) out.push(failure(keyword, path, s, { format: value }, `must match format "${value}"`));
        return;
      case 'maxItems':
        if ((data as unknown[]).length > (value as number)) out.push(failure(keyword, path, s, { limit: value }, `must NOT have more than ${value} items`));
        return;
      case 'minItems':
        if ((data as unknown[]).length < (value as number)) out.push(failure(keyword, path, s, { limit: value }, `must NOT have fewer than ${value} items`));
        return;
      case 'items':
        for (let i = 0; i < (data as unknown[]).length; i++) this.check(value, (data as unknown[])[i], `${path}/${i}`, root, out);
        return;
      case 'minProperties':
        if (Object.keys(data as Json).length < (value as number))
          out.push(failure(keyword, path, s, { limit: value }, `must NOT have fewer than ${value} properties`));
        return;
      case 'required':
        for (const name of value as string[])
          if ((data as Json)[name] === undefined) out.push(failure(keyword, path, s, { missingProperty: name }, `must have required property '${name}'`));
        return;
      case 'additionalProperties': {
        if (value === true) return;
        const declared = (s.properties ?? {}) as Json;
        for (const key in data as Json) {
          if (Object.hasOwn(declared, key) && key !== '__proto__') continue;
          if (value === false) out.push(failure(keyword, path, s, { additionalProperty: key }, 'must NOT have additional properties'));
          else this.check(value, (data as Json)[key], `${path}/${escapePointer(key)}`, root, out);
        }
        return;
      }
      case 'properties':
        for (const [name, property] of this.entries(value as Json)) {
          const item = (data as Json)[name];
          if (item !== undefined && name !== '__proto__') this.check(property, item, `${path}/${escapePointer(name)}`, root, out);
        }
        return;
      case ORDERED: {
        const failure = orderedFailure(value as string[], data as Json);
        if (failure !== null) out.push({ ...failure, instancePath: path });
        return;
      }
    }
  }

  private plan(s: Json): Plan {
    let plan = this.plans.get(s);
    if (plan !== undefined) return plan;
    for (const key of Object.keys(s))
      if (!IMPLEMENTED.has(key) && !ANNOTATIONS.has(key) && !key.startsWith('x-'))
        throw new Error(`schema keyword "${key}" is not implemented by openapi/schema-check.ts (schema ${quote(s)})`);
    const format = s.format as string | undefined;
    if (format !== undefined && !STRING_FORMATS.has(format) && !OPENAPI_FORMATS.has(format))
      throw new Error(`format "${format}" is not implemented by openapi/formats.ts (schema ${quote(s)})`);
    const types = s.type === undefined ? [] : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    const has = (keywords: readonly string[]) => keywords.filter((keyword) => keyword in s);
    const groups = (Object.keys(GROUPS) as Group[]).map((group): [Group, string[]] => [group, has(GROUPS[group])]);
    const single = types.length === 1 && types[0]! in GROUPS ? (types[0] as Group) : null;
    const ownRules = single !== null && groups.some(([group, keywords]) => group === single && keywords.length > 0);
    plan = {
      types,
      typeFirst: types.length > 0 && !ownRules,
      typeGroup: ownRules ? single : null,
      any: has(ANY),
      groups: groups.filter(([group, keywords]) => keywords.length > 0 || (ownRules && group === single)),
    };
    this.plans.set(s, plan);
    return plan;
  }

  /** A `properties` object's members, listed once. */
  private entries(properties: Json): Array<[string, unknown]> {
    let list = this.members.get(properties);
    if (list === undefined) {
      list = Object.entries(properties);
      this.members.set(properties, list);
    }
    return list;
  }

  private pattern(source: string): RegExp {
    let pattern = this.patterns.get(source);
    if (pattern === undefined) {
      pattern = new RegExp(source, 'u');
      this.patterns.set(source, pattern);
    }
    return pattern;
  }

  /** A `$ref` from a schema in `root`: one's own component schema, or else a place in the document. */
  private resolve(ref: string, root: object): [unknown, object] {
    let cache = this.refs.get(root);
    if (cache === undefined) {
      cache = new Map();
      this.refs.set(root, cache);
    }
    let resolved = cache.get(ref);
    if (resolved === undefined) {
      if (!ref.startsWith('#')) throw new Error(`unsupported $ref ${ref}: only references inside the document are`);
      const pointer = ref.includes('%') ? ref.slice(1).split('/').map(decodeURIComponent).join('/') : ref.slice(1);
      const own = valueAt(root, pointer);
      const target = own ?? (root === this.document ? undefined : valueAt(this.document, pointer));
      if (target === undefined) throw new Error(`$ref ${ref} points at nothing`);
      resolved = [target, own === undefined ? this.document : root];
      cache.set(ref, resolved);
    }
    return resolved;
  }
}

function failure(keyword: string, instancePath: string, parentSchema: Json, params: Record<string, unknown>, message: string): SchemaFailure {
  return { keyword, instancePath, params, message, parentSchema };
}

function typeFailure(s: Json, path: string): SchemaFailure {
  return { keyword: 'type', instancePath: path, params: { type: s.type }, message: `must be ${s.type}`, parentSchema: s };
}

function isGroup(data: unknown, group: Group): boolean {
  switch (group) {
    case 'number':
      return typeof data === 'number' && Number.isFinite(data);
    case 'string':
      return typeof data === 'string';
    case 'array':
      return Array.isArray(data);
    case 'object':
      return typeof data === 'object' && data !== null && !Array.isArray(data);
  }
}

function hasType(data: unknown, types: readonly string[]): boolean {
  for (const type of types) {
    if (
      type === 'integer'
        ? typeof data === 'number' && Number.isInteger(data)
        : type === 'null'
          ? data === null
          : type === 'boolean'
            ? typeof data === 'boolean'
            : isGroup(data, type as Group)
    )
      return true;
  }
  return false;
}

/** The start of a schema, for an error message. */
function quote(s: Json): string {
  return JSON.stringify(s).slice(0, 120);
}

/** A format applies to strings only, as in ajv-formats; the plan has refused a name it does not know. */
function formatValid(name: string, data: unknown): boolean {
  const check = STRING_FORMATS.get(name);
  return check === undefined || typeof data !== 'string' || check(data);
}

/** String length in code points, as Ajv counts it (a surrogate pair is one). */
function ucs2length(text: string): number {
  let length = 0;
  for (let at = 0; at < text.length; length++) {
    const code = text.charCodeAt(at++);
    if (code >= 0xd800 && code <= 0xdbff && at < text.length && (text.charCodeAt(at) & 0xfc00) === 0xdc00) at++;
  }
  return length;
}

/** Deep equality of JSON values, as Ajv's (fast-deep-equal). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => equal(item, other[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && equal((a as Json)[key], (b as Json)[key]));
}
