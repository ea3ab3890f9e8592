// What the drift report reads of an upstream answer (openapi/drift.ts's ObservedAnswer), from a live
// exchange or a recorded HAR entry: the one translation the server, the MSW handlers and the
// `drift` command share. Browser-safe.
import type { ObservedAnswer } from '../../openapi/drift.ts';
import { type Exchange, type HarEntry, harResponseText, headerRecord } from './har.ts';

/**
 * A live exchange's answer, for `analyzer.observe()`.
 * @example
 * onExchange: (exchange) => analyzer.observe(answerOfExchange(exchange))
 */
export function answerOfExchange(exchange: Exchange): ObservedAnswer {
  return {
    method: exchange.request.method,
    path: new URL(exchange.request.url).pathname,
    status: exchange.response.status,
    contentType: exchange.response.headers['content-type'] ?? null,
    body: exchange.response.body,
    ...(exchange.operationId === undefined ? {} : { operationId: exchange.operationId }),
  };
}

/**
 * A recorded entry's answer; its `_operationId` is kept only when `known` has it (another tool's
 * HAR, or an older document's, is matched by method and path instead).
 * @example
 * for (const entry of har.entries) analyzer.observe(answerOfHarEntry(entry, new Set(validator.operationIds)));
 */
export function answerOfHarEntry(entry: HarEntry, known: ReadonlySet<string>): ObservedAnswer {
  const headers = headerRecord(entry.response.headers);
  return {
    method: entry.request.method,
    path: new URL(entry.request.url).pathname,
    status: entry.response.status,
    contentType: headers['content-type'] ?? (entry.response.content?.mimeType || null),
    body: harResponseText(entry),
    ...(entry._operationId !== undefined && known.has(entry._operationId) ? { operationId: entry._operationId } : {}),
  };
}
