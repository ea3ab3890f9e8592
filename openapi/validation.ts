// Validation of requests, responses and webhook payloads against the OpenAPI document itself.
// Nothing here re-types a rule by hand: every check compiles a JSON pointer into the document with
// Ajv, so the fake, the contract suites and the document tests can never disagree about a schema.
// Browser-safe (no Node imports): the MSW handlers validate requests with it in the browser too.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { escapePointer, followRef } from './json-pointer.ts';

// ajv-formats is CommonJS; under Node's ESM loader its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

export interface Issue {
  /** JSON pointer. Request issues start with their location (`/query/limit`, `/body/org_id`); response issues point into the body. */
  pointer: string;
  message: string;
}

export type OperationLookup =
  | { kind: 'match'; operationId: string; method: string; template: string; pathParams: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

export interface RequestInput {
  pathParams: Record<string, string>;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined when the request has none. */
  body: unknown;
}

export interface RequestValidation {
  issues: Issue[];
  /** Parameter values coerced to their schema types, with schema defaults applied. */
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
}

export interface Validator {
  operationIds: string[];
  matchOperation(method: string, path: string): OperationLookup;
  validateRequest(operationId: string, request: RequestInput): RequestValidation;
  validateResponse(operationId: string, status: number, contentType: string | null, body: unknown): Issue[];
  validateSchema(schemaName: string, value: unknown): Issue[];
  validateWebhookPayload(webhookName: string, body: unknown): Issue[];
  /** The operation's method, path template and whether it declares a JSON request body. */
  describeOperation(operationId: string): OperationInfo;
}

export interface OperationInfo {
  operationId: string;
  method: string;
  template: string;
  hasJsonBody: boolean;
  bodyRequired: boolean;
  parameters: ParameterInfo[];
}

export interface ParameterInfo {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON pointer (into the document) of the parameter's schema. */
  schemaPointer: string;
  schema: Record<string, unknown>;
}

interface Route {
  info: OperationInfo;
  regex: RegExp;
  paramNames: string[];
  /** Fewer template parameters first, so `/users/me` wins over a hypothetical `/users/{id}`. */
  paramCount: number;
  bodySchemaPointer: string | null;
  responses: Map<string, { pointer: string; content: Map<string, string | null> }>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
const DOC_ID = 'openapi.json';

type Json = Record<string, unknown>;


export function createValidator(document: object): Validator {
  const doc = document as Json;
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false, // the document carries OpenAPI keywords (example, x-*, discriminator) beside JSON Schema ones
    validateFormats: true,
  });
  addFormats(ajv);
  for (const name of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) {
    ajv.addFormat(name, true);
  }
  // No meta-schema pass over the whole document here: Redocly and openapi/document.test.ts check
  // it, and compiling the 2020-12 meta-schema would cost the mock server a third of its start-up.
  ajv.addSchema(doc, DOC_ID, undefined, false);

  const compiled = new Map<string, ValidateFunction>();
  const compilePointer = (pointer: string): ValidateFunction => {
    let fn = compiled.get(pointer);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      compiled.set(pointer, fn);
    }
    return fn;
  };

  /** Follows `$ref`s of OpenAPI objects (parameters, responses, request bodies), keeping track of where they land. */
  const resolve = (node: unknown, pointer: string): { node: Json; pointer: string } => {
    const found = followRef(doc, node, pointer);
    return { node: found.node as Json, pointer: found.pointer };
  };

  const routes: Route[] = [];
  const byId = new Map<string, Route>();
  const paths = (doc.paths ?? {}) as Json;
  for (const [template, rawItem] of Object.entries(paths)) {
    const itemPointer = `/paths/${escapePointer(template)}`;
    const { node: item, pointer: itemAt } = resolve(rawItem, itemPointer);
    const shared = (item.parameters ?? []) as unknown[];
    const paramNames: string[] = [];
    const pattern = template.replace(/\{([^}]+)\}|[^{]+/g, (match, name: string | undefined) => {
      if (name) {
        paramNames.push(name);
        return '([^/]+)';
      }
      return match.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
    const regex = new RegExp(`^${pattern}/?$`);
    for (const method of HTTP_METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const opPointer = `${itemAt}/${method}`;
      const operationId = String(op.operationId ?? `${method} ${template}`);
      const parameters = new Map<string, ParameterInfo>();
      const addParams = (list: unknown[], base: string) =>
        list.forEach((raw, index) => {
          const { node: p, pointer } = resolve(raw, `${base}/${index}`);
          const location = p.in as ParameterInfo['in'];
          const name = location === 'header' ? String(p.name).toLowerCase() : String(p.name);
          parameters.set(`${location}:${name}`, {
            name,
            in: location,
            required: p.required === true,
            schemaPointer: `${pointer}/schema`,
            schema: (p.schema ?? {}) as Json,
          });
        });
      addParams(shared, `${itemAt}/parameters`);
      addParams((op.parameters ?? []) as unknown[], `${opPointer}/parameters`);

      let bodySchemaPointer: string | null = null;
      let bodyRequired = false;
      if (op.requestBody) {
        const { node: body, pointer } = resolve(op.requestBody, `${opPointer}/requestBody`);
        bodyRequired = body.required === true;
        const content = (body.content ?? {}) as Json;
        if (content['application/json']) bodySchemaPointer = `${pointer}/content/application~1json/schema`;
      }

      const responses = new Map<string, { pointer: string; content: Map<string, string | null> }>();
      for (const [status, raw] of Object.entries((op.responses ?? {}) as Json)) {
        const { node: response, pointer } = resolve(raw, `${opPointer}/responses/${status}`);
        const content = new Map<string, string | null>();
        for (const [mediaType, media] of Object.entries((response.content ?? {}) as Json)) {
          content.set(
            mediaType.toLowerCase(),
            (media as Json).schema ? `${pointer}/content/${escapePointer(mediaType)}/schema` : null,
          );
        }
        responses.set(status.toUpperCase(), { pointer, content });
      }

      const route: Route = {
        info: {
          operationId,
          method: method.toUpperCase(),
          template,
          hasJsonBody: bodySchemaPointer !== null,
          bodyRequired,
          parameters: [...parameters.values()],
        },
        regex,
        paramNames,
        paramCount: paramNames.length,
        bodySchemaPointer,
        responses,
      };
      routes.push(route);
      byId.set(operationId, route);
    }
  }
  routes.sort((a, b) => a.paramCount - b.paramCount);

  const routeFor = (operationId: string): Route => {
    const route = byId.get(operationId);
    if (!route) throw new Error(`unknown operationId ${operationId}`);
    return route;
  };

  const toIssues = (errors: ErrorObject[] | null | undefined, prefix: string): Issue[] =>
    (errors ?? []).map((error) => {
      let pointer = prefix + error.instancePath;
      if (error.keyword === 'required') pointer += `/${escapePointer(String(error.params.missingProperty))}`;
      if (error.keyword === 'additionalProperties') {
        pointer += `/${escapePointer(String(error.params.additionalProperty))}`;
      }
      return { pointer, message: error.message ?? error.keyword };
    });

  // oneOf/anyOf failures report every branch; keep the report short by dropping duplicates.
  const dedupe = (issues: Issue[]) => {
    const seen = new Set<string>();
    return issues.filter((issue) => {
      const key = `${issue.pointer} ${issue.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };

  const validateAt = (pointer: string, value: unknown, prefix: string): Issue[] => {
    const fn = compilePointer(pointer);
    return fn(value) ? [] : dedupe(toIssues(fn.errors, prefix));
  };

  return {
    operationIds: routes.map((r) => r.info.operationId),

    describeOperation: (operationId) => routeFor(operationId).info,

    matchOperation(method, path) {
      const upper = method.toUpperCase();
      const allowed: string[] = [];
      for (const route of routes) {
        const match = route.regex.exec(path);
        if (!match) continue;
        if (route.info.method !== upper) {
          allowed.push(route.info.method);
          continue;
        }
        const pathParams: Record<string, string> = {};
        try {
          route.paramNames.forEach((name, index) => {
            pathParams[name] = decodeURIComponent(match[index + 1] ?? '');
          });
        } catch {
          return { kind: 'not_found' };
        }
        return { kind: 'match', operationId: route.info.operationId, method: upper, template: route.info.template, pathParams };
      }
      return allowed.length > 0 ? { kind: 'method_not_allowed', allowed: [...new Set(allowed)] } : { kind: 'not_found' };
    },

    validateRequest(operationId, request) {
      const route = routeFor(operationId);
      const issues: Issue[] = [];
      const out: Record<'path' | 'query' | 'header', Record<string, unknown>> = { path: {}, query: {}, header: {} };
      for (const param of route.info.parameters) {
        if (param.in === 'cookie') continue;
        const raw = readParameter(param, request);
        const location = `/${param.in}/${escapePointer(param.name)}`;
        if (raw === undefined) {
          if (param.required) issues.push({ pointer: location, message: `required ${param.in} parameter "${param.name}" is missing` });
          else if ('default' in param.schema) out[param.in][param.name] = param.schema.default;
          continue;
        }
        const value = coerce(raw, param.schema);
        issues.push(...validateAt(param.schemaPointer, value, location));
        out[param.in][param.name] = value;
      }
      if (route.bodySchemaPointer) {
        if (request.body === undefined) {
          if (route.info.bodyRequired) issues.push({ pointer: '/body', message: 'request body is required' });
        } else {
          issues.push(...validateAt(route.bodySchemaPointer, request.body, '/body'));
        }
      }
      return { issues, ...out };
    },

    validateResponse(operationId, status, contentType, body) {
      const route = routeFor(operationId);
      const documented =
        route.responses.get(String(status)) ?? route.responses.get(`${String(status)[0]}XX`) ?? route.responses.get('DEFAULT');
      if (!documented) {
        return [{ pointer: '', message: `status ${status} is not documented for ${operationId} (documented: ${[...route.responses.keys()].join(', ')})` }];
      }
      if (documented.content.size === 0) {
        const empty = body === undefined || body === null || body === '';
        return empty ? [] : [{ pointer: '', message: `status ${status} of ${operationId} is documented without a body, but one was sent` }];
      }
      const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
      if (!documented.content.has(mediaType)) {
        return [{ pointer: '', message: `content type "${contentType ?? ''}" is not documented for ${operationId} ${status} (documented: ${[...documented.content.keys()].join(', ')})` }];
      }
      const schemaPointer = documented.content.get(mediaType);
      return schemaPointer ? validateAt(schemaPointer, body, '') : [];
    },

    validateSchema(schemaName, value) {
      const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
      if (!(schemaName in schemas)) throw new Error(`unknown schema ${schemaName}`);
      return validateAt(`/components/schemas/${escapePointer(schemaName)}`, value, '');
    },

    validateWebhookPayload(webhookName, body) {
      const webhooks = (doc.webhooks ?? {}) as Json;
      if (!(webhookName in webhooks)) throw new Error(`unknown webhook ${webhookName}`);
      const { node: item, pointer } = resolve(webhooks[webhookName], `/webhooks/${escapePointer(webhookName)}`);
      const post = item.post as Json | undefined;
      if (!post?.requestBody) throw new Error(`webhook ${webhookName} has no POST request body`);
      const { pointer: bodyPointer } = resolve(post.requestBody, `${pointer}/post/requestBody`);
      return validateAt(`${bodyPointer}/content/application~1json/schema`, body, '');
    },
  };
}

function readParameter(param: ParameterInfo, request: RequestInput): string | string[] | undefined {
  switch (param.in) {
    case 'path':
      return request.pathParams[param.name];
    case 'header':
      return request.headers[param.name];
    case 'query': {
      if (!request.query.has(param.name)) return undefined;
      return param.schema.type === 'array' ? request.query.getAll(param.name) : (request.query.get(param.name) ?? undefined);
    }
    default:
      return undefined;
  }
}

/** Turns a raw string into the type its schema asks for; leaves it alone when it does not parse, so Ajv reports it. */
function coerce(raw: string | string[], schema: Record<string, unknown>): unknown {
  if (Array.isArray(raw)) {
    const items = (schema.items ?? {}) as Record<string, unknown>;
    return raw.map((item) => coerce(item, items));
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer') && /^-?\d+$/.test(raw)) return Number(raw);
  if (types.includes('number') && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}
