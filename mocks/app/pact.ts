// The Pact recorder of every face (docs/pact.md): one V4 interaction per operation, status and provider state,
// redacted (openapi/redact.ts), bounded, sorted so a run writes the same bytes. Browser-safe; files: node/pact.ts.
import { document } from '../../openapi/generated/document.ts';
import { resolveOperations } from '../../openapi/document/resolve.ts';
import { isObject } from '../../openapi/json.ts';
import { parsePact } from '../../openapi/pact-file.ts';
import { bodyMatchers, type MatchingRules } from '../../openapi/pact-matchers.ts';
import { documentedStatusKey } from '../../openapi/response.ts';
import { MAX_JSON_DEPTH, overBytes, withinJsonBounds } from './body.ts';
import type { ExchangeListener, ExchangeRecord } from './exchange.ts';
import {
  bearerScrubber,
  redactBody,
  redactHeader,
  redactJson,
  redactQuery,
  type Scrub,
  secretFields,
} from '../../openapi/redact.ts';
import { CONSOLE_REQUEST_HEADER } from './subscribers.ts';

/** The provider's name in every file the kit writes, and the file's suffix. */
const PACT_PROVIDER = 'workflow-api';

/** The request headers every consumer relies on, beside those its operation declares; never the bearer (docs/pact.md). */
const KEPT_REQUEST_HEADERS = ['accept', 'content-type', 'prefer'];

/** A consumer's name becomes part of a file name: letters, digits, '.', '-', '_' (as serve's --pact-consumer). */
const CONSUMER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** A body is kept whole up to this many bytes, a bigger one as its shape (docs/pact.md, "What is recorded"). */
const BODY_MAX_BYTES = 64 * 1024;
const SHAPE_STRING_CHARS = 64;
/** The file's characters the interactions may take (one that does not fit is dropped): below V8's longest string. */
const RECORDER_MAX_BYTES = 16 * 1024 * 1024;

/** A request or response body as written: JSON as itself, any other text as text. */
export interface PactBody {
  content: unknown;
  contentType: string;
  encoded: false;
}

/** One V4 "Synchronous/HTTP" interaction, as written. */
export interface PactInteraction {
  type: 'Synchronous/HTTP';
  /** The operation, status and provider state it stands for: one interaction per key. */
  key: string;
  description: string;
  providerStates: Array<{ name: string; params: Record<string, string> }>;
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string[]>;
    body?: PactBody;
  };
  response: {
    status: number;
    headers?: Record<string, string[]>;
    body?: PactBody;
    matchingRules?: { body: MatchingRules };
  };
}

/** A whole Pact file as the kit writes it. */
export interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactInteraction[];
  metadata: { pactSpecification: { version: '4.0' } };
}

export interface PactOptions {
  /** The consumer's name (letters, digits, '.', '-', '_'): the file is `<consumer>-workflow-api.json`. */
  consumer: string;
  /** The seed of the mock's worlds, written into each provider state's params. */
  seed?: number | string;
  /**
   * The title of an exchange's test, for its description (`<title>: <operationId> answers <status>`). Default: the
   * running Vitest or Jest test's name; without one, `<operationId> answers <status> in <state>`.
   */
  describe?: (record: ExchangeRecord) => string | undefined;
  /** Where the recorder says it kept a body's shape or dropped an interaction; console.warn by default. */
  log?: (line: string) => void;
}

/** A mock's recorder of exchanges as a pact (`mock.pact`). */
export interface PactRecorder {
  readonly consumer: string;
  /** Stops listening; what was kept stays. */
  stop(): void;
  /** How many interactions are kept. */
  size(): number;
  /** How many interactions were dropped: new ones that no longer fit the recorder's 16 MiB. */
  dropped(): number;
  /** The pact so far, interactions sorted by key. */
  pact(): PactFile;
  /** The whole file, interactions sorted by key, ending in a newline. */
  text(): string;
}

/**
 * The file name of `consumer`'s pact with the workflow API.
 *
 * @example
 * pactFileName('web-app'); // 'web-app-workflow-api.json'
 */
export function pactFileName(consumer: string): string {
  return `${consumer}-${PACT_PROVIDER}.json`;
}

/**
 * Why `consumer` cannot name a pact file, or undefined when it can: the rule of createMock's `pact`,
 * writePactFile and serve's --pact-consumer.
 *
 * @example
 * consumerNameProblem('../../escaped'); // "must be letters, digits, '.', '-' or '_' (a file name), got \"../../escaped\""
 */
