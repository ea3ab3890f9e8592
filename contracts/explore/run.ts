// `contracts --explore` against one target (docs/contracts.md, "Explore"): its capabilities decide what runs may do
// (fresh worlds, reads only, or undone walks on live, within a budget and a rate); never the control API.
import { coverageUniverse, createCoverage, createDigest, jsonBody, type Coverage } from '../../openapi/coverage.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import { createTargetFrom } from '../targets/create.ts';
import type { FetchLike, TargetSettings } from '../targets/types.ts';
import { BudgetSpent, createEngine, explore, type Answer, type Exchange } from './engine.ts';
import { operationsOf, type Operation } from './generators.ts';
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
  /** Told as each run starts: its number and the requests sent before it (a progress line). */
  onRun?: (run: number, requests: number) => void;
}

/** The live defaults: gentle enough for a shared staging API. */
const LIVE_MAX_RPS = 5;
const LIVE_MAX_REQUESTS = 500;

/**
 * Explores one target. `wrap` wraps its fetch (the self-test's broken servers).
 * @example
 * const settings = readTargetSettings({ CONTRACT_TARGET: 'inprocess' });
 * const result = await exploreTarget(settings, { runs: 50, seed: 1 });
 * if (result.report.failed) console.log(result.curl?.join('\n'));
 */
export async function exploreTarget(
  settings: TargetSettings,
  options: ExploreSettings = {},
  wrap?: (fetch: FetchLike) => FetchLike,
) {
  const target = await createTargetFrom(settings);
  const live = !target.caps.disposable;
  const maxRps = options.maxRps ?? (live ? LIVE_MAX_RPS : Number.POSITIVE_INFINITY);
  const transport = createTransport(wrap ? wrap(target.fetch) : target.fetch, target.baseUrl.replace(/\/+$/, ''), {
    maxRequests: options.maxRequests ?? (live ? LIVE_MAX_REQUESTS : Number.POSITIVE_INFINITY),
    gap: Number.isFinite(maxRps) ? 1000 / maxRps : 0,
  });
  const universe = coverageUniverse(document);
  const operations = operationsOf('api', validator, document);
  const me = operations.find((operation) => operation.operationId === 'getCurrentUser')!;
  const exploration: Exploration = {
    target,
    live,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    transport,
    universe,
    coverage: createCoverage(universe),
    digest: createDigest(universe),
    runIndex: 0,
    current: { user: target.token, oauth: target.token },
    pending: new Map(),
    discovery: {
      operation: me,
      method: 'GET',
      path: '/users/me',
      pathParams: {},
      query: new URLSearchParams(),
      headers: {},
      body: '',
    },
  };
  const key = (link: LinkUniverse, source: ExpressionSource) => `${link.id} ${JSON.stringify(source.responseBody)}`;
  const { pending } = exploration;
  const engine = createEngine({
    operations,
    send: transport.send,
    rules: { enforcesRules: target.caps.enforcesRules, injectedFailures: false },
    stateful: target.caps.stateful && target.caps.writes,
    guarded: live,
    startRun: () => {
      options.onRun?.(exploration.runIndex + 1, transport.stats.requests);
      return startRun(exploration);
    },
    observe: (exchange) => observeCoverage(exploration, exchange),
    created: (link, source) => void pending.set(key(link, source), { link, source, tokens: exploration.current }),
    undone: (link, source) => void pending.delete(key(link, source)),
  });
  const report = await explore(engine, { ...options, runs: options.runs ?? 100, seed: exploration.seed });
  const leftBehind = await undoLeftBehind(exploration, operations);
  target.close?.();
  const { stats } = transport;
  return {
    report,
    requests: stats.requests,
    statuses: stats.statuses,
    coverage: exploration.coverage,
    /** The budget ended the exploration early. */
    budgetSpent: transport.budgetSpent(),
    /** The failing run as curl commands, when it failed. */
    curl: report.failed && report.exchanges ? toCurl(report.exchanges, transport.base) : undefined,
    /** Undos that failed at the end: what is left behind, one line each. */
    leftBehind,
  };
}

interface Exploration {
  target: Awaited<ReturnType<typeof createTargetFrom>>;
  /** A live server (not disposable): one token, guarded walks, a budget. */
  live: boolean;
  seed: number;
  transport: Transport;
  universe: ReturnType<typeof coverageUniverse>;
  coverage: Coverage;
  /** The current run's digest (a link counts as followed within one run). */
  digest: ReturnType<typeof createDigest>;
  runIndex: number;
  current: RunTokens;
  /** What walks created and have not undone yet. */
  pending: Map<string, { link: LinkUniverse; source: ExpressionSource; tokens: RunTokens }>;
  /** `GET /users/me`, which each run starts with for the IDs its world holds. */
  discovery: Built;
}

