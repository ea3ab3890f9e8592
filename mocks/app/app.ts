// The app: AppRequest -> AppResponse, transport-free. Two faces share one pipeline: the API under
// /v1 (openapi/openapi.yaml) and the control API under /__mock (openapi/control.yaml). Order of
// checks (docs/architecture.md): /v1 or /__mock prefix (404); bearer auth (401); operation lookup
// in the face's document (404/405); for the API, the faults of faults.ts (an injected or per-second
// rate limit 429, a failure rate 503, a `Prefer: code/example` answer, a delay); body size, media
// type and JSON syntax (413/415/400); parameters and body against the document (400/404, mapped
// by issues.ts); the operation's x-token-kinds (403); then the face's route table, whose Result
// respond.ts turns into HTTP. API requests are written to the world's journal. Nothing here may
// throw for bad input: an exception is a bug in the mock and answers 500 with a logged stack.
import { apiError, fail, type Result } from '../errors.ts';
import type { Session, Store } from '../store/index.ts';
import type { RequestInput, Validator } from '../../openapi/validator.ts';
import { authenticate, issueOAuthToken, OAUTH_TOKEN_OPERATION, tokenKind, type Credentials } from './auth.ts';
import { isOversized, MAX_BODY_BYTES, readJsonBody, withinJsonBounds } from './body.ts';
import { createControl, type ControlOperations, type MockControl } from './control.ts';
import { controlRoutes } from './control-routes.ts';
import { createFaults, type FaultOptions } from './faults.ts';
import { refusal } from './issues.ts';
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
}

/** The HTTP app: one request in, one response out (named apart from the API's connected-app schema `App`). */
export interface MockApp {
  handle(req: AppRequest): Promise<AppResponse>;
  control: MockControl;
}

/** One document served under one prefix. */
interface Face {
  prefix: string;
  validator: Validator;
  routes: Readonly<Record<string, AnyRoute>>;
  /** Which operations read a JSON body (from the document, once). */
  takesJsonBody: ReadonlySet<string>;
  /** API requests can be rate limited and are journaled; control requests never. */
  api: boolean;
  notFound(method: string, path: string): string;
}

const API_PREFIX = '/v1';
const CONTROL_PREFIX = '/__mock';
const OAUTH_TOKEN_PATH = `${API_PREFIX}/oauth/token`;

function face(prefix: string, validator: Validator, routes: Face['routes'], api: boolean, notFound: Face['notFound']): Face {
  const takesJsonBody = new Set(validator.operationIds.filter((id) => validator.describeOperation(id).hasJsonBody));
  return { prefix, validator, routes, takesJsonBody, api, notFound };
}

