// Errors are values: an ApiError carries its HTTP status and the one body shape `{error, code?, details?}`
// (docs/errors.md); store functions return Result values, only the app turns them into HTTP.

export type ErrorCode =
  | 'bad_request'
  | 'unsupported_url'
  | 'json_too_complex'
  | 'unauthorized'
  | 'forbidden_token_kind'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'service_unavailable'
  | 'collection_full'
  // The mock server could not write its --state file (docs/worlds.md, "State across restarts").
  | 'state_write_failed'
  // Answered by the node:http adapter itself, before the app sees a request (docs/errors.md).
  | 'request_timeout'
  | 'expectation_failed'
  | 'headers_too_large'
  // The control API refused a request by its Host or Origin (docs/control-api.md, "Who may call it").
  | 'host_not_allowed'
  | 'origin_not_allowed'
  // Answered in place of an upstream that could not be reached (serve --upstream, docs/upstream.md).
  | 'bad_gateway';

export interface ApiErrorBody {
  error: string;
  code?: ErrorCode;
  details?: Record<string, unknown>;
}

export interface ApiError {
  status: number;
  body: ApiErrorBody;
  /** Headers the answer carries besides the body's (e.g. the Retry-After every documented 429 has). */
  headers?: Readonly<Record<string, string>>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unsupported_url: 400,
  json_too_complex: 400,
  unauthorized: 401,
  forbidden_token_kind: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  service_unavailable: 503,
  collection_full: 429,
  state_write_failed: 500,
  request_timeout: 408,
  expectation_failed: 417,
  headers_too_large: 431,
  host_not_allowed: 403,
  origin_not_allowed: 403,
  bad_gateway: 502,
};

/** Whether `value` is one of the codes above (the document names codes with `x-error-code`). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(STATUS, value);
}

export function apiError(code: ErrorCode, message: string, details?: Record<string, unknown>): ApiError {
  const body: ApiErrorBody = { error: message, code };
  if (details !== undefined) body.details = details;
  return { status: STATUS[code], body };
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, message: string, details?: Record<string, unknown>): Result<T> {
  return { ok: false, error: apiError(code, message, details) };
}

export function notFound<T = never>(what: string, id: string): Result<T> {
  return fail('not_found', `${what} ${id} not found`, { id });
}
