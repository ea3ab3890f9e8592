// What a test run covered (docs/control-api.md, "Coverage of a test run"), per world and for all worlds,
// counted by the kit's one coverage model (openapi/coverage.ts); evicted worlds still count in the total.
import {
  type Coverage,
  type CoverageReport,
  coverageUniverse,
  createCoverage,
  createDigest,
  formatCoverage,
  jsonBody,
  type Observation,
  type ObservedExchange,
} from '../../openapi/coverage.ts';
import type { Session } from '../store/world/index.ts';

export interface RunCoverageReport extends CoverageReport {
  /** 'world': the caller's world since it was opened, reset or switched; 'all': every world since the mock started. */
  scope: 'world' | 'all';
  totals: CoverageReport['totals'] & { exchanges: number };
  /** The operations no request reached, `METHOD /path`. */
  untouched: string[];
}

/** One exchange as the app sees it, its bodies as sent: parsed only for operations a link starts from. */
interface RunExchange extends Omit<ObservedExchange, 'requestBody' | 'responseBody'> {
  requestText: string;
  responseText: string;
}

export type RunCoverage = ReturnType<typeof createRunCoverage>;

interface WorldCount {
  digest: (exchange: ObservedExchange) => Observation;
  coverage: Coverage;
}

/**
 * The coverage of a run over `document`'s operations.
 *
 * @example
 * const coverage = createRunCoverage(document);
 * coverage.record(session, { operationId: 'getCurrentUser', status: 200, pathParams: {}, query: new URLSearchParams(), headers: {}, requestText: '', responseText: '{}' });
 * coverage.report('world', session).untouched.length; // every other operation
 */
export function createRunCoverage(document: object) {
  const universe = coverageUniverse(document);
  const sources = new Set(universe.links.map((link) => link.from));
  const all = createCoverage(universe);
  // A session's count lives as long as the session: a reset or a switch opens a new one, an evicted world's goes with it.
  const worlds = new WeakMap<Session, WorldCount>();
  const countOf = (session: Session): WorldCount => {
    const known = worlds.get(session);
    if (known !== undefined) return known;
    const count = { digest: createDigest(universe), coverage: createCoverage(universe) };
    worlds.set(session, count);
    return count;
  };
  const withTotals = (scope: 'world' | 'all', report: CoverageReport): RunCoverageReport => ({
    scope,
    ...report,
    totals: { ...report.totals, exchanges: report.operations.reduce((sum, row) => sum + row.exchanges, 0) },
    untouched: report.operations.filter((row) => row.exchanges === 0).map((row) => `${row.method} ${row.path}`),
  });
  return {
    /** Counts one answer in `session`'s world and in the all-worlds count. */
    record(session: Session, exchange: RunExchange): void {
      const count = countOf(session);
      // Bodies matter only where a link starts (its expressions read them): parsed only there.
      const observed: ObservedExchange = sources.has(exchange.operationId)
        ? { ...exchange, requestBody: jsonBody(exchange.requestText), responseBody: jsonBody(exchange.responseText) }
        : exchange;
      const observation = count.digest(observed);
      count.coverage.add(observation);
      all.add(observation);
    },
    report(scope: 'world' | 'all', session?: Session): RunCoverageReport {
      if (scope === 'all') return withTotals('all', all.report());
      return withTotals(
        'world',
        (session === undefined ? createCoverage(universe) : countOf(session).coverage).report(),
      );
    },
  };
}

/**
 * The report as the contracts' coverage table (openapi/coverage.ts), under a line saying its scope.
 *
 * @example
 * console.log(formatRunCoverage(mock.coverage()));
 */
export function formatRunCoverage(report: RunCoverageReport): string {
  return `${summaryLine(report)}\n\n${formatCoverage(report)}`;
}

/** One line: operations and documented statuses answered, and how many operations were never touched. */
export function summaryLine(report: RunCoverageReport): string {
  const { operations, statuses, links, exchanges } = report.totals;
  const ratio = (r: { covered: number; total: number; percent: number }) => `${r.covered}/${r.total} (${r.percent}%)`;
  return `Coverage (${report.scope === 'all' ? 'all worlds' : 'this world'}): operations ${ratio(operations)}, documented statuses ${ratio(statuses)}, links ${ratio(links)}, ${exchanges} answers; never touched: ${report.untouched.length}`;
}
