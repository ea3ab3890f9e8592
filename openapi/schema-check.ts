// The document's schemas applied by walking them: the mock's one schema check, in Node and the browser. It fails as
// Ajv 8 (2020-12, allErrors, ajv-formats' full formats) fails, held to Ajv by its test; Ajv's `new Function` breaks
// under a strict Content Security Policy (docs/performance.md). An unimplemented keyword throws when first met.
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
  /** Schemas of one's own beside the document's (`#/components/schemas/X` names theirs, else the document's). */
  extend(
    name: string,
    schemas: Record<string, object>,
  ): (schemaName: string, value: unknown, prefix: string) => Issue[];
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
  const walker = new SchemaWalker(document);
  const failures = (pointer: string, value: unknown) => {
    const out: SchemaFailure[] = [];
    walker.check(walker.at(document, pointer), value, '', document, out);
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
        walker.check(walker.at(own, `/components/schemas/${escapePointer(schemaName)}`), value, '', own, out);
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
 * raised by a schema with `x-error-code` carries that code, a `type` failure aside (docs/errors.md). Reads Ajv's errors too.
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
    if (failure.keyword === 'additionalProperties')
      pointer += `/${escapePointer(String(failure.params.additionalProperty))}`;
    if (failure.keyword === ORDERED) pointer += `/${escapePointer(String(failure.params.property))}`;
    const pattern = failure.keyword === 'pattern' ? String(failure.params.pattern) : '';
    const message =
      pattern.length > QUOTED_PATTERN_LIMIT
        ? `must match pattern "${pattern.slice(0, QUOTED_PATTERN_LIMIT)}..."`
        : (failure.message ?? failure.keyword);
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // A value of the wrong type is ill-typed (400 bad_request) whatever code the schema names for its rule (docs/errors.md).
    const code = failure.keyword === 'type' ? undefined : (failure.parentSchema as Json | undefined)?.['x-error-code'];
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
export function orderedFailure(
  names: readonly string[],
  data: Record<string, unknown>,
): Pick<SchemaFailure, 'keyword' | 'params' | 'message'> | null {
  for (let i = 1; i < names.length; i++) {
    const low = data[names[i - 1]!];
    const high = data[names[i]!];
    if (typeof low === 'number' && typeof high === 'number' && low > high)
      return {
        keyword: ORDERED,
        params: { property: names[i], below: names[i - 1] },
        message: `must be at least ${names[i - 1]} (${low})`,
      };
  }
  return null;
}

/** Keywords that never fail: annotations, OpenAPI's and the document's own (`x-*` are skipped apart). */
// `type` is checked apart, first or with its group, as Ajv does; `then` and `else` are applied by `if`.
const ANNOTATIONS = new Set([
  ...'type $id $schema $comment $defs definitions title description default examples example deprecated'.split(' '),
  ...'readOnly writeOnly discriminator xml externalDocs nullable contentMediaType contentEncoding then else'.split(' '),
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

/** One keyword's check: appends what `data` (at `path`) fails of the keyword in `s` to `out`. */
type KeywordCheck = (...args: CheckArguments) => void;
type CheckArguments = [walker: SchemaWalker, s: Json, data: unknown, path: string, root: object, out: SchemaFailure[]];

/** A schema's checks in the order Ajv applies them, worked out once per schema object. */
interface KeywordOrder {
  types: string[];
  /** Ajv checks the type first unless the schema has one type whose own keywords it holds. */
  typeFirst: boolean;
  /** The group whose else-branch reports the type failure (the schema's one type, when not first). */
  typeGroup: Group | null;
  any: KeywordCheck[];
  groups: Array<[Group, KeywordCheck[]]>;
}

class SchemaWalker {
  private readonly orders = new WeakMap<object, KeywordOrder>();
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
    return cached(
      cached(this.pointers, root, () => new Map()),
      pointer,
      () => {
        const schema = valueAt(root, pointer);
        if (schema === undefined) throw new Error(`no schema at ${pointer}`);
        return schema;
      },
    );
  }

  /** Applies `schema` to `data` at `path`, appending failures to `out`; `root` resolves its `$ref`s. */
  check(schema: unknown, data: unknown, path: string, root: object, out: SchemaFailure[]): void {
    if (schema === true) return;
    if (schema === false) {
      out.push({
        keyword: 'false schema',
        instancePath: path,
        params: {},
        message: 'boolean schema is false',
        parentSchema: false,
      });
      return;
    }
    const s = schema as Json;
    const order = this.keywordOrder(s);
    if (order.typeFirst && !hasType(data, order.types)) out.push(typeFailure(s, path));
    for (const check of order.any) check(this, s, data, path, root, out);
    for (const [group, checks] of order.groups) {
      if (isGroup(data, group)) for (const check of checks) check(this, s, data, path, root, out);
      else if (order.typeGroup === group) out.push(typeFailure(s, path));
    }
  }

  /** Whether `data` passes `schema`; its failures are appended to `out` all the same. */
  valid(schema: unknown, data: unknown, path: string, root: object, out: SchemaFailure[]): boolean {
    const before = out.length;
    this.check(schema, data, path, root, out);
    return out.length === before;
  }

  entries(properties: Json): Array<[string, unknown]> {
    return cached(this.members, properties, () => Object.entries(properties));
  }

  pattern(source: string): RegExp {
    return cached(this.patterns, source, () => new RegExp(source, 'u'));
  }

  /** A `$ref` from a schema in `root`: one's own component schema, or else a place in the document. */
  resolve(ref: string, root: object): [unknown, object] {
    return cached(
      cached(this.refs, root, () => new Map()),
      ref,
      (): [unknown, object] => {
        if (!ref.startsWith('#')) throw new Error(`unsupported $ref ${ref}: only references inside the document are`);
        const pointer = ref.includes('%') ? ref.slice(1).split('/').map(decodeURIComponent).join('/') : ref.slice(1);
        const own = valueAt(root, pointer);
        const target = own ?? (root === this.document ? undefined : valueAt(this.document, pointer));
        if (target === undefined) throw new Error(`$ref ${ref} points at nothing`);
        return [target, own === undefined ? this.document : root];
      },
    );
  }

  private keywordOrder(s: Json): KeywordOrder {
    return cached(this.orders, s, () => keywordOrderOf(s));
  }
}

function cached<K extends object | string, V>(map: Map<K, V> | WeakMap<K & object, V>, key: K, make: () => V): V {
  let value = (map as Map<K, V>).get(key);
  if (value === undefined) {
    value = make();
    (map as Map<K, V>).set(key, value);
  }
  return value;
}

/** Works out the KeywordOrder of `s`; throws for a keyword the walk does not implement. */
function keywordOrderOf(s: Json): KeywordOrder {
  for (const key of Object.keys(s)) {
    if (IMPLEMENTED.has(key) || ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    throw new Error(`schema keyword "${key}" is not implemented by openapi/schema-check.ts (schema ${quote(s)})`);
  }
  const format = s.format as string | undefined;
  if (format !== undefined && !STRING_FORMATS.has(format) && !OPENAPI_FORMATS.has(format))
    throw new Error(`format "${format}" is not implemented by openapi/formats.ts (schema ${quote(s)})`);
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  const groupNames = Object.keys(GROUPS) as Group[];
  const groups = groupNames.map((group): [Group, KeywordCheck[]] => [group, checksOf(s, GROUPS[group])]);
  const single = types.length === 1 && types[0]! in GROUPS ? (types[0] as Group) : null;
  const ownRules = single !== null && groups.some(([group, checks]) => group === single && checks.length > 0);
  return {
    types,
    typeFirst: types.length > 0 && !ownRules,
    typeGroup: ownRules ? single : null,
    any: checksOf(s, ANY),
    groups: groups.filter(([group, checks]) => checks.length > 0 || (ownRules && group === single)),
  };
}

function checksOf(s: Json, keywords: readonly string[]): KeywordCheck[] {
  return keywords.filter((keyword) => keyword in s).map((keyword) => CHECKS[keyword]!);
}

const checkRef: KeywordCheck = (walker, s, data, path, root, out) => {
  const [target, targetRoot] = walker.resolve(s.$ref as string, root);
  walker.check(target, data, path, targetRoot, out);
};

const checkNot: KeywordCheck = (walker, s, data, path, root, out) => {
  if (walker.valid(s.not, data, path, root, [])) out.push(failure('not', path, s, {}, 'must NOT be valid'));
};

const checkAnyOf: KeywordCheck = (walker, s, data, path, root, out) => {
  const before = out.length;
  for (const branch of s.anyOf as unknown[]) {
    if (walker.valid(branch, data, path, root, out)) {
      out.length = before;
      return;
    }
  }
  out.push(failure('anyOf', path, s, {}, 'must match a schema in anyOf'));
};

const checkOneOf: KeywordCheck = (walker, s, data, path, root, out) => {
  // As Ajv: the second passing branch ends the walk (later branches add no failures).
  const before = out.length;
  let valid = false;
  let passing: unknown = null;
  const branches = s.oneOf as unknown[];
  for (let i = 0; i < branches.length; i++) {
    const branchValid = walker.valid(branches[i], data, path, root, out);
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
  else out.push(failure('oneOf', path, s, { passingSchemas: passing }, 'must match exactly one schema in oneOf'));
};

const checkAllOf: KeywordCheck = (walker, s, data, path, root, out) => {
  for (const branch of s.allOf as unknown[]) walker.check(branch, data, path, root, out);
};

const checkIf: KeywordCheck = (walker, s, data, path, root, out) => {
  const clause = walker.valid(s.if, data, path, root, []) ? 'then' : 'else';
  if (!(clause in s)) return;
  if (!walker.valid(s[clause], data, path, root, out)) {
    out.push(failure('if', path, s, { failingKeyword: clause }, `must match "${clause}" schema`));
  }
};

const checkItems: KeywordCheck = (walker, s, data, path, root, out) => {
  const items = data as unknown[];
  for (let i = 0; i < items.length; i++) walker.check(s.items, items[i], `${path}/${i}`, root, out);
};

const checkAdditionalProperties: KeywordCheck = (walker, s, data, path, root, out) => {
  const value = s.additionalProperties;
  if (value === true) return;
  const declared = (s.properties ?? {}) as Json;
  for (const key in data as Json) {
    if (Object.hasOwn(declared, key) && key !== '__proto__') continue;
    if (value === false) {
      const params = { additionalProperty: key };
      out.push(failure('additionalProperties', path, s, params, 'must NOT have additional properties'));
    } else {
      walker.check(value, (data as Json)[key], `${path}/${escapePointer(key)}`, root, out);
    }
  }
};

const checkProperties: KeywordCheck = (walker, s, data, path, root, out) => {
  for (const [name, property] of walker.entries(s.properties as Json)) {
    const item = (data as Json)[name];
    if (item !== undefined && name !== '__proto__') {
      walker.check(property, item, `${path}/${escapePointer(name)}`, root, out);
    }
  }
};

const checkConst: KeywordCheck = (_walker, s, data, path, _root, out) => {
  if (!equal(data, s.const)) {
    out.push(failure('const', path, s, { allowedValue: s.const }, 'must be equal to constant'));
  }
};

const checkEnum: KeywordCheck = (_walker, s, data, path, _root, out) => {
  const allowedValues = s.enum as unknown[];
  if (!allowedValues.some((allowed) => equal(data, allowed)))
    out.push(failure('enum', path, s, { allowedValues }, 'must be equal to one of the allowed values'));
};

/** A keyword bounding a measure of the value: fails when `over(measure, limit)`; `comparison` for maximum and minimum. */
function bound(
  keyword: string,
  measure: (data: never) => number,
  over: (measured: number, limit: number) => boolean,
  message: string,
  comparison?: string,
): KeywordCheck {
  return (_walker, s, data, path, _root, out) => {
    const limit = s[keyword] as number;
    if (!over(measure(data as never), limit)) return;
    const params = comparison === undefined ? { limit } : { comparison, limit };
    out.push(failure(keyword, path, s, params, message.replace('LIMIT', String(limit))));
  };
}

const number = (data: number) => data;
const above = (measured: number, limit: number) => !(measured <= limit);
const below = (measured: number, limit: number) => !(measured >= limit);
const count = (data: unknown[] | Json) => (Array.isArray(data) ? data.length : Object.keys(data).length);

const checkPattern: KeywordCheck = (walker, s, data, path, _root, out) => {
  const pattern = s.pattern as string;
  if (!walker.pattern(pattern).test(data as string)) {
    out.push(failure('pattern', path, s, { pattern }, `must match pattern "${pattern}"`));
  }
};

const checkFormat: KeywordCheck = (_walker, s, data, path, _root, out) => {
  const format = s.format as string;
  if (!formatValid(format, data)) out.push(failure('format', path, s, { format }, `must match format "${format}"`));
};

const checkRequired: KeywordCheck = (_walker, s, data, path, _root, out) => {
  for (const name of s.required as string[])
    if ((data as Json)[name] === undefined) {
      out.push(failure('required', path, s, { missingProperty: name }, `must have required property '${name}'`));
    }
};

const checkOrdered: KeywordCheck = (_walker, s, data, path, _root, out) => {
  const found = orderedFailure(s[ORDERED] as string[], data as Json);
  if (found !== null) out.push({ ...found, instancePath: path });
};

/** Every implemented keyword's check (IMPLEMENTED lists the same names). */
const CHECKS: Record<string, KeywordCheck> = {
  $ref: checkRef,
  const: checkConst,
  enum: checkEnum,
  not: checkNot,
  anyOf: checkAnyOf,
  oneOf: checkOneOf,
  allOf: checkAllOf,
  if: checkIf,
  maximum: bound('maximum', number, above, 'must be <= LIMIT', '<='),
  minimum: bound('minimum', number, below, 'must be >= LIMIT', '>='),
  format: checkFormat,
  maxLength: bound('maxLength', ucs2length, above, 'must NOT have more than LIMIT characters'),
  minLength: bound('minLength', ucs2length, below, 'must NOT have fewer than LIMIT characters'),
  pattern: checkPattern,
  maxItems: bound('maxItems', count, above, 'must NOT have more than LIMIT items'),
  minItems: bound('minItems', count, below, 'must NOT have fewer than LIMIT items'),
  items: checkItems,
  minProperties: bound('minProperties', count, below, 'must NOT have fewer than LIMIT properties'),
  required: checkRequired,
  additionalProperties: checkAdditionalProperties,
  properties: checkProperties,
  [ORDERED]: checkOrdered,
};

function failure(
  keyword: string,
  instancePath: string,
  parentSchema: Json,
  params: Record<string, unknown>,
  message: string,
): SchemaFailure {
  return { keyword, instancePath, params, message, parentSchema };
}

function typeFailure(s: Json, path: string): SchemaFailure {
  return failure('type', path, s, { type: s.type }, `must be ${s.type}`);
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

function quote(s: Json): string {
  return JSON.stringify(s).slice(0, 120);
}

/** A format applies to strings only, as in ajv-formats; keywordOrderOf has refused a name it does not know. */
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
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => equal(item, other[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && equal((a as Json)[key], (b as Json)[key]));
}
