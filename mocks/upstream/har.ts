// Upstream exchanges as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), what browsers'
// devtools, proxies and replay tools read; and back. Everything that could let a reader act as the
// caller is redacted before an entry exists (docs/upstream.md, "Redaction"). Browser-safe: no file
// access here (the Node recorder writes, mocks/node/recording.ts).
import { isObject } from '../../openapi/json.ts';

export const REDACTED = '[redacted]';

/**
 * A header name that says its value is a credential: authorization, cookies, sessions, signatures,
 * `*secret*`, `*token*`, `*key*`, `*password*`/`passwd`/`pwd`. Broad on purpose: a header is never
 * compared by the replay, and a kept secret is a leak.
 */
const SECRET_HEADER = /secret|token|key|passw|pwd|auth|cookie|session|signature|credential/i;
/**
 * A query parameter, form field or key (in a body that is not JSON) whose value is a credential.
 * Narrower than SECRET_HEADER: the replay compares queries, and the document's own `sort_key`,
 * `s3_key`, `oauth_app_id` and `include_credentials` are no secrets (redacted, two requests that
 * differ only there would replay as one). `code` is OAuth's authorization code.
 */
const NAMED_ALONE = '^sig(nature)?$|^auth(orization)?$|^code$|^credentials?$';
const KEYS = '(api|access|private|signing)[-_]?key|^key$';
const SECRET_PARAMETER = new RegExp(['secret|token|passw|pwd|cookie|session', KEYS, NAMED_ALONE].join('|'), 'i');
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

export interface Har {
  log: { version: '1.2'; creator: { name: string; version: string }; entries: HarEntry[] };
}

/** An empty HAR log by `creator`. */
export function emptyHar(creator: { name: string; version: string }): Har {
  return { log: { version: '1.2', creator, entries: [] } };
}

/**
 * The names of the body fields the document marks secret: a property whose schema says
 * `x-secret: true`, `format: password` or `writeOnly: true`, anywhere in the document.
 * @example
 * secretFields(document).has('signing_key'); // true
 */
export function secretFields(document: unknown): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const properties = (node as { properties?: unknown }).properties;
    if (isObject(properties))
      for (const [name, schema] of Object.entries(properties)) {
        const marks = (schema ?? {}) as Record<string, unknown>;
        if (marks['x-secret'] === true || marks.format === 'password' || marks.writeOnly === true) names.add(name);
      }
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
  return names;
}

/**
 * A redacted HAR entry for an exchange; `secrets` from `secretFields(document)`.
 * @example
 * const entry = toHarEntry(exchange, secretFields(document));
 * entry.request.headers.find((h) => h.name === 'authorization')?.value; // '[redacted]'
 */
export function toHarEntry(exchange: Exchange, secrets: ReadonlySet<string>): HarEntry {
  const scrub = bearerScrubber(bearerOf(exchange.request.headers));
  const url = new URL(scrub(exchange.request.url));
  url.search = redactQuery(url.search, secrets, scrub);
  const requestType = exchange.request.headers['content-type'] ?? 'application/json';
  const responseType = exchange.response.headers['content-type'] ?? '';
  const requestBody = scrub(redactBody(exchange.request.body, secrets, scrub));
  const responseBody = scrub(redactBody(exchange.response.body, secrets, scrub));
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

function harHeaders(headers: Record<string, string>, scrub: (text: string) => string): HarHeader[] {
  return Object.entries(headers)
    .filter(([name]) => !HOP_HEADERS.has(name.toLowerCase()))
    .map(([name, value]) => ({ name: name.toLowerCase(), value: SECRET_HEADER.test(name) ? REDACTED : scrub(value) }));
}

function bearerOf(headers: Record<string, string>): string | undefined {
  const match = /^\s*bearer\s+(\S+)/i.exec(headers.authorization ?? '');
  return match?.[1];
}

/** What takes the caller's bearer token out of a text. */
type Scrub = (text: string) => string;

/** Replaces the bearer token, as it is and percent-encoded, wherever it shows in a text. */
function bearerScrubber(bearer: string | undefined): Scrub {
  if (bearer === undefined || bearer.length < 4) return (text) => text;
  // As it is, percent-encoded, and form-encoded (the two encode `=`, `/` and `~` differently).
  const formEncoded = new URLSearchParams({ t: bearer }).toString().slice(2);
  const forms = [...new Set([bearer, encodeURIComponent(bearer), formEncoded])];
  return (text) => forms.reduce((out, form) => out.split(form).join(REDACTED), text);
}

/** Whether a parameter, field or key name is a credential's: the document's secret fields, or a name that says so. */
function isSecretName(name: string, secrets: ReadonlySet<string>): boolean {
  return secrets.has(name) || SECRET_PARAMETER.test(name);
}

/**
 * A query string (`?a=1&access_token=x`, or without its `?`) with the values of secret-named
 * parameters replaced, names and values decoded before they are judged; the bearer token scrubbed
 * from the rest. Unchanged text when nothing is secret. The replay judges a request's query the same
 * way before comparing it with a recorded one.
 * @example
 * redactQuery('?%61ccess_token=abc&limit=2', new Set()); // '?access_token=%5Bredacted%5D&limit=2'
 */
export function redactQuery(search: string, secrets: ReadonlySet<string>, scrub: Scrub = (text) => text): string {
  const mark = search.startsWith('?') ? '?' : '';
  if (search.length === mark.length) return search;
  let changed = false;
  const out = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) {
    const kept = value === '' ? value : isSecretName(name, secrets) ? REDACTED : scrub(value);
    if (kept !== value) changed = true;
    out.append(name, kept);
  }
  return changed ? `${mark}${out.toString()}` : search;
}

