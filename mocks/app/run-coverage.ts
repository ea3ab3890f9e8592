// What a test run covered (docs/control-api.md, "Coverage of a test run"): every `/v1` answer of
// the mock counted by operation and status, for each world and for all worlds together, against
// the document's universe (every operation and each status it documents). The report's shape is a
// subset of the shared coverage model's (`operations[].statuses.{documented, seen, missing,
// undocumented}`, `totals` as ratios), so that it folds into that model (openapi/coverage.ts, issue
// 20) once it is on main: only the counting here would be replaced.
import { forEachOperation } from '../../openapi/document/operations.ts';

export interface Ratio {
  covered: number;
  total: number;
  /** 0..100, one decimal; 100 when total is 0. */
  percent: number;
}

export interface RunOperationCoverage {
  operationId: string;
  method: string;
  path: string;
  /** How many answers it gave. */
  exchanges: number;
  statuses: { documented: string[]; seen: number[]; missing: string[]; undocumented: number[] };
}

export interface RunCoverageReport {
  /** 'world': the caller's world since it was opened or reset; 'all': every world since the mock started. */
  scope: 'world' | 'all';
  totals: { operations: Ratio; statuses: Ratio; exchanges: number };
  operations: RunOperationCoverage[];
  /** The operations no request reached, `METHOD /path`. */
  untouched: string[];
}

interface Universe {
  operationId: string;
  method: string;
  path: string;
  statuses: string[];
}

/** Counts of one scope: operationId -> status -> answers (a world's is its session's `coverage`). */
export type Tally = Map<string, Map<number, number>>;

export interface RunCoverage {
  /** Counts one answer in `world` (its tally) and in the all-worlds tally. */
  record(world: Tally, operationId: string, status: number): void;
  report(scope: 'world' | 'all', world?: Tally): RunCoverageReport;
  /** The all-worlds tally back to nothing (a new run on the same server). */
  clear(): void;
}

/**
 * The coverage of a run over `document`'s operations.
 *
 * @example
 * const coverage = createRunCoverage(document);
 * const tally: Tally = new Map();
 * coverage.record(tally, 'getCurrentUser', 200);
 * coverage.report('world', tally).untouched.length; // every other operation
 */
export function createRunCoverage(document: object): RunCoverage {
  const universe: Universe[] = [];
  forEachOperation(document, (path, method, operation) => {
    const responses = (operation.responses ?? {}) as Record<string, unknown>;
    universe.push({
      operationId: String(operation.operationId),
      method: method.toUpperCase(),
      path,
      statuses: Object.keys(responses).map((s) => s.toUpperCase()),
    });
  });
  let all: Tally = new Map();
  const add = (tally: Tally, operationId: string, status: number) => {
    let statuses = tally.get(operationId);
    if (statuses === undefined) tally.set(operationId, (statuses = new Map()));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  return {
    record(world, operationId, status) {
      add(world, operationId, status);
      add(all, operationId, status);
    },
    clear: () => {
      all = new Map();
    },
    report(scope, world) {
      const tally = scope === 'all' ? all : (world ?? new Map());
      const operations = universe.map((operation): RunOperationCoverage => {
        const counts = tally.get(operation.operationId) ?? new Map<number, number>();
        const seen = [...counts.keys()].sort((a, b) => a - b);
        return {
          operationId: operation.operationId,
          method: operation.method,
          path: operation.path,
          exchanges: [...counts.values()].reduce((sum, n) => sum + n, 0),
          statuses: {
            documented: operation.statuses,
            seen,
            missing: operation.statuses.filter((status) => status !== 'DEFAULT' && !seen.some((s) => statusMatches(status, s))),
            undocumented: operation.statuses.includes('DEFAULT') ? [] : seen.filter((s) => !operation.statuses.some((status) => statusMatches(status, s))),
          },
        };
      });
      const countable = (row: RunOperationCoverage) => row.statuses.documented.filter((s) => s !== 'DEFAULT').length;
      const touched = operations.filter((row) => row.exchanges > 0);
      return {
        scope,
        totals: {
          operations: ratio(touched.length, operations.length),
          statuses: ratio(
            operations.reduce((sum, row) => sum + countable(row) - row.statuses.missing.length, 0),
            operations.reduce((sum, row) => sum + countable(row), 0),
          ),
          exchanges: operations.reduce((sum, row) => sum + row.exchanges, 0),
        },
        operations,
        untouched: operations.filter((row) => row.exchanges === 0).map((row) => `${row.method} ${row.path}`),
      };
    },
  };
}

/** Whether a documented status (`200`, `4XX`) covers an answered one. */
export function statusMatches(documented: string, status: number): boolean {
  if (/^\d{3}$/.test(documented)) return Number(documented) === status;
  if (/^[1-5]XX$/.test(documented)) return Math.floor(status / 100) === Number(documented[0]);
  return documented === 'DEFAULT';
}

function ratio(covered: number, total: number): Ratio {
  return { covered, total, percent: total === 0 ? 100 : Math.round((covered / total) * 1000) / 10 };
}

/**
 * The report as a table: one line per operation (answers, statuses seen of those documented, the
 * missing ones), then the totals.
 *
 * @example
 * console.log(formatRunCoverage(coverage.report('all')));
 */
export function formatRunCoverage(report: RunCoverageReport): string {
  const header = ['operation', 'answers', 'statuses', 'never answered'];
  const rows = report.operations.map((row) => {
    const documented = row.statuses.documented.filter((s) => s !== 'DEFAULT').length;
    return [`${row.method} ${row.path}`, String(row.exchanges), `${documented - row.statuses.missing.length}/${documented}`, row.statuses.missing.join(' ')];
  });
  const widths = header.map((_, column) => Math.max(header[column]!.length, ...rows.map((line) => line[column]!.length)));
  const render = (line: string[]) =>
    line
      .map((cell, column) => (column === 1 || column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(render), '', summaryLine(report)].join('\n');
}

/** One line: operations and documented statuses answered, and how many operations were never touched. */
export function summaryLine(report: RunCoverageReport): string {
  const { operations, statuses, exchanges } = report.totals;
  return `Coverage (${report.scope === 'all' ? 'all worlds' : 'this world'}): operations ${operations.covered}/${operations.total} (${operations.percent}%), documented statuses ${statuses.covered}/${statuses.total} (${statuses.percent}%), ${exchanges} answers; never touched: ${report.untouched.length}`;
}
