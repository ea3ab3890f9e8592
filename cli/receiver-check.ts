// `workflow-api-mock receiver-check`: a user's webhook receiver through mocks/outbound/receiver-check.ts, as a table.
import {
  formatCheckTable,
  RECEIVER_CHECKS,
  type ReceiverCheckOptions,
  REPLAY_OFFSET_SECONDS,
  runReceiverCheck,
} from '../mocks/outbound/receiver-check.ts';
import { checkedFetch } from '../mocks/node/fetch.ts';
import { defineCommand, EXIT_FAILED, EXIT_OK, flagOrEnv, PROGRAM, runCommand, usage, type UsageError } from './args.ts';
import { parseDeliveryUrl } from './deliver.ts';

const DEFAULT_TIMEOUT_MS = 5000;

const HELP =
  () => `${PROGRAM} receiver-check: sends your trigger-webhook receiver ${RECEIVER_CHECKS.length} POSTs and checks its answers.

Usage:
  ${PROGRAM} receiver-check --url URL --key KEY [--timeout MS]
  (in the kit's checkout: npm run receiver-check -- [flags])

Checks, in order:
${RECEIVER_CHECKS.map((c) => `  ${c.name.padEnd(18)} expects ${c.expected.padEnd(4)} ${c.description}`).join('\n')}

Flags:
  --url URL       the receiver's URL (http or https)                 required   env RECEIVER_URL
  --key KEY       the signing key the receiver verifies with          required   env RECEIVER_SIGNING_KEY
  --timeout MS    per-request timeout in milliseconds                 default ${DEFAULT_TIMEOUT_MS}
  -h, --help      this text

Stale/future deliveries are ${REPLAY_OFFSET_SECONDS} s off, so the receiver's clock must agree with this machine's within a minute.

Example:
  ${PROGRAM} receiver-check --url http://127.0.0.1:3000/webhooks/pd --key "$SIGNING_KEY"

Exit codes: 0 all checks passed, 1 at least one failed, 2 bad flags.`;

export type ReceiverCheckCliOptions = Required<Pick<ReceiverCheckOptions, 'url' | 'key' | 'timeoutMs'>>;

export const RECEIVER_CHECK = defineCommand({
  name: 'receiver-check',
  help: HELP,
  flags: { url: { type: 'string' }, key: { type: 'string' }, timeout: { type: 'string' } },
  interpret(values, _positionals, env): ReceiverCheckCliOptions | UsageError {
    const urlSource = flagOrEnv('url', values.url, env, 'RECEIVER_URL');
    const key = flagOrEnv('key', values.key, env, 'RECEIVER_SIGNING_KEY')?.text;
    if (urlSource === undefined) return usage('--url is required');
    if (key === undefined) return usage('--key is required');
    const url = parseDeliveryUrl(urlSource.from, urlSource.text);
    if (typeof url !== 'string') return url;
    const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      return usage(`--timeout must be a positive integer of milliseconds, got "${values.timeout}"`);
    return { url, key, timeoutMs };
  },
});

async function check(options: ReceiverCheckCliOptions): Promise<number> {
  // Names resolving to link-local addresses are refused as each connection is made (node/fetch.ts).
  const results = await runReceiverCheck({ ...options, fetch: checkedFetch() });
  console.log(`receiver-check ${options.url}\n`);
  console.log(formatCheckTable(results));
  return results.every((r) => r.passed) ? EXIT_OK : EXIT_FAILED;
}

/** The `receiver-check` subcommand: argv after its name, answers the exit code. */
export function run(argv: string[]): Promise<number> {
  return runCommand(RECEIVER_CHECK, argv, check);
}
