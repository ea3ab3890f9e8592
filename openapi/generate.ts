// Everything derived from openapi/openapi.yaml and openapi/control.yaml is produced here, in
// memory, so that the same function serves `npm run generate` (write) and the staleness check (compare).
import openapiTS, { astToString } from 'openapi-typescript';
import { collectAssumptions } from './drift.ts';
import { resolveOperations } from './document/resolve.ts';
import { isObject } from './json.ts';
import { CONTROL_DOCUMENT_PATH, type Json, loadDocument, type JsonObject } from './load-document.ts';

export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string;
  content: string;
}

const GENERATED_MARKER = (source: string) =>
  `GENERATED FILE - do not edit. Source: ${source}; regenerate with \`npm run generate\`.`;

const HEADER = (what: string, source = 'openapi/openapi.yaml') =>
  `// GENERATED FILE — do not edit. ${what}\n// Source: ${source}. Regenerate with \`npm run generate\`; \`npm test\` fails when this file is stale.\n`;

export async function buildGeneratedFiles(): Promise<GeneratedFile[]> {
  const document = loadDocument();
  const control = loadDocument(CONTROL_DOCUMENT_PATH);
  return [
    ...(await documentFiles(document, {
      source: 'openapi/openapi.yaml',
      types: 'schema.ts',
      json: 'openapi.json',
      runtime: 'openapi.runtime.json',
      module: 'document.ts',
      name: 'document',
    })),
    ...(await documentFiles(control, {
      source: 'openapi/control.yaml',
      types: 'control-schema.ts',
      json: 'control.json',
      runtime: 'control.runtime.json',
      module: 'control-document.ts',
      name: 'controlDocument',
    })),
    {
      path: 'openapi/generated/openapi-3.0.json',
      content: `${JSON.stringify({ 'x-generated': GENERATED_MARKER('openapi/openapi.yaml, as OpenAPI 3.0.3'), ...toOpenApi30(document) }, null, 2)}\n`,
    },
    { path: 'openapi/ASSUMPTIONS.md', content: renderAssumptions(document) },
  ];
}

/**
 * The OpenAPI 3.0.3 build of a 3.1 document, for the tools that read only 3.0 (docs/openapi.md, "The OpenAPI
 * 3.0 build"): `webhooks` as `x-webhooks`, and in every schema a type array as one type with `nullable` (or
 * an `anyOf` of one type each), `type: 'null'` as the null-only `nullable` string, `const` as a one-value
 * `enum`, `examples` as `example` (the others in `x-examples`), `if`/`then`/`else` as the `anyOf`s they
 * mean, a `$ref` with a description as an `allOf` of it. Fields 3.0 lacks are kept as extensions
 * (`x-summary`). Examples, defaults and links are data: kept as written.
 *
 * @example
 * toOpenApi30({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: { type: ['string', 'null'], examples: ['a', 'b'] } } } });
 * // { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: { type: 'string', nullable: true, example: 'a', 'x-examples': ['b'] } } } }
 */
export function toOpenApi30(document: JsonObject): JsonObject {
  const { openapi: _, webhooks, info, ...rest } = document;
  const { summary, license, ...about } = isObject(info) ? info : {};
  const { identifier, ...licensed } = isObject(license) ? license : {};
  return {
    openapi: '3.0.3',
    info: {
      ...about,
      ...(license === undefined
        ? {}
        : { license: { ...licensed, ...(identifier === undefined ? {} : { 'x-identifier': identifier }) } }),
      ...(summary === undefined ? {} : { 'x-summary': summary }),
    },
    ...(down(rest) as JsonObject),
    ...(webhooks === undefined ? {} : { 'x-webhooks': down(webhooks) }),
  };
}

/** Keywords whose values are data, not schemas or OpenAPI objects: copied as written. */
const AS_WRITTEN = new Set(['example', 'default', 'enum', 'const', 'links']);

function down(node: Json): Json {
  if (Array.isArray(node)) return node.map(down);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-') || AS_WRITTEN.has(key) || (key === 'examples' && !Array.isArray(value))) out[key] = value;
    // Property names are names, whatever keyword they spell (`default`, `type`).
    else if (key === 'properties' && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, down(schema)]));
    else out[key] = down(value);
  }
  return downSchema(out);
}

/** One schema's 3.1-only keywords as 3.0 says them; anything else is returned as it is. */
function downSchema(schema: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') Object.assign(out, downType(Array.isArray(value) ? value.map(String) : [String(value)]));
    else if (key === 'const') out.enum = schema.enum ?? [value];
    // A schema's examples are an array; an Example Object map (a media type's, a parameter's) is 3.0 as it is.
    else if (key === 'examples' && Array.isArray(value)) {
      if (value.length > 0) out.example = value[0]!;
      if (value.length > 1) out['x-examples'] = value.slice(1);
    } else if (key !== 'if' && key !== 'then' && key !== 'else') out[key] = value;
  }
  // if A then B: not A, or B; if A else C: A, or C.
  const { if: condition, then, else: otherwise } = schema;
  const rules: Json[] = [];
  if (condition !== undefined && then !== undefined) rules.push({ anyOf: [{ not: condition }, then] });
  if (condition !== undefined && otherwise !== undefined) rules.push({ anyOf: [condition, otherwise] });
  if (rules.length > 0) out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), ...rules];
  return typeof out.$ref === 'string' ? downReference(out) : out;
}

/** 3.0 reads nothing beside a `$ref`: a schema's own keywords go beside an `allOf` of the reference, others go. */
function downReference({ $ref, ...beside }: JsonObject): JsonObject {
  if (Object.keys(beside).length === 0 || !String($ref).startsWith('#/components/schemas/')) return { $ref: $ref! };
  return { ...beside, allOf: [{ $ref: $ref! }, ...(Array.isArray(beside.allOf) ? beside.allOf : [])] };
}

