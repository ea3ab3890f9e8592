// Answers from a recording (docs/upstream.md, "Record and replay"), matched by method, path, query and body; the
// n-th request of a key gets its n-th answer, then the last. No match: 404 naming the closest; status 0: 502.
import { apiError } from '../common/errors.ts';
import { errorResponse } from '../app/respond.ts';
import type { AppRequest, AppResponse } from '../app/types.ts';
import { redactBody, redactQuery } from '../../openapi/redact.ts';
import { HOP_HEADERS, harResponseText, headerRecord, type HarEntry } from './har.ts';

/** What a request must share with a recorded one: method and path always, query and body by default. */
export type MatchField = 'query' | 'body';
const DEFAULT_MATCH: readonly MatchField[] = ['query', 'body'];

export interface Replay {
  /** The recorded answer for a request under `/v1`, or a 404 naming the closest one. */
  answer(request: AppRequest): AppResponse;
  /** Every key's count back to its first answer. */
  reset(): void;
  /** Recorded exchanges. */
  size: number;
}

export interface ReplayOptions {
  /** The fields compared besides method and path; default query and body. */
  match?: readonly MatchField[];
  /** The body fields the recorder redacted (secretFields(document)): a request's are redacted alike before bodies are compared. */
  secrets?: ReadonlySet<string>;
}

interface Recorded {
  method: string;
  /** The API path (after the version prefix, `/users/me`), percent-encoded as recorded. */
  path: string;
  query: string;
  body: string;
  entry: HarEntry;
}

/**
 * `--match query,body` (or `method,path` alone): the optional fields; a message for anything else.
 * @example
 * parseMatchRule('query'); // ['query']: bodies are not compared
 */
export function parseMatchRule(text: string): MatchField[] | { error: string } {
  const fields = new Set<MatchField>();
  for (const raw of text.split(',')) {
    const field = raw.trim().toLowerCase();
    if (field === '' || field === 'method' || field === 'path') continue;
    if (field !== 'query' && field !== 'body') return { error: `"${field}" is not one of method, path, query, body` };
    fields.add(field);
  }
  return [...fields];
}

/**
 * A replay of recorded HAR entries; `match` names the fields compared besides method and path.
 * @example
 * const replay = createReplay(parseHar(text).entries, { match: ['query'] });
 * replay.answer({ method: 'GET', url: '/v1/users/me', headers: {}, body: '' }).status; // as recorded
 */
export function createReplay(entries: readonly HarEntry[], options: ReplayOptions = {}): Replay {
  const match = new Set(options.match ?? DEFAULT_MATCH);
  const secrets = options.secrets ?? new Set<string>();
  const recorded = entries.map((entry): Recorded => {
    const url = new URL(entry.request.url);
    return {
      method: entry.request.method.toUpperCase(),
      path: apiPath(url.pathname),
      query: normalQuery(url.search.slice(1)),
      body: normalBody(entry.request.postData?.text ?? ''),
      entry,
    };
  });
  const keyOf = (item: Omit<Recorded, 'entry'>) =>
    `${item.method} ${item.path}${match.has('query') ? `?${item.query}` : ''}${match.has('body') ? `\n${item.body}` : ''}`;
  const byKey = new Map<string, Recorded[]>();
  for (const item of recorded) {
    const key = keyOf(item);
    byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  const served = new Map<string, number>();

  const answer = (request: AppRequest): AppResponse => {
    const url = new URL(request.url, 'http://mock.invalid');
    const asked = {
      method: request.method.toUpperCase(),
      path: apiPath(url.pathname),
      query: normalQuery(redactQuery(url.search.slice(1), secrets)),
      body: normalBody(redactBody(request.body, secrets)),
    };
    const key = keyOf(asked);
    const candidates = byKey.get(key);
    if (candidates === undefined) return notRecorded(asked, recorded, match);
    const count = served.get(key) ?? 0;
    served.set(key, count + 1);
    const { entry } = candidates[Math.min(count, candidates.length - 1)]!;
    if (entry.response.status === 0) return noAnswer(asked);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(headerRecord(entry.response.headers)))
      if (!HOP_HEADERS.has(name) && !name.startsWith(':')) headers[name] = value;
    headers['x-mock-source'] = 'replay';
    const body = entry.response.status === 204 || entry.response.status === 304 ? '' : harResponseText(entry);
    return { status: entry.response.status, headers, body };
  };
  return { answer, reset: () => served.clear(), size: recorded.length };
}

function notRecorded(
  asked: Omit<Recorded, 'entry'>,
  recorded: readonly Recorded[],
  match: ReadonlySet<MatchField>,
): AppResponse {
  const shown = requestLine(asked);
  if (recorded.length === 0)
    return refusal('not_found', `No recorded exchange for ${shown}: the recording is empty`, { recorded: 0 });
  let best: { item: Recorded; differs: string[]; score: number } | undefined;
  for (const item of recorded) {
    const costs: Array<[string, number]> = [
      ['method', item.method === asked.method ? 0 : 4],
      ['path', 2 * segmentDistance(item.path, asked.path)],
      ['query', match.has('query') && item.query !== asked.query ? 1 : 0],
      ['body', match.has('body') && item.body !== asked.body ? 1 : 0],
    ];
    const score = costs.reduce((sum, [, cost]) => sum + cost, 0);
    if (best === undefined || score < best.score)
      best = { item, differs: costs.filter(([, cost]) => cost > 0).map(([field]) => field), score };
  }
  const { item, differs } = best!;
  const closest = requestLine(item);
  return refusal(
    'not_found',
    `No recorded exchange for ${shown}; the closest recorded request is ${closest} (differs in ${differs.join(', ')})`,
    { closest, differs, recorded: recorded.length },
  );
}

/** An entry of status 0 (browsers export one for a request that got no answer): a 502 says so, as a gateway would. */
function noAnswer(asked: Omit<Recorded, 'entry'>): AppResponse {
  const message = `No answer was recorded for ${requestLine(asked)}: its HAR entry has status 0 (the recording client got none)`;
  return refusal('bad_gateway', message, { recorded_status: 0 });
}

function requestLine(item: Omit<Recorded, 'entry'>): string {
  return `${item.method} ${item.path}${item.query === '' ? '' : `?${item.query}`}`;
}

function refusal(...error: Parameters<typeof apiError>): AppResponse {
  const response = errorResponse(apiError(...error));
  return { ...response, headers: { ...response.headers, 'x-mock-source': 'replay' } };
}

/** How many path segments differ (a missing one counts as different). */
function segmentDistance(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  let distance = Math.abs(left.length - right.length);
  for (let index = 0; index < Math.min(left.length, right.length); index++)
    if (left[index] !== right[index]) distance += 1;
  return distance;
}

/** `/v1/users/me` (or a gateway's `/api/v1/users/me`) -> `/users/me`: what follows the version segment. */
function apiPath(pathname: string): string {
  const at = pathname.indexOf('/v1/');
  if (at >= 0) return pathname.slice(at + 3);
  return pathname.endsWith('/v1') ? '/' : pathname;
}

/** Query pairs sorted, so `b=2&a=1` and `a=1&b=2` are one request. */
function normalQuery(query: string): string {
  const pairs = [...new URLSearchParams(query)].sort(([a, x], [b, y]) =>
    a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1,
  );
  return new URLSearchParams(pairs).toString();
}

/** A JSON body with its keys sorted (so key order does not matter); other text as it is. */
function normalBody(text: string): string {
  if (text.trim() === '') return '';
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}
