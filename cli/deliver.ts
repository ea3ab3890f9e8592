// `workflow-api-mock deliver`: one signed delivery of a file's bytes (mocks/outbound/signature.ts), the answer printed.
import { readFileSync } from 'node:fs';
import { destinationPolicy } from '../mocks/common/destinations.ts';
import { DESTINATION_REFUSED } from '../mocks/outbound/delivery.ts';
import { SIGNATURE_HEADER, signPayload } from '../mocks/outbound/signature.ts';
import { checkedFetch } from '../mocks/node/fetch.ts';
import { unreadableReason } from '../mocks/node/files.ts';
import {
  defineCommand,
  EXIT_FAILED,
  EXIT_OK,
  PROGRAM,
  parseHttpUrl,
  runCommand,
  usage,
  type UsageError,
} from './args.ts';

/**
 * A URL the kit will send webhook deliveries to (`deliver`, `receiver-check`): http(s), and never a
 * link-local address, where cloud metadata services answer (the server's rule, docs/control-api.md);
 * names that resolve there are refused as the connection is made (mocks/node/fetch.ts).
 *
 * @example
 * parseDeliveryUrl('--url', 'http://169.254.169.254/'); // a UsageError naming the link-local address
 */
export function parseDeliveryUrl(from: string, text: string): string | UsageError {
  const url = parseHttpUrl(from, text);
  if (typeof url !== 'string') return url;
  const refusal = destinationPolicy().refuseUrl(url);
  return refusal === null ? url : usage(`${from}: ${refusal}; the kit never sends there`);
}

const TIMEOUT_MS = 10_000;

const HELP = () => `${PROGRAM} deliver: sends one signed webhook delivery to a URL.

One POST with content-type application/json, the exact bytes of FILE as the body (FILE "-" reads
stdin) and x-pd-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">.

Usage:
  ${PROGRAM} deliver --url URL --key KEY --event FILE [--timestamp SECONDS] [--unsigned] [--show-request]
  (in the kit's checkout: npm run deliver -- [flags])

Flags:
  --url URL            the receiver's URL (http or https)                                required
  --key KEY            the signing key                                     required unless --unsigned
  --event FILE         a JSON file, e.g. a trigger delivery
                       {event_id, trigger_id, environment, emitted_at, event}; "-" = stdin    required
  --timestamp SECONDS  sign with this t instead of now (to test the replay window)   default: now
  --unsigned           send without x-pd-signature                                   default: signed
  --show-request       print the request headers and body before sending
  -h, --help           this text
The answer must come within ${TIMEOUT_MS / 1000} s.

Examples:
  ${PROGRAM} deliver --url http://127.0.0.1:3000/webhooks/pd --key "$SIGNING_KEY" --event delivery.json
  echo '{"event_id":"evt_1"}' | ${PROGRAM} deliver --url http://127.0.0.1:3000/hook --key k --event - --timestamp 1000

Exit codes: 0 the receiver answered 2xx, 1 it did not (or was unreachable), 2 bad flags or an
unreadable or non-JSON event file.`;

export interface DeliverOptions {
  url: string;
  /** Undefined with --unsigned. */
  key: string | undefined;
  body: Buffer;
  timestamp: number;
  showRequest: boolean;
}

export const DELIVER = defineCommand({
  name: 'deliver',
  help: HELP,
  flags: {
    url: { type: 'string' },
    key: { type: 'string' },
    event: { type: 'string' },
    timestamp: { type: 'string' },
    unsigned: { type: 'boolean' },
    'show-request': { type: 'boolean' },
  },
  interpret(values): DeliverOptions | UsageError {
    const { key, event } = values;
    if (values.url === undefined) return usage('--url is required');
    const url = parseDeliveryUrl('--url', values.url);
    if (typeof url !== 'string') return url;
    if (key === undefined && values.unsigned !== true) return usage('--key is required (or --unsigned)');
    if (event === undefined) return usage('--event is required');
    const timestamp = values.timestamp === undefined ? Math.floor(Date.now() / 1000) : Number(values.timestamp);
    if (!Number.isSafeInteger(timestamp) || timestamp < 0)
      return usage(`--timestamp must be whole UNIX seconds, got "${values.timestamp}"`);
    let body: Buffer;
    try {
      body = readFileSync(event === '-' ? 0 : event);
    } catch (error) {
      return usage(`cannot read --event ${event}, the JSON body to deliver: ${unreadableReason(event, error)}`);
    }
    try {
      JSON.parse(body.toString('utf8'));
    } catch (error) {
      return usage(`--event ${event} is not JSON: ${(error as Error).message}`);
    }
    const signedWith = values.unsigned === true ? undefined : key;
    return { url, key: signedWith, body, timestamp, showRequest: values['show-request'] === true };
  },
});

async function deliver(options: DeliverOptions): Promise<number> {
  const { url, key, body, timestamp } = options;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== undefined) headers[SIGNATURE_HEADER] = await signPayload({ rawBody: body, key, timestamp });
  if (options.showRequest) {
    console.log(`POST ${url}`);
    for (const [name, value] of Object.entries(headers)) console.log(`${name}: ${value}`);
    console.log(`\n${body.toString('utf8')}\n`);
  }
  try {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    const response = await checkedFetch()(url, {
      method: 'POST',
      headers,
      body: new Uint8Array(body),
      redirect: 'manual',
      signal,
    });
    const text = await response.text();
    console.log(`${response.status} ${response.statusText}`);
    if (text) console.log(text);
    return response.ok ? EXIT_OK : EXIT_FAILED;
  } catch (error) {
    if ((error as Error).name === DESTINATION_REFUSED) {
      console.error(`${PROGRAM} deliver: not sent: ${(error as Error).message}`);
      return EXIT_FAILED;
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    console.error(
      `${PROGRAM} deliver: no answer from ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    );
    return EXIT_FAILED;
  }
}

/** The `deliver` subcommand: argv after its name, answers the exit code. */
export function run(argv: string[]): Promise<number> {
  return runCommand(DELIVER, argv, deliver);
}
