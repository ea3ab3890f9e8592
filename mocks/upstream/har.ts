// Upstream exchanges as HAR 1.2, and back, redacted before an entry exists (openapi/redact.ts, docs/upstream.md,
// "Redaction"). Browser-safe: the Node recorder writes files (mocks/node/recording.ts).
import type { ObservedAnswer } from '../../openapi/drift.ts';
import { bearerScrubber, redactBody, redactHeader, redactQuery, type Scrub } from '../../openapi/redact.ts';

/** Hop-by-hop and framing headers: they describe one connection, not the exchange. */
export const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'forwarded',
  'content-length',
  'content-encoding',
  'host',
]);

/**
 * Whether a header is the hop's: one of HOP_HEADERS, or a name the message's `Connection` lists.
 * @example
 * hopHeader('close, x-hop')('x-hop'); // true
 */
export function hopHeader(connection: string | undefined): (name: string) => boolean {
  const named = new Set(connection?.split(',').map((name) => name.trim().toLowerCase()));
  return (name) => HOP_HEADERS.has(name) || named.has(name);
}

/** One request and its answer, as the hybrid upstream saw them (before redaction). */
export interface Exchange {
  /** UNIX ms when the request left. */
  startedAt: number;
  durationMs: number;
  /** The operation it was sent for. */
  operationId?: string;
  request: { method: string; url: string; headers: Record<string, string>; body: string };
  response: { status: number; statusText?: string; headers: Record<string, string>; body: string };
}

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarHeader[];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarHeader[];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string; encoding?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** The document's operation (a HAR custom field; other tools ignore it). */
  _operationId?: string;
}

/**
 * A redacted HAR entry for an exchange; `secrets` from `secretFields(document)` (openapi/redact.ts).
 * @example
 * const entry = toHarEntry(exchange, secretFields(document));
 * entry.request.headers.find((h) => h.name === 'authorization')?.value; // '[redacted]'
 */
export function toHarEntry(exchange: Exchange, secrets: ReadonlySet<string>): HarEntry {
  const scrub = bearerScrubber(exchange.request.headers);
  const url = new URL(scrub(exchange.request.url));
  url.search = redactQuery(url.search, secrets, scrub);
  const requestType = exchange.request.headers['content-type'] ?? 'application/json';
  const responseType = exchange.response.headers['content-type'] ?? '';
  const requestBody = redactBody(exchange.request.body, secrets, scrub);
  const responseBody = redactBody(exchange.response.body, secrets, scrub);
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: round(exchange.durationMs),
    request: {
      method: exchange.request.method.toUpperCase(),
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(exchange.request.headers, scrub),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(exchange.request.body === '' ? {} : { postData: { mimeType: requestType, text: requestBody } }),
      headersSize: -1,
      bodySize: byteLength(requestBody),
    },
    response: {
      status: exchange.response.status,
      statusText: exchange.response.statusText ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(exchange.response.headers, scrub),
      content: {
        size: byteLength(responseBody),
        mimeType: responseType,
        ...(responseBody === '' ? {} : { text: responseBody }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: byteLength(responseBody),
    },
    cache: {},
    timings: { send: 0, wait: round(exchange.durationMs), receive: 0 },
    ...(exchange.operationId === undefined ? {} : { _operationId: exchange.operationId }),
  };
}

/** The body text of a HAR response (base64 content decoded). */
export function harResponseText(entry: HarEntry): string {
  const { text, encoding } = entry.response.content ?? {};
  if (text === undefined) return '';
  if (encoding !== 'base64') return text;
  const bytes = Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A HAR header list as a record (lower-case names; repeated names joined). */
export function headerRecord(headers: readonly HarHeader[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of headers ?? []) {
    const key = name.toLowerCase();
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
}

function harHeaders(headers: Record<string, string>, scrub: Scrub): HarHeader[] {
  return Object.entries(headers)
    .filter(([name]) => !HOP_HEADERS.has(name.toLowerCase()))
    .map(([name, value]) => ({ name: name.toLowerCase(), value: redactHeader(name, value, scrub) }));
}

const encoder = new TextEncoder();

function byteLength(text: string): number {
  return encoder.encode(text).length;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * A live exchange's answer, for `analyzer.observe()` (one translation for the server, the MSW handlers and `drift`).
 * @example
 * onExchange: (exchange) => analyzer.observe(answerOfExchange(exchange))
 */
export function answerOfExchange(exchange: Exchange): ObservedAnswer {
  return {
    method: exchange.request.method,
    path: new URL(exchange.request.url).pathname,
    status: exchange.response.status,
    contentType: exchange.response.headers['content-type'] ?? null,
    body: exchange.response.body,
    ...(exchange.operationId === undefined ? {} : { operationId: exchange.operationId }),
  };
}

/**
 * A recorded entry's answer; its `_operationId` is kept only when `known` has it (another tool's
 * HAR, or an older document's, is matched by method and path instead).
 * @example
 * for (const entry of har.entries) analyzer.observe(answerOfHarEntry(entry, new Set(validator.operationIds)));
 */
export function answerOfHarEntry(entry: HarEntry, known: ReadonlySet<string>): ObservedAnswer {
  const headers = headerRecord(entry.response.headers);
  return {
    method: entry.request.method,
    path: new URL(entry.request.url).pathname,
    status: entry.response.status,
    contentType: headers['content-type'] ?? (entry.response.content?.mimeType || null),
    body: harResponseText(entry),
    ...(entry._operationId !== undefined && known.has(entry._operationId) ? { operationId: entry._operationId } : {}),
  };
}
