// The one Ajv set-up, test support only (not in the package): the document as one schema resource, so pointers and
// `#/components/...` resolve as Prism sees them. Strict for the document tests; lenient, the schema check's reference.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import type * as core from 'ajv/dist/core.js';
import addFormatsModule from 'ajv-formats';
import { escapePointer } from '../openapi/json-pointer.ts';
import { ORDERED, orderedFailure } from '../openapi/schema-check.ts';

type AjvCore = core.default;

// ajv-formats is CommonJS; under Node's ESM loader its default export is the module object.
/**
 * ajv-formats' formats added to an Ajv (the document's `date-time`, `email`, ...), whichever loader read it.
 * @example
 * addFormats(new Ajv2020({ strict: true }));
 */
export const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: AjvCore,
) => void;

/** An Ajv class: `Ajv2020` (OpenAPI 3.1's default dialect) or draft-07's `Ajv` (what Prism uses). */
type AjvClass = new (options: Options) => AjvCore;

export interface SchemaSetOptions {
  /** Default `Ajv2020`; draft-07's class is passed in by the tests that want Prism's dialect. */
  engine?: AjvClass;
  /** Strict: an unknown keyword (`minLenght`) fails the compile; lenient (default) ignores it, as serving needs. */
  strict?: boolean;
}

const DOCUMENT_ID = 'https://workflow-api-kit.test/openapi.json';
// OpenAPI's format names beyond JSON Schema's: annotations only.
const OPENAPI_FORMATS = ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'];

/**
 * Ajv over one OpenAPI document, addressed by JSON pointers into it.
 * @example
 * const schemas = documentSchemas(document, { strict: true });
 * schemas.errors('/components/schemas/Workflow', { name: 1 }); // Ajv's ErrorObjects, [] when valid
 */
export function documentSchemas(document: object, options: SchemaSetOptions = {}) {
  const Engine = options.engine ?? Ajv2020;
  // verbose: each error carries the schema that failed, which toIssues reads `x-error-code` from.
  const ajv = options.strict
    ? new Engine({
        allErrors: true,
        verbose: true,
        strict: true,
        strictTypes: false,
        strictTuples: false,
        strictRequired: true,
      })
    : // the document carries OpenAPI keywords (example, x-*, discriminator) beside JSON Schema ones
      new Engine({ allErrors: true, verbose: true, strict: false, validateFormats: true });
  addFormats(ajv);
  for (const name of OPENAPI_FORMATS) ajv.addFormat(name, true);
  ajv.addKeyword(ORDERED_KEYWORD);
  if (options.strict) {
    // Ajv compiles the root resource when it resolves a pointer, so the top-level keys (openapi, info, paths, ...) count too.
    const rootKeys = Object.keys(document).filter((key) => !key.startsWith('x-'));
    const annotations = new Set([
      'example',
      'discriminator',
      'xml',
      'externalDocs',
      ...rootKeys,
      ...extensionKeys(document),
    ]);
    annotations.delete(ORDERED);
    for (const keyword of annotations)
      ajv.addKeyword({ keyword, schemaType: ['string', 'number', 'boolean', 'object', 'array', 'null'] });
  }
  // No meta-schema pass over the whole document: Redocly and openapi/document.test.ts check it, and
  // compiling the 2020-12 meta-schema would cost the mock server a third of its start-up.
  ajv.addSchema({ ...document, $id: DOCUMENT_ID }, DOCUMENT_ID, undefined, false);

  const compiler = () => {
    const compiled = new Map<string, ValidateFunction>();
    return (ref: string) => compiled.get(ref) ?? compiled.set(ref, ajv.compile({ $ref: ref })).get(ref)!;
  };
  const compileRef = compiler();
  /** The compiled schema at `pointer` (a JSON pointer into the document). */
  const at = (pointer: string): ValidateFunction => compileRef(`${DOCUMENT_ID}#${encodeURI(pointer)}`);
  return {
    at,
    /** Ajv errors of `value` against the schema at `pointer`, or [] when valid. */
    errors(pointer: string, value: unknown): ErrorObject[] {
      const validate = at(pointer);
      return validate(value) ? [] : [...(validate.errors ?? [])];
    },
    /** Schemas of one's own beside the document's, sharing its compiled code; answers each name's compiled schema. */
    extend(name: string, schemas: Record<string, object>): (schemaName: string) => ValidateFunction {
      const id = `${DOCUMENT_ID.replace(/openapi\.json$/, '')}${encodeURIComponent(name)}.json`;
      const own = new Set(Object.keys(schemas));
      ajv.addSchema({ $id: id, components: { schemas: towardDocument(schemas, own) } }, id, undefined, false);
      const compileOwn = compiler();
      return (schemaName: string) =>
        compileOwn(`${id}#${encodeURI(`/components/schemas/${escapePointer(schemaName)}`)}`);
    },
  };
}

/** `value` with each `$ref` to a component schema not in `own` made absolute, into the document's resource. */
function towardDocument<T>(value: T, own: ReadonlySet<string>): T {
  if (Array.isArray(value)) return value.map((item) => towardDocument(item, own)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const local = key === '$ref' && typeof item === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(item) : null;
    out[key] =
      local !== null && !own.has(decodeURIComponent(local[1]!)) ? `${DOCUMENT_ID}${item}` : towardDocument(item, own);
  }
  return out as T;
}

// The x-ordered rule lives in schema-check.ts; Ajv applies the same function.
function ordered(names: readonly string[], data: Record<string, unknown>): boolean {
  const failure = orderedFailure(names, data);
  (ordered as { errors?: Partial<ErrorObject>[] }).errors = failure === null ? [] : [failure];
  return failure === null;
}

const ORDERED_KEYWORD = {
  keyword: ORDERED,
  type: 'object',
  schemaType: 'array',
  errors: true,
  validate: ordered,
} as const;

/** Every `x-*` key used anywhere, so strict Ajv knows them as annotations instead of rejecting them. */
function extensionKeys(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) extensionKeys(item, found);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeys(child, found);
    }
  return found;
}
