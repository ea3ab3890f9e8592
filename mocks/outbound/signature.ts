// Trigger-webhook signatures (spec "Events > Signatures"): x-pd-signature: t=<unix s>,v1=<hex HMAC-SHA256(key,
// "<t>.<raw body>")>, through Web Crypto (Node and browsers), which is asynchronous: both functions return promises.

export const SIGNATURE_HEADER = 'x-pd-signature';

/** The replay window of the spec's reference receiver. */
export const DEFAULT_MAX_AGE_SECONDS = 300;
/** Our choice (the spec names none): a `t` more than this far ahead of the receiver's clock is refused too. */
export const DEFAULT_MAX_FUTURE_SECONDS = 300;

export type RawBody = string | Uint8Array;

export interface SignOptions {
  /** The exact bytes that will be sent (a string is encoded as UTF-8). Same name as in `verifySignature`. */
  rawBody: RawBody;
  /** The signing key as returned by the API (its UTF-8 bytes are the HMAC key). */
  key: string;
  /** UNIX seconds; defaults to the current time. */
  timestamp?: number;
}

export interface VerifyOptions {
  /** The request body exactly as received, before any JSON parsing. */
  rawBody: RawBody;
  /** The `x-pd-signature` header value. Node's `req.headers[...]` value may be passed as is. */
  header: string | readonly string[] | null | undefined;
  key: string;
  maxAgeSeconds?: number;
  maxFutureSeconds?: number;
  /** Clock in UNIX milliseconds (like `Date.now`); injectable for tests. */
  now?: () => number;
}

export type VerifyFailureReason = 'missing_header' | 'malformed_header' | 'stale' | 'future' | 'mismatch';

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: VerifyFailureReason; message: string };

export interface ParsedSignature {
  timestamp: number;
  /** 32 bytes. */
  digest: Uint8Array;
}

const encoder = new TextEncoder();

/**
 * Signs `rawBody` and returns the header value `t=<t>,v1=<hex>`.
 *
 * @example
 * const body = JSON.stringify({ event: { id: 1 } });
 * const header = await signPayload({ rawBody: body, key: signingKey });
 * await fetch(receiverUrl, { method: 'POST', body, headers: { 'x-pd-signature': header } });
 */
export async function signPayload(options: SignOptions): Promise<string> {
  checkKeyAndBody('signPayload', options);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new TypeError(
      `signPayload: timestamp must be a non-negative integer of UNIX seconds, got ${String(timestamp)}`,
    );
  }
  const digest = await hmacSha256(options.key, signedPayload(timestamp, options.rawBody));
  return `t=${timestamp},v1=${toHex(digest)}`;
}

/**
 * Checks a delivery. A bad header, stale timestamp or wrong signature is an answer, never an
 * exception; only a call without `rawBody` or `key` (a programming error) throws a TypeError.
 *
 * @example
 * const verdict = await verifySignature({ rawBody, header: req.headers['x-pd-signature'], key });
 * if (!verdict.ok) return res.writeHead(401).end(verdict.message);
 */
export async function verifySignature(options: VerifyOptions): Promise<VerifyResult> {
  checkKeyAndBody('verifySignature', options);
  const maxAge = options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  const maxFuture = options.maxFutureSeconds ?? DEFAULT_MAX_FUTURE_SECONDS;
  const header = options.header;
  if (header === undefined || header === null || (typeof header !== 'string' && header.length === 0) || header === '') {
    return fail('missing_header', `the ${SIGNATURE_HEADER} header is missing`);
  }
  if (typeof header !== 'string') {
    if (header.length > 1) return fail('malformed_header', `the ${SIGNATURE_HEADER} header appears more than once`);
    return verifySignature({ ...options, header: header[0] });
  }
  const parsed = parseSignatureHeader(header);
  if (!parsed.ok) return fail('malformed_header', parsed.message);

  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  const age = nowSeconds - parsed.value.timestamp;
  if (age > maxAge) {
    return fail('stale', `signature timestamp is ${age} s old, more than the allowed ${maxAge} s`);
  }
  if (-age > maxFuture) {
    return fail('future', `signature timestamp is ${-age} s in the future, more than the allowed ${maxFuture} s`);
  }

  const expected = await hmacSha256(options.key, signedPayload(parsed.value.timestamp, options.rawBody));
  if (!constantTimeEqual(expected, parsed.value.digest)) {
    return fail('mismatch', 'signature does not match the body and key');
  }
  return { ok: true, timestamp: parsed.value.timestamp };
}

