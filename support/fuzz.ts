// Property-based fuzzing of the app (issue 10, item 5) with fast-check, driven by the documents:
// each run resets two worlds (a user API key and a workspace OAuth token), then sends a sequence
// of requests built from the operations of openapi/openapi.yaml and openapi/control.yaml: their
// parameters and example bodies, with IDs drawn from what the world and earlier answers named,
// mutated toward invalid input (random JSON, wrong types, missing or extra fields, bad media types,
// malformed tokens, Prefer headers). After every request the invariants below must hold; a failure
// is shrunk by fast-check and reported with the seed and path that replay it
// (`npm run fuzz -- --seed S --path P`, scripts/fuzz.ts; a bounded run is support/fuzz.test.ts).
//
// Invariants: no 5xx and no call of the mock's error hook; every answer valid against its
// document (a documented status, content type and body; a status the document does not list for
// the operation only for the checks every route has, docs/errors.md, with the Error body); IDs
// unique per world (a create never answers an ID that existed); no subscription whose non-glob
// emitter or listener is missing; no counter below zero.
import fc from 'fast-check';
import { controlValidator } from '../openapi/control-validator.ts';
import { exampleRequests, type ExampleRequest } from '../openapi/example-requests.ts';
import { controlDocument } from '../openapi/generated/control-document.ts';
import { document } from '../openapi/generated/document.ts';
import { validator, type Validator } from '../openapi/validator.ts';
import { createMock, type Mock, type World } from '../mocks/index.ts';
import { createDeliveryEngine } from '../mocks/outbound/delivery.ts';

export const USER_TOKEN = 'fuzz-user';
/** Three dot-separated base64url segments: a workspace OAuth token (docs/worlds.md). */
export const OAUTH_TOKEN = 'ZnV6eg.b2F1dGg.dG9rZW4';
const TOKENS = [USER_TOKEN, OAUTH_TOKEN];
/** The mock's seed: with the tokens, it decides the worlds every run starts from. */
export const WORLD_SEED = 'fuzz';
/** A fixed clock: the same seed and path give the same answers. */
const NOW = Date.UTC(2026, 0, 1);

/** Statuses any route can answer before its own checks (docs/errors.md), with the Error body, documented or not. */
const ANY_ROUTE = new Set([400, 401, 404, 405, 413, 415, 429, 503]);
/** Operations whose 200 answers a resource they created, and where its ID is. */
const CREATES: Record<string, (data: Record<string, unknown>) => unknown[]> = {
  createWorkflow: (data) => [data.id],
  createWebhook: (data) => [data.id],
  createConnectToken: (data) => [data.token],
  addSources: (data) => [data.first_id, data.last_id],
  emit: (data) => [data.emit_id],
  emitTrigger: (data) => [data.event_id],
};
/** Control operations left out: none changes what the invariants look at in a way others do not, and these wait or flood. */
const SKIPPED = new Set(['listDeliveries']);
/** `addSources` appends up to a million sources; the fuzzer keeps it to this many so a run stays short. */
const MAX_ADDED_SOURCES = 50;

interface Operation {
  face: 'api' | 'control';
  operationId: string;
  method: string;
  template: string;
  validator: Validator;
  example: ExampleRequest | undefined;
  pathParams: string[];
  queryParams: string[];
  headerParams: string[];
  hasBody: boolean;
}

function operationsOf(face: 'api' | 'control', on: Validator, doc: object): Operation[] {
  const examples = new Map(exampleRequests(doc as Record<string, unknown>).map((example) => [example.operationId, example]));
  return on.operationIds
    .filter((id) => !SKIPPED.has(id))
    .map((operationId) => {
      const info = on.describeOperation(operationId);
      const names = (where: string) => info.parameters.filter((p) => p.in === where).map((p) => p.name);
      return {
        face,
        operationId,
        method: info.method,
        template: info.template,
        validator: on,
        example: examples.get(operationId),
        pathParams: names('path'),
        queryParams: names('query'),
        headerParams: names('header'),
        hasBody: info.hasJsonBody,
      };
    });
}

