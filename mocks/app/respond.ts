// The one place where values become HTTP answers (docs/architecture.md, docs/errors.md): a successful Result is
// 200 with its JSON, a `null` value is 204 with no body, an ApiError is its status and body.
import type { ApiError, Result } from '../errors.ts';
import type { AppResponse } from './types.ts';

const JSON_HEADERS = { 'content-type': 'application/json' } as const;

export function json(status: number, value: unknown, extraHeaders?: Record<string, string>): AppResponse {
  return { status, headers: { ...JSON_HEADERS, ...extraHeaders }, body: JSON.stringify(value) };
}

export function noContent(): AppResponse {
  return { status: 204, headers: {}, body: '' };
}

export function errorResponse(error: ApiError, extraHeaders?: Record<string, string>): AppResponse {
  return json(error.status, error.body, error.headers === undefined ? extraHeaders : { ...error.headers, ...extraHeaders });
}

export function fromResult(result: Result<unknown>): AppResponse {
  if (!result.ok) return errorResponse(result.error);
  return result.value === null ? noContent() : json(200, result.value);
}
