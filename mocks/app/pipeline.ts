// The request pipeline (docs/architecture.md, "A request, stage by stage"): the one way into the app for every face.
// The stages read as one list, in `answerRequest` and `answerOperation`: each answers (an early return) or hands typed
// values to the next; a stage is skipped by what the request is, never run again by hand. Nothing here throws for bad
// input: an exception is a bug and answers 500. Browser-safe, no Node modules.
import { type ApiError, apiError, type ErrorCode, isErrorCode, type Result } from '../common/errors.ts';
import type { EndpointRequest } from '../store/api/index.ts';
import { tokenProject } from '../store/connect/index.ts';
import type { Store } from '../store/index.ts';
import { type Session, settleQuotaDay, type World } from '../store/world/index.ts';
import type { Issue, RequestValidation, Validator } from '../../openapi/validator.ts';
import {
  authenticate,
  type Credentials,
  issueOAuthToken,
  OAUTH_REVOKE_OPERATION,
  OAUTH_TOKEN_OPERATION,
} from './auth.ts';
import { parseRequestBody, withinJsonBounds } from './body.ts';
import type { ExchangeHook, ExchangeRecord, UpstreamExchange, UpstreamStage } from './exchange.ts';
import type { Faults } from './faults.ts';
import { API_PREFIX, endpointOf, isApiPath, isControlPath, type RequestHead, readHead } from './head.ts';
import type { ProjectLessRouting } from './project-less.ts';
import { type ReadCache, UNCACHEABLE_READS } from './read-cache.ts';
import { errorResponse, fromResult, json } from './respond.ts';
import { CONSOLE_REQUEST_HEADER } from './subscribers.ts';
import type { AnyRoute } from './routes-meta.ts';
import type { AppRequest, AppResponse } from './types.ts';

/** One document served under one prefix: the API's under /v1, the control API's under /__mock. */
export interface ServedDocument {
  kind: 'api' | 'control';
  prefix: string;
  validator: Validator;
  routes: Readonly<Record<string, AnyRoute>>;
  /** Which operations read a JSON body (from the document, once). */
  takesJsonBody: ReadonlySet<string>;
  /** The operations whose answers the read cache may keep, with their declared header parameters (part of the key). */
  keptReads: ReadonlyMap<string, readonly string[]>;
  /** The operations that never change a world: GETs, but those whose answers are never kept (read-cache.ts). */
  reads: ReadonlySet<string>;
  notFound(method: string, path: string): string;
}

/**
 * A document as the app serves it: what each operation reads, keeps and changes, read once. The
 * control API's answers are never kept (they show the journal, the clock, the deliveries).
 *
 * @example
 * const api = servedDocument('api', '/v1', validator, routes, (method, path) => `No operation at ${method} ${path}`);
 * api.keptReads.has('getCurrentUser'); // true
 */
export function servedDocument(
  kind: ServedDocument['kind'],
  prefix: string,
  validator: Validator,
  routes: ServedDocument['routes'],
  notFound: ServedDocument['notFound'],
): ServedDocument {
  const takesJsonBody = new Set<string>();
  const keptReads = new Map<string, string[]>();
  const reads = new Set<string>();
  for (const id of validator.operationIds) {
    const { method, parameters, hasJsonBody } = validator.describeOperation(id);
    if (hasJsonBody) takesJsonBody.add(id);
    // The login issues a token, a revocation takes it back: neither changes a world.
    if (id === OAUTH_TOKEN_OPERATION || id === OAUTH_REVOKE_OPERATION) reads.add(id);
    if (method !== 'GET' || (kind === 'api' && UNCACHEABLE_READS.has(id))) continue;
    reads.add(id);
    if (kind === 'api') keptReads.set(id, headerNames(parameters));
  }
  return { kind, prefix, validator, routes, takesJsonBody, keptReads, reads, notFound };
}

function headerNames(parameters: ReadonlyArray<{ in: string; name: string }>): string[] {
  return parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
}