export const OPERATIONS: readonly Operation[] = [...operationsOf('api', validator, document), ...operationsOf('control', controlValidator, controlDocument)];

// ---- the requests, as plain data fast-check can generate, shrink and print ----------------------

/** A value for a parameter or a body field, read against the run's pool of IDs when it runs. */
export type Value =
  | { pool: number } // an ID the world or an earlier answer named
  | { example: true } // the document's example value (or the request's default)
  | { text: string } // any text
  | { json: unknown } // any JSON value (bodies only)
  | { deep: number; objects: boolean } // objects ({"a": ...}) or arrays nested this deep (bodies only)
  | { many: number }; // an array of this many zeros (bodies only)

export interface Step {
  op: number;
  /** 0 and 1: the user token, 2: the OAuth token, 3: none, 4: malformed. */
  auth: number;
  params: {
    path: Value[];
    /** Per query parameter of the operation: left out (null) or a value. */
    query: Array<Value | null>;
    header: Array<Value | null>;
  };
  body: { example: Array<[field: number, value: Value | null]> } | { json: unknown } | { text: string } | null;
  contentType: 'application/json' | 'text/plain' | null;
  prefer: string | null;
}

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '0', '-1', '1e9', 'true', 'null', '%', '%2F', '..', '$errors', 'p_*', 'dc_*', 'p_', 'https://example.com/x', 'ftp://x', '\u0000'),
  fc.stringMatching(/^[a-z]{1,4}_[A-Za-z0-9]{0,8}$/),
);
const value = (withJson: boolean): fc.Arbitrary<Value> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.nat({ max: 1000 }).map((pool) => ({ pool })) },
    { weight: 4, arbitrary: fc.constant({ example: true as const }) },
    { weight: 2, arbitrary: text.map((t) => ({ text: t })) },
    ...(withJson
      ? [
          { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json): Value => ({ json })) },
          // Past the body bounds (mocks/app/body.ts), where recursion used to overflow the stack.
          {
            weight: 1,
            arbitrary: fc.oneof(
              fc.record({ deep: fc.integer({ min: 60, max: 6000 }), objects: fc.boolean() }),
              fc.integer({ min: 9990, max: 130_000 }).map((many): Value => ({ many })),
            ),
          },
        ]
      : []),
  );
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 3 });

export const stepArbitrary: fc.Arbitrary<Step> = fc.nat({ max: OPERATIONS.length - 1 }).chain((op) => {
  const operation = OPERATIONS[op]!;
  return fc.record({
    op: fc.constant(op),
    auth: fc.oneof({ weight: 12, arbitrary: fc.constantFrom(0, 1, 2) }, { weight: 1, arbitrary: fc.constantFrom(3, 4) }),
    // A third of the time every parameter keeps the document's example: the examples name one
    // coherent set of resources of every world (a project, its environment, trigger and account),
    // which independent draws rarely hit together.
    ...coherent(operation),
    body: operation.hasBody
      ? fc.oneof(
          { weight: 8, arbitrary: fc.array(fc.tuple(fc.nat({ max: 50 }), optional(value(true))), { maxLength: 3 }).map((example) => ({ example })) },
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json })) },
          { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('{', '[1,', '{"a":1}x', '')).map((t) => ({ text: t })) },
        )
      : fc.constant(null),
    contentType: fc.oneof(
      { weight: 10, arbitrary: fc.constant('application/json' as const) },
      { weight: 1, arbitrary: fc.constantFrom('text/plain' as const, null) },
    ),
    prefer: fc.oneof(
      { weight: 12, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('code=200', 'code=400', 'code=404', 'code=429', 'code=418', 'code=abc', 'delay=0', 'example=nope', 'return=minimal'),
      },
    ),
  });
});

