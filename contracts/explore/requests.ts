// Drawn moves to requests: pooled IDs and the document's examples fill the parameters, a link's expressions carry
// values from one answer to the next; and what makes a request invalid, which decides what its answer must be.
import { evaluateExpression, linkParameter, type ExpressionSource, type LinkUniverse } from '../../openapi/coverage.ts';
import type { Operation, Step, Value } from './generators.ts';

/** One request as the engine sends it: the path is relative to its face's base (no /v1). */
export interface Built {
  operation: Operation;
  method: string;
  /** Path and query, relative to the base URL (`/webhooks?url=...`). */
  path: string;
  pathParams: Record<string, string>;
  query: URLSearchParams;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string;
}

/** The tokens of one run: the user API key, a workspace OAuth token (JWT form), as the target allows. */
export interface RunTokens {
  user: string;
  oauth: string;
}

/** `addSources` appends up to a million sources; a run keeps it to this many so it stays short. */
const MAX_ADDED_SOURCES = 50;

/**
 * The request of a drawn step: its values resolved against the pool and the operation's example.
 * @example
 * const request = materialize(operations[step.op], step, pool, { user: 'u', oauth: 'a.b.c' });
 */
export function materialize(operation: Operation, step: Step, pool: readonly string[], tokens: RunTokens): Built {
  const example = operation.example;
  const resolve = (v: Value, fallback: unknown): unknown => {
    if ('pool' in v) return pick(pool, v.pool, fallback);
    if ('example' in v) return fallback;
    if ('text' in v) return v.text;
    // JSON.stringify recurses too: a deep nest goes in as a marker, spliced into the text below.
    if ('deep' in v) return `${MARKER}${v.objects ? 'o' : 'a'}${v.deep}`;
    if ('many' in v) return `${MARKER}m${v.many}`;
    return v.json;
  };
  const pathParams: Record<string, string> = {};
  operation.pathParams.forEach((name, i) => {
    pathParams[name] = String(resolve(step.params.path[i]!, examplePathValue(operation, name)));
  });
  const query = new URLSearchParams();
  operation.queryParams.forEach((name, i) => {
    const v = step.params.query[i];
    const fallback = example?.query.get(name) ?? undefined;
    if (v === null || v === undefined || (fallback === undefined && 'example' in v)) return;
    query.set(name, String(resolve(v, fallback)));
  });
  const headers: Record<string, string> = {};
  const auth = [`Bearer ${tokens.user}`, `Bearer ${tokens.user}`, `Bearer ${tokens.oauth}`, undefined, 'Bearer a b'][
    step.auth
  ];
  if (auth !== undefined) headers.authorization = auth;
  operation.headerParams.forEach((name, i) => {
    const v = step.params.header[i];
    const fallback = example?.headers[name] ?? 'development';
    // A header carries visible ASCII only: fetch and node:http refuse anything else before it is sent.
    if (v !== null && v !== undefined) headers[name.toLowerCase()] = headerValue(String(resolve(v, fallback)));
  });
  if (step.contentType !== null) headers['content-type'] = step.contentType;
  if (step.prefer !== null) headers.prefer = step.prefer;
  let body = '';
  if (step.body !== null) {
    if ('text' in step.body) body = step.body.text;
    else if ('json' in step.body) body = JSON.stringify(step.body.json) ?? '';
    else body = JSON.stringify(mutate(structuredClone(example?.body ?? {}), step.body.example, resolve)) ?? '';
  }
  body = body.replace(MARKED, (_, kind: string, count: string) => raw(kind, Number(count)));
  if (operation.operationId === 'addSources')
    body = body.replace(/"count":\s*(-?\d+)/, (_, n: string) => `"count":${Number(n) % (MAX_ADDED_SOURCES + 1)}`);
  return assemble(operation, pathParams, query, headers, body);
}

