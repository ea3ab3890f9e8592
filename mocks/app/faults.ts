// Faults on demand (docs/control-api.md, "Faults"): `Prefer` per request, rate limits, injected 429s, latency and a
// failure rate per world or server. Pure: clock, random source and sleep are injected, so tests never wait.
import { MAX_DELAY_MS } from '../common/defaults.ts';
import { apiError, fail, ok, type ApiError, type Result } from '../common/errors.ts';
import type { Session, WorldFaults } from '../store/world/session.ts';
import type { OperationInfo, ResponseInfo } from '../../openapi/validator.ts';
import type { AppResponse } from './types.ts';

export { MAX_DELAY_MS };
/** `Retry-After` of a 503 from the failure rate, in seconds. */
const FAIL_RETRY_AFTER_SECONDS = 1;

/** The server's faults, for every world that sets none of its own (`serve` flags, createMock's `faults`). */
export interface FaultOptions {
  /** Every /v1 answer waits a time drawn uniformly from [min, max] ms. Default: none. */
  latencyMs?: { min: number; max: number };
  /** The share (0 to 1) of /v1 requests that answer 503 `service_unavailable`. Default 0. */
  failRate?: number;
  /** At most this many /v1 requests per second in each world; the rest answer 429. Default: no limit. */
  rateLimitPerSecond?: number;
  /** Uniform in [0, 1): draws the latency and the failures. Default Math.random. */
  random?: () => number;
  /** Waits `ms`. Default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
  /** UNIX ms, for the per-second window. Default Date.now. */
  now?: () => number;
}

/** What a request's `Prefer` header asks for (unknown preferences are ignored, RFC 7240). */
export interface Preferences {
  code?: number;
  example?: string;
  delayMs?: number;
}

/** Before an operation runs: an answer that replaces it, if any, and headers for whatever answers. */
interface Intercept {
  response?: AppResponse;
  headers: Record<string, string>;
  /** How long to wait before answering, ms. */
  delayMs: number;
}

export type Faults = ReturnType<typeof createFaults>;

export function createFaults(options: FaultOptions = {}) {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const server: WorldFaults = {
    ...(options.latencyMs === undefined ? {} : { latency_ms: options.latencyMs }),
    ...(options.failRate === undefined ? {} : { fail_rate: options.failRate }),
  };
  /** The world's faults in force: its own, else the server's. */
  const inForce = (session: Session): WorldFaults => ({ ...server, ...session.faults });

  /** The faults of one /v1 request of `session` to `operation`, in the order docs/control-api.md gives. */
  function intercept(session: Session, operation: OperationInfo, prefer: string | undefined): Intercept {
    const headers: Record<string, string> = {};
    const { latency_ms: latency, fail_rate: failRate } = inForce(session);
    const preferences = prefer === undefined ? NO_PREFERENCES : parsePrefer(prefer);
    const delayMs =
      preferences.ok && preferences.value.delayMs !== undefined
        ? preferences.value.delayMs
        : drawLatency(latency, random);
    const answer = (error: ApiError, extra?: Record<string, string>) => refusal(error, headers, delayMs, extra);

    const injected = session.limits.take();
    if (injected !== null) {
      const message = `Rate limited (injected with POST /__mock/rate-limit); retry after ${injected} s`;
      return answer(apiError('rate_limited', message, { retry_after_seconds: injected }), {
        'retry-after': String(injected),
      });
    }
    // A world whose clock was set or advanced counts its windows on its own time (docs/worlds.md).
    const clock = session.world.clock.changed ? session.world.ctx.now : now;
    const window = session.limits.rate(clock, options.rateLimitPerSecond ?? 0);
    if (window !== null) {
      headers['x-ratelimit-limit'] = String(window.limit);
      headers['x-ratelimit-remaining'] = String(window.remaining);
      headers['x-ratelimit-reset'] = String(Math.ceil(window.resetAt / 1000));
      if (window.refused) {
        const retryAfter = Math.max(1, Math.ceil((window.resetAt - clock()) / 1000));
        const message = `Rate limited: this world answers ${window.limit} requests per second; retry after ${retryAfter} s`;
        return answer(
          apiError('rate_limited', message, { retry_after_seconds: retryAfter, limit_per_second: window.limit }),
          { 'retry-after': String(retryAfter) },
        );
      }
    }
    if ((failRate ?? 0) > 0 && random() < failRate!) {
      const message = `Service unavailable (injected: failure rate ${failRate}); retry after ${FAIL_RETRY_AFTER_SECONDS} s`;
      return answer(
        apiError('service_unavailable', message, {
          fail_rate: failRate,
          retry_after_seconds: FAIL_RETRY_AFTER_SECONDS,
        }),
        { 'retry-after': String(FAIL_RETRY_AFTER_SECONDS) },
      );
    }
    if (!preferences.ok) return answer(preferences.error);
    const { code, example } = preferences.value;
    if (preferences.value.delayMs !== undefined) headers['preference-applied'] = `delay=${delayMs}`;
    if (code === undefined && example === undefined) return { headers, delayMs };
    const documented = documentedAnswer(operation, code, example);
    if (!documented.ok) return answer(documented.error);
    const applied = [
      code === undefined ? '' : `code=${code}`,
      example === undefined ? '' : `example=${example}`,
      headers['preference-applied'] ?? '',
    ];
    headers['preference-applied'] = applied.filter(Boolean).join(', ');
    const { status, contentType, body } = documented.value;
    // The documented headers with their examples (a 429's Retry-After), then this answer's own.
    const answered = { ...documented.value.headers, ...headers };
    const response =
      body === undefined
        ? { status, headers: answered, body: '' }
        : {
            status,
            headers: { 'content-type': contentType!, ...answered },
            body: typeof body === 'string' && !/json/.test(contentType!) ? body : JSON.stringify(body),
          };
    return { response, headers, delayMs };
  }

  return {
    intercept,
    /** Sets some of the world's faults (a property left out keeps its value); answers those in force. */
    set(session: Session, faults: WorldFaults): WorldFaults {
      session.faults = { ...session.faults, ...faults };
      return inForce(session);
    },
    inForce,
    sleep,
  };
}

