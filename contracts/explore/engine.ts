// The one exploring engine: property-based runs of requests drawn from the documents
// (contracts/explore/generators.ts) against any transport, each answer held to the invariants
// (contracts/explore/invariants.ts), walks through the document's links held to the stateful
// ones, and a failure shrunk by fast-check to the fewest requests that still break it. The
// in-process fuzzer (support/fuzz.ts, `npm run fuzz`) and `contracts --explore` (explore/run.ts)
// are this engine with different transports and worlds.
import fc from 'fast-check';
import { coverageUniverse, statusMatches, type ExpressionSource, type LinkUniverse } from '../../openapi/coverage.ts';
import { document } from '../../openapi/generated/document.ts';
import { isWalk, movesArbitrary, type Move, type Operation, type Walk } from './generators.ts';
import { checkAnswer, InvariantError, type AnswerRules, type Exchange } from './invariants.ts';
import { exampleRequest, followLink, harvest, invalidity, materialize, type Built, type RunTokens } from './requests.ts';

export { InvariantError, type Exchange, type InvariantName } from './invariants.ts';

/** An answer as the transport hands it back. */
export interface Answer {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
}

/** Thrown by a transport (or `allow`) when the request budget is spent: the run ends there, passing. */
export class BudgetSpent extends Error {
  override name = 'BudgetSpent';
}

export interface EngineOptions {
  operations: Operation[];
  send: (request: Built) => Promise<Answer>;
  rules: AnswerRules;
  /** Walk the document's links and hold the stateful invariants (a target that remembers writes). */
  stateful: boolean;
  /**
   * Writes only through walks from a create whose ID is new, each walk ending with its undo link
   * (a live server); single steps are then reads only. Default false.
   */
  guarded?: boolean;
  /** Each run's tokens and the IDs its world starts with. */
  startRun: (moves: readonly Move[]) => Promise<{ tokens: RunTokens; pool: string[] }>;
  /** The caller's own invariants: `before` each request, then `after` its answer with what `before` returned (the in-process fuzzer reads its worlds). */
  before?: (request: Built, tokens: RunTokens) => unknown;
  after?: (exchange: Exchange, tokens: RunTokens, before: unknown) => void;
  /** Every exchange as it happens (coverage, request counts). */
  observe?: (exchange: Exchange) => void;
  /** A create answered that its undo link undoes (for cleanup), and that undo done. */
  created?: (undo: LinkUniverse, source: ExpressionSource) => void;
  undone?: (undo: LinkUniverse, source: ExpressionSource) => void;
}

export interface Engine {
  operations: readonly Operation[];
  /** Indices of the operations a walk may start from, and of those a single request may call. */
  walkable: number[];
  singles: number[];
  /** One run; throws an InvariantError on the first broken invariant. */
  run(moves: readonly Move[]): Promise<void>;
  /** The exchanges of the last run that failed (the shrunk one, once fast-check is done). */
  lastFailure(): { moves: readonly Move[]; exchanges: Exchange[]; tokens: RunTokens } | undefined;
}

/**
 * An engine over one transport.
 * @example
 * const engine = createEngine({ operations, send, rules, stateful: true, startRun: async () => ({ tokens, pool: [] }) });
 * await engine.run(fc.sample(movesArbitrary(engine.operations, engine.walkable), 1)[0]);
 */