function coherent(operation: Operation) {
  const example = { example: true as const };
  const drawn = fc.record({
    path: fc.tuple(...operation.pathParams.map(() => value(false))),
    query: fc.tuple(...operation.queryParams.map(() => fc.oneof(fc.constant<Value>(example), optional(value(false))))),
    header: fc.tuple(...operation.headerParams.map(() => fc.oneof(fc.constant<Value>(example), optional(value(false))))),
  });
  const examples = fc.constant({
    path: operation.pathParams.map((): Value => example),
    query: operation.queryParams.map((): Value | null => example),
    header: operation.headerParams.map((): Value | null => example),
  });
  return { params: fc.oneof({ weight: 2, arbitrary: drawn }, { weight: 1, arbitrary: examples }) };
}

export const stepsArbitrary = fc.array(stepArbitrary, { minLength: 1, maxLength: 12 });

// ---- running a run ----------------------------------------------------------------------------

export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  answer: string;
}

export class InvariantError extends Error {
  readonly exchange: Exchange | undefined;
  constructor(message: string, exchange?: Exchange) {
    super(
      exchange === undefined
        ? message
        : `${message}\n  request: ${exchange.method} ${exchange.url} ${truncate(exchange.body)}\n  answer: ${exchange.status} ${truncate(exchange.answer)}`,
    );
    this.exchange = exchange;
  }
}

const truncate = (s: string, n = 600) => (s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);

export interface Fuzzer {
  mock: Mock;
  /** One run: both worlds reset, then every step, each followed by the invariants. */
  run(steps: readonly Step[]): Promise<void>;
  /** How many requests ran, and how many of each status. */
  stats: { requests: number; statuses: Map<number, number> };
}

export interface FuzzerOptions {
  /** Reset the worlds before each run instead of restoring their snapshot (slower; the same worlds). */
  reseed?: boolean;
  /** Wraps the mock's handler: the self-test plants bugs with it to see the fuzzer find them. */
  around?: (handle: Mock['handle']) => Mock['handle'];
}

export function createFuzzer(options: FuzzerOptions = {}): Fuzzer {
  const errors: unknown[] = [];
  const draws = sequence();
  const mock = createMock({
    seed: WORLD_SEED,
    now: () => NOW,
    sink: createDeliveryEngine({ send: false }),
    logError: (_message, error) => void errors.push(error),
    // A run may set a world's latency and failure rate (POST /__mock/faults): never wait for real,
    // and draw failures from a generator each run restarts, so a replay fails the same way.
    faults: { sleep: async () => {}, random: () => draws.next() },
  });
  const stats = { requests: 0, statuses: new Map<number, number>() };
  const handle = options.around?.(mock.handle) ?? mock.handle;

  // Every run starts from the same two freshly seeded worlds. Restoring their snapshot costs 0.1 ms
  // where seeding them again (a reset) costs 6: most of a run.
  const seeded: string[] = [];
  for (const token of TOKENS) harvest(JSON.stringify(mock.control.world(token)), seeded);
  const fresh = mock.store.snapshot();

  async function run(steps: readonly Step[]): Promise<void> {
    draws.restart();
    if (options.reseed) for (const token of TOKENS) mock.control.reset(token);
    else {
      const restored = mock.store.restore(fresh);
      if (!restored.ok) throw new Error(`the fuzzer's worlds could not be restored: ${restored.error.message}`);
    }
    const pool = [...seeded];
    const issued = new Map(TOKENS.map((token) => [token, new Set<string>()]));
    for (const step of steps) {
      const operation = OPERATIONS[step.op]!;
      const request = materialize(operation, step, pool);
      const token = step.auth === 2 ? OAUTH_TOKEN : USER_TOKEN;
      const world = mock.store.world(token);
      const before = worldIds(world);
      errors.length = 0;
      const response = await handle(request);
      stats.requests++;
      stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
      const exchange: Exchange = { ...request, status: response.status, answer: response.body };
      if (errors.length > 0) throw new InvariantError(`the mock's error hook was called: ${String(errors[0])}`, exchange);
      // A 503 is the failure rate a run may have set, and only that.
      const injected = response.status === 503 && response.body.includes('"code":"service_unavailable"');
      if (response.status >= 500 && !injected) throw new InvariantError(`a ${response.status}`, exchange);
      let body: unknown;
      if (response.body !== '') {
        try {
          body = JSON.parse(response.body);
        } catch {
          throw new InvariantError('an answer that is not JSON', exchange);
        }
      }
      checkAgainstDocument(operation, response.status, response.headers['content-type'] ?? null, body, exchange);
      // A reset starts a new world, whose IDs may repeat the old one's.
      if (mock.store.world(token) !== world) issued.get(token)!.clear();
      else if (response.status === 200 && request.headers.prefer === undefined) checkCreated(operation, body, before, issued.get(token)!, exchange);
      for (const token of TOKENS) checkWorld(mock.store.world(token), exchange);
      harvest(response.body, pool);
    }
  }

  return { mock, run, stats };
}