/** The raw body and the key are the two arguments callers get wrong (`body` for `rawBody`, an unset key variable). */
function checkKeyAndBody(caller: string, options: { rawBody?: unknown; key?: unknown }): void {
  const { rawBody, key } = options ?? {};
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) {
    const hint =
      options !== null && typeof options === 'object' && 'body' in options
        ? ' (the option is named rawBody, not body)'
        : '';
    throw new TypeError(
      `${caller}: rawBody must be the exact body as a string or Uint8Array, got ${describe(rawBody)}${hint}`,
    );
  }
  if (typeof key !== 'string' || key === '') {
    throw new TypeError(`${caller}: key must be the signing key as a non-empty string, got ${describe(key)}`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? 'an empty string' : 'a string';
  return typeof value === 'object' ? (value.constructor?.name ?? 'an object') : typeof value;
}

const HEADER_PATTERN = /^t=([0-9]{1,15}),v1=([0-9a-f]{64})$/;

/**
 * Strict parse of `t=<digits>,v1=<64 lower-case hex>`; exported for tools that want to show the parts.
 * Strict on purpose: in that order, no spaces, no duplicate or extra parts, lower-case hex (what the
 * sender always writes): accepting other spellings would only widen what an attacker can send.
 */
export function parseSignatureHeader(
  header: string,
): { ok: true; value: ParsedSignature } | { ok: false; message: string } {
  const match = HEADER_PATTERN.exec(header);
  if (match === null) {
    return {
      ok: false,
      message: `${SIGNATURE_HEADER} must be exactly "t=<unix seconds>,v1=<64 lower-case hex digits>"`,
    };
  }
  const [, t, hex] = match as unknown as [string, string, string];
  return { ok: true, value: { timestamp: Number(t), digest: fromHex(hex) } };
}

/** The bytes that are signed: ASCII "<t>." followed by the raw body bytes. */
export function signedPayload(timestamp: number, body: RawBody): Uint8Array {
  const prefix = encoder.encode(`${timestamp}.`);
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const out = new Uint8Array(prefix.length + bytes.length);
  out.set(prefix, 0);
  out.set(bytes, prefix.length);
  return out;
}

async function hmacSha256(key: string, data: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) {
    // Browsers expose crypto.subtle only in secure contexts (https or localhost).
    throw new Error('Web Crypto (crypto.subtle) is not available: use Node >= 20 or a secure browser context');
  }
  const cryptoKey = await subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, data as Uint8Array<ArrayBuffer>));
}

type TimingSafeEqual = (a: Uint8Array, b: Uint8Array) => boolean;

// In Node, `crypto.timingSafeEqual` (a C comparison the JIT cannot shortcut) is reached through
// `process.getBuiltinModule`, so this file keeps no static Node import and still loads in a browser.
function nodeTimingSafeEqual(): TimingSafeEqual | undefined {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const nodeCrypto = proc?.getBuiltinModule?.('node:crypto') as { timingSafeEqual?: TimingSafeEqual } | undefined;
  return nodeCrypto?.timingSafeEqual;
}
const builtinTimingSafeEqual = nodeTimingSafeEqual();

/**
 * Compares two digests without an early exit. Both sides here are always 32 bytes (the parser
 * guarantees the received one), so the length check leaks nothing secret. Where Node's
 * `timingSafeEqual` is missing (browsers), an XOR-accumulate loop visits every byte whatever the
 * contents; a JavaScript engine gives no hard guarantee, but there is no data-dependent branch.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  if (builtinTimingSafeEqual !== undefined) return builtinTimingSafeEqual(a, b);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

function fail(reason: VerifyFailureReason, message: string): VerifyResult {
  return { ok: false, reason, message };
}

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

function fromHex(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}
