// In-process fuzzing: the exploring engine of `contracts --explore` driven through `mock.handle` over both documents,
// plus invariants only the process can see (error hook, unique IDs, world integrity, counters >= 0).
import {
  createEngine,
  explore,
  InvariantError,
  type Answer,
  type Exchange,
  type ExploreOptions,
  type ExploreReport,
} from '../contracts/explore/engine.ts';
import { operationsOf, type Operation } from '../contracts/explore/generators.ts';
import { type Built, harvest } from '../contracts/explore/requests.ts';
import { createDeliveryEngine } from '../mocks/outbound/delivery.ts';
import { controlValidator } from '../openapi/control-validator.ts';
import { controlDocument } from '../openapi/generated/control-document.ts';
import { document } from '../openapi/generated/document.ts';
import { validator } from '../openapi/validator.ts';
import type { ReadCache } from '../mocks/app/read-cache.ts';
import { createKitMock, type Mock, storeOf } from '../mocks/mock.ts';
import type { World } from '../mocks/store/world/index.ts';

export const USER_TOKEN = 'fuzz-user';
/** Three dot-separated base64url segments: a workspace OAuth token (docs/worlds.md). */
const OAUTH_TOKEN = 'ZnV6eg.b2F1dGg.dG9rZW4';
const TOKENS = [USER_TOKEN, OAUTH_TOKEN];
/** The mock's seed: with the tokens, it decides the worlds every run starts from. */
export const WORLD_SEED = 'fuzz';
/** A fixed clock: the same seed and path give the same answers. */
const NOW = Date.UTC(2026, 0, 1);

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

export const OPERATIONS: readonly Operation[] = [
  ...operationsOf('api', validator, document),
  ...operationsOf('control', controlValidator, controlDocument, SKIPPED),
];

interface FuzzerOptions {
  /** Reset the worlds before each run instead of restoring their snapshot (slower; the same worlds). */
  reseed?: boolean;
  /** Wraps the mock's handler: the self-test plants bugs with it to see the fuzzer find them. */
  around?: (handle: Mock['handle']) => Mock['handle'];
  /** Send every request to a twin without the read cache too; the answers must be byte-identical. */
  compareCache?: boolean;
  /** The fuzzed mock's read cache (the self-test plants a broken one); default: the app's own. */
  readCache?: ReadCache;
}