/** What answers a request to an HTTP trigger's endpoint (`<origin>/__endpoints/<key>`), injected like the routes. */
export type EndpointRunner = (world: World, key: string, request: EndpointRequest) => Result<unknown>;

/** The app's parts every stage may read: built once by createApp. */
export interface AppParts {
  store: Store;
  api: ServedDocument;
  control: ServedDocument;
  projectLess: ProjectLessRouting;
  faults: Faults;
  /** The read cache; undefined: every answer is made anew. */
  reads: ReadCache | undefined;
  endpoints: EndpointRunner | undefined;
  /** The step beside a real service or a recording; undefined: the mock answers everything. */
  upstream: UpstreamStage | undefined;
  hook: ExchangeHook;
  logError: (message: string, error: unknown) => void;
  /** Milliseconds on a monotonic clock, for durations. */
  clock: () => number;
}

type Via = ExchangeRecord['via'];

/** One exchange: what its record will say (exchange.ts), learnt stage by stage; stage values go as arguments. */
interface Exchange {
  readonly parts: AppParts;
  readonly request: AppRequest;
  readonly head: RequestHead;
  readonly via: Via;
  /** UNIX ms on the store's clock: the stages read the exchange's time here, not again. */
  readonly startedAt: number;
  readonly started: number;
  face: ExchangeRecord['face'];
  operationId: string | undefined;
  pathParams: Readonly<Record<string, string>>;
  session: Session | undefined;
  worldChanged: boolean;
  source: ExchangeRecord['source'];
  /** Headers every answer of the exchange carries: the faults' (rate limits, `Preference-Applied`), the upstream's. */
  headers: Record<string, string> | undefined;
  upstream: UpstreamExchange | undefined;
}

interface Operation {
  id: string;
  pathParams: Readonly<Record<string, string>>;
}

/** A value, or the promise of one: what a stage that may wait (the upstream, a fault's delay, a route) hands on. */
type Maybe<T> = T | Promise<T>;

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});
const INVALID_TOKEN = { 'www-authenticate': 'Bearer error="invalid_token"' };
/** The operations called without a bearer: the login and the revocation of its token (auth.ts). */
const BEARERLESS_PATHS = new Set([`${API_PREFIX}/oauth/token`, `${API_PREFIX}/oauth/revoke`]);

/**
 * Answers one request: the stages, then the exchange hook hands its record to every subscriber
 * before the answer goes back. A value when no stage waited, else a promise: `mock.control` is
 * synchronous (its public functions answer Results), and it takes this same list, so the loop may
 * not add a wait of its own (the one place that knows both; docs/architecture.md).
 *
 * @example
 * const response = await answer(parts, { method: 'GET', url: '/v1/users/me', headers, body: '' });
 */
export function answer(
  parts: AppParts,
  request: AppRequest,
  head: RequestHead = readHead(request.method, request.url),
  via: Via = 'request',
): Maybe<AppResponse> {
  const exchange: Exchange = {
    parts,
    request,
    head,
    via,
    startedAt: parts.store.now(),
    started: parts.clock(),
    face: 'none',
    operationId: undefined,
    pathParams: NO_PARAMS,
    session: undefined,
    worldChanged: false,
    source: 'mock',
    headers: undefined,
    upstream: undefined,
  };
  let answered: Maybe<AppResponse>;
  try {
    answered = answerRequest(exchange);
  } catch (error) {
    answered = internalError(exchange, error);
  }
  if (!(answered instanceof Promise)) return publish(exchange, answered);
  return answered.then(
    (response) => publish(exchange, response),
    (error: unknown) => publish(exchange, internalError(exchange, error)),
  );
}

/** The doors: the control API under /__mock, an HTTP trigger's endpoint, the API under /v1 (beside an upstream, that first). */
function answerRequest(exchange: Exchange): Maybe<AppResponse> {
  const { parts, head } = exchange;
  if (isControlPath(head.path)) return answerOperation(exchange, parts.control);
  const endpoint = endpointOf(head.path);
  if (endpoint !== undefined) return invokeEndpoint(exchange, endpoint);
  if (!isApiPath(head.path)) {
    const message = `Every API route lives under ${API_PREFIX}; ${head.path} is not one`;
    return errorResponse(apiError('not_found', message, { path: head.path }));
  }
  if (parts.upstream === undefined) return answerOperation(exchange, parts.api);
  return askUpstream(exchange, parts.upstream).then((live) => live ?? answerOperation(exchange, parts.api));
}