export function consumerNameProblem(consumer: string): string | undefined {
  return CONSUMER_NAME.test(consumer)
    ? undefined
    : `must be letters, digits, '.', '-' or '_' (a file name), got ${JSON.stringify(consumer)}`;
}

function providerStateOf(record: ExchangeRecord): string {
  const scenario = record.session?.world.scenario;
  return scenario === null || scenario === undefined ? 'a fresh world' : `scenario ${scenario}`;
}

/** The interaction an exchange stands for; undefined for another face's, an upstream's or the console's own request. */
function interactionKey(record: ExchangeRecord): string | undefined {
  if (record.face !== 'api' || record.source !== 'mock' || record.operationId === undefined) return undefined;
  if (record.request.headers[CONSOLE_REQUEST_HEADER] !== undefined) return undefined;
  return `${record.operationId} ${record.status} ${providerStateOf(record)}`;
}

interface Redaction {
  secrets: ReadonlySet<string>;
  scrub: Scrub;
}

/** A body as written, redacted: over BODY_MAX_BYTES (or JSON bounds) JSON as its shape (`cut`), other text left out. */
function writtenBody(text: string, contentType: string, redaction: Redaction): { body?: PactBody; cut?: string } {
  if (text === '') return {};
  const { secrets, scrub } = redaction;
  let value: unknown;
  try {
    value = /json/i.test(contentType) ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON after all: kept as the text it was.
  }
  if (value === undefined) {
    if (overBytes(text, BODY_MAX_BYTES)) return { cut: 'left out (no JSON to keep the shape of)' };
    return { body: { content: redactBody(text, secrets, scrub), contentType, encoded: false } };
  }
  if (!overBytes(text, BODY_MAX_BYTES) && withinJsonBounds(value).ok)
    return { body: { content: redactJson(value, secrets, scrub), contentType, encoded: false } };
  const shape = redactJson(shapeOf(value, 0), secrets, scrub);
  if (overBytes(JSON.stringify(shape), BODY_MAX_BYTES)) return { cut: 'left out (even its shape is over 64 KiB)' };
  const cut = `kept as its shape (each array's first item, strings cut to ${SHAPE_STRING_CHARS} characters)`;
  return { body: { content: shape, contentType, encoded: false }, cut };
}

/** A JSON value's shape: each array cut to its first item, each string to SHAPE_STRING_CHARS, nothing below MAX_JSON_DEPTH. */
function shapeOf(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.slice(0, SHAPE_STRING_CHARS);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_JSON_DEPTH) return null;
  if (Array.isArray(value)) return value.slice(0, 1).map((item) => shapeOf(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item, depth + 1)]));
}

/** `?a=1&b=2&a=3` as `{ a: ['1', '3'], b: ['2'] }`, names sorted. */
function queryOf(query: string): Record<string, string[]> | undefined {
  if (query === '') return undefined;
  const values: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) values[name] = [...(values[name] ?? []), value];
  return Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** What the recorder reads of the document, once: each operation's response schemas and its header parameters. */
function documentFacts() {
  const byId = new Map(resolveOperations(document).map((operation) => [operation.info.operationId, operation]));
  return {
    /** The response schema's pointer of an operation's answer, for `status` (then `4XX`, `DEFAULT`). */
    responseSchema(operationId: string, status: number): string | undefined {
      const responses = byId.get(operationId)?.responses;
      const key = responses === undefined ? undefined : documentedStatusKey(responses, status);
      const response = key === undefined ? undefined : responses!.get(key);
      if (response === undefined) return undefined;
      for (const [type, pointer] of response.content) if (/json/.test(type) && pointer !== null) return pointer;
      return undefined;
    },
    /** The body fields the document marks secret (./redact.ts). */
    secrets: secretFields(document),
    /** The headers kept: the ones every consumer relies on and those the operation declares (`x-pd-environment`). */
    requestHeaders(operationId: string): string[] {
      const declared = (byId.get(operationId)?.info.parameters ?? [])
        .filter((parameter) => parameter.in === 'header' && parameter.name !== 'authorization')
        .map((parameter) => parameter.name);
      return [...new Set([...KEPT_REQUEST_HEADERS, ...declared])].sort();
    },
  };
}

