// What `--upstream`, `--live` and `--fallback-on` say, read once (docs/upstream.md): the upstream base URL, the
// operations sent there, the answers the mock replaces. Data and parsers only; browser-safe.

/** Which upstream answers the mock stands in for: these statuses, and (`unreachable`) no answer at all. */
export interface FallbackRule {
  statuses: readonly number[];
  unreachable: boolean;
}

export const NO_FALLBACK: FallbackRule = { statuses: [], unreachable: false };

/** The upstream options as a library caller or the command line gives them: text, or values already read. */
export interface UpstreamInput {
  url: string;
  /** operationIds or globs (an array or one comma-separated string); default none. */
  live?: readonly string[] | string | undefined;
  /** `'404,501,unreachable'` or a rule; default none. */
  fallbackOn?: FallbackRule | string | undefined;
  /** The largest upstream answer body read, in bytes. */
  maxBodyBytes?: number | undefined;
}

/** The upstream options checked: what the hybrid step's route takes (mocks/upstream/hybrid.ts). */
export interface UpstreamSelection {
  url: string;
  live: string[];
  fallbackOn?: FallbackRule;
  maxBodyBytes?: number;
}

/** Which option is wrong and why: each face words it its own way (a flag, an option of its function). */
interface UpstreamRefusal {
  option: 'url' | 'live' | 'fallbackOn' | 'maxBodyBytes';
  message: string;
}

type Selected = { ok: true; value: UpstreamSelection } | { ok: false; error: UpstreamRefusal };

function refuse(option: UpstreamRefusal['option'], message: string): Selected {
  return { ok: false, error: { option, message } };
}

/**
 * The upstream options read and checked once, for every face: the URL, the live patterns against
 * `operationIds`, the fallback rule, the body cap. The checked options, or the first refusal.
 * @example
 * selectUpstream({ url: 'http://127.0.0.1:4011/v1/', live: 'getCurrentUser' }, validator.operationIds);
 * // { ok: true, value: { url: 'http://127.0.0.1:4011/v1', live: ['getCurrentUser'] } }
 */
export function selectUpstream(input: UpstreamInput, operationIds: readonly string[]): Selected {
  const url = parseUpstreamUrl(input.url);
  if (typeof url !== 'string') return refuse('url', url.error);
  const patterns = typeof input.live === 'string' ? input.live : input.live?.join(',');
  const live = patterns === undefined ? [] : parseLivePatterns(patterns, operationIds);
  if (!Array.isArray(live)) return refuse('live', live.error);
  const fallbackOn = typeof input.fallbackOn === 'string' ? parseFallbackOn(input.fallbackOn) : input.fallbackOn;
  if (fallbackOn !== undefined && 'error' in fallbackOn) return refuse('fallbackOn', fallbackOn.error);
  const { maxBodyBytes } = input;
  if (maxBodyBytes !== undefined && !(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0))
    return refuse('maxBodyBytes', `must be a positive integer, got ${maxBodyBytes}`);
  return { ok: true, value: { url, live, fallbackOn, maxBodyBytes } };
}

/**
 * The upstream's base URL, version segment included (`https://api.staging.test/v1`), without a
 * trailing slash; a message for anything that is not an http(s) URL without credentials, query or fragment.
 * @example
 * parseUpstreamUrl('http://127.0.0.1:4011/v1'); // 'http://127.0.0.1:4011/v1'
 */
export function parseUpstreamUrl(text: string): string | { error: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { error: `"${text}" is not an absolute URL (such as https://api.staging.example/v1)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `"${text}" must be http or https` };
  // A token in the URL would travel with every request and land in every log line.
  if (url.username !== '' || url.password !== '')
    return { error: `"${text}" must not carry credentials; callers send their own token` };
  if (url.search !== '' || url.hash !== '') return { error: `"${text}" must not have a query or a fragment` };
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * `--live`: comma-separated operationIds or globs (`*` any run, `?` one character), each naming an operation of
 * `operationIds` (a typo would silently mock what was meant live): the patterns, or the first matching none.
 * @example
 * parseLivePatterns('getCurrentUser,list*', validator.operationIds); // ['getCurrentUser', 'list*']
 */
export function parseLivePatterns(text: string, operationIds: readonly string[]): string[] | { error: string } {
  const patterns = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (patterns.length === 0)
    return { error: 'needs at least one operationId or glob (such as getCurrentUser or list*)' };
  for (const pattern of patterns) {
    const matches = liveMatcher([pattern]);
    if (operationIds.some(matches)) continue;
    const bare = pattern.replace(/[*?]/g, '').toLowerCase();
    const near = operationIds
      .filter((id) => id.toLowerCase().includes(bare) || editDistance(id.toLowerCase(), bare) <= 2)
      .slice(0, 5);
    return {
      error: `"${pattern}" matches no operation${near.length > 0 ? `; did you mean ${near.join(', ')}?` : ' (the operationIds are those of openapi/openapi.yaml)'}`,
    };
  }
  return patterns;
}

/**
 * Whether an operation goes live: it matches one of the patterns.
 * @example
 * liveMatcher(['list*'])('listWebhooks'); // true
 */
export function liveMatcher(patterns: readonly string[]): (operationId: string) => boolean {
  return (operationId) => patterns.some((pattern) => globMatches(pattern, operationId));
}

/**
 * `*` any run of characters, `?` one, over the whole text. By hand, not a regex: backtracking takes minutes
 * over `*?*?*?*?*?*?*?*?*?*?*?*?X`; returning to the last `*` alone bounds it to glob x text steps.
 */
function globMatches(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (glob[g] === '*') {
      star = g++;
      resume = t;
    } else if (g < glob.length && (glob[g] === '?' || glob[g] === text[t])) {
      g++;
      t++;
    } else if (star >= 0) {
      g = star + 1;
      t = ++resume;
    } else return false;
  }
  while (glob[g] === '*') g++;
  return g === glob.length;
}

/**
 * `--fallback-on 404,501,unreachable`: statuses (100-599, or a class such as 5xx) and `unreachable`.
 * @example
 * parseFallbackOn('404,5xx,unreachable'); // { statuses: [404, 500, ..., 599], unreachable: true }
 */
export function parseFallbackOn(text: string): FallbackRule | { error: string } {
  const statuses = new Set<number>();
  let unreachable = false;
  const entries = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return { error: 'needs statuses and/or "unreachable", such as 404,501,unreachable' };
  for (const entry of entries) {
    if (entry === 'unreachable') unreachable = true;
    else if (/^[1-5]xx$/.test(entry))
      for (let code = Number(entry[0]) * 100; code < Number(entry[0]) * 100 + 100; code++) statuses.add(code);
    else if (/^\d{3}$/.test(entry) && Number(entry) >= 100 && Number(entry) <= 599) statuses.add(Number(entry));
    else return { error: `"${entry}" is neither a status (404, 5xx) nor "unreachable"` };
  }
  return { statuses: [...statuses].sort((a, b) => a - b), unreachable };
}

/**
 * Edit distance with a swap of two neighbours counting as one edit (optimal string alignment): the suggestions of a
 * mistyped operationId and the command line's "did you mean" (`--prot` is one edit from `--port`).
 *
 * @example
 * editDistance('getCurentUser', 'getCurrentUser'); // 1
 */
export function editDistance(a: string, b: string): number {
  const rows = [Array.from({ length: b.length + 1 }, (_, index) => index)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