export function createEngine(options: EngineOptions): Engine {
  const { operations } = options;
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const links = coverageUniverse(document).links.filter((link) => byId.has(link.from) && byId.has(link.to));
  const linksFrom = new Map<string, LinkUniverse[]>();
  for (const link of links) linksFrom.set(link.from, [...(linksFrom.get(link.from) ?? []), link]);
  const walkable = options.stateful
    ? operations.flatMap((operation, index) => {
        const own = linksFrom.get(operation.operationId);
        if (own === undefined) return [];
        // Guarded: only a create whose ID can be told new, and undone by a link.
        if (options.guarded && (createdPointer(own) === undefined || !own.some((link) => link.undo))) return [];
        return [index];
      })
    : [];
  let failure: { moves: readonly Move[]; exchanges: Exchange[]; tokens: RunTokens } | undefined;

  async function run(moves: readonly Move[]): Promise<void> {
    let started: Awaited<ReturnType<EngineOptions['startRun']>>;
    try {
      started = await options.startRun(moves);
    } catch (error) {
      if (error instanceof BudgetSpent) return;
      throw error;
    }
    const { tokens, pool } = started;
    const exchanges: Exchange[] = [];

    const exchange = async (request: Built, invalid: readonly string[]): Promise<Exchange> => {
      const memo = options.before?.(request, tokens);
      const answer = await options.send(request);
      let body: unknown;
      // A file download (application/octet-stream) is checked as its text; every other body as JSON.
      const json = (answer.headers['content-type'] ?? 'application/json').includes('json');
      if (answer.text !== '' && !json) body = answer.text;
      else if (answer.text !== '') {
        try {
          body = JSON.parse(answer.text);
        } catch {
          body = undefined;
        }
      }
      const done: Exchange = { request, status: answer.status, headers: answer.headers, text: answer.text, body };
      exchanges.push(done);
      options.observe?.(done);
      checkAnswer(done, invalid, options.rules);
      options.after?.(done, tokens, memo);
      harvest(answer.text, pool);
      return done;
    };

    const walk = async (move: Walk): Promise<void> => {
      const operation = operations[move.walk]!;
      const before = [...pool];
      const origin = exampleRequest(operation, move.ids, pool, tokens);
      const first = await exchange(origin, invalidity(origin));
      const out = (linksFrom.get(operation.operationId) ?? []).filter((link) => statusMatches(link.status, first.status));
      if (out.length === 0) return;
      const source = sourceOf(first);
      const created = createdPointer(out) === undefined ? undefined : evaluate(createdPointer(out)!, first.body);
      // Guarded: never follow a link (a delete!) from an answer naming something that existed before.
      if (options.guarded && (typeof created !== 'string' || before.includes(created))) return;
      const undo = out.find((link) => link.undo);
      if (undo) options.created?.(undo, source);
      const state = { deleted: false, undone: false };
      const reads = out.filter((link) => byId.get(link.to)!.method === 'GET');

      const follow = async (link: LinkUniverse): Promise<Exchange> => {
        const target = byId.get(link.to)!;
        const request = followLink(link, target, source, tokens);
        const answer = await exchange(request, invalidity(request));
        const ok = answer.status >= 200 && answer.status < 300;
        const what = `${String(created ?? 'it')} (${operation.operationId} -> ${link.name})`;
        if (target.method === 'GET') {
          const list = Array.isArray((answer.body as { data?: unknown } | undefined)?.data);
          const listed = typeof created === 'string' && answer.text.includes(`"${created}"`);
          if (!state.deleted) {
            if (!ok) throw new InvariantError('resource_available', `${what} answered ${answer.status} before it was deleted`, answer);
            if (list && typeof created === 'string' && !listed) throw new InvariantError('resource_available', `${what}: the list does not hold it`, answer);
          } else if (list ? listed : answer.status !== 404) {
            throw new InvariantError('gone_after_delete', `${what} still ${list ? 'lists it' : `answers ${answer.status}`} after it was deleted`, answer);
          }
        } else if (target.method === 'DELETE') {
          if (state.deleted && answer.status !== 404)
            throw new InvariantError('gone_after_delete', `deleting ${what} again answered ${answer.status}, not 404`, answer);
          if (!state.deleted && answer.status === 404)
            throw new InvariantError('resource_available', `deleting ${what} answered 404 before it was deleted`, answer);
          if (!state.deleted && ok) {
            state.deleted = true;
            if (link.undo) state.undone = true;
            if (undo) options.undone?.(undo, source);
            for (const read of reads) await follow(read);
          }
        } else if (!state.deleted) {
          if (answer.status === 404) throw new InvariantError('resource_available', `${what} answered 404 before it was deleted`, answer);
          if (ok && link.undo) {
            state.undone = true;
            options.undone?.(link, source);
          }
          if (ok) await readBack(answer);
        }
        return answer;
      };

      /** The fields a write answered equal what its reads answer for the same ID. */
      const readBack = async (write: Exchange): Promise<void> => {
        const data = (write.body as { data?: unknown } | undefined)?.data;
        if (!isRecord(data) || typeof data.id !== 'string') return;
        for (const read of reads) {
          const answer = await follow(read);
          const got = (answer.body as { data?: unknown } | undefined)?.data;
          const item = Array.isArray(got) ? got.find((entry) => isRecord(entry) && entry.id === data.id) : got;
          if (!isRecord(item) || item.id !== data.id) continue;
          for (const [field, value] of Object.entries(data)) {
            if (value !== null && typeof value === 'object') continue;
            if (field in item && item[field] !== value)
              throw new InvariantError(
                'write_read_back',
                `${write.request.operation.operationId} answered ${field}: ${JSON.stringify(value)} for ${data.id}, then ${read.to} reads ${JSON.stringify(item[field])}`,
                answer,
              );
          }
        }
      };

      if (first.request.method !== 'GET' && first.status >= 200 && first.status < 300) await readBack(first);
      for (const index of move.links) {
        if (state.undone) break;
        await follow(out[index % out.length]!);
      }
      // A walk cleans up after itself, which also proves the delete.
      if (undo && !state.undone) await follow(undo);
    };

    try {
      for (const move of moves) {
        if (isWalk(move)) await walk(move);
        else {
          const operation = operations[move.op]!;
          // Guarded: a single request only reads; writes happen in walks, each undone.
          if (options.guarded && operation.method !== 'GET') continue;
          const request = materialize(operation, move, pool, tokens);
          await exchange(request, invalidity(request));
        }
      }
    } catch (error) {
      if (error instanceof BudgetSpent) return;
      failure = { moves, exchanges, tokens };
      throw error;
    }
  }

  const singles = operations.flatMap((operation, index) => (options.guarded && operation.method !== 'GET' ? [] : [index]));
  return { operations, walkable, singles, run, lastFailure: () => failure };
}