/**
 * Whether a text is a form-encoded body (`name=value&name=value`, what
 * `application/x-www-form-urlencoded` sends): no white space, every `&`-separated part a `name=`.
 * A loop, not a regular expression: one with a group per pair overflows the stack on a large body.
 */
function isForm(text: string): boolean {
  if (text === '' || /[\s{}[\]"]/.test(text)) return false;
  for (let start = 0; start <= text.length; ) {
    const next = text.indexOf('&', start);
    const end = next < 0 ? text.length : next;
    const equals = text.indexOf('=', start);
    if (equals <= start || equals >= end) return false;
    start = end + 1;
  }
  return true;
}

/**
 * `"key": "value"`, `key=value`, `key: value` in a text: the key and its value, to judge by the key's
 * name. Linear on any body: a key starts only where a run of name characters starts (the
 * lookbehind; else a 16 MiB run of letters is tried from each of its positions, quadratic), and a
 * quoted value is looked for at most 8 kB ahead (an unclosed quote falls back to the bare value).
 */
const KEY_VALUE =
  /(?<![\w.-])(["']?)([\w.-]+)\1(\s*[:=]\s*)("(?:[^"\\\n]|\\.){0,8192}"|'[^'\n]{0,8192}'|[^\s,;&}<>\]]+)/g;
/** `<key>value</key>` in XML. */
const XML_ELEMENT = /<([A-Za-z0-9_.:-]+)>([^<]*)<\/\1>/g;

/**
 * A body with every secret's value replaced. JSON: the fields the document marks secret, wherever
 * they are nested. A form-encoded body: fields with a secret or secret-looking name (decoded first).
 * Any other text (JSON that does not parse, XML, `key: value` lines): best effort, the value after
 * each such key (`"client_secret": "..."`, `password=...`, `<token>...</token>`).
 * @example
 * redactBody('client_id=a&client_secret=b', new Set()); // 'client_id=a&client_secret=%5Bredacted%5D'
 */
export function redactBody(text: string, secrets: ReadonlySet<string>, scrub: Scrub = (value) => value): string {
  if (text === '') return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const trimmed = text.trim();
    if (isForm(trimmed)) return redactQuery(trimmed, secrets, scrub);
    return redactText(text, secrets);
  }
  if (secrets.size === 0) return text;
  let changed = false;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (secrets.has(key) && value !== null) {
        changed = true;
        out[key] = REDACTED;
      } else out[key] = visit(value);
    }
    return out;
  };
  const redacted = visit(parsed);
  return changed ? JSON.stringify(redacted) : text;
}

/** Best effort for a body that is neither JSON nor a form: the value after each secret-named key. */
function redactText(text: string, secrets: ReadonlySet<string>): string {
  return text
    .replace(KEY_VALUE, (whole, quote: string, key: string, separator: string, value: string) => {
      if (!isSecretName(key, secrets)) return whole;
      const wrapped = value.startsWith('"') ? `"${REDACTED}"` : value.startsWith("'") ? `'${REDACTED}'` : REDACTED;
      return `${quote}${key}${quote}${separator}${wrapped}`;
    })
    .replace(XML_ELEMENT, (all, key: string) => (isSecretName(key, secrets) ? `<${key}>${REDACTED}</${key}>` : all));
}

const encoder = new TextEncoder();

function byteLength(text: string): number {
  return encoder.encode(text).length;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
