// The one place where values become HTTP answers (docs/architecture.md, docs/errors.md): a successful Result is
// 200 with its JSON (a RawAnswer: its own media type and bytes), a `null` value is 204 with no body, ACCEPTED 202
// with none, an ApiError is its status and body.
import type { ApiError, Result } from '../common/errors.ts';
import type { AppResponse } from './types.ts';

const JSON_HEADERS = { 'content-type': 'application/json' } as const;

export function json(status: number, value: unknown, extraHeaders?: Record<string, string>): AppResponse {
  return { status, headers: { ...JSON_HEADERS, ...extraHeaders }, body: JSON.stringify(value) };
}

export function errorResponse(error: ApiError, extraHeaders?: Record<string, string>): AppResponse {
  return json(
    error.status,
    error.body,
    error.headers === undefined ? extraHeaders : { ...error.headers, ...extraHeaders },
  );
}

/**
 * A successful answer that is not JSON (a file of the File Stash): a route answers `ok(new
 * RawAnswer(...))` and fromResult sends its bytes as they are.
 *
 * @example
 * ok(new RawAnswer('application/octet-stream', 'a,b\n1,2\n', { 'content-disposition': 'attachment; filename="report.csv"' }));
 */
export class RawAnswer {
  readonly contentType: string;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
  constructor(contentType: string, body: string, headers: Readonly<Record<string, string>> = {}) {
    this.contentType = contentType;
    this.body = body;
    this.headers = headers;
  }
}

/** A route's value for 202 with no body: the request is taken, the work done (the reference's asynchronous deletes). */
export const ACCEPTED = Object.freeze({ accepted: true });

export function fromResult(result: Result<unknown>): AppResponse {
  if (!result.ok) return errorResponse(result.error);
  if (result.value === ACCEPTED) return { status: 202, headers: {}, body: '' };
  if (result.value instanceof RawAnswer)
    return {
      status: 200,
      headers: { 'content-type': result.value.contentType, ...result.value.headers },
      body: result.value.body,
    };
  return result.value === null ? { status: 204, headers: {}, body: '' } : json(200, result.value);
}
