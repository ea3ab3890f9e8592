// The app: AppRequest -> AppResponse, transport-free. Two faces share one pipeline: the API under
// /v1 (openapi/openapi.yaml) and the control API under /__mock (openapi/control.yaml). Order of
// checks (docs/architecture.md): /v1 or /__mock prefix (404); bearer auth (401); operation lookup
// in the face's document (404/405); for the API, the faults of faults.ts (an injected or per-second
// rate limit 429, a failure rate 503, a `Prefer: code/example` answer, a delay); body size, media
// type and JSON syntax (413/415/400, body.ts); parameters and body against the document (400/404,
// mapped by issues.ts); the operation's x-token-kinds (403); then the face's route table, whose
// Result respond.ts turns into HTTP. API requests are written to the world's journal. Nothing here
// may throw for bad input: an exception is a bug in the mock and answers 500 with a logged stack.
//
// A control operation runs one way whichever face asks (`runControl`): the HTTP face reads the body
// and hands the operation to it, `mock.control` (control.ts) hands its arguments to it; from there
// the document check and the route (control-routes.ts), which calls the store.
import { apiError, fail, type Result } from '../common/errors.ts';
import type { EndpointRequest } from '../store/api/index.ts';
import { type Session, settleQuotaDay, type World } from '../store/world/index.ts';
import type { Store } from '../store/index.ts';
import { tokenProject } from '../store/connect/index.ts';
import { projectLessRouting } from './project-less.ts';
import { jsonBody } from '../../openapi/coverage.ts';
import type { RequestInput, Validator } from '../../openapi/validator.ts';
import { authenticate, issueOAuthToken, OAUTH_TOKEN_OPERATION, tokenKind, type Credentials } from './auth.ts';
import { readBody, withinJsonBounds } from './body.ts';
import { createControl, type ControlOperationId, type ControlOperations, type MockControl } from './control.ts';
import { controlRoutes } from './control-routes.ts';
import { createFaults, type FaultOptions } from './faults.ts';
import { API_PREFIX, CONTROL_PREFIX, endpointOf, isApiPath, isControlPath, readHead, type RequestHead } from './head.ts';
import { refusal } from './issues.ts';
import { createReadCache, type ReadCache, type ReadCacheOptions, UNCACHEABLE_READS } from './read-cache.ts';
import { errorResponse, fromResult, json } from './respond.ts';
import type { AnyRoute } from './routes-meta.ts';
import type { AppRequest, AppResponse } from './types.ts';

export interface AppOptions {
  store: Store;
  /** The service's document (openapi/validator.ts). */
  validator: Validator;
  /** The control API's document (openapi/control-validator.ts). */
  controlValidator: Validator;
  /** operationId -> handler: `routes` of routes.ts (injected so tests can run on a stub store). */
  routes: Readonly<Record<string, AnyRoute>>;
  /** Store operations behind the control API. */
  controlOperations: ControlOperations;
  /** Where unexpected exceptions are reported; console.error by default. */
  logError?: (message: string, error: unknown) => void;
  /** The server's faults and the clock, random source and sleep behind them (faults.ts); default: none. */
  faults?: FaultOptions;
  /** Runs a request to an HTTP trigger's endpoint in a world (store/invoke.ts); absent: endpoint paths are 404. */
  endpoints?: EndpointRunner;
  /** Keep the serialized answers of reads until their world changes (read-cache.ts); false: make every answer anew; a ReadCache: that one. Default: on. */
  readCache?: boolean | ReadCacheOptions | ReadCache;
}

/** What answers a request to an HTTP trigger's endpoint (`<origin>/__endpoints/<key>`), injected like the routes. */
export type EndpointRunner = (world: World, key: string, request: EndpointRequest) => Result<unknown>;

/** The HTTP app: one request in, one response out (named apart from the API's connected-app schema `App`). */
export interface MockApp {
  /** Answers `req`; `head` is the adapter's own reading of its method and URL (readHead), so the URL is split once. */
  handle(req: AppRequest, head?: RequestHead): Promise<AppResponse>;
  control: MockControl;
}

/** One document served under one prefix. */
interface Face {
  prefix: string;
  validator: Validator;
  routes: Readonly<Record<string, AnyRoute>>;
  /** Which operations read a JSON body (from the document, once). */
  takesJsonBody: ReadonlySet<string>;
  /** The GET operations whose answers the read cache may keep, with their declared header parameters (part of the key). */
  cacheable: ReadonlyMap<string, readonly string[]>;
  /** API requests can be rate limited and are journaled; control requests never. */
  api: boolean;
  notFound(method: string, path: string): string;
}

