// The fetch wrapper every suite request goes through: every check run on the exchange, which is recorded;
// a ContractViolation (failing the test) when any check fails, else an intact Response.
import { coverageUniverse, createDigest, jsonBody } from '../../openapi/coverage.ts';
import { document } from '../../openapi/generated/document.ts';
import { ContractViolation, runChecks } from './engine.ts';
import type { ExchangeRecord, Recorder } from '../summary.ts';
import type { Exchange, ResponseValidator } from './types.ts';
import type { FetchLike } from '../targets/types.ts';

export interface CheckedFetchOptions {
  fetch: FetchLike;
  validator: ResponseValidator;
  /** Base URL including the version segment; its path is stripped before matching operations. */
  baseUrl: string;
  targetName: string;
  record?: Recorder;
}

export function createCheckedFetch(options: CheckedFetchOptions): FetchLike {
  const basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '');
  // One digest per checked fetch (a suite file): a request following a link is recognized from the answers before it.
  const digest = createDigest(coverageUniverse(document));
  return async (input, init) => {
    // Never followed: a 3xx is checked as the answer it is (docs/contracts.md), whatever the transport.
    const request = new Request(input, { ...init, redirect: 'manual' });
    const requestBody = request.body === null ? '' : await request.clone().text();
    const response = await options.fetch(request);
    const responseText = await response.text();
    const url = new URL(request.url);
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
    const lookup = options.validator.matchOperation(request.method, decodeURIComponent(path));
    const responseHeaders: Record<string, string> = Object.fromEntries(response.headers);
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase() || null;
    const exchange: Exchange = {
      operationId: lookup.kind === 'match' ? lookup.operationId : null,
      method: request.method,
      url: request.url,
      path,
      requestBody,
      status: response.status,
      contentType,
      responseHeaders,
      responseText,
      // A file download (application/octet-stream) is checked as its text; every other body as JSON.
      responseBody: (contentType ?? '').includes('json') || responseText === '' ? jsonBody(responseText) : responseText,
    };
    const violations = runChecks(exchange, options.validator);
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    const record: ExchangeRecord = {
      target: options.targetName,
      operationId: exchange.operationId ?? `${request.method} ${path}`,
      method: request.method,
      status: response.status,
      passed: violations.length === 0,
      ...(lookup.kind === 'match'
        ? {
            coverage: digest({
              operationId: lookup.operationId,
              status: response.status,
              pathParams: lookup.pathParams,
              query: url.searchParams,
              headers,
              requestBody: jsonBody(requestBody),
              responseBody: exchange.responseBody,
            }),
          }
        : {}),
    };
    options.record?.(record);
    if (violations.length > 0) throw new ContractViolation(exchange, violations);
    return new Response(responseText === '' ? null : responseText, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