/** A 3.1 type (or type array) as 3.0 says it: `null` as `nullable`, several types as an `anyOf` of one each. */
function downType(types: string[]): JsonObject {
  const nullable: JsonObject = types.includes('null') ? { nullable: true } : {};
  const kinds = types.filter((kind) => kind !== 'null');
  if (kinds.length > 1) return { anyOf: kinds.map((kind) => ({ type: kind, ...nullable })) };
  // 3.0 has no null type: a string that may only be null.
  return kinds.length === 1 ? { type: kinds[0]!, ...nullable } : { type: 'string', enum: [null], ...nullable };
}

interface Outputs {
  source: string;
  /** File names under openapi/generated/. */
  types: string;
  json: string;
  /** The document without its prose, which the module exports. */
  runtime: string;
  module: string;
  name: string;
}

/** A document's types (openapi-typescript, plus the parameters it defaults), its JSON and a module exporting it. */
async function documentFiles(document: JsonObject, out: Outputs): Promise<GeneratedFile[]> {
  const types = astToString(await openapiTS(structuredClone(document) as never, { alphabetize: false }));
  return [
    {
      path: `openapi/generated/${out.types}`,
      content:
        HEADER('TypeScript types by openapi-typescript, then the parameters the validator defaults.', out.source) +
        '\n' +
        types +
        '\n' +
        renderParameterDefaults(document),
    },
    {
      // JSON, not a TS object literal: Node parses it an order of magnitude faster at start-up.
      path: `openapi/generated/${out.json}`,
      content: `${JSON.stringify({ 'x-generated': GENERATED_MARKER(out.source), ...document }, null, 2)}\n`,
    },
    {
      path: `openapi/generated/${out.runtime}`,
      content: `${JSON.stringify({ 'x-generated': GENERATED_MARKER(out.source), ...withoutProse(document) })}\n`,
    },
    {
      path: `openapi/generated/${out.module}`,
      content:
        HEADER('The OpenAPI document as a module, so the browser, Node and tests share one parsed copy.', out.source) +
        `// Without its prose (descriptions, summaries, x-assumption sentences): nothing at run time reads\n` +
        `// them, and they were half of what the document weighs in a browser bundle (docs/performance.md,\n` +
        `// "Browser weight"). The whole document, prose included, is ./${out.json}.\n` +
        `\nimport json from './${out.runtime}' with { type: 'json' };\n\n` +
        `// eslint-disable-next-line\nexport const ${out.name}: Record<string, any> = json;\n`,
    },
  ];
}

const PROSE = new Set(['description', 'summary', 'x-assumption']);
const DATA = new Set(['example', 'examples', 'default', 'const', 'enum']);

/**
 * The document without its prose: every string-valued `description`, `summary` and `x-assumption`
 * keyword outside example, default, const and enum values (where such a name is a field of the data).
 *
 * @example
 * withoutProse({ description: 'A hook', properties: { description: { type: 'string' } }, example: { description: 'kept' } });
 * // { properties: { description: { type: 'string' } }, example: { description: 'kept' } }
 */
function withoutProse(value: unknown, inData = false): JsonObject {
  const walk = (node: unknown, data: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, data));
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      if (!data && PROSE.has(key) && typeof child === 'string') continue;
      out[key] = walk(child, data || DATA.has(key));
    }
    return out;
  };
  return walk(value, inData) as JsonObject;
}

/**
 * What the server side needs beyond openapi-typescript's types: `PathOperationId`, the operations
 * a server answers (its `operations` also hold the `webhooks` it sends), and `ParameterDefaults`,
 * per operation and location the names of the parameters whose schema has a default. The validator
 * applies those defaults, so a route always receives them (mocks/app/routes-meta.ts).
 */
function renderParameterDefaults(document: object): string {
  const operations = resolveOperations(document);
  const lines: string[] = [];
  for (const { info } of operations) {
    const byLocation = new Map<string, string[]>();
    for (const param of info.parameters) {
      if (param.shape.default === undefined || param.in === 'cookie') continue;
      byLocation.set(param.in, [...(byLocation.get(param.in) ?? []), JSON.stringify(param.name)]);
    }
    if (byLocation.size === 0) continue;
    const entries = [...byLocation].map(([location, names]) => `${location}: ${names.join(' | ')}`);
    lines.push(`    ${info.operationId}: { ${entries.join('; ')} };`);
  }
  const ids = operations.map(({ info }) => JSON.stringify(info.operationId));
  return [
    '/** The operations under `paths`: what a server answers. */',
    `export type PathOperationId = ${ids.join(' | ') || 'never'};`,
    '',
    '/** Per operation and location, the parameters whose schema has a default (always present once validated). */',
    'export interface ParameterDefaults {',
    ...lines,
    '}',
    '',
  ].join('\n');
}

function renderAssumptions(document: unknown): string {
  const rows = collectAssumptions(document).map(
    ({ pointer, sentence }) =>
      `| \`${pointer}\` | ${(sentence || '(no sentence: the document test fails on this)').replaceAll('|', '\\|')} |`,
  );
  return [
    '<!-- GENERATED FILE — do not edit. Source: the `x-assumed` markers of openapi/openapi.yaml; regenerate with `npm run generate`. -->',
    '# Assumptions',
    '',
    'Where the spec says "not shown", the document makes an assumption and marks it with `x-assumed: true`',
    `and an \`x-assumption\` sentence. This list is generated from those markers (${rows.length} in all).`,
    '',
    '| where (JSON pointer into openapi.yaml) | what we assumed |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
}