function interactionOf(
  record: ExchangeRecord,
  key: string,
  facts: ReturnType<typeof documentFacts>,
  seed: string | undefined,
  title: string | undefined,
  log: (line: string) => void,
): PactInteraction {
  const { request, head, response, status } = record;
  const operationId = record.operationId!;
  const state = providerStateOf(record);
  const redaction = { secrets: facts.secrets, scrub: bearerScrubber(request.headers) };
  const { scrub } = redaction;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(record.pathParams)) params[name] = scrub(value);
  if (seed !== undefined) params.seed = seed;
  const requestHeaders: Record<string, string[]> = {};
  for (const name of facts.requestHeaders(operationId)) {
    const value = request.headers[name];
    if (value !== undefined) requestHeaders[name] = [redactHeader(name, value, scrub)];
  }
  const sent = writtenBody(request.body, request.headers['content-type'] ?? 'application/octet-stream', redaction);
  const responseType = response.headers['content-type'];
  const answered = responseType === undefined ? {} : writtenBody(response.body, responseType, redaction);
  if (sent.cut !== undefined) log(`[pact] ${key}: the request body is over 64 KiB: ${sent.cut}`);
  if (answered.cut !== undefined) log(`[pact] ${key}: the response body is over 64 KiB: ${answered.cut}`);
  const pointer = facts.responseSchema(operationId, status);
  const schema = pointer === undefined ? undefined : { $ref: `#${pointer}` };
  const query = queryOf(redactQuery(head.query, facts.secrets, scrub));
  // What the consumer sent as written, in the body or the query (createWebhook's name and url):
  // echoed, it stays exact. A shape's values are examples only: its types hold (`$`), the rest as the schema says.
  const shaped = answered.cut !== undefined && answered.body !== undefined;
  const rules: MatchingRules = shaped ? { $: { combine: 'AND', matchers: [{ match: 'type' }] } } : {};
  if (answered.body !== undefined && schema !== undefined && typeof answered.body.content === 'object')
    Object.assign(rules, bodyMatchers(document, schema, answered.body.content, [sent.body?.content, query]));
  return {
    type: 'Synchronous/HTTP',
    key,
    description:
      title === undefined
        ? `${operationId} answers ${status} in ${state}`
        : `${title}: ${operationId} answers ${status}`,
    providerStates: [{ name: state, params }],
    request: {
      method: head.method,
      path: scrub(head.path),
      ...(query === undefined ? {} : { query }),
      ...(Object.keys(requestHeaders).length === 0 ? {} : { headers: requestHeaders }),
      ...(sent.body === undefined ? {} : { body: sent.body }),
    },
    response: {
      status,
      ...(responseType === undefined ? {} : { headers: { 'content-type': [responseType] } }),
      ...(answered.body === undefined ? {} : { body: answered.body }),
      ...(Object.keys(rules).length === 0 ? {} : { matchingRules: { body: rules } }),
    },
  };
}

/** The title of the test driving a page, set by the Playwright fixture (`pact.fromPage`): a page has no runner. */
const PAGE_TEST_TITLE = Symbol.for('workflow-api-mock-kit.test-title');

/** The running Vitest or Jest test's name (mocks/ imports no runner: their global `expect`), else the page's title. */
function runningTestName(): string | undefined {
  const globals = globalThis as Record<symbol, unknown>;
  const vitest = globals[Symbol.for('expect-global')] as { getState?: () => { currentTestName?: unknown } } | undefined;
  const jest = globals[Symbol.for('$$jest-matchers-object')] as { state?: { currentTestName?: unknown } } | undefined;
  let name: unknown;
  try {
    name = vitest?.getState?.().currentTestName ?? jest?.state?.currentTestName ?? globals[PAGE_TEST_TITLE];
  } catch {
    // A runner's internals changed shape: no title, the description says the operation only.
  }
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}

function pactOf(consumer: string, interactions: Iterable<PactInteraction>): PactFile {
  return {
    consumer: { name: consumer },
    provider: { name: PACT_PROVIDER },
    interactions: [...interactions].sort((a, b) => compareText(a.key, b.key)),
    metadata: { pactSpecification: { version: '4.0' } },
  };
}

/** Code-unit order, the same on every machine and locale. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A pact file's text as the kit writes it: two-space JSON ending in a newline.
 *
 * @example
 * pactText(recorder.pact()) === recorder.text(); // true
 */
export function pactText(pact: PactFile): string {
  return `${JSON.stringify(pact, null, 2)}\n`;
}

