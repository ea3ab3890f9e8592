// `serve --pact-dir DIR --pact-consumer NAME` (docs/pact.md): the mock server's exchanges as a Pact
// specification 4.0 file. It listens on the app's exchange hook (docs/architecture.md, "After each
// exchange"), keeps one interaction per operation, status and provider state, and answers the
// file's text, sorted, so that the same run writes the same file byte for byte.
import { document } from '../../openapi/generated/document.ts';
import { resolveOperations } from '../../openapi/document/resolve.ts';
import { bodyMatchers, type MatchingRules } from '../../openapi/pact-matchers.ts';
import { documentedStatusKey } from '../../openapi/response.ts';
import type { ExchangeRecord } from '../app/exchange.ts';
import type { Mock } from '../index.ts';

/** The provider's name in every file the kit writes, and the file's suffix. */
const PACT_PROVIDER = 'workflow-api';

/** The request headers a consumer relies on; the bearer's value is never written (docs/pact.md). */
const KEPT_REQUEST_HEADERS = ['accept', 'content-type', 'prefer'];

interface PactBody {
  content: unknown;
  contentType: string;
  encoded: false;
}

/** One V4 "Synchronous/HTTP" interaction, as written. */
interface PactInteraction {
  type: 'Synchronous/HTTP';
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

/** What the server keeps for `--pact-dir`: stop listening, and the file's text. */
export interface PactRecorder {
  stop(): void;
  /** How many interactions are kept. */
  size(): number;
  /** The whole file, interactions sorted by key, ending in a newline. */
  text(): string;
}

/**
 * The provider state of an exchange: the world it ran in, a scenario's (`scenario <name>`, built
 * from a `scenario_<name>_...` token or switched to by the control API) or a fresh seeded one.
 */
function providerStateOf(record: ExchangeRecord): string {
  const scenario = record.session?.world.scenario;
  return scenario === null || scenario === undefined ? 'a fresh world' : `scenario ${scenario}`;
}

/** The interaction an exchange stands for (operation, status, provider state); undefined for one no pact holds. */
function interactionKey(record: ExchangeRecord): string | undefined {
  if (record.face !== 'api' || record.source !== 'mock' || record.operationId === undefined) return undefined;
  return `${record.operationId} ${record.status} ${providerStateOf(record)}`;
}

/** The body's text as JSON when it is JSON, else the text itself. */
function parsedBody(text: string, contentType: string): PactBody | undefined {
  if (text === '') return undefined;
  if (/json/i.test(contentType)) {
    try {
      return { content: JSON.parse(text), contentType, encoded: false };
    } catch {
      // Not JSON after all: kept as the text it was.
    }
  }
  return { content: text, contentType, encoded: false };
}

/** `?a=1&b=2&a=3` as `{ a: ['1', '3'], b: ['2'] }`, names sorted. */
function queryOf(query: string): Record<string, string[]> | undefined {
  if (query === '') return undefined;
  const values: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) values[name] = [...(values[name] ?? []), value];
  return Object.fromEntries(Object.entries(values).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The response schema's pointer of an operation's answer, for `status` (then `4XX`, `DEFAULT`). */
function responseSchemas(): (operationId: string, status: number) => string | undefined {
  const byId = new Map(resolveOperations(document).map((operation) => [operation.info.operationId, operation]));
  return (operationId, status) => {
    const responses = byId.get(operationId)?.responses;
    const key = responses === undefined ? undefined : documentedStatusKey(responses, status);
    const response = key === undefined ? undefined : responses!.get(key);
    if (response === undefined) return undefined;
    for (const [type, pointer] of response.content) if (/json/.test(type) && pointer !== null) return pointer;
    return undefined;
  };
}

/** The interaction of an exchange whose key (interactionKey) no kept interaction has yet. */
function interactionOf(
  record: ExchangeRecord,
  key: string,
  schemaOf: ReturnType<typeof responseSchemas>,
  seed: string | undefined,
): PactInteraction {
  const { request, head, response, status } = record;
  const operationId = record.operationId!;
  const state = providerStateOf(record);
  const params: Record<string, string> = { ...record.pathParams };
  if (seed !== undefined) params.seed = seed;
  const requestHeaders: Record<string, string[]> = {};
  for (const name of KEPT_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) requestHeaders[name] = [value];
  }
  const requestBody = parsedBody(request.body, request.headers['content-type'] ?? 'application/octet-stream');
  const responseType = response.headers['content-type'];
  const responseBody = responseType === undefined ? undefined : parsedBody(response.body, responseType);
  const pointer = schemaOf(operationId, status);
  const schema = pointer === undefined ? undefined : { $ref: `#${pointer}` };
  const rules =
    responseBody !== undefined && schema !== undefined && typeof responseBody.content === 'object'
      ? bodyMatchers(document, schema, responseBody.content, requestBody?.content)
      : {};
  const query = queryOf(head.query);
  return {
    type: 'Synchronous/HTTP',
    key,
    description: `${operationId} answers ${status} in ${state}`,
    providerStates: [{ name: state, params }],
    request: {
      method: head.method,
      path: head.path,
      ...(query === undefined ? {} : { query }),
      ...(Object.keys(requestHeaders).length === 0 ? {} : { headers: requestHeaders }),
      ...(requestBody === undefined ? {} : { body: requestBody }),
    },
    response: {
      status,
      ...(responseType === undefined ? {} : { headers: { 'content-type': [responseType] } }),
      ...(responseBody === undefined ? {} : { body: responseBody }),
      ...(Object.keys(rules).length === 0 ? {} : { matchingRules: { body: rules } }),
    },
  };
}

/**
 * Records `mock`'s answered API exchanges as `consumer`'s pact with the workflow API: the first
 * exchange of each operation, status and provider state is kept.
 *
 * @example
 * const recorder = recordPact(server.mock, { consumer: 'web-app' });
 * // ... the consumer's tests run ...
 * writeFileReplacingSync('pacts/web-app-workflow-api.json', recorder.text(), { mode: 0o644 });
 */
export function recordPact(mock: Mock, options: { consumer: string; seed?: number | string }): PactRecorder {
  const schemaOf = responseSchemas();
  const seed = options.seed === undefined ? undefined : String(options.seed);
  const interactions = new Map<string, PactInteraction>();
  // The key first: an interaction already kept is not built again (its matchers walk the schema).
  const stop = mock.onExchange((record) => {
    const key = interactionKey(record);
    if (key !== undefined && !interactions.has(key)) interactions.set(key, interactionOf(record, key, schemaOf, seed));
  });
  return {
    stop,
    size: () => interactions.size,
    text() {
      const sorted = [...interactions.keys()].sort().map((key) => interactions.get(key)!);
      const pact = {
        consumer: { name: options.consumer },
        provider: { name: PACT_PROVIDER },
        interactions: sorted,
        metadata: { pactSpecification: { version: '4.0' } },
      };
      return `${JSON.stringify(pact, null, 2)}\n`;
    },
  };
}
