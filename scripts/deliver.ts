// `npm run deliver -- --url URL --key KEY --event FILE`: fires one signed delivery of the JSON
// in FILE (`-` for stdin), byte for byte, and prints the answer's status and body.
// Exit 0 on a 2xx answer, 1 otherwise (or no answer), 2 bad arguments.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SIGNATURE_HEADER, signPayload } from '../mocks/webhooks/signature.ts';

const HELP = `Usage: npm run deliver -- --url URL --key KEY --event FILE [--timestamp SECONDS] [--show-request]

Sends one POST with content-type application/json, the exact bytes of FILE as the body
(FILE "-" reads stdin) and x-pd-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">.

  --url URL            the receiver's URL
  --key KEY            the signing key (omit with --unsigned to send no signature)
  --event FILE         a JSON file, e.g. a trigger delivery {event_id, trigger_id, environment, emitted_at, event}
  --timestamp SECONDS  sign with this t instead of now (to test the replay window)
  --unsigned           send without x-pd-signature
  --show-request       print the request headers and body before sending

Exit status: 0 the receiver answered 2xx, 1 it did not (or was unreachable), 2 bad arguments.`;

function usageError(message: string): never {
  console.error(`deliver: ${message}\n\n${HELP}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      url: { type: 'string' },
      key: { type: 'string' },
      event: { type: 'string' },
      timestamp: { type: 'string' },
      unsigned: { type: 'boolean', default: false },
      'show-request': { type: 'boolean', default: false },
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
const { url, key, event } = values;
if (!url) usageError('--url is required');
if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) usageError(`--url must be an http(s) URL, got "${url}"`);
if (!key && !values.unsigned) usageError('--key is required (or --unsigned)');
if (!event) usageError('--event is required');
const timestamp = values.timestamp === undefined ? Math.floor(Date.now() / 1000) : Number(values.timestamp);
if (!Number.isSafeInteger(timestamp) || timestamp < 0) usageError(`--timestamp must be whole UNIX seconds, got "${values.timestamp}"`);

let body: Buffer;
try {
  body = readFileSync(event === '-' ? 0 : event);
} catch (error) {
  usageError(`cannot read --event ${event}: ${(error as Error).message}`);
}
try {
  JSON.parse(body.toString('utf8'));
} catch (error) {
  usageError(`--event ${event} is not JSON: ${(error as Error).message}`);
}

const headers: Record<string, string> = { 'content-type': 'application/json' };
if (key && !values.unsigned) headers[SIGNATURE_HEADER] = await signPayload({ rawBody: body, key, timestamp });
if (values['show-request']) {
  console.log(`POST ${url}`);
  for (const [name, value] of Object.entries(headers)) console.log(`${name}: ${value}`);
  console.log(`\n${body.toString('utf8')}\n`);
}

try {
  const response = await fetch(url, { method: 'POST', headers, body: new Uint8Array(body), redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  console.log(`${response.status} ${response.statusText}`);
  if (text) console.log(text);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  console.error(`deliver: no answer from ${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
  process.exit(1);
}
