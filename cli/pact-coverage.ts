// `pact check --coverage` (docs/pact.md, "What a pact covers"): what a consumer's pact relies on, counted by the
// kit's coverage model (openapi/coverage.ts), so an API team sees which answers a consumer would break on.
import { coverageUniverse, createCoverage, type CoverageReport } from '../openapi/coverage.ts';
import { document } from '../openapi/generated/document.ts';
import { isObject } from '../openapi/json.ts';
import { validator } from '../openapi/validator.ts';

/**
 * The coverage of a pact's HTTP interactions: each one whose method and path are an operation of
 * the document is one exchange of that operation with its response status; others are left out
 * (`pact check` names them).
 *
 * @example
 * const report = pactCoverage(JSON.parse(readFileSync('pacts/web-app-workflow-api.json', 'utf8')));
 * report.totals.operations; // { covered: 4, total: 82, percent: 4.8 }
 */
export function pactCoverage(pact: unknown): CoverageReport {
  // Operations and statuses only: what a consumer relies on, not which parameters it sent.
  const coverage = createCoverage(coverageUniverse(document));
  const interactions = isObject(pact) && Array.isArray(pact.interactions) ? pact.interactions : [];
  for (const interaction of interactions) {
    if (!isObject(interaction) || (interaction.type !== undefined && interaction.type !== 'Synchronous/HTTP')) continue;
    const { request, response } = interaction;
    if (!isObject(request) || !isObject(response) || typeof response.status !== 'number') continue;
    if (typeof request.method !== 'string' || typeof request.path !== 'string') continue;
    // The document's paths are under its server's /v1, which a pact's paths carry (as pact check reads them).
    const match = validator.matchOperation(request.method, request.path.replace(/^\/v1(?=\/)/, ''));
    if (match.kind !== 'match') continue;
    coverage.add({ operationId: match.operationId, status: response.status, parameters: [], links: [] });
  }
  return coverage.report();
}

/**
 * What `pact check --coverage` prints for one file: one line per operation the pact relies on
 * (its request, the statuses expected, of the statuses the document lists), then the totals.
 *
 * @example
 * console.log(formatPactCoverage('pacts/web-app-workflow-api.json', pactCoverage(pact)));
 */
export function formatPactCoverage(file: string, report: CoverageReport): string {
  const used = report.operations.filter((operation) => operation.exchanges > 0);
  const rows = used.map((operation) => [
    operation.operationId,
    `${operation.method} ${operation.path}`,
    [...operation.statuses.seen].sort((a, b) => a - b).join(' '),
    operation.statuses.documented.join(' '),
  ]);
  const header = ['operation', 'request', 'statuses relied on', 'documented'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const render = (row: string[]) =>
    `  ${row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd()}`;
  const { operations, statuses } = report.totals;
  return [
    `${file}: what the consumer relies on (operations x statuses):`,
    ...(rows.length === 0
      ? ['  no interaction is an operation of the document']
      : [render(header), ...rows.map(render)]),
    `  operations ${operations.covered}/${operations.total} (${operations.percent}%), documented statuses ${statuses.covered}/${statuses.total} (${statuses.percent}%)`,
  ].join('\n');
}