/**
 * Records `mock`'s answered API exchanges as `consumer`'s pact with the workflow API, the first of each operation,
 * status and provider state; createMock's `pact` option calls it, so every face records through this one recorder.
 *
 * @example
 * const recorder = recordPact(mock, { consumer: 'web-app' });
 * await mock.fetch('/v1/users/me', { headers: { authorization: 'Bearer dev' } });
 * recorder.pact().interactions[0].key; // 'getCurrentUser 200 a fresh world'
 */
export function recordPact(
  mock: { onExchange(listener: ExchangeListener): () => void },
  options: PactOptions,
): PactRecorder {
  const problem = consumerNameProblem(options.consumer);
  if (problem !== undefined) throw new TypeError(`pact: consumer ${problem}`);
  const facts = documentFacts();
  const seed = options.seed === undefined ? undefined : String(options.seed);
  const describe = options.describe ?? runningTestName;
  const log = options.log ?? ((line: string) => console.warn(line));
  const interactions = new Map<string, PactInteraction>();
  const dropped = new Set<string>();
  let held = 0;
  // The key first: an interaction already kept (or dropped) is not built again (its matchers walk the schema).
  const stop = mock.onExchange((record) => {
    const key = interactionKey(record);
    if (key === undefined || interactions.has(key) || dropped.has(key)) return;
    const interaction = interactionOf(record, key, facts, seed, describe(record), log);
    const size = writtenSize(interaction);
    if (held + size > RECORDER_MAX_BYTES) {
      dropped.add(key);
      if (dropped.size === 1)
        log(
          `[pact] ${options.consumer}: the recorder holds 16 MiB: ${key} is dropped, as is every new one that does not fit (counted)`,
        );
      return;
    }
    held += size;
    interactions.set(key, interaction);
  });
  const pact = () => pactOf(options.consumer, interactions.values());
  return {
    consumer: options.consumer,
    stop,
    size: () => interactions.size,
    dropped: () => dropped.size,
    pact,
    text: () => pactText(pact()),
  };
}

/** The characters an interaction takes in the file: its two-space JSON, each line indented twice more (pactText). */
function writtenSize(interaction: PactInteraction): number {
  const text = JSON.stringify(interaction, null, 2);
  return text.length + 4 * text.split('\n').length + 2;
}

/**
 * Several pacts of one consumer (of several test files, workers or runs) as one, sorted by key: one interaction
 * per key, the one whose JSON text sorts first, so the same pacts in any order give the same bytes (pactText).
 *
 * @example
 * const merged = mergePacts('web-app', [fromWorker0, fromWorker1]);
 */
export function mergePacts(consumer: string, pacts: readonly PactFile[]): PactFile {
  const kept = new Map<string, { interaction: PactInteraction; text: string }>();
  for (const pact of pacts)
    for (const interaction of pact.interactions) {
      const text = JSON.stringify(interaction);
      const known = kept.get(interaction.key);
      if (known === undefined || compareText(text, known.text) < 0) kept.set(interaction.key, { interaction, text });
    }
  return pactOf(
    consumer,
    [...kept.values()].map(({ interaction }) => interaction),
  );
}

/**
 * A pact file's text read back for a merge: a kit-written file of `consumer`, or why not (no Pact file, as
 * openapi/pact-file.ts reads one; another consumer's or provider's; an interaction without a key).
 *
 * @example
 * const read = readKitPact(text, 'web-app');
 * if (!read.ok) throw new Error(read.error);
 */
export function readKitPact(
  text: string,
  consumer: string,
): { ok: true; value: PactFile } | { ok: false; error: string } {
  const pact = parsePact(text);
  if ('refused' in pact) return { ok: false, error: pact.refused };
  const file = pact.file as Partial<PactFile>;
  if (file.consumer?.name !== consumer || file.provider?.name !== PACT_PROVIDER)
    return {
      ok: false,
      error: `is the pact of ${JSON.stringify(file.consumer?.name)} with ${JSON.stringify(file.provider?.name)}, not of ${JSON.stringify(consumer)} with "${PACT_PROVIDER}"`,
    };
  const keyless = pact.interactions.findIndex(
    (interaction) => !isObject(interaction) || typeof interaction.key !== 'string',
  );
  if (keyless >= 0) return { ok: false, error: `has an interaction without a "key" (/interactions/${keyless})` };
  return { ok: true, value: pactOf(consumer, pact.interactions as PactInteraction[]) };
}
