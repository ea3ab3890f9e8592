// The delivery engine's network half (delivery.ts keeps the queues and the records): the signed
// headers of each attempt, and a delivery from the destination check to its last attempt, by the
// rules of docs/control-api.md ("How deliveries go out", "Where deliveries may go"). The engine
// imports this module on its first delivery, so a page that records none never loads it
// (docs/performance.md, "Browser weight"). No Node-only imports: a page records its deliveries here.
import { type DestinationPolicy, destinationPolicy, LOOPBACK, reservedHost } from '../common/destinations.ts';
import { SIGNATURE_HEADER, signPayload } from './signature.ts';
import {
  type DeliveryAttempt,
  type DeliveryRecord,
  type DeliveryRequest,
  DESTINATION_REFUSED,
  RESPONSE_BODY_LIMIT,
} from './types.ts';

/** The engine's options with their defaults applied (delivery.ts): what every step of a delivery reads. */
export interface EngineSettings {
  fetch: typeof globalThis.fetch;
  send: boolean;
  timeoutMs: number;
  maxAttempts: number;
  backoffMs: readonly number[];
  now: () => number;
  /** Where deliveries may go; undefined: loopback only. */
  policy: DestinationPolicy | undefined;
  /** The attempts running at once, over every world and URL. */
  slots: { run<T>(task: () => Promise<T>): Promise<T> };
  log: ((line: string) => void) | undefined;
}

const LOOPBACK_ONLY = destinationPolicy(LOOPBACK);

/** An attempt's headers: the record's, and for a signed delivery a fresh `x-pd-signature` (a new `t`) each time. */
async function headersForAttempt(settings: EngineSettings, request: DeliveryRequest, record: DeliveryRecord) {
  const headers = { ...record.headers };
  if (request.signingKey !== undefined) {
    const timestamp = Math.floor((request.now ?? settings.now)() / 1000);
    headers[SIGNATURE_HEADER] = await signPayload({ rawBody: record.body, key: request.signingKey, timestamp });
  }
  return headers;
}

/** What a delivery does when nothing is sent (the browser / MSW worker): its headers, signature included. */
export async function recordOnly(
  settings: EngineSettings,
  record: DeliveryRecord,
  request: DeliveryRequest,
): Promise<void> {
  record.headers = await headersForAttempt(settings, request, record);
}

/** A delivery from the destination check to its last attempt; it never rejects on a receiver's failure. */
export async function deliver(
  settings: EngineSettings,
  record: DeliveryRecord,
  request: DeliveryRequest,
): Promise<void> {
  const reserved = reservedHost(record.url);
  if (reserved !== null) return failReserved(settings, record, request, reserved);
  // A link-local address is where cloud metadata services answer (169.254.169.254): a mock must
  // never be the way to reach them (docs/control-api.md, "Where deliveries may go").
  const refusal = (settings.policy ?? LOOPBACK_ONLY).refuseUrl(record.url);
  if (refusal !== null) return refuse(settings, record, refusal);
  const { maxAttempts, backoffMs } = settings;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (attempt > 1) await sleep(backoffMs[Math.min(attempt - 2, backoffMs.length - 1)] ?? 0);
    const result = await settings.slots.run(() => attemptOnce(settings, record, request, attempt));
    if ('refused' in result) return refuse(settings, record, result.refused);
    record.attempts.push(result);
    record.final_status = result.status;
    if (result.status !== null && result.status >= 200 && result.status < 300) {
      record.state = 'delivered';
      return;
    }
    const retryable = result.status === null || result.status >= 500;
    if (!retryable) break;
  }
  record.state = 'failed';
}

/**
 * Seeded and example webhooks point at RFC 2606/6761 names; sending there would only make DNS
 * lookups for hosts that can never be a receiver. The record says why instead.
 */
async function failReserved(settings: EngineSettings, record: DeliveryRecord, request: DeliveryRequest, host: string) {
  record.headers = await headersForAttempt(settings, request, record);
  const why = `${host} is a reserved example domain (RFC 2606/6761); point the webhook at a real receiver`;
  record.attempts.push({
    attempt: 1,
    started_at: (request.now ?? settings.now)(),
    duration_ms: 0,
    status: null,
    error: `not sent: ${why}`,
    headers: record.headers,
  });
  record.state = 'failed';
}

function refuse(settings: EngineSettings, record: DeliveryRecord, reason: string): void {
  record.state = 'refused';
  record.reason = reason;
  settings.log?.(`[deliveries] refused ${record.id} of world ${record.world} to ${record.url}: ${reason}`);
}

/** One attempt, or the reason `fetch` refused the destination without connecting. */
async function attemptOnce(
  settings: EngineSettings,
  record: DeliveryRecord,
  request: DeliveryRequest,
  attempt: number,
): Promise<DeliveryAttempt | { refused: string }> {
  const { timeoutMs } = settings;
  const headers = await headersForAttempt(settings, request, record);
  record.headers = headers;
  const result: DeliveryAttempt = {
    attempt,
    started_at: (request.now ?? settings.now)(),
    duration_ms: 0,
    status: null,
    error: null,
    headers,
  };
  const clock = performance.now();
  try {
    const response = await settings.fetch(record.url, {
      method: 'POST',
      headers,
      body: record.body,
      redirect: 'manual', // a webhook sender does not follow redirects; a 3xx is a final, failed answer
      signal: AbortSignal.timeout(timeoutMs),
    });
    result.status = response.status;
    try {
      result.response_body = await readAtMost(response, RESPONSE_BODY_LIMIT);
    } catch {
      // The receiver answered but its body broke off or timed out: the status is what counts.
    }
  } catch (error) {
    if (error instanceof Error && error.name === DESTINATION_REFUSED) return { refused: error.message };
    result.error = describeFetchError(error, timeoutMs);
  }
  result.duration_ms = Math.max(0, Math.round(performance.now() - clock));
  return result;
}

/** The first `limit` bytes of an answer's body as text; the rest is never read (the stream is cancelled). */
async function readAtMost(response: Response, limit: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    void reader.cancel().catch(() => {});
  }
  // A character cut at the limit decodes as U+FFFD rather than throwing.
  return new Blob(chunks as BlobPart[]).slice(0, limit).text();
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `timeout: no complete answer within ${timeoutMs} ms`;
    // Node's fetch reports connection problems as TypeError('fetch failed') with the socket error as cause.
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error) {
      const code = (cause as { code?: unknown }).code;
      return `${error.message}: ${typeof code === 'string' ? `${code} ` : ''}${cause.message}`.trim();
    }
    return error.message;
  }
  return String(error);
}

// Backoff must never keep a Node process alive on its own: unref the timer where that exists.
function sleep(ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms) as unknown as { unref?: () => void };
    if (typeof timer === 'object' && timer !== null && typeof timer.unref === 'function') timer.unref();
  });
}
