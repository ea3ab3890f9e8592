// The document's operations read once, every `$ref` followed: nothing on the request path walks the document.
import { escapePointer, followRef, valueAt } from '../json-pointer.ts';
import type { OperationInfo, ParameterInfo, ResponseInfo } from '../types.ts';
import { valueFromSchema } from './example-values.ts';
import { forEachOperation } from './operations.ts';

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

export interface ResolvedParameter extends ParameterInfo {
  shape: ValueShape;
}

interface ResolvedResponse {
  /** Media type (lower case) -> JSON pointer of its schema, or null when it declares none. */
  content: Map<string, string | null>;
}

export interface ResolvedOperation {
  info: Omit<OperationInfo, 'parameters'> & { parameters: ResolvedParameter[] };
  /** JSON pointer of the operation object (`/paths/~1users~1me/get`). */
  pointer: string;
  /** JSON pointer of the `application/json` request body schema, or null when the operation takes none. */
  bodySchemaPointer: string | null;
  /** The defaults of the body's top-level properties (`$ref`s followed), applied to a body that lacks them. */
  bodyDefaults: Array<[name: string, value: unknown]>;
  /** By status as written (`200`, `4XX`, `DEFAULT`, upper case). */
  responses: Map<string, ResolvedResponse>;
}

type Json = Record<string, unknown>;

export function resolveOperations(document: object): ResolvedOperation[] {
  const operations: ResolvedOperation[] = [];
  forEachOperation(document, (template, method, op, site) => {
    const parameters = site.parameters.map(({ node: p, pointer }): ResolvedParameter => {
      const location = p.in as ParameterInfo['in'];
      return {
        name: location === 'header' ? String(p.name).toLowerCase() : String(p.name),
        in: location,
        required: p.required === true,
        schemaPointer: `${pointer}/schema`,
        schema: (followRef(document, p.schema ?? {}).node ?? {}) as Json,
        shape: shapeOf(document, p.schema),
      };
    });

    let bodySchemaPointer: string | null = null;
    let bodyRequired = false;
    const bodyDefaults: Array<[string, unknown]> = [];
    if (op.requestBody) {
      const { node: body, pointer } = followRef<Json>(document, op.requestBody, `${site.pointer}/requestBody`);
      bodyRequired = body.required === true;
      const media = ((body.content ?? {}) as Json)['application/json'] as Json | undefined;
      if (media) {
        bodySchemaPointer = `${pointer}/content/application~1json/schema`;
        const schema = (followRef(document, media.schema ?? {}).node ?? {}) as Json;
        for (const [name, property] of Object.entries((schema.properties ?? {}) as Json)) {
          const fallback = shapeOf(document, property).default;
          if (fallback) bodyDefaults.push([name, fallback.value]);
        }
      }
    }

    const responses = new Map<string, ResolvedResponse>();
    const documented: ResponseInfo[] = [];
    for (const [status, raw] of Object.entries((op.responses ?? {}) as Json)) {
      const { node: response, pointer } = followRef<Json>(document, raw, `${site.pointer}/responses/${status}`);
      const content = new Map<string, string | null>();
      for (const [mediaType, media] of Object.entries((response.content ?? {}) as Json))
        content.set(
          mediaType.toLowerCase(),
          (media as Json).schema ? `${pointer}/content/${escapePointer(mediaType)}/schema` : null,
        );
      responses.set(status.toUpperCase(), { content });
      documented.push(responseInfo(document, status.toUpperCase(), response));
    }

    operations.push({
      info: {
        operationId: String(op.operationId ?? `${method} ${template}`),
        method: method.toUpperCase(),
        template,
        hasJsonBody: bodySchemaPointer !== null,
        bodyRequired,
        parameters,
        responses: documented,
        ...(Array.isArray(op['x-token-kinds']) ? { tokenKinds: op['x-token-kinds'].map(String) } : {}),
      },
      pointer: site.pointer,
      bodySchemaPointer,
      bodyDefaults,
      responses,
    });
  });
  return operations;
}

/** A documented answer as `Prefer: code=N` / `example=NAME` gives it (mocks/app/faults.ts): headers, examples, body. */
function responseInfo(document: object, status: string, response: Json): ResponseInfo {
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries((response.headers ?? {}) as Json)) {
    const header = (followRef(document, raw).node ?? {}) as Json;
    const value = 'example' in header ? header.example : valueFromSchema(document as Json, header.schema);
    headers[name.toLowerCase()] = String(value);
  }
  const content = (response.content ?? {}) as Json;
  const contentType =
    Object.keys(content).find((type) => /^application\/(.+\+)?json$/i.test(type)) ?? Object.keys(content)[0] ?? null;
  if (contentType === null) return { status, contentType, headers, examples: {} };
  const media = content[contentType] as Json;
  const examples: Record<string, unknown> = {};
  for (const [name, example] of Object.entries((media.examples ?? {}) as Json)) {
    const resolved = followRef(document, example).node as Json | undefined;
    if (resolved !== undefined && 'value' in resolved) examples[name] = resolved.value;
  }
  if ('example' in media) examples.example = media.example;
  if (Object.keys(examples).length > 0 || media.schema === undefined) return { status, contentType, headers, examples };
  return { status, contentType, headers, examples, generated: valueFromSchema(document as Json, media.schema) };
}

/** Webhook name -> JSON pointer of its POST `application/json` body schema, or null when it declares none. */
export function resolveWebhookBodies(document: object): Map<string, string | null> {
  const bodies = new Map<string, string | null>(
    Object.keys(((document as Json).webhooks ?? {}) as Json).map((name) => [name, null]),
  );
  forEachOperation(
    document,
    (name, method, op, site) => {
      if (method !== 'post' || !op.requestBody) return;
      const { pointer } = followRef(document, op.requestBody, `${site.pointer}/requestBody`);
      bodies.set(name, `${pointer}/content/application~1json/schema`);
    },
    'webhooks',
  );
  return bodies;
}

/** What a parameter's schema says about its raw text, `$ref`s followed (a `$ref` to Timestamp is no string). */
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