/** The answer of a fault: `error`, with the headers every answer of the request carries and its own. */
function refusal(error: ApiError, headers: Record<string, string>, delayMs: number, extra?: Record<string, string>) {
  return {
    response: {
      status: error.status,
      headers: { 'content-type': 'application/json', ...headers, ...extra },
      body: JSON.stringify(error.body),
    },
    headers,
    delayMs,
  };
}

/** What a request without `Prefer` asks for: nothing (shared, never written). */
const NO_PREFERENCES: Result<Preferences> = Object.freeze({ ok: true, value: Object.freeze({}) });

/** A time in [min, max] (either order), whole ms, at most MAX_DELAY_MS; 0 without a range. */
function drawLatency(range: WorldFaults['latency_ms'], random: () => number): number {
  if (range === undefined) return 0;
  const low = Math.min(range.min, range.max);
  const high = Math.max(range.min, range.max);
  return Math.min(MAX_DELAY_MS, Math.round(low + random() * (high - low)));
}

const PREFERENCE = /^\s*([A-Za-z-]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;,\s]*))?/;

/**
 * The header's `code`, `example` and `delay` (RFC 7240: comma-separated `name=value`, `;`-parameters ignored, a
 * value may be quoted); a malformed value of these three is a 400, other preferences (`return=minimal`) ignored.
 */
export function parsePrefer(header: string | undefined): Result<Preferences> {
  const preferences: Preferences = {};
  if (header === undefined) return ok(preferences);
  for (const part of header.match(/(?:"(?:[^"\\]|\\.)*"|[^,"])+/g) ?? []) {
    const match = PREFERENCE.exec(part);
    if (match === null) continue;
    const name = match[1]!.toLowerCase();
    const raw = match[2] ?? '';
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (name === 'code') {
      if (!/^[1-5]\d\d$/.test(value)) return badPreference('code', value, 'an HTTP status, 100 to 599');
      preferences.code = Number(value);
    } else if (name === 'example') {
      if (value === '') return badPreference('example', value, 'the name of an example of the document');
      preferences.example = value;
    } else if (name === 'delay') {
      if (!/^\d{1,9}$/.test(value))
        return badPreference('delay', value, `milliseconds, 0 to ${MAX_DELAY_MS} (more is cut to ${MAX_DELAY_MS})`);
      preferences.delayMs = Math.min(MAX_DELAY_MS, Number(value));
    }
  }
  return ok(preferences);
}

function badPreference(name: string, value: string, expected: string): Result<never> {
  return fail('bad_request', `Prefer: ${name}=${value.slice(0, 100)} is not valid: ${name} takes ${expected}`, {
    preference: name,
  });
}

/** The documented response for `code` and/or example `name` of `operation`: its status, media type and body (undefined: no body). */
export function documentedAnswer(
  operation: OperationInfo,
  code: number | undefined,
  name: string | undefined,
): Result<{ status: number; contentType: string | null; headers: Record<string, string>; body: unknown }> {
  const where = `${operation.method} ${operation.template}`;
  let response: ResponseInfo | undefined;
  if (code !== undefined) {
    const status = String(code);
    response =
      operation.responses.find((r) => r.status === status) ??
      operation.responses.find((r) => r.status === `${status[0]}XX`);
    response ??= operation.responses.find((r) => r.status === 'DEFAULT');
    if (response === undefined) {
      const statuses = operation.responses.map((r) => r.status).filter((documented) => documented !== 'DEFAULT');
      return fail(
        'bad_request',
        `Prefer: code=${code} is not documented for ${where}; documented: ${statuses.join(', ')}`,
        { preference: 'code', documented: statuses },
      );
    }
  } else {
    response = operation.responses.find((r) => name !== undefined && Object.hasOwn(r.examples, name));
  }
  if (name !== undefined && (response === undefined || !Object.hasOwn(response.examples, name))) {
    const among = code === undefined ? operation.responses : [response!];
    const names = among.flatMap((r) => Object.keys(r.examples).map((example) => `${example} (${r.status})`));
    const scope = code === undefined ? where : `${where} ${code}`;
    return fail(
      'bad_request',
      `Prefer: example=${name.slice(0, 100)} is not an example of ${scope}; examples: ${names.join(', ') || 'none'}`,
      { preference: 'example', examples: names },
    );
  }
  const chosen = response!;
  const status =
    code ??
    (/^\d{3}$/.test(chosen.status)
      ? Number(chosen.status)
      : chosen.status === 'DEFAULT'
        ? 500
        : Number(chosen.status[0]) * 100);
  if (chosen.contentType === null) return ok({ status, contentType: null, headers: chosen.headers, body: undefined });
  const examples = Object.values(chosen.examples);
  const body = name !== undefined ? chosen.examples[name] : examples.length > 0 ? examples[0] : chosen.generated;
  return ok({ status, contentType: chosen.contentType, headers: chosen.headers, body });
}
