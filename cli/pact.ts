// `workflow-api-mock pact check FILE...` (docs/pact.md, "pact check"): each interaction of a Pact file judged
// offline by the kit's validator, as bi-directional contract testing does.
import { readFile } from 'node:fs/promises';
import { pactFileReport } from '../openapi/pact-check.ts';
import { formatPactCoverage, pactCoverage } from './pact-coverage.ts';
import { defineCommand, EXIT_FAILED, EXIT_OK, PROGRAM, runCommand, usage, type UsageError } from './args.ts';

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
  /** `--coverage`: print what each file covers (cli/pact-coverage.ts). */
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
    if (action !== 'check') return usage(`unknown action "${action}"; the actions are check and verify`);
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
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      console.error(
        `${PROGRAM} pact check: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
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

/** The `pact` subcommand: argv after its name, answers the exit code. */
export async function run(argv: string[]): Promise<number> {
  // verify has flags of its own: its module parses them (cli/pact-verify.ts).
  if (argv[0] === 'verify') return (await import('./pact-verify.ts')).run(argv.slice(1));
  return runCommand(PACT, argv, pactCheck);
}
