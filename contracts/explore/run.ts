// `contracts --explore` against one target: the exploring engine (engine.ts) over the target's
// fetch, with the target's capabilities deciding what it may do (docs/contracts.md, "Explore"):
// fresh worlds per run where the target is disposable (a new token per run), reads only on a live
// server unless writes are allowed, and then writes only in walks from what the run created, each
// undone, with a request budget and a rate; never the control API. Every exchange is counted for
// coverage of the document (openapi/coverage.ts).
import { coverageUniverse, createCoverage, createDigest, type Coverage } from '../../openapi/coverage.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import { createTargetFrom } from '../targets/create.ts';
import type { TargetSettings } from '../targets/env.ts';
import type { FetchLike } from '../targets/types.ts';
import { toCurl } from './curl.ts';
import { BudgetSpent, createEngine, explore, type Answer, type ExploreReport } from './engine.ts';
import { operationsOf } from './generators.ts';
import { followLink, harvest, type Built, type RunTokens } from './requests.ts';
import type { ExpressionSource, LinkUniverse } from '../../openapi/coverage.ts';

export interface ExploreSettings {
  /** Runs (each: a fresh world where the target allows, 1 to 12 moves). Default 100. */
  runs?: number;
  /** The seed; default a random one, printed. */
  seed?: number;
  /** With the seed: replay the failure a report named. */
  path?: string;
  /** Start no run after this long. */
  maxTimeMs?: number;
  /** At most this many requests (cleanup excepted). Default: 500 on live, none elsewhere. */
  maxRequests?: number;
  /** At most this many requests per second. Default: 5 on live, none elsewhere. */
  maxRps?: number;
  /** Report the first failure as found, without shrinking it. */
  noShrink?: boolean;
}

export interface ExploreResult {
  report: ExploreReport;
  requests: number;
  statuses: Map<number, number>;
  coverage: Coverage;
  /** The budget ended the exploration early. */
  budgetSpent: boolean;
  /** The failing run as curl commands, when it failed. */
  curl?: string[];
  /** Undos that failed at the end: what is left behind, one line each. */
  leftBehind: string[];
}

/** The live defaults: gentle enough for a shared staging API. */
const LIVE_MAX_RPS = 5;
const LIVE_MAX_REQUESTS = 500;

/**
 * Explores one target. `wrap` wraps its fetch (the self-test's broken servers).
 * @example
 * const result = await exploreTarget(readTargetSettings({ CONTRACT_TARGET: 'inprocess' }), { runs: 50, seed: 1 });
 * if (result.report.failed) console.log(result.curl?.join('\n'));
 */
