// Reading a HAR log's text (docs/upstream.md), apart from har.ts so the MSW handlers can check a `replay` without
// loading the rest. Every entry is checked here; the first bad one refuses the file, named by index and field.
import { isObject } from '../../openapi/json.ts';
import type { HarEntry } from './har.ts';

/** An HTTP token (RFC 9110): what a header name or a method may be made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header name: a token, or an HTTP/2 pseudo-header (`:authority`), which browsers' exports list. */
const HEADER_NAME = /^:?[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What Node accepts in a header value (no CR, LF, NUL or other control character but tab). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const FINAL = ', never a final one; remove the entry or record the answer that followed';
const STATUSES = ' (100-599, or 0 for no answer)';
/** Base64 characters, then at most two `=`; with a length a multiple of 4 (checked apart: a group per
 * 4 characters overflows the regular expression stack on a large body). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Reads a HAR file's text: its entries, or a message saying what is wrong with it.
 * @example
 * const har = parseHar(readFileSync('session.har', 'utf8'));
 * if ('error' in har) throw new Error(har.error);
 */
export function parseHar(text: string): { entries: HarEntry[] } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON (${(error as Error).message})` };
  }
  const entries = (parsed as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) return { error: 'not a HAR file: it has no log.entries list' };
  return checkHarEntries(entries);
}

/**
 * HAR entries checked (what `parseHar` checks of a file's; the MSW handlers' `replay` given as a
 * list): the entries, or the first problem, naming `log.entries[i].field` and what is wrong.
 * A status of 0 is kept: browsers export it for a request that got no answer, and a replay answers
 * it 502 saying so (docs/upstream.md).
 * @example
 * checkHarEntries([{ request: { method: 'GET', url: 'http://x/v1/users/me' }, response: { status: 1000 } }]);
 * // { error: 'a HAR file with a bad entry: log.entries[0].response.status: 1000 is not an HTTP status (...)' }
 */
export function checkHarEntries(entries: readonly unknown[]): { entries: HarEntry[] } | { error: string } {
  for (const [index, entry] of entries.entries()) {
    const problem = entryProblem(entry);
    if (problem !== undefined) return { error: `a HAR file with a bad entry: log.entries[${index}]${problem}` };
  }
  return { entries: entries as HarEntry[] };
}

type Json = Record<string, unknown>;

const isString = (value: unknown): value is string => typeof value === 'string';

/** What is wrong with one entry, as `.field: reason`, or undefined. */
function entryProblem(entry: unknown): string | undefined {
  if (!isObject(entry)) return ': not an object';
  const { request, response } = entry;
  if (!isObject(request)) return '.request: missing or not an object';
  if (!isObject(response)) return '.response: missing or not an object';
  return requestProblem(request) ?? responseProblem(response);
}

function requestProblem(request: Json): string | undefined {
  const { method, url, postData } = request;
  if (!isString(method) || !TOKEN.test(method)) return `.request.method: ${shown(method)} is not an HTTP method`;
  if (!isString(url) || !URL.canParse(url)) return `.request.url: ${shown(url)} is not an absolute URL`;
  const badPostData = postData !== undefined && (!isObject(postData) || !isString(postData.text ?? ''));
  return (
    headersProblem(request.headers, '.request.headers') ??
    (badPostData ? '.request.postData.text: not a string' : undefined)
  );
}

function responseProblem(response: Json): string | undefined {
  const { status, statusText, content } = response;
  if (!Number.isInteger(status)) return `.response.status: ${shown(status)} is not an integer`;
  const code = status as number;
  if (code >= 100 && code < 200) return `.response.status: ${code} is an interim answer (1xx)${FINAL}`;
  if (code !== 0 && (code < 200 || code > 599)) return `.response.status: ${code} is not an HTTP status${STATUSES}`;
  if (statusText !== undefined && (!isString(statusText) || !HEADER_VALUE.test(statusText))) {
    return '.response.statusText: not a string of one line';
  }
  const headers = headersProblem(response.headers, '.response.headers');
  if (headers !== undefined || content === undefined) return headers;
  if (!isObject(content)) return '.response.content: not an object';
  const { text, encoding } = content;
  if (text !== undefined && !isString(text)) return `.response.content.text: ${shown(text)} is not a string`;
  if (encoding !== undefined && encoding !== 'base64') {
    return `.response.content.encoding: ${shown(encoding)} is not one this kit reads (base64, or none for text)`;
  }
  const compact = encoding === 'base64' ? (text ?? '').replace(/\s+/g, '') : '';
  if (encoding === 'base64' && (compact.length % 4 !== 0 || !BASE64.test(compact))) {
    return '.response.content.text: not valid base64 (its encoding says base64)';
  }
  return undefined;
}

/** HAR headers: a list of `{name, value}` strings that Node would send. */
function headersProblem(headers: unknown, where: string): string | undefined {
  if (headers === undefined) return undefined;
  if (!Array.isArray(headers)) return `${where}: not a list of {name, value} (HAR 1.2 writes headers as an array)`;
  for (const [index, header] of headers.entries()) {
    const at = `${where}[${index}]`;
    if (!isObject(header) || !isString(header.name) || !isString(header.value)) {
      return `${at}: not a {name, value} pair of strings`;
    }
    if (!HEADER_NAME.test(header.name)) return `${at}.name: ${shown(header.name)} is not a valid header name`;
    if (!HEADER_VALUE.test(header.value)) {
      return `${at}.value: holds a line break or another control character (header ${header.name})`;
    }
  }
  return undefined;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
