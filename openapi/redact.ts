// The one redaction of everything the kit writes down from traffic (docs/upstream.md, "Redaction"): the Pact recorder,
// the HAR recording and the replay judge secrets by these rules only. Browser-safe, for the MSW worker's pacts too.
import { valueAt } from './json-pointer.ts';
import { isObject } from './json.ts';

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

/** What takes the caller's bearer token out of a text. */
export type Scrub = (text: string) => string;

const keep: Scrub = (text) => text;

/** How deep redactJson walks; JSON nested deeper is redacted as text (redactBody), best effort. */
const MAX_DEPTH = 512;

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
 * What replaces the bearer token of `headers` (their `authorization`), as it is, percent-encoded and
 * form-encoded, wherever it shows in a text. A token under 4 characters is left: replacing it would
 * cut words apart.
 * @example
 * bearerScrubber({ authorization: 'Bearer abc-123' })('?t=abc-123'); // '?t=[redacted]'
 */
export function bearerScrubber(headers: Record<string, string>): Scrub {
  const bearer = /^\s*bearer\s+(\S+)/i.exec(headers.authorization ?? '')?.[1];
  if (bearer === undefined || bearer.length < 4) return keep;
  // As it is, percent-encoded, and form-encoded (the two encode `=`, `/` and `~` differently).
  const formEncoded = new URLSearchParams({ t: bearer }).toString().slice(2);
  const forms = [...new Set([bearer, encodeURIComponent(bearer), formEncoded])];
  return (text) => forms.reduce((out, form) => out.split(form).join(REDACTED), text);
}

/**
 * A header's value as written: `[redacted]` when its name says credential, else the value with the
 * bearer scrubbed.
 * @example
 * redactHeader('x-api-key', 'k-1'); // '[redacted]'
 */
export function redactHeader(name: string, value: string, scrub: Scrub = keep): string {
  return SECRET_HEADER.test(name) ? REDACTED : scrub(value);
}

/** Whether a parameter, field or key name is a credential's: the document's secret fields, or a name that says so. */
function isSecretName(name: string, secrets: ReadonlySet<string>): boolean {
  return secrets.has(name) || SECRET_PARAMETER.test(name);
}

/**
 * A query string (`?a=1&access_token=x`, or without its `?`) with the values of secret-named
 * parameters replaced, names and values decoded before they are judged (`access_%74oken` is
 * `access_token`); the bearer token scrubbed from the rest. Unchanged text when nothing is secret.
 * The replay judges a request's query the same way before comparing it with a recorded one.
 * @example
 * redactQuery('?%61ccess_token=abc&limit=2', new Set()); // '?access_token=%5Bredacted%5D&limit=2'
 */
export function redactQuery(search: string, secrets: ReadonlySet<string>, scrub: Scrub = keep): string {
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
 * A JSON value with the fields the document marks secret redacted wherever they are nested, and the
 * bearer scrubbed from every string; the value itself when nothing changed. A secret field keeps its
 * JSON type (hidden): a replay's client and a pact's matchers still see the kind of value the field
 * holds. Throws a RangeError past MAX_DEPTH levels.
 * @example
 * redactJson({ data: { signing_key: 'k' } }, new Set(['signing_key'])); // { data: { signing_key: '[redacted]' } }
 */
export function redactJson(value: unknown, secrets: ReadonlySet<string>, scrub: Scrub = keep, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) throw new RangeError(`JSON nests deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) {
    const items = value.map((item) => redactJson(item, secrets, scrub, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = secrets.has(key) ? hidden(item, depth + 1) : redactJson(item, secrets, scrub, depth + 1);
    if (out[key] !== item) changed = true;
  }
  return changed ? out : value;
}

/** A secret field's value, its JSON type kept: each string in it `[redacted]`, each number 0; null and booleans as they are. */
function hidden(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return REDACTED;
  if (typeof value === 'number') return 0;
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) throw new RangeError(`JSON nests deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) return value.map((item) => hidden(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, hidden(item, depth + 1)]));
}

/**
 * Whether the value at `pointer` (RFC 6901) in `body` is one redactJson replaced: `[redacted]` at or
 * under a field `secrets` names. `pact check` leaves such a value unjudged: it stands for one it
 * cannot see (an access token's pattern, docs/pact.md).
 * @example
 * isRedactedAt({ access_token: '[redacted]' }, '/access_token', new Set(['access_token'])); // true
 */
export function isRedactedAt(body: unknown, pointer: string, secrets: ReadonlySet<string>): boolean {
  return valueAt(body, pointer) === REDACTED && pointer.split('/').some((segment) => secrets.has(segment));
}

/**
 * A body with every secret's value replaced and the bearer scrubbed. JSON: the fields the document
 * marks secret, wherever they are nested (redactJson). A form-encoded body: fields with a secret or
 * secret-looking name (decoded first). Any other text (JSON that does not parse or nests deeper
 * than MAX_DEPTH, XML, `key: value` lines): best effort, the value after each such key
 * (`"client_secret": "..."`, `password=...`, `<token>...</token>`).
 * @example
 * redactBody('client_id=a&client_secret=b', new Set()); // 'client_id=a&client_secret=%5Bredacted%5D'
 */
export function redactBody(text: string, secrets: ReadonlySet<string>, scrub: Scrub = keep): string {
  if (text === '') return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const trimmed = text.trim();
    return scrub(isForm(trimmed) ? redactQuery(trimmed, secrets, scrub) : redactText(text, secrets));
  }
  let redacted: unknown;
  try {
    redacted = redactJson(parsed, secrets);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return scrub(redactText(text, secrets));
  }
  return scrub(redacted === parsed ? text : JSON.stringify(redacted));
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