type Transport = ReturnType<typeof createTransport>;

/** The target's fetch, paced to a rate, counting every answer, refusing past the request budget. */
function createTransport(fetch: FetchLike, base: string, limits: { maxRequests: number; gap: number }) {
  const stats = { requests: 0, statuses: new Map<number, number>() };
  let nextAt = 0;
  let budgetSpent = false;
  /** Sends a request, whatever the budget (the undos at the end). */
  const transmit = async (request: Built): Promise<Answer> => {
    const wait = nextAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    nextAt = Math.max(nextAt, performance.now()) + limits.gap;
    const response = await fetch(`${base}${request.path}`, {
      method: request.method,
      // A 3xx is an answer, judged like any other; following it could carry a write to another host.
      redirect: 'manual',
      headers: request.headers,
      ...(request.body === '' || request.method === 'GET' || request.method === 'HEAD' ? {} : { body: request.body }),
    });
    const text = await response.text();
    const headers: Record<string, string> = Object.fromEntries(response.headers);
    stats.requests++;
    stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
    return { status: response.status, headers, text };
  };
  /** Sends a request of a run; throws BudgetSpent once the budget is spent. */
  const send = (request: Built): Promise<Answer> => {
    if (stats.requests >= limits.maxRequests) {
      budgetSpent = true;
      throw new BudgetSpent(`the budget of ${limits.maxRequests} requests is spent`);
    }
    return transmit(request);
  };
  return { base, stats, transmit, send, budgetSpent: () => budgetSpent };
}

/** A run's tokens and the IDs its world starts with (the target's given ones and what `/users/me` names). */
async function startRun(exploration: Exploration): Promise<{ tokens: RunTokens; pool: string[] }> {
  const { target, live, seed } = exploration;
  exploration.runIndex++;
  const run = exploration.runIndex;
  exploration.digest = createDigest(exploration.universe);
  // A disposable target gets a fresh world per run: worlds are per token (docs/worlds.md).
  exploration.current = live
    ? { user: target.token, oauth: target.token }
    : { user: `explore-${seed}-${run}`, oauth: `${b64(`explore-${seed}`)}.${b64(`run-${run}`)}.${b64('oauth')}` };
  const pool: string[] = Object.values(target.given).filter((id): id is string => typeof id === 'string');
  const authorization = `Bearer ${exploration.current.user}`;
  const me = await exploration.transport.send({ ...exploration.discovery, headers: { authorization } });
  harvest(me.text, pool);
  return { tokens: exploration.current, pool };
}

function observeCoverage(exploration: Exploration, exchange: Exchange): void {
  const { request } = exchange;
  const lookup = validator.matchOperation(request.method, decodeURIComponent(request.path.split('?')[0]!));
  if (lookup.kind !== 'match') return;
  const { operationId, pathParams } = lookup;
  const { query, headers } = request;
  const requestBody = jsonBody(request.body);
  const observed = { operationId, status: exchange.status, pathParams, query, headers, requestBody };
  exploration.coverage.add(exploration.digest({ ...observed, responseBody: exchange.body }));
}

/** What walks created and did not undo (a failure or the budget stopped them): undone now, newest first. */
async function undoLeftBehind(exploration: Exploration, operations: readonly Operation[]): Promise<string[]> {
  const { transmit, base } = exploration.transport;
  const leftBehind: string[] = [];
  for (const { link, source, tokens } of [...exploration.pending.values()].reverse()) {
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
  return leftBehind;
}

const b64 = (text: string) => btoa(text).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The failing run as one curl per request, in order; a body over 2,000 characters goes in a here-document so the line stays pasteable. */
function toCurl(exchanges: readonly Exchange[], base: string): string[] {
  return exchanges.map(({ request, status }) => {
    const parts = ['curl -sS', `-X ${request.method}`, quote(`${base}${request.path}`)];
    for (const [name, value] of Object.entries(request.headers)) parts.push(`-H ${quote(`${name}: ${value}`)}`);
    if (request.body !== '')
      parts.push(
        request.body.length > 2000
          ? `--data-binary @- <<'BODY'\n${request.body}\nBODY`
          : `--data-raw ${quote(request.body)}`,
      );
    return `${parts.join(' ')}   # answered ${status}`;
  });
}
