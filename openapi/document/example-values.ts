// A value for a schema or a parameter: the document's own example, else one derived from the schema (enum, const,
// default, ID pattern), for resolve.ts's generated answers and ../example-requests.ts.
import { followRef } from '../json-pointer.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as untyped JSON, checked by its own lint and tests
type Json = Record<string, any>;

/**
 * The first example a parameter, media type or schema gives (`example`, else the first of
 * `examples`), or undefined.
 *
 * @example
 * firstExample({ schema: { type: 'string' }, example: 'wh_abc' }, document); // 'wh_abc'
 */
export function firstExample(node: Json | undefined, document: Json): unknown {
  if (!node) return undefined;
  if ('example' in node) return node.example;
  if (node.examples && typeof node.examples === 'object') {
    const list = Array.isArray(node.examples) ? node.examples : Object.values(node.examples);
    const first = followRef(document, list[0]).node;
    if (first !== undefined) return Array.isArray(node.examples) ? first : (first as Json)?.value;
  }
  return undefined;
}

/**
 * A value for a schema when no example is given: enough for Prism's request validation.
 *
 * @example
 * valueFromSchema(document, { type: 'string', pattern: '^wh_[a-zA-Z0-9]+$' }); // 'wh_Ex4mple'
 */
export function valueFromSchema(document: Json, rawSchema: unknown): unknown {
  const schema = followRef(document, rawSchema).node as Json | undefined;
  if (!schema) return 'example';
  const example = firstExample(schema, document);
  if (example !== undefined) return example;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const)
    if (Array.isArray(schema[key])) return valueFromSchema(document, schema[key][0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [valueFromSchema(document, schema.items)];
  if (type === 'object') {
    const out: Json = {};
    for (const name of schema.required ?? []) out[name] = valueFromSchema(document, schema.properties?.[name]);
    return out;
  }
  if (typeof schema.pattern === 'string') {
    const prefix = /^\^([a-z]+_)/.exec(schema.pattern)?.[1];
    if (prefix) return `${prefix}Ex4mple`;
  }
  if (schema.format === 'uri') return 'https://example.com/hooks/workflows';
  return 'example';
}