const OAUTH_TOKEN_PATH = `${API_PREFIX}/oauth/token`;

function face(prefix: string, validator: Validator, routes: Face['routes'], api: boolean, notFound: Face['notFound']): Face {
  const takesJsonBody = new Set(validator.operationIds.filter((id) => validator.describeOperation(id).hasJsonBody));
  const cacheable = new Map<string, string[]>();
  for (const id of validator.operationIds) {
    const { method, parameters } = validator.describeOperation(id);
    if (api && method === 'GET' && !UNCACHEABLE_READS.has(id))
      cacheable.set(
        id,
        parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()),
      );
  }
  return { prefix, validator, routes, takesJsonBody, cacheable, api, notFound };
}

export function createApp(options: AppOptions): MockApp {
  const { store, controlValidator } = options;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const now = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();
  const faults = createFaults(options.faults);
  const reads = readCacheOf(options.readCache);

  const apiFace = face(API_PREFIX, options.validator, options.routes, true, (method, path) => `No operation at ${method} ${path}`);
  const projectLess = projectLessRouting(options.validator);
  const controlFace = face(CONTROL_PREFIX, controlValidator, controlRoutes(store, options.controlOperations, faults) as never, false, (_method, path) => {
    const routes = controlValidator.operationIds.map((id) => {
      const { method, template } = controlValidator.describeOperation(id);
      return `${method} ${CONTROL_PREFIX}${template}`;
    });
    return `No control route ${path}; see ${routes.join(', ')}`;
  });

  /**
   * The session a request runs in, once its world's day is settled: past a UTC midnight of the
   * world's clock, its daily quotas start again (quotas.ts), and answers kept from before go.
   */
  function settled(session: Session): Session {
    if (settleQuotaDay(session.world)) reads?.changed(session.world);
    return session;
  }

  /** The validated request handed to its route: the trust boundary (routes-meta.ts). */
  function invoke(on: Face, operationId: string, path: string, credentials: Credentials, session: Session, input: RequestInput) {
    const validated = on.validator.validateRequest(operationId, input);
    const refused = refusal(path, validated.issues);
    if (refused !== null) return { ok: false, error: refused } as const;
    const { tokenKinds, method, template } = on.validator.describeOperation(operationId);
    if (tokenKinds !== undefined && !tokenKinds.includes(credentials.kind)) {
      const message = `${method} ${on.prefix}${template} accepts ${tokenKinds.join(', ')} tokens only, not ${credentials.kind}`;
      return fail('forbidden_token_kind', message, { token_kind: credentials.kind });
    }
    const route = on.routes[operationId];
    if (route === undefined) throw new Error(`route table has no handler for operation ${operationId}`);
    const { path: pathParams, query, header, body } = validated;
    // Anything but a kept read may change the world (a proxied GET counts a credit): its kept answers
    // go (read-cache.ts). Before the route runs, so that a read made meanwhile is not kept.
    if (!on.cacheable.has(operationId)) reads?.changed(session.world);
    return route({ world: session.world, session, credentials, path: pathParams, query, header, headers: input.headers, body } as never);
  }

  // mock.control: the caller's arguments are the operation's input (objects, not text, so the same
  // bounds as a parsed body, body.ts, before anything walks them), then the one way of every control operation.
  const control = createControl(store, (operationId: ControlOperationId, token: string, input: Partial<RequestInput>) => {
    const bounded = withinJsonBounds(input.body);
    if (!bounded.ok) return bounded;
    const pathParams = input.pathParams ?? {};
    // Where a refusal says it happened: the path the HTTP face would have been called at.
    const path = CONTROL_PREFIX + controlValidator.describeOperation(operationId).template.replace(/\{([^}]+)\}/g, (_, name: string) => pathParams[name] ?? '');
    const request = { pathParams, query: input.query ?? new URLSearchParams(), headers: {}, body: input.body };
    return invoke(controlFace, operationId, path, { token, kind: tokenKind(token) }, settled(store.session(token)), request);
  });

  async function dispatch(on: Face, req: AppRequest, head: RequestHead): Promise<{ response: AppResponse; session?: Session; delayMs?: number }> {
    // The one operation called without a bearer (auth.ts): answered in the world the token it issues opens.
    if (on.api && head.path === OAUTH_TOKEN_PATH && head.method === 'POST') return login(on, req, head);
    const auth = authenticate(req.headers);
    if (!auth.ok) return { response: errorResponse(auth.error, { 'www-authenticate': 'Bearer' }) };
    const credentials = auth.value;
    // A token naming a scenario the mock does not hold (docs/scenarios.md): refused, never a seeded world in its place.
    const unknownScenario = store.refusal(credentials.token);
    if (unknownScenario !== null)
      return { response: errorResponse(apiError('unauthorized', unknownScenario), { 'www-authenticate': 'Bearer error="invalid_token"' }) };
    const session = settled(store.session(credentials.token));
    const respond = (response: AppResponse) => ({ response, session });

    const relative = head.path.slice(on.prefix.length) || '/';
    // The SDK's project-less Connect paths go to the token's project's operation (project-less.ts).
    const tokenProjectId = () => tokenProject(session.world, credentials.token);
    const routed = on.api ? projectLess(head.method, relative, tokenProjectId) : relative;
    const lookup = on.validator.matchOperation(head.method, routed);
    if (lookup.kind === 'not_found') return respond(errorResponse(apiError('not_found', on.notFound(head.method, head.path), { path: head.path })));
    if (lookup.kind === 'method_not_allowed') {
      const allow = lookup.allowed.join(', ');
      const error = apiError('method_not_allowed', `${head.method} is not allowed on ${head.path}; allowed: ${allow}`, { allowed: lookup.allowed });
      return respond(errorResponse(error, { allow }));
    }

    if (!on.api) return respond(await answer(on, req, head, lookup, credentials, session));
    // The API's faults come first (faults.ts): one of them may answer in place of the operation.
    const intercept = faults.intercept(session, on.validator.describeOperation(lookup.operationId), req.headers.prefer);
    // What the run covered (run-coverage.ts): every answer of a /v1 operation, the faults' included.
    const covered = (response: AppResponse) =>
      options.controlOperations.coverage?.record(session, {
        operationId: lookup.operationId,
        status: response.status,
        pathParams: lookup.pathParams,
        query: new URLSearchParams(head.query),
        headers: req.headers,
        requestBody: () => jsonBody(req.body),
        responseBody: () => jsonBody(response.body),
      });
    if (intercept.response !== undefined) {
      covered(intercept.response);
      return { response: intercept.response, session, delayMs: intercept.delayMs };
    }
    const response = await answer(on, req, head, lookup, credentials, session);
    covered(response);
    return { response: { ...response, headers: { ...response.headers, ...intercept.headers } }, session, delayMs: intercept.delayMs };
  }

  /**
   * POST /v1/oauth/token: the body checked against the document like any other (the client is not
   * known before), then the faults of the world the issued token opens, as for any request of it:
   * the server's `--fail-rate`, `--rate-limit` and latency, those the control API set for that
   * world (`?client_id=`, docs/control-api.md) and `Prefer`; then the token. Journaled in that world.
   */
  function login(on: Face, req: AppRequest, head: RequestHead): { response: AppResponse; session?: Session; delayMs?: number } {
    const body = readBody(req.body, req.headers, true);
    if (!body.ok) return { response: errorResponse(body.error) };
    const input = { pathParams: {}, query: new URLSearchParams(head.query), headers: req.headers, body: body.value };
    const validated = on.validator.validateRequest(OAUTH_TOKEN_OPERATION, input);
    const refused = refusal(head.path, validated.issues);
    if (refused !== null) return { response: errorResponse(refused) };
    const token = issueOAuthToken((validated.body as { client_id: string }).client_id);
    const session = settled(store.session(token.access_token));
    const intercept = faults.intercept(session, on.validator.describeOperation(OAUTH_TOKEN_OPERATION), req.headers.prefer);
    const response = intercept.response ?? json(200, token, intercept.headers);
    return { response, session, delayMs: intercept.delayMs };
  }

  /**
   * A request to an HTTP trigger's endpoint (docs/worlds.md, "Workflow endpoints"), outside /v1 and
   * its document: the bearer's world when it carries one (`invokeForExternalUser`), else the world
   * that holds the key; any method; the body as JSON when it says so, else its text.
   */
  function endpoint(req: AppRequest, head: RequestHead, key: string, rest: string): { response: AppResponse; session?: Session } {
    if (options.endpoints === undefined)
      return { response: errorResponse(apiError('not_found', `This mock serves no workflow endpoints (${head.path})`, { path: head.path })) };
    const auth = req.headers.authorization === undefined ? undefined : authenticate(req.headers);
    if (auth !== undefined && !auth.ok) return { response: errorResponse(auth.error, { 'www-authenticate': 'Bearer' }) };
    const found = auth === undefined ? store.endpointSession(key) : store.session(auth.value.token);
    const session = found === undefined ? undefined : settled(found);
    // An invocation changes its world (quotas, events): its kept reads go (read-cache.ts).
    if (session !== undefined) reads?.changed(session.world);
    if (session === undefined) {
      const message = `No workflow endpoint ${key} in the worlds this mock holds: send the bearer of its world, or open that world first`;
      return { response: errorResponse(apiError('not_found', message, { key })) };
    }
    const json = req.body.trim() !== '' && /^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(req.headers['content-type'] ?? '');
    const body = readBody(req.body, req.headers, json);
    if (!body.ok) return { response: errorResponse(body.error), session };
    const request = { method: head.method, path: rest, query: head.query, headers: req.headers, body: json ? body.value : req.body === '' ? null : req.body };
    return { response: fromResult(options.endpoints(session.world, key, request)), session };
  }

  /** Body checks, validation and the route, for a request matched to an operation. */
  async function answer(
    on: Face,
    req: AppRequest,
    head: RequestHead,
    lookup: { operationId: string; pathParams: Record<string, string> },
    credentials: Credentials,
    session: Session,
  ): Promise<AppResponse> {
    const headerNames = reads === undefined ? undefined : on.cacheable.get(lookup.operationId);
    if (headerNames === undefined) return make(on, req, head, lookup, credentials, session);
    // The key: the raw URL and the operation's declared headers; the token is the world's own.
    let key = `${head.path}?${head.query}`;
    for (const name of headerNames) key += `\n${req.headers[name] ?? ''}`;
    const world = session.world;
    const kept = reads!.get(world, key);
    if (kept !== undefined) return kept;
    const version = reads!.version(world);
    const response = await make(on, req, head, lookup, credentials, session);
    reads!.set(world, key, version, response);
    return response;
  }

  async function make(
    on: Face,
    req: AppRequest,
    head: RequestHead,
    lookup: { operationId: string; pathParams: Record<string, string> },
    credentials: Credentials,
    session: Session,
  ): Promise<AppResponse> {
    const body = readBody(req.body, req.headers, on.takesJsonBody.has(lookup.operationId));
    if (!body.ok) return errorResponse(body.error);
    const input = { pathParams: lookup.pathParams, query: new URLSearchParams(head.query), headers: req.headers, body: body.value };
    return fromResult((await invoke(on, lookup.operationId, head.path, credentials, session, input)) as Result<unknown>);
  }

  async function handle(req: AppRequest, head = readHead(req.method, req.url)): Promise<AppResponse> {
    const started = now();
    const at = Date.now();
    const { method, path } = head;
    try {
      if (isControlPath(path)) return (await dispatch(controlFace, req, head)).response;
      const invoked = endpointOf(path);
      const answered =
        invoked !== undefined
          ? { ...endpoint(req, head, invoked.key, invoked.rest), delayMs: 0 }
          : isApiPath(path)
            ? await dispatch(apiFace, req, head)
            : undefined;
      if (answered === undefined) return errorResponse(apiError('not_found', `Every API route lives under ${API_PREFIX}; ${path} is not one`, { path }));
      const { response, session, delayMs } = answered;
      if (delayMs !== undefined && delayMs > 0) await faults.sleep(delayMs);
      const ms = Math.round((now() - started) * 1000) / 1000;
      // The console's own requests are journaled apart (docs/control-api.md, "The console"): a user reading the journal looks for their app's.
      session?.journal.record({
        method,
        path,
        status: response.status,
        ms,
        at,
        ...(req.headers[CONSOLE_REQUEST_HEADER] === undefined ? {} : { from: 'console' as const }),
      });
      return response;
    } catch (error) {
      logError(`[mock] unexpected error on ${method} ${path}:`, error);
      return json(500, { error: `Internal error in the mock: ${(error as Error)?.message ?? String(error)}` });
    }
  }

  return { handle, control };
}

function readCacheOf(option: AppOptions['readCache']): ReadCache | undefined {
  if (option === false) return undefined;
  if (option === undefined || option === true) return createReadCache();
  return 'get' in option ? option : createReadCache(option);
}

/** The header the mock's console (mocks/console/console.js) puts on every request it makes itself. */
export const CONSOLE_REQUEST_HEADER = 'x-mock-console';