/** A walk's first request: the example, each of its IDs the pool lacks swapped for the `n`th pooled ID of its kind. */
export function exampleRequest(operation: Operation, n: number, pool: readonly string[], tokens: RunTokens): Built {
  const example = operation.example;
  const swap = (value: unknown): unknown =>
    mapStrings(value, (text) => {
      const prefix = /^[a-z]{1,5}_/.exec(text)?.[0];
      if (prefix === undefined || pool.includes(text) || !ID_SHAPE.test(text)) return text;
      const kind = pool.filter((id) => id.startsWith(prefix));
      return kind.length === 0 ? text : kind[n % kind.length];
    });
  const pathParams: Record<string, string> = {};
  for (const name of operation.pathParams) pathParams[name] = String(swap(examplePathValue(operation, name)));
  const query = new URLSearchParams(example?.query);
  const headers: Record<string, string> = {
    authorization: `Bearer ${tokens.user}`,
    'content-type': 'application/json',
  };
  for (const name of operation.headerParams) {
    const given = example?.headers[name];
    if (given !== undefined) headers[name.toLowerCase()] = String(swap(given));
  }
  const body = operation.hasBody ? (JSON.stringify(swap(example?.body ?? {})) ?? '') : '';
  return assemble(operation, pathParams, query, headers, body);
}

/** The request following `link` from `source`: the link's parameters and body evaluated there, else the example. */
export function followLink(link: LinkUniverse, target: Operation, source: ExpressionSource, tokens: RunTokens): Built {
  const start = exampleRequest(target, 0, [], tokens);
  const { pathParams, headers } = start;
  let body = start.body;
  // Of the example's optional parameters, none: a page cursor or a filter would hide what the link reads.
  const optional = target.validator
    .describeOperation(target.operationId)
    .parameters.filter((p) => !p.required)
    .map((p) => p.name.toLowerCase());
  const query = new URLSearchParams([...start.query].filter(([name]) => !optional.includes(name.toLowerCase())));
  for (const name of optional) if (name !== 'authorization' && name !== 'content-type') delete headers[name];
  for (const [key, expression] of Object.entries(link.parameters)) {
    const value = evaluateExpression(expression, source);
    if (value === undefined) continue;
    const { in: where, name } = linkParameter(key);
    const at =
      where ??
      (target.pathParams.includes(name)
        ? 'path'
        : target.headerParams.some((h) => h.toLowerCase() === name.toLowerCase())
          ? 'header'
          : 'query');
    if (at === 'path') pathParams[name] = String(value);
    else if (at === 'header') headers[name.toLowerCase()] = headerValue(String(value));
    else query.set(name, String(value));
  }
  // A link's body (OpenAPI's Link object): a literal, sent as JSON, or a string whose embedded expressions
  // make the body's text; a bare expression's value is sent as JSON.
  const given = link.requestBody;
  if (given !== undefined) {
    const value = evaluateExpression(given, source);
    body = typeof given === 'string' && given.includes('{$') ? String(value ?? '') : JSON.stringify(value);
  }
  return assemble(target, pathParams, query, headers, body);
}

/** The example's value of a path parameter, decoded (`x` when the example has none). */
function examplePathValue(operation: Operation, name: string): string {
  const at = operation.template.split('/').indexOf(`{${name}}`);
  return at >= 0 ? decodeURIComponent(operation.example?.path.split('/')[at] ?? 'x') : 'x';
}

function mapStrings(value: unknown, change: (text: string) => unknown): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)]));
  return value;
}

function assemble(
  operation: Operation,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  headers: Record<string, string>,
  body: string,
): Built {
  let path = operation.template;
  for (const [name, value] of Object.entries(pathParams)) path = path.replace(`{${name}}`, encodeURIComponent(value));
  const search = query.toString();
  return {
    operation,
    method: operation.method,
    path: `${path}${search === '' ? '' : `?${search}`}`,
    pathParams,
    query,
    headers,
    body,
  };
}

const headerValue = (value: string) => value.replace(/[^\x20-\x7e\t]/g, '');

