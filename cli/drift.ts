// `workflow-api-mock drift RECORDING.har` (docs/upstream.md, "Drift report"): a HAR recording's answers judged
// offline as `serve --drift-report` judges them live; any HAR 1.2 file, a browser's export too.
import { writeFileReplacing } from '../mocks/node/files.ts';
import { driftJUnit, driftText } from '../openapi/drift-report.ts';
import { createDriftAnalyzer } from '../openapi/drift.ts';
// The whole document: the drift report quotes its x-assumption sentences, which the runtime's copy leaves out.
import document from '../openapi/generated/openapi.json' with { type: 'json' };
import { validator } from '../openapi/validator.ts';
import { answerOfHarEntry } from '../mocks/upstream/har.ts';
import { parseHar } from '../mocks/upstream/parse-har.ts';
import { defineCommand, EXIT_FAILED, EXIT_OK, PROGRAM, readOrSay, runCommand, usage, type UsageError } from './args.ts';

const HELP = () => `${PROGRAM} drift: where a recorded service departs from the kit's OpenAPI document.

Usage:
  ${PROGRAM} drift RECORDING.har [--json] [--junit FILE]
  (in the kit's checkout: npm start -- ... --record RECORDING.har, then this)

Reads a HAR 1.2 file (serve --upstream ... --record FILE writes one; a browser's devtools export
works too) and judges every answer with the kit's validator. Per operation: statuses the document
does not list, fields missing, extra, of the wrong type or otherwise invalid (by JSON pointer,
array indexes as *), and the x-assumed statements of the document the answers confirmed or
contradicted.

Flags:
  --json          print the report as JSON instead of the table
  --junit FILE    also write it as JUnit XML (one case per operation and per assumption reached)
  -h, --help      this text

Example:
  ${PROGRAM} serve --upstream https://api.staging.example/v1 --live 'get*,list*' --record staging.har
  ${PROGRAM} drift staging.har --junit drift.xml

Exit codes: 0 no drift, 1 drift found (or the file cannot be read), 2 bad flags.`;

export interface DriftOptions {
  recording: string;
  json: boolean;
  junit?: string;
}

export const DRIFT = defineCommand({
  name: 'drift',
  help: HELP,
  positionals: true,
  flags: { json: { type: 'boolean' }, junit: { type: 'string' } },
  interpret(values, positionals): DriftOptions | UsageError {
    if (positionals.length !== 1)
      return usage(positionals.length === 0 ? 'name the recording: drift RECORDING.har' : 'one recording at a time');
    if (values.junit !== undefined && values.junit.trim() === '') return usage('--junit must name a file');
    const junit = values.junit === undefined ? {} : { junit: values.junit };
    return { recording: positionals[0]!, json: values.json === true, ...junit };
  },
});

/**
 * Reads the recording and prints its drift report; answers the exit code.
 * @example
 * process.exitCode = await drift({ recording: 'staging.har', json: false });
 */
export async function drift(options: DriftOptions): Promise<number> {
  const text = await readOrSay('drift', options.recording, 'the HAR recording to compare');
  if (text === undefined) return EXIT_FAILED;
  const har = parseHar(text);
  if ('error' in har) {
    console.error(`${PROGRAM} drift: ${options.recording} is ${har.error}`);
    return EXIT_FAILED;
  }
  const analyzer = createDriftAnalyzer(document, validator);
  const known = new Set(validator.operationIds);
  // Status 0: the recording client got no answer (a browser's export), so there is nothing to judge.
  const answered = har.entries.filter((entry) => entry.response.status !== 0);
  for (const entry of answered) analyzer.observe(answerOfHarEntry(entry, known));
  const report = analyzer.report();
  const skipped = har.entries.length - answered.length;
  const entries = skipped === 1 ? '1 entry' : `${skipped} entries`;
  if (skipped > 0) console.error(`${PROGRAM} drift: ${entries} of status 0 (no answer was recorded) not judged`);
  console.log(options.json ? JSON.stringify(report, null, 2) : `drift ${options.recording}\n\n${driftText(report)}`);
  if (options.junit !== undefined) await writeFileReplacing(options.junit, driftJUnit(report), 0o644);
  const contradicted = report.assumptions.some((assumption) => assumption.contradicted > 0);
  return report.drifting > 0 || contradicted ? EXIT_FAILED : EXIT_OK;
}

/** The `drift` subcommand: argv after its name, answers the exit code. */
export function run(argv: string[]): Promise<number> {
  return runCommand(DRIFT, argv, drift);
}
