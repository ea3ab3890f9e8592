// What a parameter's schema says about its raw text, `$ref`s followed: a `since` whose schema is a `$ref` to
// Timestamp would otherwise stay a string.
import { valueAt } from '../json-pointer.ts';

export interface ValueShape {
  /** JSON types the schema admits, through `$ref`, `allOf`, `anyOf` and `oneOf`; none means any. */
  integer: boolean;
  number: boolean;
  boolean: boolean;
  array: boolean;
  /** The items' shape, for arrays. */
  items: ValueShape | null;
  /** The schema's default, when it has one; a `default` beside a `$ref` wins over the target's. */
  default?: { value: unknown };
}

type Json = Record<string, unknown>;

export function shapeOf(document: unknown, schema: unknown): ValueShape {
  const types = new Set<unknown>();
  let items: unknown;
  let fallback: { value: unknown } | undefined;
  const seen = new Set<string>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    const record = node as Json;
    if (fallback === undefined && 'default' in record) fallback = { value: record.default };
    if (Array.isArray(record.type)) for (const type of record.type) types.add(type);
    else if (record.type !== undefined) types.add(record.type);
    if (items === undefined && 'items' in record) items = record.items;
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
      if (Array.isArray(record[key])) for (const member of record[key]) visit(member);
    const ref = record.$ref;
    // Only local references: Ajv reports what it cannot resolve when the schema is compiled.
    if (typeof ref === 'string' && ref.startsWith('#') && !seen.has(ref)) {
      seen.add(ref);
      visit(valueAt(document, ref.slice(1)));
    }
  };
  visit(schema);
  return {
    integer: types.has('integer'),
    number: types.has('number'),
    boolean: types.has('boolean'),
    array: types.has('array'),
    items: items === undefined ? null : shapeOf(document, items),
    ...(fallback ? { default: fallback } : {}),
  };
}
