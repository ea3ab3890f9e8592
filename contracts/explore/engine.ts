// The one exploring engine: runs of requests drawn from the documents against any transport, each answer held to the
// invariants, a failure shrunk by fast-check. `contracts --explore` and support/fuzz.ts are it with other transports.
import fc from 'fast-check';
import {
  coverageUniverse,
  jsonBody,
  statusMatches,
  type ExpressionSource,
  type LinkUniverse,
} from '../../openapi/coverage.ts';
import { document } from '../../openapi/generated/document.ts';
import { isObject } from '../../openapi/json.ts';
import { valueAt } from '../../openapi/json-pointer.ts';
import { isWalk, movesArbitrary, type Move, type Operation, type Walk } from './generators.ts';
import { checkAnswer, InvariantError, type AnswerRules, type Exchange } from './invariants.ts';
import {
  exampleRequest,
  followLink,
  harvest,
  invalidity,
  materialize,
  type Built,
  type RunTokens,
} from './requests.ts';

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
  /** A live server: writes only in walks from a create whose ID is new, each undone; single steps only read. */
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
 * const startRun = async () => ({ tokens, pool: [] });
 * const engine = createEngine({ operations, send, rules, stateful: true, startRun });
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
  const engine: EngineParts = { options, byId, linksFrom, failure: undefined };
  const reads = (operation: Operation) => !options.guarded || operation.method === 'GET';
  const singles = operations.flatMap((operation, index) => (reads(operation) ? [index] : []));
  return { operations, walkable, singles, run: (moves) => runMoves(engine, moves), lastFailure: () => engine.failure };
}

interface EngineParts {
  options: EngineOptions;
  byId: Map<string, Operation>;
  linksFrom: Map<string, LinkUniverse[]>;
  failure: ReturnType<Engine['lastFailure']>;
}

interface RunState {
  engine: EngineParts;
  tokens: RunTokens;
  pool: string[];
  exchanges: Exchange[];
}

/** Engine.run: each move a single request or a walk; a broken invariant keeps the run as the last failure. */
async function runMoves(engine: EngineParts, moves: readonly Move[]): Promise<void> {
  const { options } = engine;
  let started: Awaited<ReturnType<EngineOptions['startRun']>>;
  try {
    started = await options.startRun(moves);
  } catch (error) {
    if (error instanceof BudgetSpent) return;
    throw error;
  }
  const run: RunState = { engine, tokens: started.tokens, pool: started.pool, exchanges: [] };
  try {
    for (const move of moves) {
      if (isWalk(move)) await runWalk(run, move);
      else {
        const operation = options.operations[move.op]!;
        // Guarded: a single request only reads; writes happen in walks, each undone.
        if (options.guarded && operation.method !== 'GET') continue;
        const request = materialize(operation, move, run.pool, run.tokens);
        await exchange(run, request, invalidity(request));
      }
    }
  } catch (error) {
    if (error instanceof BudgetSpent) return;
    engine.failure = { moves, exchanges: run.exchanges, tokens: run.tokens };
    throw error;
  }
}

/** Sends one request and holds its answer to the invariants (and the caller's); its IDs join the pool. */
async function exchange(run: RunState, request: Built, invalid: readonly string[]): Promise<Exchange> {
  const { options } = run.engine;
  const memo = options.before?.(request, run.tokens);
  const answer = await options.send(request);
  // A file download (application/octet-stream) is checked as its text; every other body as JSON.
  const json = (answer.headers['content-type'] ?? 'application/json').includes('json');
  const body = json ? jsonBody(answer.text) : answer.text || undefined;
  const done: Exchange = { request, status: answer.status, headers: answer.headers, text: answer.text, body };
  run.exchanges.push(done);
  options.observe?.(done);
  checkAnswer(done, invalid, options.rules);
  options.after?.(done, run.tokens, memo);
  harvest(answer.text, run.pool);
  return done;
}

interface WalkState {
  run: RunState;
  operation: Operation;
  source: ExpressionSource;
  /** The ID the first answer created, when its links name one. */
  created: unknown;
  /** The link that undoes the create, and the reads among the links out. */
  undo: LinkUniverse | undefined;
  reads: LinkUniverse[];
  deleted: boolean;
  undone: boolean;
}

/** A walk: a request, then the links its answer allows, each answer held to the stateful invariants. */
async function runWalk(run: RunState, move: Walk): Promise<void> {
  const { options, linksFrom, byId } = run.engine;
  const operation = options.operations[move.walk]!;
  const before = [...run.pool];
  const origin = exampleRequest(operation, move.ids, run.pool, run.tokens);
  const first = await exchange(run, origin, invalidity(origin));
  const out = (linksFrom.get(operation.operationId) ?? []).filter((link) => statusMatches(link.status, first.status));
  if (out.length === 0) return;
  const { pathParams, query, headers, body } = first.request;
  const source = { pathParams, query, headers, requestBody: jsonBody(body), responseBody: first.body };
  const created = createdPointer(out) === undefined ? undefined : valueAt(first.body, createdPointer(out)!);
  // Guarded: never follow a link (a delete!) from an answer naming something that existed before.
  if (options.guarded && (typeof created !== 'string' || before.includes(created))) return;
  const undo = out.find((link) => link.undo);
  if (undo) options.created?.(undo, source);
  const reads = out.filter((link) => byId.get(link.to)!.method === 'GET');
  const walk: WalkState = { run, operation, source, created, undo, reads, deleted: false, undone: false };
  if (first.request.method !== 'GET' && first.status >= 200 && first.status < 300) await readBack(walk, first);
  for (const index of move.links) {
    if (walk.undone) break;
    await follow(walk, out[index % out.length]!);
  }
  // A walk cleans up after itself, which also proves the delete.
  if (undo && !walk.undone) await follow(walk, undo);
}

