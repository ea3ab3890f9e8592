// `workflow-api-mock pact check FILE...` (docs/pact.md, "pact check"): each interaction of a Pact file judged
// offline by the kit's validator, as bi-directional contract testing does.
import { coverageUniverse, createCoverage, type CoverageReport } from '../openapi/coverage.ts';
import { document } from '../openapi/generated/document.ts';
import { isObject } from '../openapi/json.ts';
import { pactFileReport } from '../openapi/pact-check.ts';
import { validator } from '../openapi/validator.ts';
import {
  defineCommand,
  didYouMean,
  EXIT_FAILED,
  EXIT_OK,
  PROGRAM,
  readOrSay,
  runCommand,
  usage,
  type UsageError,
} from './args.ts';

const HELP = () => `${PROGRAM} pact: Pact files against the kit's OpenAPI document (docs/pact.md).

Usage:
  ${PROGRAM} pact check FILE... [--coverage]
  ${PROGRAM} pact verify FILE... [--target mock|URL] [flags]   (its own --help: pact verify --help)

  check   validates every interaction of each Pact file (V4 "Synchronous/HTTP"; V2/V3 HTTP
          interactions too) with the kit's validator: its operation (method and path), its request
          (path, query, headers, body), its status (documented for the operation?) and its
          response body (each field promised by the document?). Each problem is printed as
            FILE: DESCRIPTION: POINTER MESSAGE
          where POINTER is a JSON pointer into the file (/interactions/0/response/body/data/id).
  verify  replays every interaction against the mock or a provider's URL, its provider states set
          up first, and holds each answer to the interaction's matching rules

Flags:
  --coverage   after each file, what its consumer relies on: each operation its interactions
               call, with the statuses they expect of those the document lists, and the totals
               (operations and documented statuses covered, the kit's coverage model)
  -h, --help   this text

Example:
  ${PROGRAM} serve --pact-dir pacts --pact-consumer web-app   # the frontend's tests run; Ctrl-C
  ${PROGRAM} pact check pacts/web-app-workflow-api.json
  ${PROGRAM} pact verify pacts/web-app-workflow-api.json --token dev-token   # against the mock

Exit codes: 0 every interaction matches the document, 1 a problem found or a file that cannot be
read or is no Pact file (named on stderr), 2 bad flags.`;

export interface PactCheckOptions {
  files: string[];
  /** `--coverage`: print what each file covers (pactCoverage). */
  coverage?: boolean;
}

export const PACT = defineCommand({
  name: 'pact',
  help: HELP,
  positionals: true,
  flags: { coverage: { type: 'boolean' } },
  interpret(values, positionals): PactCheckOptions | UsageError {
    const [action, ...files] = positionals;
    if (action === undefined) return usage('name an action: pact check FILE...');
    if (action !== 'check')
      return usage(
        `unknown action "${action}"${didYouMean(action, ['check', 'verify']) || '; the actions are check and verify'}`,
      );
    if (files.length === 0) return usage('name the Pact files: pact check FILE...');
    return { files, coverage: values.coverage === true };
  },
});

/**
 * Checks every file and prints each problem; answers the exit code.
 * @example
 * process.exitCode = await pactCheck({ files: ['pacts/web-app-workflow-api.json'] });
 */
export async function pactCheck(options: PactCheckOptions): Promise<number> {
  let failed = false;
  for (const file of options.files) {
    const text = await readOrSay('pact check', file, 'the Pact file to check');
    if (text === undefined) {
      failed = true;
      continue;
    }
    const report = pactFileReport(file, text);
    if ('refused' in report) {
      console.error(`${PROGRAM} pact check: ${file} ${report.refused}`);
      failed = true;
      continue;
    }
    for (const line of report.lines) console.log(line);
    if (report.problems.length > 0) failed = true;
    if (options.coverage) console.log(formatPactCoverage(file, pactCoverage(JSON.parse(text))));
  }
  return failed ? EXIT_FAILED : EXIT_OK;
}

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

/** The `pact` subcommand: argv after its name, answers the exit code. */
export async function run(argv: string[]): Promise<number> {
  // verify has flags of its own: its module parses them (cli/pact-verify.ts).
  if (argv[0] === 'verify') return (await import('./pact-verify.ts')).run(argv.slice(1));
  return runCommand(PACT, argv, pactCheck);
}
