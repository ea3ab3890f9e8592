// `npm run receiver-check -- --url URL --key KEY`: checks a user's trigger-webhook receiver
// (valid delivery, tampered body, wrong key, stale/future timestamp, malformed/missing header)
// and prints a pass/fail table. Exit 0 all passed, 1 a check failed, 2 bad arguments.
import { parseArgs } from 'node:util';
import { formatCheckTable, RECEIVER_CHECKS, REPLAY_OFFSET_SECONDS, runReceiverCheck } from '../mocks/webhooks/receiver-check.ts';

const HELP = `Usage: npm run receiver-check -- --url URL --key KEY [--timeout MS]

Sends your trigger-webhook receiver ${RECEIVER_CHECKS.length} POSTs and checks its answers:
${RECEIVER_CHECKS.map((c) => `  ${c.name.padEnd(18)} expects ${c.expected.padEnd(4)} ${c.description}`).join('\n')}

  --url URL       the receiver's URL (http or https)
  --key KEY       the signing key the receiver verifies with
  --timeout MS    per-request timeout (default 5000)

Environment: RECEIVER_URL, RECEIVER_SIGNING_KEY (used when the flags are absent).
Stale/future deliveries are ${REPLAY_OFFSET_SECONDS} s off, so the receiver's clock must agree with this machine's within a minute.
Exit status: 0 all checks passed, 1 at least one failed, 2 bad arguments.`;

function usageError(message: string): never {
  console.error(`receiver-check: ${message}\n\n${HELP}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  usageError((error as Error).message);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const url = values.url ?? process.env.RECEIVER_URL;
const key = values.key ?? process.env.RECEIVER_SIGNING_KEY;
if (!url) usageError('--url is required');
if (!key) usageError('--key is required');
if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) usageError(`--url must be an http(s) URL, got "${url}"`);
const timeoutMs = values.timeout === undefined ? 5000 : Number(values.timeout);
if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) usageError(`--timeout must be a positive integer of milliseconds, got "${values.timeout}"`);

const results = await runReceiverCheck({ url, key, timeoutMs });
console.log(`receiver-check ${url}\n`);
console.log(formatCheckTable(results));
process.exit(results.every((r) => r.passed) ? 0 : 1);