/** The pointer of the ID a create answers (`/data/id`, `/token`), read from its links. */
function createdPointer(links: readonly LinkUniverse[]): string | undefined {
  for (const link of [...links].sort((a, b) => Number(b.undo) - Number(a.undo))) {
    for (const expression of Object.values(link.parameters)) {
      const match = typeof expression === 'string' ? /^\$response\.body#(.*\/(id|token))$/.exec(expression) : null;
      if (match) return match[1];
    }
  }
  return undefined;
}

function evaluate(pointer: string, body: unknown): unknown {
  let node = body;
  for (const key of pointer.slice(1).split('/')) node = isRecord(node) ? node[key] : undefined;
  return node;
}

function sourceOf(exchange: Exchange): ExpressionSource {
  let requestBody: unknown;
  try {
    requestBody = exchange.request.body === '' ? undefined : JSON.parse(exchange.request.body);
  } catch {
    requestBody = undefined;
  }
  return {
    pathParams: exchange.request.pathParams,
    query: exchange.request.query,
    headers: exchange.request.headers,
    requestBody,
    responseBody: exchange.body,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- the property -------------------------------------------------------------------------------

export interface ExploreOptions {
  runs: number;
  seed?: number;
  /** With the seed: replay the run fast-check named (its path). */
  path?: string;
  /** Stop starting runs after this long (the run under way finishes). */
  maxTimeMs?: number;
  /** Stop at the first failure without shrinking it. */
  noShrink?: boolean;
}

export interface ExploreReport {
  failed: boolean;
  seed: number;
  path?: string;
  runs: number;
  /** The runs stopped early: `time` (--max-time). */
  interrupted?: 'time';
  /** The broken invariant and its message, when it failed. */
  invariant?: string;
  error?: string;
  /** The shrunk failing moves and what they sent and got. */
  counterexample?: readonly Move[];
  exchanges?: Exchange[];
  tokens?: RunTokens;
  elapsedMs: number;
}

/**
 * Runs the property: `runs` runs (or the replay of `seed` at `path`); never throws for a broken invariant.
 * @example
 * const report = await explore(engine, { runs: 100, seed: 42 });
 * if (report.failed) console.error(report.error);
 */
export async function explore(engine: Engine, options: ExploreOptions): Promise<ExploreReport> {
  const started = performance.now();
  const property = fc.asyncProperty(movesArbitrary(engine.operations, engine.walkable, { singles: engine.singles }), (moves) => engine.run(moves));
  const details = await fc.check(property, {
    numRuns: options.runs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(options.noShrink ? { endOnFailure: true } : {}),
    ...(options.maxTimeMs === undefined ? {} : { interruptAfterTimeLimit: options.maxTimeMs, markInterruptAsFailure: false }),
  });
  const report: ExploreReport = { failed: details.failed, seed: details.seed, runs: details.numRuns, elapsedMs: performance.now() - started };
  if (details.interrupted) report.interrupted = 'time';
  if (details.failed) {
    const error = details.errorInstance;
    report.path = details.counterexamplePath ?? undefined;
    report.counterexample = details.counterexample?.[0];
    report.error = error instanceof Error ? error.message : String(error);
    report.invariant = error instanceof InvariantError ? error.invariant : 'exception';
    const failure = engine.lastFailure();
    if (failure) Object.assign(report, { exchanges: failure.exchanges, tokens: failure.tokens });
  }
  return report;
}
