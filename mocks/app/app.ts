// The app: AppRequest -> AppResponse, transport-free. Order of checks (docs/architecture.md):
// control routes; /v1 prefix; bearer auth; operation lookup (404/405); an injected rate limit
// (429); body size, media type and JSON syntax (413/415/400); parameters and body against the
// OpenAPI document (400/404, mapped by issues.ts); the operation's x-token-kinds (403); then the
// one route table, whose Result respond.ts turns into HTTP. Nothing here may throw for bad input:
// an exception is a bug in the mock and answers 500 with a logged stack.
import { apiError, type Result } from '../errors.ts';
import type { Session, Store } from '../store/index.ts';
import type { Validator } from '../../openapi/validator.ts';
import { authenticate } from './auth.ts';
import { isOversized, MAX_BODY_BYTES, readJsonBody } from './body.ts';
import { createControl, type ControlOperations, type MockControl } from './control.ts';
import { handleControl } from './control-routes.ts';
import { errorResponse, fromResult, json } from './respond.ts';
import { refusal } from './issues.ts';
import type { AnyRoute } from './routes-meta.ts';
import type { AppRequest, AppResponse } from './types.ts';

export interface AppOptions {
  store: Store;
  validator: Validator;
  /** operationId -> handler: `routes` of routes.ts (injected so tests can run on a stub store). */
  routes: Readonly<Record<string, AnyRoute>>;
  /** Store operations behind the control API. */
  controlOperations: ControlOperations;
  /** Where unexpected exceptions are reported; console.error by default. */
  logError?: (message: string, error: unknown) => void;
}

export interface App {
  handle(req: AppRequest): Promise<AppResponse>;
  control: MockControl;
}

const API_PREFIX = '/v1';

export function createApp(options: AppOptions): App {
  const { store, validator } = options;
  const control = createControl(store, options.controlOperations);
  const table = options.routes;
  // Which operations read a JSON body, from the document (once, not per request).
  const takesJsonBody = new Set(validator.operationIds.filter((id) => validator.describeOperation(id).hasJsonBody));
  const logError = options.logError ?? ((message, error) => console.error(message, error));
  const now = typeof performance !== 'undefined' ? () => performance.now() : () => Date.now();

  function handleApi(req: AppRequest, path: string, query: string): { response: AppResponse; session?: Session } {
    const auth = authenticate(req.headers);
    if (!auth.ok) return { response: errorResponse(auth.error, { 'www-authenticate': 'Bearer' }) };
    const credentials = auth.value;
    const session = store.session(credentials.token);
    const { world } = session;
    const respond = (response: AppResponse) => ({ response, session });

    const opPath = path.slice(API_PREFIX.length) || '/';
    const lookup = validator.matchOperation(req.method, opPath);
    if (lookup.kind === 'not_found') {
      return respond(errorResponse(apiError('not_found', `No operation at ${req.method} ${path}`, { path })));
    }
    if (lookup.kind === 'method_not_allowed') {
      const allow = lookup.allowed.join(', ');
      return respond(
        errorResponse(apiError('method_not_allowed', `${req.method} is not allowed on ${path}; allowed: ${allow}`, { allowed: lookup.allowed }), {
          allow,
        }),
      );
    }

    const retryAfter = session.limits.take();
    if (retryAfter !== null) {
      return respond(
        errorResponse(
          apiError('rate_limited', `Rate limited (injected with POST /__mock/rate-limit); retry after ${retryAfter} s`, { retry_after_seconds: retryAfter }),
          { 'retry-after': String(retryAfter) },
        ),
      );
    }

    if (isOversized(req.body)) {
      return respond(errorResponse(apiError('payload_too_large', `Request body is larger than ${MAX_BODY_BYTES} bytes`, { limit_bytes: MAX_BODY_BYTES })));
    }
    let body: unknown;
    if (takesJsonBody.has(lookup.operationId)) {
      const parsed = readJsonBody(req.body, req.headers);
      if (!parsed.ok) return respond(errorResponse(parsed.error));
      body = parsed.value;
    }

    const validated = validator.validateRequest(lookup.operationId, {
      pathParams: lookup.pathParams,
      query: new URLSearchParams(query),
      headers: req.headers,
      body,
    });
    const refused = refusal(path, validated.issues);
    if (refused !== null) return respond(errorResponse(refused));
    const { tokenKinds } = validator.describeOperation(lookup.operationId);
    if (tokenKinds !== undefined && !tokenKinds.includes(credentials.kind)) {
      return respond(errorResponse(apiError('forbidden_token_kind', `${req.method} ${lookup.template} accepts ${tokenKinds.join(', ')} tokens only, not ${credentials.kind}`, { token_kind: credentials.kind })));
    }

    const handler = table[lookup.operationId];
    if (handler === undefined) {
      throw new Error(`route table has no handler for operation ${lookup.operationId}`);
    }
    // The trust boundary: from here on the request is the operation's, as the document types it.
    const result = handler({ world, credentials, path: validated.path, query: validated.query, header: validated.header, body: validated.body } as never);
    return respond(fromResult(result as Result<unknown>));
  }

  async function handleControlRequest(req: AppRequest, path: string, query: string): Promise<AppResponse> {
    const auth = authenticate(req.headers);
    if (!auth.ok) return errorResponse(auth.error, { 'www-authenticate': 'Bearer' });
    const { result, allow } = await handleControl(control, auth.value.token, req.method, path, query, req.headers, req.body);
    return allow === undefined ? fromResult(result) : errorResponse(result.ok ? apiError('method_not_allowed', 'method not allowed') : result.error, { allow });
  }

  async function handle(req: AppRequest): Promise<AppResponse> {
    const started = now();
    const at = Date.now();
    const method = req.method.toUpperCase();
    const { path, query } = splitUrl(req.url);
    try {
      if (path === '/__mock' || path.startsWith('/__mock/')) return await handleControlRequest({ ...req, method }, path, query);
      if (path !== API_PREFIX && !path.startsWith(API_PREFIX + '/')) {
        return errorResponse(apiError('not_found', `Every API route lives under ${API_PREFIX}; ${path} is not one`, { path }));
      }
      const { response, session } = handleApi({ ...req, method }, path, query);
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