export async function exploreTarget(settings: TargetSettings, options: ExploreSettings = {}, wrap?: (fetch: FetchLike) => FetchLike): Promise<ExploreResult> {
  const target = await createTargetFrom(settings);
  const fetch = wrap ? wrap(target.fetch) : target.fetch;
  const live = !target.caps.disposable;
  const maxRequests = options.maxRequests ?? (live ? LIVE_MAX_REQUESTS : Number.POSITIVE_INFINITY);
  const maxRps = options.maxRps ?? (live ? LIVE_MAX_RPS : Number.POSITIVE_INFINITY);
  const gap = Number.isFinite(maxRps) ? 1000 / maxRps : 0;
  const base = target.baseUrl.replace(/\/+$/, '');
  const stats = { requests: 0, statuses: new Map<number, number>() };
  let nextAt = 0;
  let budgetSpent = false;

  const transmit = async (request: Built): Promise<Answer> => {
    const wait = nextAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    nextAt = Math.max(nextAt, performance.now()) + gap;
    const response = await fetch(`${base}${request.path}`, {
      method: request.method,
      // A 3xx is an answer, judged like any other; following it could carry a write to another host.
      redirect: 'manual',
      headers: request.headers,
      ...(request.body === '' || request.method === 'GET' || request.method === 'HEAD' ? {} : { body: request.body }),
    });
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    stats.requests++;
    stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
    return { status: response.status, headers, text };
  };
  const send = (request: Built): Promise<Answer> => {
    if (stats.requests >= maxRequests) {
      budgetSpent = true;
      throw new BudgetSpent(`the budget of ${maxRequests} requests is spent`);
    }
    return transmit(request);
  };

  const universe = coverageUniverse(document);
  const coverage = createCoverage(universe);
  let digest = createDigest(universe);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  let runIndex = 0;
  const pending = new Map<string, { link: LinkUniverse; source: ExpressionSource; tokens: RunTokens }>();
  let current: RunTokens = { user: target.token, oauth: target.token };
  const key = (link: LinkUniverse, source: ExpressionSource) => `${link.id} ${JSON.stringify(source.responseBody)}`;
  const operations = operationsOf('api', validator, document);

  const engine = createEngine({
    operations,
    send,
    rules: { enforcesRules: target.caps.enforcesRules, injectedFailures: false },
    stateful: target.caps.stateful && target.caps.writes,
    guarded: live,
    startRun: async () => {
      runIndex++;
      digest = createDigest(universe);
      // A disposable target gets a fresh world per run: worlds are per token (docs/worlds.md).
      current = live
        ? { user: target.token, oauth: target.token }
        : { user: `explore-${seed}-${runIndex}`, oauth: `${b64(`explore-${seed}`)}.${b64(`run-${runIndex}`)}.${b64('oauth')}` };
      const pool: string[] = Object.values(target.given).filter((id): id is string => typeof id === 'string');
      const me = await send({ ...discovery, headers: { authorization: `Bearer ${current.user}` } });
      harvest(me.text, pool);
      return { tokens: current, pool };
    },
    observe: (exchange) => {
      const lookup = validator.matchOperation(exchange.request.method, decodeURIComponent(exchange.request.path.split('?')[0]!));
      if (lookup.kind !== 'match') return;
      let requestBody: unknown;
      try {
        requestBody = exchange.request.body === '' ? undefined : JSON.parse(exchange.request.body);
      } catch {
        requestBody = undefined;
      }
      coverage.add(
        digest({
          operationId: lookup.operationId,
          status: exchange.status,
          pathParams: lookup.pathParams,
          query: exchange.request.query,
          headers: exchange.request.headers,
          requestBody,
          responseBody: exchange.body,
        }),
      );
    },
    created: (link, source) => void pending.set(key(link, source), { link, source, tokens: current }),
    undone: (link, source) => void pending.delete(key(link, source)),
  });
  const discovery: Built = (() => {
    const me = operations.find((operation) => operation.operationId === 'getCurrentUser')!;
    return { operation: me, method: 'GET', path: '/users/me', pathParams: {}, query: new URLSearchParams(), headers: {}, body: '' };
  })();

  const report = await explore(engine, {
    runs: options.runs ?? 100,
    seed,
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(options.maxTimeMs === undefined ? {} : { maxTimeMs: options.maxTimeMs }),
    ...(options.noShrink ? { noShrink: true } : {}),
  });

  // What walks created and did not undo (a failure or the budget stopped them): undone now, newest first.
  const leftBehind: string[] = [];
  for (const { link, source, tokens } of [...pending.values()].reverse()) {
    const undo = operations.find((operation) => operation.operationId === link.to)!;
    const request = followLink(link, undo, source, tokens);
    try {
      const answer = await transmit(request);
      if ((answer.status < 200 || answer.status >= 300) && answer.status !== 404)
        leftBehind.push(`${request.method} ${base}${request.path}: answered ${answer.status}`);
    } catch (error) {
      leftBehind.push(`${request.method} ${base}${request.path}: ${(error as Error).message}`);
    }
  }
  target.close?.();

  const result: ExploreResult = { report, requests: stats.requests, statuses: stats.statuses, coverage, budgetSpent, leftBehind };
  if (report.failed && report.exchanges) result.curl = toCurl(report.exchanges, base);
  return result;
}

const b64 = (text: string) => btoa(text).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');
