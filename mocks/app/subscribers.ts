// The app's own subscribers of the exchange hook (exchange.ts), added first: the request journal, run coverage
// and the read cache; the faces add theirs after.
import type { JournalEntry } from '../store/world/session.ts';
import type { ExchangeListener } from './exchange.ts';
import type { ReadCache } from './read-cache.ts';
import type { RunCoverage } from './run-coverage.ts';

/** The header the mock's console (mocks/console/console.js) puts on every request it makes itself. */
export const CONSOLE_REQUEST_HEADER = 'x-mock-console';

/**
 * The world's request journal (docs/control-api.md, `GET /__mock/requests`): every request of the
 * API or to an endpoint in the world it names, whoever answered it; not the control API's. The
 * console's own requests are journaled apart: a user reading the journal looks for their app's.
 *
 * @example
 * hook.subscribe(journalExchange);
 */
export const journalExchange: ExchangeListener = (record) => {
  const { session, face, head, source } = record;
  if (session === undefined || record.via !== 'request' || face === 'control') return;
  // Built field by field, no spreads: it runs on every request (docs/performance.md).
  const entry: JournalEntry = {
    method: head.method,
    path: head.path,
    status: record.status,
    ms: Math.round(record.durationMs * 1000) / 1000,
    at: record.startedAt,
  };
  if (record.request.headers[CONSOLE_REQUEST_HEADER] !== undefined) entry.from = 'console';
  if (source !== 'mock') entry.source = source;
  session.journal.record(entry);
};

/**
 * Counts every answer the mock gave to an operation of the API in the run's coverage
 * (mocks/app/run-coverage.ts), the faults' answers included.
 *
 * @example
 * hook.subscribe(coverExchanges(createRunCoverage(document)));
 */
export function coverExchanges(coverage: RunCoverage): ExchangeListener {
  return (record) => {
    const { session, operationId, request } = record;
    if (session === undefined || operationId === undefined || record.face !== 'api' || record.source !== 'mock') return;
    coverage.record(session, {
      operationId,
      status: record.status,
      pathParams: record.pathParams,
      query: new URLSearchParams(record.head.query),
      headers: request.headers,
      requestText: request.body,
      responseText: record.response.body,
    });
  };
}

/**
 * Tells the read cache that a world may have changed, so nothing kept before answers again; an answer made while
 * the change landed was kept at the version from before it, so it goes too (pipeline.ts, answerKeptRead).
 *
 * @example
 * hook.subscribe(forgetChangedReads(createReadCache()));
 */
export function forgetChangedReads(reads: ReadCache): ExchangeListener {
  return (record) => {
    if (record.worldChanged && record.session !== undefined) reads.changed(record.session.world);
  };
}