export function createApp(options: AppOptions): MockApp {
  const { store } = options;
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const now = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();
  const faults = createFaults(options.faults);

  // The JS face of the control API runs its operations through the same pipeline as HTTP requests.
  const control = createControl(store, options.controlOperations, (operationId, token, input) => {
    const pathParams = input.pathParams ?? {};
    const path =
      CONTROL_PREFIX + options.controlValidator.describeOperation(operationId).template.replace(/\{([^}]+)\}/g, (_, name: string) => pathParams[name] ?? '');
    // The JS face takes objects, not text: the same bounds as a parsed body (body.ts), before anything walks them.
    const bounded = withinJsonBounds(input.body);
    if (!bounded.ok) return bounded;
    const request = { pathParams, query: input.query ?? new URLSearchParams(), headers: {}, body: input.body };
    const result = invoke(controlFace, operationId, path, { token, kind: tokenKind(token) }, store.session(token), request) as Result<{ data: unknown }>;
    return result.ok ? { ok: true, value: result.value.data } : result;
  });
  const apiFace = face(API_PREFIX, options.validator, options.routes, true, (method, path) => `No operation at ${method} ${path}`);
  const controlFace = face(
    CONTROL_PREFIX,
    options.controlValidator,
    controlRoutes(control, store, options.controlOperations, faults) as never,
    false,
    (_method, path) => {
      const routes = options.controlValidator.operationIds.map((id) => {
        const { method, template } = options.controlValidator.describeOperation(id);
        return `${method} ${CONTROL_PREFIX}${template}`;
      });
      return `No control route ${path}; see ${routes.join(', ')}`;
    },
  );

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
    return route({ world: session.world, session, credentials, path: pathParams, query, header, body } as never);
  }

  async function dispatch(on: Face, req: AppRequest, path: string, query: string): Promise<{ response: AppResponse; session?: Session; delayMs?: number }> {
    // The one operation called without a bearer (auth.ts): answered without a world, since the token it issues selects one.
    if (on.api && path === OAUTH_TOKEN_PATH && req.method === 'POST') return { response: oauthToken(on, req, path, query) };
    const auth = authenticate(req.headers);
    if (!auth.ok) return { response: errorResponse(auth.error, { 'www-authenticate': 'Bearer' }) };
    const credentials = auth.value;
    // A token naming a scenario the mock does not hold (docs/scenarios.md): refused, never a seeded world in its place.
    const unknownScenario = store.refusal(credentials.token);
    if (unknownScenario !== null)
      return { response: errorResponse(apiError('unauthorized', unknownScenario), { 'www-authenticate': 'Bearer error="invalid_token"' }) };
    const session = store.session(credentials.token);
    const respond = (response: AppResponse) => ({ response, session });

    const lookup = on.validator.matchOperation(req.method, path.slice(on.prefix.length) || '/');
    if (lookup.kind === 'not_found') return respond(errorResponse(apiError('not_found', on.notFound(req.method, path), { path })));
    if (lookup.kind === 'method_not_allowed') {
      const allow = lookup.allowed.join(', ');
      const error = apiError('method_not_allowed', `${req.method} is not allowed on ${path}; allowed: ${allow}`, { allowed: lookup.allowed });
      return respond(errorResponse(error, { allow }));
    }

    if (!on.api) return respond(await answer(on, req, path, query, lookup, credentials, session));
    // The API's faults come first (faults.ts): one of them may answer in place of the operation.
    const intercept = faults.intercept(session, on.validator.describeOperation(lookup.operationId), req.headers.prefer);
    const coverage = options.controlOperations.coverage;
    if (intercept.response !== undefined) {
      coverage?.record(session.coverage, lookup.operationId, intercept.response.status);
      return { response: intercept.response, session, delayMs: intercept.delayMs };
    }
    const response = await answer(on, req, path, query, lookup, credentials, session);
    // What the run covered (run-coverage.ts): every answer of a /v1 operation, faults' included.
    coverage?.record(session.coverage, lookup.operationId, response.status);
    return { response: { ...response, headers: { ...response.headers, ...intercept.headers } }, session, delayMs: intercept.delayMs };
  }

  /** POST /v1/oauth/token: the body checked against the document like any other, then a token for the client. */
  function oauthToken(on: Face, req: AppRequest, path: string, query: string): AppResponse {
    if (isOversized(req.body)) {
      return errorResponse(apiError('payload_too_large', `Request body is larger than ${MAX_BODY_BYTES} bytes`, { limit_bytes: MAX_BODY_BYTES }));
    }
    const parsed = readJsonBody(req.body, req.headers);
    if (!parsed.ok) return errorResponse(parsed.error);
    const validated = on.validator.validateRequest(OAUTH_TOKEN_OPERATION, {
      pathParams: {},
      query: new URLSearchParams(query),
      headers: req.headers,
      body: parsed.value,
    });
    const refused = refusal(path, validated.issues);
    if (refused !== null) return errorResponse(refused);
    return json(200, issueOAuthToken((validated.body as { client_id: string }).client_id, store.now()));
  }

  /** Body checks, validation and the route, for a request matched to an operation. */
  async function answer(
    on: Face,
    req: AppRequest,
    path: string,
    query: string,
    lookup: { operationId: string; pathParams: Record<string, string> },
    credentials: Credentials,
    session: Session,
  ): Promise<AppResponse> {
    if (isOversized(req.body)) {
      return errorResponse(apiError('payload_too_large', `Request body is larger than ${MAX_BODY_BYTES} bytes`, { limit_bytes: MAX_BODY_BYTES }));
    }
    let body: unknown;
    if (on.takesJsonBody.has(lookup.operationId)) {
      const parsed = readJsonBody(req.body, req.headers);
      if (!parsed.ok) return errorResponse(parsed.error);
      body = parsed.value;
    }

    const input = { pathParams: lookup.pathParams, query: new URLSearchParams(query), headers: req.headers, body };
    const result = await invoke(on, lookup.operationId, path, credentials, session, input);
    return fromResult(result as Result<unknown>);
  }

  async function handle(req: AppRequest): Promise<AppResponse> {
    const started = now();
    const at = Date.now();
    const method = req.method.toUpperCase();
    const { path, query } = splitUrl(req.url);
    try {
      if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) return (await dispatch(controlFace, { ...req, method }, path, query)).response;
      if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
        return errorResponse(apiError('not_found', `Every API route lives under ${API_PREFIX}; ${path} is not one`, { path }));
      }
      const { response, session, delayMs } = await dispatch(apiFace, { ...req, method }, path, query);
      if (delayMs !== undefined && delayMs > 0) await faults.sleep(delayMs);
      session?.journal.record({ method, path, status: response.status, ms: Math.round((now() - started) * 1000) / 1000, at });
      return response;
    } catch (error) {
      logError(`[mock] unexpected error on ${method} ${path}:`, error);
      return json(500, { error: `Internal error in the mock: ${(error as Error)?.message ?? String(error)}` });
    }
  }

  return { handle, control };
}

/** `/v1/x?y=1` (or an absolute URL) -> raw path and raw query string. */
export function splitUrl(url: string): { path: string; query: string } {
  let rest = url;
  if (!rest.startsWith('/')) {
    const scheme = rest.indexOf('://');
    if (scheme >= 0) {
      const slash = rest.indexOf('/', scheme + 3);
      rest = slash < 0 ? '/' : rest.slice(slash);
    }
  }
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  const rawPath = q < 0 ? rest : rest.slice(0, q);
  const query = q < 0 ? '' : rest.slice(q + 1);
  // The path stays percent-encoded: the validator decodes path parameters after matching.
  return { path: rawPath, query };
}
