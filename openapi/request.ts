// A request against its operation: parameters read, coerced, defaulted and checked, then the JSON body; issues point
// at their location (`/query/limit`, `/body/org_id`) and carry the document's `x-error-code`.
import type { ResolvedOperation, ResolvedParameter, ValueShape } from './document/resolve.ts';
import { escapePointer } from './json-pointer.ts';
import type { SchemaChecks } from './schema-check.ts';
import type { Issue, RequestInput, RequestValidation } from './types.ts';

export function validateRequest(
  schemas: SchemaChecks,
  operation: ResolvedOperation,
  request: RequestInput,
): RequestValidation {
  const issues: Issue[] = [];
  const out: Record<'path' | 'query' | 'header', Record<string, unknown>> = { path: {}, query: {}, header: {} };
  for (const param of operation.info.parameters) {
    if (param.in === 'cookie') continue;
    const raw = readParameter(param, request);
    const location = locationOf(param);
    if (raw === undefined) {
      if (param.required)
        issues.push({ pointer: location, message: `required ${param.in} parameter "${param.name}" is missing` });
      else if (param.shape.default) out[param.in][param.name] = param.shape.default.value;
      continue;
    }
    const value = coerce(raw, param.shape);
    append(issues, schemas.issues(param.schemaPointer, value, location));
    out[param.in][param.name] = value;
  }
  let body = request.body;
  if (operation.bodySchemaPointer) {
    if (body !== undefined) append(issues, schemas.issues(operation.bodySchemaPointer, body, '/body'));
    else if (operation.info.bodyRequired) issues.push({ pointer: '/body', message: 'request body is required' });
    body = withDefaults(body, operation.bodyDefaults);
  }
  return { issues, ...out, body };
}

// Every request checks every parameter of its operation: the pointer is built once per parameter.
const locations = new WeakMap<ResolvedParameter, string>();

function locationOf(param: ResolvedParameter): string {
  let location = locations.get(param);
  if (location === undefined) {
    location = `/${param.in}/${escapePointer(param.name)}`;
    locations.set(param, location);
  }
  return location;
}

/** `push(...more)` passes every item as an argument: ~124,000 issues overflowed the stack (docs/errors.md). */
function append(issues: Issue[], more: readonly Issue[]): void {
  for (const issue of more) issues.push(issue);
}

/** A copy of an object body with the missing defaulted properties filled in; anything else as it is. */
function withDefaults(body: unknown, defaults: ResolvedOperation['bodyDefaults']): unknown {
  if (defaults.length === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const missing = defaults.filter(([name]) => !Object.hasOwn(body, name));
  if (missing.length === 0) return body;
  const filled: Record<string, unknown> = { ...body };
  for (const [name, value] of missing) filled[name] = structuredClone(value);
  return filled;
}

function readParameter(param: ResolvedParameter, request: RequestInput): string | string[] | undefined {
  switch (param.in) {
    case 'path':
      return request.pathParams[param.name];
    case 'header':
      return request.headers[param.name];
    case 'query':
      if (!request.query.has(param.name)) return undefined;
      return param.shape.array ? request.query.getAll(param.name) : (request.query.get(param.name) ?? undefined);
    default:
      return undefined;
  }
}

/** Turns raw text into the type its schema asks for; leaves it alone when it does not parse, so the schema check reports it. */
export function coerce(raw: string | string[], shape: ValueShape): unknown {
  if (Array.isArray(raw)) return raw.map((item) => (shape.items ? coerce(item, shape.items) : item));
  if (shape.integer && /^-?\d+$/.test(raw)) return Number(raw);
  if (shape.number && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (shape.boolean && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}