function createFuzzer(options: FuzzerOptions = {}) {
  const errors: unknown[] = [];
  let clock = NOW;
  const mockOf = (readCache: boolean | ReadCache) => {
    const draws = sequence();
    const created = createKitMock({
      seed: WORLD_SEED,
      now: () => clock,
      sink: createDeliveryEngine({ send: false, now: () => clock }),
      logError: (_message, error) => void errors.push(error),
      // A run may set a world's latency and failure rate (POST /__mock/faults): never wait for real,
      // and draw failures from a generator each run restarts, so a replay fails the same way.
      faults: { sleep: async () => {}, random: () => draws.next() },
      readCache,
    });
    return { mock: created, draws };
  };
  const primary = mockOf(options.readCache ?? true);
  const twin = options.compareCache ? mockOf(false) : undefined;
  const mock = primary.mock;
  const stats = { requests: 0, statuses: new Map<number, number>() };
  const handle = options.around?.(mock.handle) ?? mock.handle;

  // Every run starts from the same two freshly seeded worlds, restored from a snapshot: a reset would cost most of a run.
  const seeded = TOKENS.map((token) => JSON.stringify(mock.control.world(token))).join('\n');
  const fresh = storeOf(mock).snapshot();
  const issued = new Map(TOKENS.map((token) => [token, new Set<string>()]));

  const send = async (request: Built): Promise<Answer> => {
    errors.length = 0;
    const prefix = request.operation.face === 'api' ? '/v1' : '/__mock';
    const req = {
      method: request.method,
      url: `${prefix}${request.path}`,
      headers: request.headers,
      body: request.body,
    };
    if (twin !== undefined) clock += 1000;
    const response = await handle(req);
    // The journal's lines carry real times (how long each request took), never equal twice.
    if (twin !== undefined && request.operation.operationId !== 'listRequests') {
      const uncached = await twin.mock.handle(req);
      // What a client receives: status, headers and body; the bytes a kept answer carries must be that body.
      const seen = (answer: typeof response) => JSON.stringify([answer.status, answer.headers, answer.body]);
      const [a, b] = [seen(response), seen(uncached)];
      const { status, headers, body: text } = response;
      const exchange: Exchange = { request, status, headers, text, body: undefined };
      if (response.bytes !== undefined && new TextDecoder().decode(response.bytes) !== response.body) {
        throw new InvariantError('read_cache_equivalence', 'the kept bytes are not the body', exchange);
      }
      if (a !== b) {
        throw new InvariantError('read_cache_equivalence', `with the read cache: ${a}\nwithout it: ${b}`, exchange);
      }
    }
    stats.requests++;
    stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
    return { status: response.status, headers: response.headers, text: response.body };
  };

  const tokenOf = (request: Built) =>
    request.headers.authorization === `Bearer ${OAUTH_TOKEN}` ? OAUTH_TOKEN : USER_TOKEN;
  const engine = createEngine({
    operations: [...OPERATIONS],
    send,
    rules: { enforcesRules: true, injectedFailures: true },
    stateful: true,
    startRun: async () => {
      clock = NOW;
      for (const each of twin === undefined ? [primary] : [primary, twin]) {
        each.draws.restart();
        if (options.reseed) for (const token of TOKENS) each.mock.control.reset(token);
        else {
          const restored = storeOf(each.mock).restore(fresh);
          if (!restored.ok) throw new Error(`the fuzzer's worlds could not be restored: ${restored.error.message}`);
        }
      }
      for (const ids of issued.values()) ids.clear();
      const pool: string[] = [];
      harvest(seeded, pool);
      return { tokens: { user: USER_TOKEN, oauth: OAUTH_TOKEN }, pool };
    },
    before: (request) => {
      const world = storeOf(mock).world(tokenOf(request));
      return { world, ids: worldIds(world) };
    },
    after: (exchange, _tokens, memo) => {
      const { world, ids } = memo as { world: World; ids: Set<string> };
      if (errors.length > 0)
        throw new InvariantError('error_hook', `the mock's error hook was called: ${String(errors[0])}`, exchange);
      const token = tokenOf(exchange.request);
      // A reset starts a new world, whose IDs may repeat the old one's.
      if (storeOf(mock).world(token) !== world) issued.get(token)!.clear();
      else if (exchange.status === 200 && exchange.request.headers.prefer === undefined)
        checkCreated(exchange, ids, issued.get(token)!);
      for (const each of TOKENS) checkWorld(storeOf(mock).world(each), exchange);
    },
  });
  return { stats, engine };
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

function worldIds(world: World): Set<string> {
  const ids = new Set<string>();
  for (const value of Object.values(world))
    if (value instanceof Map) for (const key of value.keys()) if (typeof key === 'string') ids.add(key);
  return ids;
}

function checkCreated(exchange: Exchange, before: Set<string>, issued: Set<string>): void {
  const operationId = exchange.request.operation.operationId;
  const read = CREATES[operationId];
  const data = (exchange.body as { data?: Record<string, unknown> } | undefined)?.data;
  if (read === undefined || data === undefined || data === null) return;
  for (const id of new Set(read(data))) {
    if (typeof id !== 'string') continue;
    if (before.has(id) || issued.has(id))
      throw new InvariantError('unique_ids', `${operationId} answered ID ${id}, which the world already had`, exchange);
    issued.add(id);
  }
}

function checkWorld(world: World, exchange: Exchange): void {
  const fail = (message: string) => new InvariantError('world_integrity', message, exchange);
  const exists = (id: string) => world.workflows.has(id) || world.sources.has(id) || world.webhooks.has(id);
  for (const { subscription } of world.subscriptions.values())
    for (const id of [subscription.emitter_id, subscription.listener_id])
      if (!id.endsWith('*') && !exists(id))
        throw fail(`subscription ${subscription.id} names ${id}, which the world does not have`);
  for (const auto of world.autoSubscriptions)
    if (!exists(auto.listener_id))
      throw fail(`an auto-subscription names listener ${auto.listener_id}, which the world does not have`);
  if (world.errorSeq < 0) throw fail(`errorSeq is ${world.errorSeq}`);
  const counters = [world.user, ...[...world.workspaces.values()].map((w) => w.workspace)] as unknown as Array<
    Record<string, unknown>
  >;
  for (const record of counters)
    for (const [key, value] of Object.entries(record))
      if (typeof value === 'number' && value < 0) throw fail(`counter ${key} is ${value}`);
}

/** The fuzzer's options and the exploration's (runs, seed, path, noShrink: stop at the first failure unshrunk). */
export type FuzzOptions = FuzzerOptions & ExploreOptions;

export interface FuzzReport extends ExploreReport {
  requests: number;
  statuses: Map<number, number>;
  /** `npm run fuzz -- ...` that replays the failure. */
  replay?: string;
}

/** A fuzz run of `runs` runs (or the replay of `seed` at `path`); never throws for a failing property. */
export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const fuzzer = createFuzzer(options);
  const report = await explore(fuzzer.engine, options);
  const full: FuzzReport = { ...report, requests: fuzzer.stats.requests, statuses: fuzzer.stats.statuses };
  if (report.failed)
    full.replay = `npm run fuzz -- --seed ${report.seed}${report.path ? ` --path ${report.path}` : ''}`;
  return full;
}