/** The stages of a document's operation, in order; the first answer ends the list. */
function answerOperation(exchange: Exchange, served: ServedDocument): Maybe<AppResponse> {
  exchange.face = served.kind;
  const bearer = isLogin(exchange, served) ? undefined : readBearer(exchange); // session: the bearer (401)
  if (isAnswer(bearer)) return bearer;
  const operation = matchOperation(exchange, served, bearer); // match (404, 405)
  if (isAnswer(operation)) return operation;
  const caller = bearer === undefined ? checkLogin(exchange, served, operation) : { credentials: bearer }; // the login
  if (isAnswer(caller)) return caller;
  const { credentials } = caller;
  const session = openSession(exchange, credentials); // session: the world, once the operation is known
  // faults: the API's client under test meets them; the console's own polling never takes one (docs/control-api.md)
  const fromConsole = exchange.request.headers[CONSOLE_REQUEST_HEADER] !== undefined;
  const fault = served.kind === 'api' && !fromConsole ? applyFaults(exchange, served, operation, session) : undefined;
  const afterFaults = (refused: AppResponse | undefined): Maybe<AppResponse> => {
    if (refused !== undefined) return refused;
    const kept = answerKeptRead(exchange, served, operation, session); // a read kept since the world last changed
    if (kept.answer !== undefined) return kept.answer;
    const input = 'input' in caller ? caller.input : checkInput(exchange, served, operation, credentials); // validation
    if (isAnswer(input)) return input;
    return runRoute(exchange, served, operation, { session, credentials, input, keepAs: kept.keepAs }); // route
  };
  // A fault's delay is spent before anything answers, so the exchange is over once the route has run.
  return fault?.delay === undefined
    ? afterFaults(fault?.response)
    : fault.delay.then(() => afterFaults(fault.response));
}