/** Follows one link of the walk and holds its answer to what the walk knows: created, deleted or undone. */
async function follow(walk: WalkState, link: LinkUniverse): Promise<Exchange> {
  const { run, source } = walk;
  const target = run.engine.byId.get(link.to)!;
  const request = followLink(link, target, source, run.tokens);
  const answer = await exchange(run, request, invalidity(request));
  const what = `${String(walk.created ?? 'it')} (${walk.operation.operationId} -> ${link.name})`;
  if (target.method === 'GET') checkRead(walk, answer, what);
  else if (target.method === 'DELETE') await checkDelete(walk, link, answer, what);
  else await checkWrite(walk, link, answer, what);
  return answer;
}

function checkRead({ created, deleted }: WalkState, answer: Exchange, what: string): void {
  const ok = answer.status >= 200 && answer.status < 300;
  const list = Array.isArray((answer.body as { data?: unknown } | undefined)?.data);
  const listed = typeof created === 'string' && answer.text.includes(`"${created}"`);
  if (!deleted) {
    if (!ok)
      throw new InvariantError('resource_available', `${what} answered ${answer.status} before it was deleted`, answer);
    if (list && typeof created === 'string' && !listed)
      throw new InvariantError('resource_available', `${what}: the list does not hold it`, answer);
  } else if (list ? listed : answer.status !== 404) {
    const still = list ? 'lists it' : `answers ${answer.status}`;
    throw new InvariantError('gone_after_delete', `${what} still ${still} after it was deleted`, answer);
  }
}

async function checkDelete(walk: WalkState, link: LinkUniverse, answer: Exchange, what: string): Promise<void> {
  const ok = answer.status >= 200 && answer.status < 300;
  if (walk.deleted && answer.status !== 404)
    throw new InvariantError('gone_after_delete', `deleting ${what} again answered ${answer.status}, not 404`, answer);
  if (!walk.deleted && answer.status === 404)
    throw new InvariantError('resource_available', `deleting ${what} answered 404 before it was deleted`, answer);
  if (!walk.deleted && ok) {
    walk.deleted = true;
    if (link.undo) walk.undone = true;
    if (walk.undo) walk.run.engine.options.undone?.(walk.undo, walk.source);
    for (const read of walk.reads) await follow(walk, read);
  }
}

async function checkWrite(walk: WalkState, link: LinkUniverse, answer: Exchange, what: string): Promise<void> {
  if (walk.deleted) return;
  const ok = answer.status >= 200 && answer.status < 300;
  if (answer.status === 404)
    throw new InvariantError('resource_available', `${what} answered 404 before it was deleted`, answer);
  if (ok && link.undo) {
    walk.undone = true;
    walk.run.engine.options.undone?.(link, walk.source);
  }
  if (ok) await readBack(walk, answer);
}

/** The fields a write answered equal what its reads answer for the same ID. */
async function readBack(walk: WalkState, write: Exchange): Promise<void> {
  const data = (write.body as { data?: unknown } | undefined)?.data;
  if (!isObject(data) || typeof data.id !== 'string') return;
  for (const read of walk.reads) {
    const answer = await follow(walk, read);
    const got = (answer.body as { data?: unknown } | undefined)?.data;
    const item = Array.isArray(got) ? got.find((entry) => isObject(entry) && entry.id === data.id) : got;
    if (!isObject(item) || item.id !== data.id) continue;
    for (const [field, value] of Object.entries(data)) {
      if (value !== null && typeof value === 'object') continue;
      if (field in item && item[field] !== value) {
        const wrote = `${write.request.operation.operationId} answered ${field}: ${JSON.stringify(value)}`;
        const reads = `${read.to} reads ${JSON.stringify(item[field])}`;
        throw new InvariantError('write_read_back', `${wrote} for ${data.id}, then ${reads}`, answer);
      }
    }
  }
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

export interface ExploreOptions {
  /** Runs (each: a fresh world where the target allows, 1 to 12 moves). */
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
  const property = fc.asyncProperty(
    movesArbitrary(engine.operations, engine.walkable, { singles: engine.singles }),
    (moves) => engine.run(moves),
  );
  const details = await fc.check(property, {
    numRuns: options.runs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(options.noShrink ? { endOnFailure: true } : {}),
    ...(options.maxTimeMs === undefined
      ? {}
      : { interruptAfterTimeLimit: options.maxTimeMs, markInterruptAsFailure: false }),
  });
  const { failed, seed, numRuns: runs } = details;
  const report: ExploreReport = { failed, seed, runs, elapsedMs: performance.now() - started };
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