/** A small deterministic generator of numbers in [0, 1) (mulberry32), restartable. */
function sequence() {
  let state = 0;
  return {
    restart() {
      state = 0x9e3779b9;
    },
    next(): number {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

function materialize(operation: Operation, step: Step, pool: readonly string[]) {
  const example = operation.example;
  const resolve = (v: Value, fallback: unknown): unknown => {
    if ('pool' in v) return pick(pool, v.pool, fallback);
    if ('example' in v) return fallback;
    if ('text' in v) return v.text;
    // JSON.stringify recurses too: a deep nest goes in as a marker, spliced into the text below.
    if ('deep' in v) return `${MARKER}${v.objects ? 'o' : 'a'}${v.deep}`;
    if ('many' in v) return `${MARKER}m${v.many}`;
    return v.json;
  };
  let path = operation.template;
  const examplePath = example?.path.split('/') ?? [];
  const templateParts = operation.template.split('/');
  operation.pathParams.forEach((name, i) => {
    const at = templateParts.indexOf(`{${name}}`);
    const fallback = at >= 0 ? decodeURIComponent(examplePath[at] ?? 'x') : 'x';
    path = path.replace(`{${name}}`, encodeURIComponent(String(resolve(step.params.path[i]!, fallback))));
  });
  const query = new URLSearchParams();
  operation.queryParams.forEach((name, i) => {
    const v = step.params.query[i];
    const fallback = example?.query.get(name) ?? undefined;
    if (v === null || v === undefined || (fallback === undefined && 'example' in v)) return;
    query.set(name, String(resolve(v, fallback)));
  });
  const headers: Record<string, string> = {};
  const auth = [`Bearer ${USER_TOKEN}`, `Bearer ${USER_TOKEN}`, `Bearer ${OAUTH_TOKEN}`, undefined, 'Bearer a b'][step.auth];
  if (auth !== undefined) headers.authorization = auth;
  operation.headerParams.forEach((name, i) => {
    const v = step.params.header[i];
    const fallback = example?.headers[name] ?? 'development';
    if (v !== null && v !== undefined) headers[name] = String(resolve(v, fallback));
  });
  if (step.contentType !== null) headers['content-type'] = step.contentType;
  if (step.prefer !== null) headers.prefer = step.prefer;
  let body = '';
  if (step.body !== null) {
    if ('text' in step.body) body = step.body.text;
    else if ('json' in step.body) body = JSON.stringify(step.body.json) ?? '';
    else body = JSON.stringify(mutate(structuredClone(example?.body ?? {}), step.body.example, resolve)) ?? '';
  }
  body = body.replace(MARKED, (_, kind: string, count: string) => raw(kind, Number(count)));
  if (operation.operationId === 'addSources') body = body.replace(/"count":\s*(-?\d+)/, (_, n: string) => `"count":${Number(n) % (MAX_ADDED_SOURCES + 1)}`);
  const prefix = operation.face === 'api' ? '/v1' : '/__mock';
  const search = query.toString();
  return { method: operation.method, url: `${prefix}${path}${search === '' ? '' : `?${search}`}`, headers, body };
}

/**
 * The pool's `n`th ID of the fallback's kind (its prefix, `proj_`), so most drawn IDs can name a
 * resource where they go; any ID when the pool has none of that kind; the fallback when it is empty.
 */
function pick(pool: readonly string[], n: number, fallback: unknown): unknown {
  const prefix = typeof fallback === 'string' ? /^[a-z]{1,5}_/.exec(fallback)?.[0] : undefined;
  const kind = prefix === undefined || n % 4 === 3 ? pool : pool.filter((id) => id.startsWith(prefix));
  const from = kind.length > 0 ? kind : pool;
  return from.length === 0 ? fallback : from[n % from.length];
}

const MARKER = '\u0001raw:';
const MARKED = /"\\u0001raw:([oam])(\d+)"/g;

/** The JSON text of a marker: `o` objects or `a` arrays nested `count` deep, `m` an array of `count` zeros. */
function raw(kind: string, count: number): string {
  if (kind === 'm') return `[${new Array(count).fill(0).join(',')}]`;
  return kind === 'o' ? `${'{"a":'.repeat(count)}1${'}'.repeat(count)}` : `${'['.repeat(count)}${']'.repeat(count)}`;
}

/** The example body with some of its fields (counted depth first) replaced, removed, or added to. */
function mutate(body: unknown, changes: Array<[number, Value | null]>, resolve: (v: Value, fallback: unknown) => unknown): unknown {
  let root = body;
  for (const [field, change] of changes) {
    const slots: Array<[Record<string, unknown> | unknown[], string | number]> = [];
    // The top ten levels only: an earlier change may have put a 5,000-deep nest in.
    const walk = (node: unknown, depth: number) => {
      if (depth > 10 || typeof node !== 'object' || node === null) return;
      const entries: Array<[string | number, unknown]> = Array.isArray(node) ? node.slice(0, 100).map((child, i) => [i, child]) : Object.entries(node);
      for (const [key, child] of entries) {
        slots.push([node as Record<string, unknown>, key]);
        walk(child, depth + 1);
      }
    };
    walk(root, 0);
    if (slots.length === 0) {
      if (change !== null) root = resolve(change, root);
      continue;
    }
    const [parent, key] = slots[field % slots.length]!;
    const current = (parent as Record<string | number, unknown>)[key];
    if (change === null) {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
    } else (parent as Record<string | number, unknown>)[key] = resolve(change, current);
  }
  return root;
}

const ID = /\b[a-z]{1,5}_[A-Za-z0-9]{3,}\b/g;

/** Every ID-shaped string in `text`, added to the pool once. */
function harvest(text: string, pool: string[]): void {
  for (const match of text.matchAll(ID)) if (!pool.includes(match[0])) pool.push(match[0]);
}

// ---- invariants ---------------------------------------------------------------------------------

/** Checks the answer against the operation the router matched (a trailing slash or an empty segment may match another). */
function checkAgainstDocument(operation: Operation, status: number, contentType: string | null, body: unknown, exchange: Exchange): void {
  const prefix = operation.face === 'api' ? '/v1' : '/__mock';
  const lookup = operation.validator.matchOperation(exchange.method, exchange.url.split('?')[0]!.slice(prefix.length));
  const operationId = lookup.kind === 'match' ? lookup.operationId : undefined;
  const responses = operationId === undefined ? [] : operation.validator.describeOperation(operationId).responses;
  const documented = responses.some((r) => r.status === String(status) || r.status === `${String(status)[0]}XX`);
  if (operationId !== undefined && documented) {
    const issues = operation.validator.validateResponse(operationId, status, contentType, body);
    if (issues.length > 0) throw new InvariantError(`the answer breaks the document: ${JSON.stringify(issues.slice(0, 3))}`, exchange);
    return;
  }
  if (!ANY_ROUTE.has(status))
    throw new InvariantError(`status ${status} is not documented for ${operationId ?? `${exchange.method} ${exchange.url}`}`, exchange);
  const issues = validator.validateSchema('Error', body);
  if (issues.length > 0) throw new InvariantError(`an error body that breaks the Error schema: ${JSON.stringify(issues.slice(0, 3))}`, exchange);
}

/** Every key of the world's collections (its IDs). */
function worldIds(world: World): Set<string> {
  const ids = new Set<string>();
  for (const value of Object.values(world)) if (value instanceof Map) for (const key of value.keys()) if (typeof key === 'string') ids.add(key);
  return ids;
}

function checkCreated(operation: Operation, body: unknown, before: Set<string>, issued: Set<string>, exchange: Exchange): void {
  const read = CREATES[operation.operationId];
  const data = (body as { data?: Record<string, unknown> } | undefined)?.data;
  if (read === undefined || data === undefined || data === null) return;
  for (const id of new Set(read(data))) {
    if (typeof id !== 'string') continue;
    if (before.has(id) || issued.has(id)) throw new InvariantError(`${operation.operationId} answered ID ${id}, which the world already had`, exchange);
    issued.add(id);
  }
}

function checkWorld(world: World, exchange: Exchange): void {
  const exists = (id: string) => world.workflows.has(id) || world.sources.has(id) || world.webhooks.has(id);
  for (const { subscription } of world.subscriptions.values()) {
    for (const id of [subscription.emitter_id, subscription.listener_id]) {
      if (!id.endsWith('*') && !exists(id)) throw new InvariantError(`subscription ${subscription.id} names ${id}, which the world does not have`, exchange);
    }
  }
  for (const auto of world.autoSubscriptions) {
    if (!exists(auto.listener_id)) throw new InvariantError(`an auto-subscription names listener ${auto.listener_id}, which the world does not have`, exchange);
  }
  if (world.errorSeq < 0) throw new InvariantError(`errorSeq is ${world.errorSeq}`, exchange);
  const counters = [world.user, ...[...world.workspaces.values()].map((w) => w.workspace)] as unknown as Array<Record<string, unknown>>;
  for (const record of counters) {
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'number' && value < 0) throw new InvariantError(`counter ${key} is ${value}`, exchange);
    }
  }
}

// ---- the property -------------------------------------------------------------------------------

export interface FuzzOptions extends FuzzerOptions {
  runs: number;
  seed?: number;
  path?: string;
  /** Stop at the first failure without shrinking it (long runs report sooner). */
  noShrink?: boolean;
}

export interface FuzzReport {
  failed: boolean;
  seed: number;
  path?: string;
  runs: number;
  requests: number;
  statuses: Map<number, number>;
  /** The shrunk failing steps and the error, when it failed. */
  counterexample?: readonly Step[];
  error?: string;
  /** `npm run fuzz -- ...` that replays the failure. */
  replay?: string;
}

/** A fuzz run of `runs` runs (or the replay of `seed` at `path`); never throws for a failing property. */
export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const fuzzer = createFuzzer(options);
  const property = fc.asyncProperty(stepsArbitrary, (steps) => fuzzer.run(steps));
  const details = await fc.check(property, {
    numRuns: options.runs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(options.noShrink ? { endOnFailure: true } : {}),
  });
  const report: FuzzReport = {
    failed: details.failed,
    seed: details.seed,
    runs: details.numRuns,
    requests: fuzzer.stats.requests,
    statuses: fuzzer.stats.statuses,
  };
  if (details.failed) {
    report.path = details.counterexamplePath ?? undefined;
    report.counterexample = details.counterexample?.[0];
    report.error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    report.replay = `npm run fuzz -- --seed ${details.seed}${report.path ? ` --path ${report.path}` : ''}`;
  }
  return report;
}