function isAnswer(value: unknown): value is AppResponse {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/**
 * Stage "upstream" (docs/upstream.md), beside a real service or a recording: its answer ends the
 * list, and the caller's world (when the request names one) journals it; undefined: the mock
 * answers, with the step's headers. Before the bearer: a live request is the real service's to
 * authenticate, sent with the caller's own headers.
 */
async function askUpstream(exchange: Exchange, upstream: UpstreamStage): Promise<AppResponse | undefined> {
  const outcome = await upstream.answer(exchange.request, exchange.head);
  exchange.upstream = outcome.exchange;
  if (outcome.source === 'mock') {
    addHeaders(exchange, outcome.headers);
    return undefined;
  }
  exchange.source = outcome.source;
  const credentials = authenticate(exchange.request.headers);
  if (credentials.ok) exchange.session = exchange.parts.store.session(credentials.value.token);
  return outcome.response;
}

/**
 * Stage "session", first half: the bearer token selects the world and its kind (auth.ts). No valid one is 401, as is
 * a revoked one and one naming a scenario the mock does not hold (docs/scenarios.md): never a seeded world in its place.
 */
function readBearer(exchange: Exchange): Credentials | AppResponse {
  const auth = authenticate(exchange.request.headers);
  if (!auth.ok) return errorResponse(auth.error, { 'www-authenticate': 'Bearer' });
  const refused = exchange.parts.store.refusal(auth.value.token);
  if (refused !== null) return errorResponse(apiError('unauthorized', refused), INVALID_TOKEN);
  return auth.value;
}

/**
 * Stage "match": the operation at the request's method and path (404, or 405 with `Allow`). The SDK's project-less
 * Connect paths go to the token's project's operation (project-less.ts), the one case that opens the world first.
 * A refusal opens no world; it is journaled in the token's world if the mock holds one.
 */
function matchOperation(
  exchange: Exchange,
  served: ServedDocument,
  bearer: Credentials | undefined,
): Operation | AppResponse {
  const { head, parts } = exchange;
  const relative = head.path.slice(served.prefix.length) || '/';
  const routed =
    served.kind === 'api' && bearer !== undefined
      ? parts.projectLess(head.method, relative, () => tokenProject(openSession(exchange, bearer).world, bearer.token))
      : relative;
  const lookup = served.validator.matchOperation(head.method, routed);
  if (lookup.kind === 'match') {
    exchange.operationId = lookup.operationId;
    exchange.pathParams = lookup.pathParams;
    return { id: lookup.operationId, pathParams: lookup.pathParams };
  }
  if (bearer !== undefined) exchange.session ??= parts.store.held(bearer.token);
  if (lookup.kind === 'not_found') {
    return errorResponse(apiError('not_found', served.notFound(head.method, head.path), { path: head.path }));
  }
  const allow = lookup.allowed.join(', ');
  const message = `${head.method} is not allowed on ${head.path}; allowed: ${allow}`;
  return errorResponse(apiError('method_not_allowed', message, { allowed: lookup.allowed }), { allow });
}

/** Whether the request is an operation called without a bearer: `POST /v1/oauth/token` or `/v1/oauth/revoke` (auth.ts). */
function isLogin(exchange: Exchange, served: ServedDocument): boolean {
  return served.kind === 'api' && exchange.head.method === 'POST' && BEARERLESS_PATHS.has(exchange.head.path);
}

/**
 * The login's own stage: its body checked against the document, and the token it issues, whose world the rest of
 * the list runs in (faults included: `?client_id=` of the control API's rate limit and faults, docs/control-api.md).
 * The revocation takes the same stage: the client's token is revoked when it is the one the body names (a token the
 * client was not issued is no error and revokes nothing, RFC 7009), and a login reinstates it.
 */
function checkLogin(
  exchange: Exchange,
  served: ServedDocument,
  operation: Operation,
): { credentials: Credentials; input: RequestValidation } | AppResponse {
  const input = checkInput(exchange, served, operation, undefined);
  if (isAnswer(input)) return input;
  const body = input.body as { client_id: string; token?: string };
  const token = issueOAuthToken(body.client_id).access_token;
  if (operation.id !== OAUTH_REVOKE_OPERATION) exchange.parts.store.revocation(token, 'reinstate');
  else if (body.token === token) exchange.parts.store.revocation(token, 'revoke');
  return { credentials: { token, kind: 'workspace_oauth' }, input };
}

/**
 * Stage "session", second half: the token's session, opened (its world seeded) once the operation is known. Past a
 * UTC midnight of the world's clock its daily quotas restart (store/world/quotas.ts), which changes the world.
 */
function openSession(exchange: Exchange, credentials: Credentials): Session {
  if (exchange.session !== undefined) return exchange.session;
  const session = exchange.parts.store.session(credentials.token, exchange.startedAt);
  if (settleQuotaDay(session.world, exchange.startedAt)) exchange.worldChanged = true;
  exchange.session = session;
  return session;
}

/**
 * Stage "faults" (docs/control-api.md, "Faults"), API only: rate limits (429), the failure rate (503) and `Prefer:
 * code/example` may answer instead of the operation (faults.ts); any answer carries their headers and delay.
 */
function applyFaults(
  exchange: Exchange,
  served: ServedDocument,
  operation: Operation,
  session: Session,
): { response: AppResponse | undefined; delay: Promise<void> | undefined } {
  const { faults } = exchange.parts;
  const described = served.validator.describeOperation(operation.id);
  const intercept = faults.intercept(session, described, exchange.request.headers.prefer);
  addHeaders(exchange, intercept.headers);
  return { response: intercept.response, delay: intercept.delayMs > 0 ? faults.sleep(intercept.delayMs) : undefined };
}

/**
 * Stage "kept read" (docs/performance.md, "The read cache"): a read kept since its world last changed answers at
 * once; a miss keeps the next answer at the world's version from before the route ran (a change landing voids it).
 */
function answerKeptRead(
  exchange: Exchange,
  served: ServedDocument,
  operation: Operation,
  session: Session,
): { answer?: AppResponse; keepAs?: KeepAs } {
  const { reads } = exchange.parts;
  const headerNames = reads === undefined ? undefined : served.keptReads.get(operation.id);
  // A world that changed in this exchange (a new quota day) answers anew.
  if (reads === undefined || headerNames === undefined || exchange.worldChanged) return {};
  // The key: the URL as sent and the operation's declared headers; the token is the world's own.
  let key = exchange.request.url;
  for (const name of headerNames) key += `\n${exchange.request.headers[name] ?? ''}`;
  const kept = reads.get(session.world, key);
  if (kept !== undefined) return { answer: kept };
  return { keepAs: { reads, key, version: reads.version(session.world) } };
}

/** Where a read made anew is kept (answerKeptRead). */
interface KeepAs {
  reads: ReadCache;
  key: string;
  version: number;
}

/**
 * Stage "validation", the one trust boundary (docs/architecture.md): the body as the operation takes it (413, 415,
 * 400: body.ts), parameters and body against the document (400, or 404 for a path ID of the wrong shape: refusal,
 * below), then `x-token-kinds` (403). What passes is the route's input, typed, coerced and defaulted.
 */
function checkInput(
  exchange: Exchange,
  served: ServedDocument,
  operation: Operation,
  credentials: Credentials | undefined,
): RequestValidation | AppResponse {
  const { request, head } = exchange;
  const body = parseRequestBody(request.body, request.headers, served.takesJsonBody.has(operation.id));
  if (!body.ok) return errorResponse(body.error);
  const query = new URLSearchParams(head.query);
  const input = { pathParams: operation.pathParams, query, headers: request.headers, body: body.value };
  const validated = served.validator.validateRequest(operation.id, input);
  const refused = refusal(head.path, validated.issues);
  if (refused !== null) return errorResponse(refused);
  const { tokenKinds, method, template } = served.validator.describeOperation(operation.id);
  // The login has no token yet, and its operation names no token kinds.
  const kind = credentials?.kind ?? 'none';
  if (tokenKinds !== undefined && !tokenKinds.includes(kind)) {
    const message = `${method} ${served.prefix}${template} accepts ${tokenKinds.join(', ')} tokens only, not ${kind}`;
    return errorResponse(apiError('forbidden_token_kind', message, { token_kind: kind }));
  }
  return validated;
}

/** The message of an answer whose issues all carry a code the document names; the issues say exactly what failed. */
const MESSAGES: Partial<Record<ErrorCode, (where: string) => string>> = {
  unsupported_url: (where) =>
    `Unsupported URL at ${where}: it must be an absolute http or https URL with a host name (openapi.yaml, WebhookUrl)`,
};

/**
 * An answer lists at most this many issues, the first ones, plus `issue_count` when there were
 * more: an array of 120,000 wrong items made a 7 MB answer (docs/errors.md).
 */
export const MAX_LISTED_ISSUES = 100;
/** A message names at most this many places. */
const QUOTED_POINTERS = 5;

/**
 * The one mapping from validation issues to an error answer (docs/errors.md), for the API and the
 * control API alike: a path parameter that cannot name a resource is 404; anything else is 400,
 * with the code the document names for the failure (`x-error-code`, e.g. `unsupported_url` on the
 * webhook URL pattern) when every issue names that same code, and `bad_request` otherwise. Null
 * when there are none.
 *
 * @example
 * refusal('/v1/workflows/nope', issues)?.status; // 404 when the issue is at /path/id
 */
export function refusal(path: string, issues: readonly Issue[]): ApiError | null {
  if (issues.length === 0) return null;
  const error = refusalOf(path, issues);
  const listed = error.body.details?.issues;
  if (Array.isArray(listed) && listed.length > MAX_LISTED_ISSUES) {
    error.body.details = {
      ...error.body.details,
      issues: listed.slice(0, MAX_LISTED_ISSUES),
      issue_count: listed.length,
    };
  }
  return error;
}

function refusalOf(path: string, issues: readonly Issue[]): ApiError {
  const pathIssues = issues.filter((issue) => issue.pointer.startsWith('/path/'));
  if (pathIssues.length > 0) {
    const names = pathIssues.map((issue) => issue.pointer.slice('/path/'.length)).join(', ');
    return apiError('not_found', `No resource at ${path}: ${names} is not a valid ID (${pathIssues[0]!.message})`, {
      path,
      issues: pathIssues,
    });
  }
  const code = sharedCode(issues);
  const first = issues[0]!;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  if (code !== undefined) {
    const pointers = [...new Set(issues.map((issue) => issue.pointer || '/'))];
    const where =
      pointers.slice(0, QUOTED_POINTERS).join(', ') +
      (pointers.length > QUOTED_POINTERS ? ` (and ${pointers.length - QUOTED_POINTERS} more)` : '');
    return apiError(code, MESSAGES[code]?.(where) ?? `Invalid request (${code}) at ${where}: ${first.message}${more}`, {
      issues,
    });
  }
  return apiError('bad_request', `Invalid request: ${first.pointer || '/'} ${first.message}${more}`, { issues });
}

/** The error code every issue names, if they all name the same known one. */
function sharedCode(issues: readonly Issue[]): ErrorCode | undefined {
  const code = issues[0]!.code;
  return isErrorCode(code) && issues.every((issue) => issue.code === code) ? code : undefined;
}

/**
 * Stage "route": the validated input to the operation's route (routes.ts, control-routes.ts), one store call whose
 * Result respond.ts answers; a read's answer is kept for the next one.
 */
function runRoute(
  exchange: Exchange,
  served: ServedDocument,
  operation: Operation,
  given: { session: Session; credentials: Credentials; input: RequestValidation; keepAs: KeepAs | undefined },
): Maybe<AppResponse> {
  const route = served.routes[operation.id];
  if (route === undefined) throw new Error(`route table has no handler for operation ${operation.id}`);
  if (!served.reads.has(operation.id)) exchange.worldChanged = true;
  const { session, credentials, input, keepAs } = given;
  const { path, query, header, body } = input;
  const { headers } = exchange.request;
  const result = route({ world: session.world, session, credentials, path, query, header, headers, body } as never);
  const respond = (settled: Result<unknown>) => {
    const response = fromResult(settled);
    if (keepAs !== undefined) keepAs.reads.set(session.world, keepAs.key, keepAs.version, response);
    return response;
  };
  return result instanceof Promise ? result.then(respond) : respond(result);
}

/**
 * An HTTP trigger's endpoint (docs/worlds.md, "Workflow endpoints"), outside /v1: the bearer's world, else the one
 * holding the key; any method; the body as JSON when it says so, else text. An invocation changes its world.
 */
function invokeEndpoint(exchange: Exchange, { key, rest }: { key: string; rest: string }): AppResponse {
  const { request, head, parts } = exchange;
  exchange.face = 'endpoint';
  if (parts.endpoints === undefined) {
    const none = `This mock serves no workflow endpoints (${head.path})`;
    return errorResponse(apiError('not_found', none, { path: head.path }));
  }
  const auth = request.headers.authorization === undefined ? undefined : authenticate(request.headers);
  if (auth !== undefined && !auth.ok) return errorResponse(auth.error, { 'www-authenticate': 'Bearer' });
  const session = auth === undefined ? parts.store.endpointSession(key) : openSession(exchange, auth.value);
  if (session === undefined) {
    const message = `No workflow endpoint ${key} in the worlds this mock holds: send the bearer of its world, or open that world first`;
    return errorResponse(apiError('not_found', message, { key }));
  }
  exchange.session = session;
  const json = request.body.trim() !== '' && JSON_MEDIA_TYPE.test(request.headers['content-type'] ?? '');
  const body = parseRequestBody(request.body, request.headers, json);
  if (!body.ok) return errorResponse(body.error);
  exchange.worldChanged = true;
  const invocation = {
    method: head.method,
    path: rest,
    query: head.query,
    headers: request.headers,
    body: json ? body.value : request.body === '' ? null : request.body,
  };
  return fromResult(parts.endpoints(session.world, key, invocation));
}

const JSON_MEDIA_TYPE = /^application\/([a-z.+-]*\+)?json\s*(;|$)/i;

/** Adds headers every answer of the exchange carries (the faults', the upstream step's), in stage order. */
function addHeaders(exchange: Exchange, headers: Readonly<Record<string, string>>): void {
  // A plain loop: most requests add none, and then nothing is allocated.
  for (const name in headers) {
    exchange.headers ??= {};
    exchange.headers[name] = headers[name]!;
  }
}

/**
 * The exchange is over: the answer gets the exchange's headers and every subscriber its record (journal, coverage,
 * read cache, the faces' own) before it goes back to the face, which may then only send it (exchange.ts).
 */
function publish(exchange: Exchange, answered: AppResponse): AppResponse {
  const { headers, parts } = exchange;
  // Spread, not rebuilt: a kept answer keeps its encoded bytes (its body is the same).
  const response = headers === undefined ? answered : { ...answered, headers: { ...answered.headers, ...headers } };
  return parts.hook.publish({
    via: exchange.via,
    request: exchange.request,
    head: exchange.head,
    face: exchange.face,
    operationId: exchange.operationId,
    pathParams: exchange.pathParams,
    response,
    status: response.status,
    source: exchange.source,
    session: exchange.session,
    worldChanged: exchange.worldChanged,
    startedAt: exchange.startedAt,
    durationMs: parts.clock() - exchange.started,
    upstream: exchange.upstream,
  });
}

/** An exception is a bug in the mock (docs/architecture.md): reported with its stack, answered 500. */
function internalError(exchange: Exchange, error: unknown): AppResponse {
  const { method, path } = exchange.head;
  exchange.parts.logError(`[mock] unexpected error on ${method} ${path}:`, error);
  return json(500, { error: `Internal error in the mock: ${(error as Error)?.message ?? String(error)}` });
}

/**
 * `mock.control`'s way to a control operation (control.ts): the request it stands for (the token as
 * its bearer, the path the HTTP face is called at, the arguments as its JSON body, within the
 * bounds of a parsed body first, body.ts) down the same list as `/__mock/...`, its answer read back
 * as the route's Result. The hook sees it as that request (`via: 'mock.control'`). Synchronous
 * when the route is (answer).
 *
 * @example
 * callControl(parts, 'setRateLimit', 'dev-token', { body: { requests: 2 } }); // { ok: true, value: { data: {...} } }
 */
export function callControl(
  parts: AppParts,
  operationId: string,
  token: string,
  input: { pathParams?: Record<string, string>; query?: URLSearchParams; body?: unknown },
): Maybe<Result<unknown>> {
  const bounded = withinJsonBounds(input.body);
  if (!bounded.ok) return bounded;
  const { method, template } = parts.control.validator.describeOperation(operationId);
  const pathParams = input.pathParams ?? {};
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name] ?? ''));
  const search = input.query?.toString() ?? '';
  const url = `${parts.control.prefix}${path}${search === '' ? '' : `?${search}`}`;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  const request = { method, url, headers, body: input.body === undefined ? '' : JSON.stringify(input.body) };
  const answered = answer(parts, request, readHead(method, url), 'mock.control');
  return answered instanceof Promise ? answered.then(resultOf) : resultOf(answered);
}

/** An answer read back as a Result: 2xx its JSON (204 null), else the ApiError it carries. */
function resultOf(response: AppResponse): Result<unknown> {
  const value = response.body === '' ? null : JSON.parse(response.body);
  if (response.status < 300) return { ok: true, value };
  return { ok: false, error: { status: response.status, body: value } };
}