/** Why the document refuses this request (bearer, body, the validator's issues); empty: valid as far as it can tell. */
export function invalidity(request: Built): string[] {
  const { operation } = request;
  // A path that routes to another operation (an empty segment, a trailing slash) is judged by that one's rules: no claim here.
  const lookup = operation.validator.matchOperation(request.method, decodeURIComponent(request.path.split('?')[0]!));
  if (lookup.kind !== 'match' || lookup.operationId !== operation.operationId) return [];
  const reasons: string[] = [];
  const auth = request.headers.authorization;
  if (operation.authenticated && auth === undefined) reasons.push('no bearer token');
  else if (operation.authenticated && !/^Bearer [A-Za-z0-9\-._~+/]+=*$/.test(auth!))
    reasons.push('a malformed bearer token');
  let body: unknown;
  if (request.body !== '') {
    try {
      body = JSON.parse(request.body);
    } catch {
      reasons.push('a body that is not JSON');
    }
    if (operation.hasBody && request.headers['content-type'] === 'text/plain')
      reasons.push('a body sent as text/plain');
  }
  if (reasons.length > 0) return reasons;
  const { query, headers } = request;
  const checked = operation.validator.validateRequest(operation.operationId, {
    pathParams: lookup.pathParams,
    query,
    headers,
    body,
  });
  return checked.issues.map((issue) => `${issue.pointer}: ${issue.message}`);
}

/** The pool's `n`th ID of the fallback's kind (`proj_`), so drawn IDs mostly name a resource; else any, or fallback. */
function pick(pool: readonly string[], n: number, fallback: unknown): unknown {
  const prefix = typeof fallback === 'string' ? /^[a-z]{1,5}_/.exec(fallback)?.[0] : undefined;
  const kind = prefix === undefined || n % 4 === 3 ? pool : pool.filter((id) => id.startsWith(prefix));
  const from = kind.length > 0 ? kind : pool;
  return from.length === 0 ? fallback : from[n % from.length];
}

const MARKER = '\u0001raw:';
const MARKED = /"\\u0001raw:([oam])(\d+)"/g;

/** The JSON text of a marker: `o` objects or `a` arrays nested `count` deep, `m` an array of `count` zeros. */
function raw(kind: string, count: number): string {
  if (kind === 'm') return `[${new Array(count).fill(0).join(',')}]`;
  return kind === 'o' ? `${'{"a":'.repeat(count)}1${'}'.repeat(count)}` : `${'['.repeat(count)}${']'.repeat(count)}`;
}

/** The example body with some of its fields (counted depth first) replaced, removed, or added to. */
function mutate(
  body: unknown,
  changes: Array<[number, Value | null]>,
  resolve: (v: Value, fallback: unknown) => unknown,
): unknown {
  let root = body;
  for (const [field, change] of changes) {
    const slots: Array<[Record<string, unknown> | unknown[], string | number]> = [];
    // The top ten levels only: an earlier change may have put a 5,000-deep nest in.
    const walk = (node: unknown, depth: number) => {
      if (depth > 10 || typeof node !== 'object' || node === null) return;
      const entries: Array<[string | number, unknown]> = Array.isArray(node)
        ? node.slice(0, 100).map((child, i) => [i, child])
        : Object.entries(node);
      for (const [key, child] of entries) {
        slots.push([node as Record<string, unknown>, key]);
        walk(child, depth + 1);
      }
    };
    walk(root, 0);
    if (slots.length === 0) {
      if (change !== null) root = resolve(change, root);
      continue;
    }
    const [parent, key] = slots[field % slots.length]!;
    const current = (parent as Record<string | number, unknown>)[key];
    if (change === null) {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
    } else (parent as Record<string | number, unknown>)[key] = resolve(change, current);
  }
  return root;
}

const ID = /\b[a-z]{1,5}_[A-Za-z0-9]{3,}\b/g;
const ID_SHAPE = /^[a-z]{1,5}_[A-Za-z0-9]{3,}$/;

/**
 * Every ID-shaped string in `text`, added to the pool once.
 * @example
 * harvest('{"data":{"id":"wh_Ka82Lm4"}}', pool); // pool now holds wh_Ka82Lm4
 */
export function harvest(text: string, pool: string[]): void {
  for (const match of text.matchAll(ID)) if (!pool.includes(match[0])) pool.push(match[0]);
}
