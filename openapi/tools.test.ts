// The document in the tools of the field, each run strict as a user runs it (docs/openapi.md, "In the tools of
// the field"): three parsers, Spectral's `spectral:oas`, two client generators whose output compiles under
// `tsc --strict` and keeps `null` where the document allows it; and the OpenAPI 3.0.3 build in swagger-parser's
// 3.0 schema and openapi-backend. All in-process from devDependencies, in temporary folders, offline.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createClient } from '@hey-api/openapi-ts';
import { validate as readmeValidate } from '@readme/openapi-parser';
import { validate as scalarValidate } from '@scalar/openapi-parser';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Yaml } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { OpenAPIBackend } from 'openapi-backend';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { addFormats } from '../support/ajv.ts';
import { toOpenApi30 } from './generate.ts';
import { DOCUMENT_PATH, loadDocument, type JsonObject } from './load-document.ts';

// Generous: the suite shares two cores with other suites, and a generator plus a compile takes seconds alone.
const SLOW = 180_000;
const fresh = () => loadDocument() as Record<string, unknown>;
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const folder = mkdtempSync(join(tmpdir(), 'openapi-tools-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Whether a schema admits null: a type array with `null`, or an `anyOf`/`oneOf` with a `type: 'null'` branch. */
function admitsNull(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { type, anyOf, oneOf } = schema as { type?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };
  if (Array.isArray(type) && type.includes('null')) return true;
  return [...(anyOf ?? []), ...(oneOf ?? [])].some((branch) => (branch as { type?: unknown }).type === 'null');
}

/** Every component schema, and every property of one, that admits null: `[schema]` or `[schema, property]`. */
function nullableSchemas(document: JsonObject): string[][] {
  const schemas = (document.components as { schemas: Record<string, { properties?: Record<string, unknown> }> })
    .schemas;
  return Object.entries(schemas).flatMap(([name, schema]) => [
    ...(admitsNull(schema) ? [[name]] : []),
    ...Object.entries(schema.properties ?? {})
      .filter(([, property]) => admitsNull(property))
      .map(([property]) => [name, property]),
  ]);
}

/**
 * A module that compiles only if each type takes `null` and is no `unknown`/`any` (a symbol is refused: the
 * `@ts-expect-error` above it must be needed). `typeOf` writes the type of `[schema, property?]` in the client's terms.
 */
function nullProbe(header: string, nullable: string[][], typeOf: (path: string[]) => string): string {
  const lines = nullable.map(
    (path, n) =>
      `export const null${n}: ${typeOf(path)} = null;\n// @ts-expect-error: typed, not unknown\nexport const symbol${n}: ${typeOf(path)} = Symbol();`,
  );
  return `${header}\n${lines.join('\n')}\n`;
}

/** `tsc --strict --noEmit` over `files` with the repo's TypeScript: the diagnostics, as text. */
function compileStrict(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('openapi/openapi.yaml in the tools of the field', () => {
  it(
    'validates in swagger-parser, @scalar/openapi-parser and @readme/openapi-parser, with no error or warning',
    async () => {
      await expect(SwaggerParser.validate(fresh() as never)).resolves.toBeDefined();
      const scalar = await scalarValidate(fresh());
      expect(scalar.errors ?? []).toEqual([]);
      expect(scalar.valid).toBe(true);
      const readme = await readmeValidate(fresh() as never);
      expect(readme).toMatchObject({ valid: true, warnings: [] });
    },
    SLOW,
  );

  it(
    "has no error in Spectral's spectral:oas, and only the warning docs/openapi.md explains",
    async () => {
      const spectral = new Spectral();
      spectral.setRuleset(oas as never);
      const results = await spectral.run(new Document(readFileSync(DOCUMENT_PATH, 'utf8'), Yaml, DOCUMENT_PATH));
      expect(results.map(({ code, severity, path }) => `${severity} ${String(code)} ${path.join('.')}`)).toEqual([
        '1 info-contact info',
      ]);
    },
    SLOW,
  );

  it(
    'generates with openapi-typescript and @hey-api/openapi-ts clients that compile strict and keep null',
    async () => {
      const document = loadDocument();
      const nullable = nullableSchemas(document);
      // The constructs that lost null in some generators (issue 40): a multi-type union, an object-or-null.
      expect(nullable).toEqual(expect.arrayContaining([['PropValue'], ['ConfigurePropResponse', 'context']]));
      const openapiTypescript = join(folder, 'openapi-typescript.ts');
      writeFileSync(openapiTypescript, astToString(await openapiTS(fresh() as never)));
      await createClient({
        input: fresh() as never,
        output: { path: join(folder, 'hey-api') },
        plugins: ['@hey-api/typescript'],
        logs: { level: 'silent' },
      });
      const member = ([, property]: string[]) => (property === undefined ? '' : `[${JSON.stringify(property)}]`);
      const probes = {
        'openapi-typescript-probe.ts': nullProbe(
          "import type { components } from './openapi-typescript';",
          nullable,
          (path) => `components['schemas'][${JSON.stringify(path[0])}]${member(path)}`,
        ),
        'hey-api-probe.ts': nullProbe(
          "import type * as Hey from './hey-api/types.gen';",
          nullable,
          (path) => `Hey.${path[0]}${member(path)}`,
        ),
      };
      for (const [name, text] of Object.entries(probes)) writeFileSync(join(folder, name), text);
      expect(compileStrict(Object.keys(probes).map((name) => join(folder, name)))).toEqual([]);
    },
    SLOW,
  );
});

describe('the OpenAPI 3.0.3 build (openapi/generated/openapi-3.0.json)', () => {
  const built = () => JSON.parse(readFileSync(new URL('./generated/openapi-3.0.json', import.meta.url), 'utf8'));

  it(
    "validates against swagger-parser's OpenAPI 3.0 schema and loads in openapi-backend with strict: true",
    async () => {
      expect(built().openapi).toBe('3.0.3');
      await expect(SwaggerParser.validate(built())).resolves.toBeDefined();
      const backend = new OpenAPIBackend({
        definition: built(),
        strict: true,
        customizeAjv: (ajv) => {
          addFormats(ajv as never);
          return ajv;
        },
      });
      await backend.init();
      const methods = Object.values(fresh().paths as object)
        .flatMap(Object.keys)
        .filter((key) => METHODS.has(key));
      expect(backend.getOperations().length).toBe(methods.length);
    },
    SLOW,
  );

  it('says each 3.1 construct in 3.0 words, and keeps examples, defaults and links as written', () => {
    const down = toOpenApi30({
      openapi: '3.1.0',
      info: { title: 't', version: '1', summary: 's', license: { name: 'MIT', identifier: 'MIT' } },
      paths: {},
      webhooks: { ping: { post: { responses: { '200': { description: 'ok' } } } } },
      components: {
        schemas: {
          Maybe: { type: ['string', 'null'], examples: ['a', 'b'] },
          Several: { type: ['string', 'number', 'null'] },
          Nothing: { type: 'null' },
          Kind: { const: 'k' },
          // biome-ignore lint/suspicious/noThenProperty: a JSON Schema `then`
          Either: { if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } },
          Described: { $ref: '#/components/schemas/Kind', description: 'd' },
          Names: { properties: { const: { type: ['integer', 'null'] } }, default: { type: ['x'] } },
        },
        examples: { one: { value: { type: ['kept'], const: 1 } } },
      },
    });
    expect(down).toEqual({
      openapi: '3.0.3',
      info: { title: 't', version: '1', license: { name: 'MIT', 'x-identifier': 'MIT' }, 'x-summary': 's' },
      paths: {},
      components: {
        schemas: {
          Maybe: { type: 'string', nullable: true, example: 'a', 'x-examples': ['b'] },
          Several: {
            anyOf: [
              { type: 'string', nullable: true },
              { type: 'number', nullable: true },
            ],
          },
          Nothing: { type: 'string', enum: [null], nullable: true },
          Kind: { enum: ['k'] },
          Either: {
            allOf: [
              { anyOf: [{ not: { required: ['a'] } }, { required: ['b'] }] },
              { anyOf: [{ required: ['a'] }, { required: ['c'] }] },
            ],
          },
          Described: { description: 'd', allOf: [{ $ref: '#/components/schemas/Kind' }] },
          Names: { properties: { const: { type: 'integer', nullable: true } }, default: { type: ['x'] } },
        },
        examples: { one: { value: { type: ['kept'], const: 1 } } },
      },
      'x-webhooks': { ping: { post: { responses: { '200': { description: 'ok' } } } } },
    });
  });
});
