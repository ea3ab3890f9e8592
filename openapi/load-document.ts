// Test helpers for openapi/document.test.ts: read the hand-written YAML itself (not the generated
// copy, so the document tests judge the source of truth), walk it, and validate values against
// any JSON pointer inside it with Ajv in either JSON Schema dialect the document must satisfy.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { escapePointer, followRef, valueAt } from './json-pointer.ts';

// ajv-formats is CommonJS; under Node's ESM loader its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv | Ajv2020,
) => void;

export const DOCUMENT_FILE = fileURLToPath(new URL('./openapi.yaml', import.meta.url));

// The parsed YAML is plain JSON data; `Json` keeps the walkers honest about that.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function readDocument(): JsonObject {
  return parse(readFileSync(DOCUMENT_FILE, 'utf8')) as JsonObject;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 6901 pointer from path segments. */
export function pointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + escapePointer(String(s))).join('');
}

/** The value at a pointer, or undefined. */
export function at(document: Json, ptr: string): Json | undefined {
  return valueAt(document, ptr) as Json | undefined;
}

/** Follows a local `$ref` (`#/components/...`) until a non-reference object is reached. */
export function deref(document: JsonObject, value: Json | undefined): Json | undefined {
  return followRef(document, value).node as Json | undefined;
}

/** Every `x-*` key used anywhere, so strict Ajv knows them as annotations instead of rejecting them. */
export function extensionKeys(value: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) extensionKeys(item, found);
  else if (isObject(value))
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeys(child, found);
    }
  return found;
}

export type Dialect = 'draft-07' | '2020-12';

export interface PointerValidator {
  /** Ajv errors of `value` against the schema at `schemaPointer` (a JSON pointer into the document), or [] when valid. */
  errors(schemaPointer: string, value: unknown): ErrorObject[];
}

const DOCUMENT_ID = 'https://workflow-api-kit.test/openapi.json';

/**
 * The whole document is registered as one schema resource, so a schema anywhere in it (and the
 * `#/components/schemas/...` references inside) resolves exactly as Prism and the linter see it.
 * Strict mode stays on: an unknown keyword (a typo such as `minLenght`) fails the compile.
 */
export function createPointerValidator(document: JsonObject, dialect: Dialect): PointerValidator {
  const options = { allErrors: true, strict: true, strictTypes: false, strictTuples: false, strictRequired: true };
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  // OpenAPI's own schema keywords are annotations for validation purposes. The document's top-level
  // keys (openapi, info, paths, ...) are too: Ajv compiles the root resource when it resolves a pointer.
  const rootKeys = Object.keys(document).filter((key) => !key.startsWith('x-'));
  const annotations = new Set(['example', 'discriminator', 'xml', 'externalDocs', ...rootKeys, ...extensionKeys(document)]);
  for (const keyword of annotations)
    ajv.addKeyword({ keyword, schemaType: ['string', 'number', 'boolean', 'object', 'array', 'null'] });
  ajv.addSchema({ ...document, $id: DOCUMENT_ID }, DOCUMENT_ID, undefined, false);
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return {
    errors(schemaPointer, value) {
      let validate = compiled.get(schemaPointer);
      if (validate === undefined) {
        validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${encodeURI(schemaPointer)}` });
        compiled.set(schemaPointer, validate);
      }
      return validate(value) ? [] : [...(validate.errors ?? [])];
    },
  };
}

export function formatErrors(errors: readonly ErrorObject[]): string {
  return errors.map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`).join('; ');
}
