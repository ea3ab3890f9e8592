// The MCP face (docs/mcp.md): an agent's tools over one mock. Every tool that touches a world is a request through
// the mock's one entry (`mock.handle`), the API's or the control API's, so the control API's rules, bounds and error
// codes hold as they do over HTTP; the document's tools read the document through the kit's validator. The SDK's
// transports carry it: stdio (`workflow-api-mock mcp`) or Streamable HTTP at /__mock/mcp (`serve --mcp`).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import controlDocument from '../../openapi/generated/control.json' with { type: 'json' };
import document from '../../openapi/generated/openapi.json' with { type: 'json' };
import { forEachOperation } from '../../openapi/document/operations.ts';
import { validator } from '../../openapi/validator.ts';
import type { Mock } from '../mock.ts';
import { verifySignature } from '../outbound/signature.ts';

type Json = Record<string, unknown>;
type Args = Record<string, unknown>;

/** A tool's answer: its value, or the kit's refusal (`{code, error, details?}`, docs/errors.md) with its status. */
type ToolAnswer = { ok: true; value: unknown } | { ok: false; status: number; body: unknown };

interface Tool {
  name: string;
  title: string;
  description: string;
  /** MCP's hints, set truly: what the tool changes (docs/mcp.md, "Tools"). */
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint: boolean };
  inputSchema: Json;
  run(args: Args, mock: Mock): Promise<ToolAnswer>;
}

export interface McpOptions {
  /** The world of a tool call that names no token. Default 'dev-token', the world `serve` prints. */
  token?: string;
  /** The kit's version, for the server's `serverInfo`. */
  version: string;
}

const DEFAULT_TOKEN = 'dev-token';
const TOKEN = {
  type: 'string',
  minLength: 1,
  maxLength: 512,
  description: 'The bearer token whose world to use: each token owns a world, seeded on first use. Default: dev-token.',
};
const READ = { readOnlyHint: true, openWorldHint: false } as const;
const CHANGES = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;
const OPERATIONS = operationsOf(document as Json);

/** One request through the mock's entry; a JSON answer parsed. */
async function send(
  mock: Mock,
  method: string,
  url: string,
  token: string,
  extra: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...extra.headers };
  let body = '';
  if (extra.body !== undefined) {
    body = typeof extra.body === 'string' ? extra.body : JSON.stringify(extra.body);
    headers['content-type'] ??= 'application/json';
  }
  const answer = await mock.handle({ method, url, headers, body });
  const text = typeof answer.body === 'string' ? answer.body : new TextDecoder().decode(answer.body);
  let parsed: unknown = text;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    // Not JSON (a file download): the text as it is.
  }
  return { status: answer.status, headers: answer.headers, body: parsed };
}

/** A control API call: its `data`, or the control API's refusal as it answered it. */
async function control(mock: Mock, method: string, path: string, args: Args, body?: unknown): Promise<ToolAnswer> {
  const answer = await send(mock, method, `/__mock${path}`, tokenOf(args), { body });
  if (answer.status >= 400) return { ok: false, status: answer.status, body: answer.body };
  return { ok: true, value: (answer.body as { data?: unknown } | null)?.data ?? null };
}

const tokenOf = (args: Args) => (typeof args.token === 'string' ? args.token : DEFAULT_TOKEN);
const without = (args: Args, ...names: string[]) =>
  Object.fromEntries(Object.entries(args).filter(([name]) => !names.includes(name)));

/** A control API body schema (openapi/control.yaml) with the token beside its properties: the document's own rules. */
function controlInput(schemaName: string): Json {
  const schema = (controlDocument as { components: { schemas: Record<string, Json> } }).components.schemas[schemaName]!;
  return { ...schema, properties: { ...(schema.properties as Json), token: TOKEN } };
}

/** A tool whose input is a control API body (plus the token), posted to `path`. */
const postsBody = (path: string, schemaName: string) => ({
  inputSchema: controlInput(schemaName),
  run: (args: Args, mock: Mock) => control(mock, 'POST', path, args, without(args, 'token')),
});

const TOOLS: Tool[] = [
  {
    name: 'list_operations',
    title: 'List the API operations',
    description:
      "The Workflow Automation Service API's operations in the kit's OpenAPI document: operationId, method, path, summary, tags. Filter by tag or by text in the operationId, path or summary. Changes nothing.",
    annotations: READ,
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        tag: { type: 'string', description: 'Only operations with this tag (e.g. "webhooks", "connect").' },
        text: { type: 'string', description: 'Only operations whose operationId, path or summary contains it.' },
      },
    },
    async run(args) {
      const text = typeof args.text === 'string' ? args.text.toLowerCase() : undefined;
      const found = OPERATIONS.filter(
        (op) =>
          (args.tag === undefined || op.tags.includes(args.tag as string)) &&
          (text === undefined || `${op.operationId} ${op.path} ${op.summary}`.toLowerCase().includes(text)),
      );
      return { ok: true, value: { operations: found } };
    },
  },
  {
    name: 'describe_operation',
    title: 'Describe one operation',
    description:
      "One operation of the document as written: parameters, request body, responses with their schemas and examples, the error codes (x-error-code), the assumptions the kit made where the service's spec is silent (x-assumed), and every schema it references. Changes nothing.",
    annotations: READ,
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['operation_id'],
      properties: { operation_id: { type: 'string', description: 'An operationId from list_operations.' } },
    },
    async run(args) {
      const found = OPERATIONS.find((op) => op.operationId === args.operation_id);
      if (found === undefined) return notFound(`No operation ${String(args.operation_id)} in the document`);
      const schemas: Json = {};
      collectSchemas(found.operation, schemas);
      return { ok: true, value: { method: found.method, path: found.path, operation: found.operation, schemas } };
    },
  },
  {
    name: 'validate',
    title: 'Validate a request or a response',
    description:
      "Checks a request (path parameters, query, headers, JSON body) or a response (status, content type, body) against an operation of the document, with the kit's validator: the issues found, each with its JSON pointer and the document's error code. Changes nothing.",
    annotations: READ,
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['operation_id', 'kind'],
      properties: {
        operation_id: { type: 'string' },
        kind: { enum: ['request', 'response'] },
        path_params: { type: 'object', additionalProperties: { type: 'string' } },
        query: { type: 'object', additionalProperties: { type: 'string' }, description: 'Query parameters as sent.' },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        body: { description: 'The JSON body (request or response).' },
        status: { type: 'integer', minimum: 100, maximum: 599, description: 'The response status (kind response).' },
        content_type: { type: 'string', description: 'The response content type; default application/json.' },
      },
    },
    async run(args) {
      const operationId = String(args.operation_id);
      if (!validator.operationIds.includes(operationId)) return notFound(`No operation ${operationId} in the document`);
      if (args.kind === 'response') {
        if (typeof args.status !== 'number') return invalid('/status', 'a response needs its status');
        const issues = validator.validateResponse(
          operationId,
          args.status,
          (args.content_type as string | undefined) ?? 'application/json',
          args.body,
        );
        return { ok: true, value: { valid: issues.length === 0, issues } };
      }
      const headers = Object.fromEntries(
        Object.entries((args.headers ?? {}) as Record<string, string>).map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      );
      const { issues } = validator.validateRequest(operationId, {
        pathParams: (args.path_params ?? {}) as Record<string, string>,
        query: new URLSearchParams((args.query ?? {}) as Record<string, string>),
        headers,
        body: args.body,
      });
      return { ok: true, value: { valid: issues.length === 0, issues } };
    },
  },
  {
    name: 'call_operation',
    title: 'Call the API as a client',
    description:
      "Sends one request to the mock's API (under /v1) with a token's bearer, as the frontend would, and answers the status, headers and body. Writes change that token's world (a POST creates, a DELETE deletes), as they would on the service. It reaches only this mock.",
    annotations: { ...CHANGES, destructiveHint: true, idempotentHint: false },
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      required: ['method', 'path'],
      properties: {
        method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
        path: { type: 'string', pattern: '^/', description: 'The path under /v1, e.g. /users/me or /webhooks/wh_x.' },
        query: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
        headers: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Extra headers, e.g. x-pd-environment for Connect.',
        },
        body: { description: 'The JSON body of a write.' },
        token: TOKEN,
      },
    },
    async run(args, mock) {
      const path = String(args.path).replace(/^\/v1(?=\/|$)/, '');
      const query = new URLSearchParams(
        Object.entries((args.query ?? {}) as Json).map(([name, value]) => [name, String(value)]),
      ).toString();
      const extra = { body: args.body, headers: (args.headers ?? {}) as Record<string, string> };
      const answer = await send(
        mock,
        String(args.method),
        `/v1${path}${query === '' ? '' : `?${query}`}`,
        tokenOf(args),
        extra,
      );
      return { ok: true, value: answer };
    },
  },
  {
    name: 'world_summary',
    title: "Summarize a token's world",
    description:
      "The IDs of a token's world by resource (user, workspaces, workflows, sources, webhooks, subscriptions, Connect projects, accounts, triggers), to use in calls. Opens (seeds) the world if the token has none yet; changes nothing in it.",
    annotations: { ...READ, idempotentHint: true },
    inputSchema: { type: 'object', additionalProperties: false, properties: { token: TOKEN } },
    run: (args, mock) => control(mock, 'GET', '/world', args),
  },
  {
    name: 'reset_world',
    title: "Reset a token's world",
    description:
      "Puts a token's world back to its seeded state (the same IDs): what was created is gone, its journal, deliveries, faults and rate limit are forgotten. Answers the fresh world's summary.",
    annotations: { ...CHANGES, destructiveHint: true, idempotentHint: true },
    inputSchema: { type: 'object', additionalProperties: false, properties: { token: TOKEN } },
    run: (args, mock) => control(mock, 'POST', '/reset', args),
  },
  {
    name: 'list_scenarios',
    title: 'List the scenarios',
    description:
      "The scenarios a world can be built from (empty-account, quotas-exhausted, ...) with what each sets up, and the one the token's world uses. Changes nothing.",
    annotations: READ,
    inputSchema: { type: 'object', additionalProperties: false, properties: { token: TOKEN } },
    run: (args, mock) => control(mock, 'GET', '/scenarios', args),
  },
  {
    name: 'apply_scenario',
    title: "Rebuild a token's world from a scenario",
    description:
      "Replaces a token's world with one built from a scenario (null: the seeded world); everything the world held is replaced. Answers the new world's summary.",
    annotations: { ...CHANGES, destructiveHint: true, idempotentHint: true },
    ...postsBody('/scenario', 'ScenarioBody'),
  },
  {
    name: 'set_clock',
    title: "Move a token's clock",
    description:
      "Sets, advances or freezes the clock of a token's world only (timestamps, Connect token expiry, signature times and rate-limit windows follow it). Answers the clock after the call.",
    annotations: { ...CHANGES, idempotentHint: false },
    ...postsBody('/clock', 'ClockBody'),
  },
  {
    name: 'set_faults',
    title: "Set a world's latency and failure rate",
    description:
      "Replaces the faults of a token's world: each /v1 answer waits latency_ms (drawn from [min, max]) and fail_rate of them answer 503. An empty object clears them. Answers the faults in force.",
    annotations: { ...CHANGES, idempotentHint: true },
    ...postsBody('/faults', 'Faults'),
  },
  {
    name: 'set_rate_limit',
    title: "Rate-limit a token's world",
    description:
      'The next `requests` /v1 requests of the world answer 429 with Retry-After, and/or at most per_second requests a second; requests 0 with no per_second lifts the rule. Answers the rule in force.',
    annotations: { ...CHANGES, idempotentHint: true },
    ...postsBody('/rate-limit', 'RateLimitBody'),
  },
  {
    name: 'emit_event',
    title: 'Emit an event from a workflow or source',
    description:
      "A workflow (p_) or source (dc_) of the world emits an event: a $errors event is recorded in the workflow's error summaries, and every subscribed webhook gets a delivery (to this machine only, unless the server allows other destinations). Answers the emit's ID and its deliveries.",
    annotations: { ...CHANGES, idempotentHint: false },
    ...postsBody('/emit', 'EmitBody'),
  },
  {
    name: 'read_journal',
    title: "Read a world's request journal",
    description:
      "The requests a token's world answered, oldest first (method, path, status, ms, at), filtered by method, by text in the path, or by status: what the frontend under test actually sent. Changes nothing.",
    annotations: READ,
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        token: TOKEN,
        method: { type: 'string' },
        path_contains: { type: 'string' },
        status: { type: 'integer', minimum: 100, maximum: 599 },
      },
    },
    async run(args, mock) {
      const read = await control(mock, 'GET', '/requests', args);
      if (!read.ok) return read;
      const lines = (read.value as Array<{ method: string; path: string; status: number }>).filter(
        (line) =>
          (args.method === undefined || line.method === String(args.method).toUpperCase()) &&
          (args.path_contains === undefined || line.path.includes(String(args.path_contains))) &&
          (args.status === undefined || line.status === args.status),
      );
      return { ok: true, value: { requests: lines } };
    },
  },
  {
    name: 'read_coverage',
    title: 'Read the run coverage',
    description:
      "What the requests covered of the document: per operation the statuses answered and never answered, the parameters sent, the links followed; `untouched` lists the operations no request reached. scope world (default): this token's world; all: every world. Changes nothing.",
    annotations: READ,
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      properties: { token: TOKEN, scope: { enum: ['world', 'all'] } },
    },
    run: (args, mock) => control(mock, 'GET', `/coverage?scope=${args.scope === 'all' ? 'all' : 'world'}`, args),
  },
  {
    name: 'read_drift',
    title: 'Read the drift report',
    description:
      'Beside a real service (serve --upstream): per operation, where its answers depart from the document (undocumented statuses, fields missing, extra or of another type) and which assumptions they confirmed or contradicted. Refused (404) without an upstream. Changes nothing.',
    annotations: READ,
    inputSchema: { type: 'object', additionalProperties: false, properties: { token: TOKEN } },
    run: (args, mock) => control(mock, 'GET', '/drift', args),
  },
  {
    name: 'list_deliveries',
    title: "List a world's webhook deliveries",
    description:
      "The webhook deliveries a token's world made, oldest first, once every queued one has settled: URL, body, headers, attempts and their answers, state. A signed delivery (x-pd-signature) is checked with `key` when given (the signing key the API answered), its verdict under `signature`. Changes nothing.",
    annotations: READ,
    inputSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        token: TOKEN,
        key: { type: 'string', minLength: 1, description: 'A signing key to verify the signed deliveries with.' },
      },
    },
    async run(args, mock) {
      const read = await control(mock, 'GET', '/deliveries?wait=true', args);
      if (!read.ok || typeof args.key !== 'string') return read;
      const key = args.key;
      const checked = await Promise.all(
        (read.value as Array<{ body: string; headers: Record<string, string> }>).map(async (delivery) => {
          const header = delivery.headers['x-pd-signature'];
          if (header === undefined) return delivery;
          // Judged at its own time: the verdict is about the key and the bytes, whatever clock the world keeps.
          const at = Number(/t=(\d+)/.exec(header)?.[1] ?? 0) * 1000;
          return {
            ...delivery,
            signature: await verifySignature({ rawBody: delivery.body, header, key, now: () => at }),
          };
        }),
      );
      return { ok: true, value: checked };
    },
  },
];

/** The document's operations, in its order. */
function operationsOf(doc: Json) {
  const found: Array<{
    operationId: string;
    method: string;
    path: string;
    summary: string;
    tags: string[];
    operation: Json;
  }> = [];
  forEachOperation(doc, (path, method, operation) => {
    const op = operation as Json;
    found.push({
      operationId: String(op.operationId),
      method: method.toUpperCase(),
      path,
      summary: String(op.summary ?? ''),
      tags: (op.tags ?? []) as string[],
      operation: op,
    });
  });
  return found;
}

/** Every component schema `node` references, and theirs, by name. */
function collectSchemas(node: unknown, into: Json): void {
  if (Array.isArray(node)) for (const item of node) collectSchemas(item, into);
  else if (node !== null && typeof node === 'object') {
    const ref = (node as Json).$ref;
    const name = typeof ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1] : undefined;
    if (name !== undefined && !(name in into)) {
      into[name] = (document as { components: { schemas: Json } }).components.schemas[name];
      collectSchemas(into[name], into);
    }
    for (const value of Object.values(node)) collectSchemas(value, into);
  }
}

const notFound = (message: string): ToolAnswer => ({
  ok: false,
  status: 404,
  body: { code: 'not_found', error: message },
});
const invalid = (pointer: string, message: string): ToolAnswer => ({
  ok: false,
  status: 400,
  body: { code: 'invalid_request', error: message, details: { issues: [{ pointer, message }] } },
});

const checkInput = validator.extend(
  'mcp-tools',
  Object.fromEntries(TOOLS.map((tool) => [tool.name, tool.inputSchema])),
);

/** A tool call: its input checked against its schema, then run; a refusal is a tool error carrying the kit's body. */
async function callTool(mock: Mock, name: string, given: Args | undefined) {
  const tool = TOOLS.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${name}`);
  const args = given ?? {};
  const issues = checkInput(tool.name, args);
  const answer =
    issues.length > 0
      ? ({
          ok: false,
          status: 400,
          body: {
            code: 'invalid_request',
            error: `${name}: ${issues[0]!.pointer} ${issues[0]!.message}`,
            details: { issues },
          },
        } as const)
      : await tool.run(args, mock);
  const value = answer.ok ? answer.value : answer.body;
  return {
    content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }],
    ...(value !== null && typeof value === 'object' && !Array.isArray(value)
      ? { structuredContent: value as Json }
      : {}),
    ...(answer.ok ? {} : { isError: true }),
  };
}

const DOCUMENT_URI = 'workflow-api://openapi.json';
const operationUri = (operationId: string) => `workflow-api://operations/${operationId}`;

const PROMPTS = [
  {
    name: 'set_up_world',
    description: 'Set up a world for a test: pick a scenario, move the clock, set faults, and say which IDs to use.',
    arguments: [{ name: 'test', description: 'What the test checks, in a sentence.', required: true }],
    text: (args: Record<string, string>) =>
      `Set up a world of the Workflow API mock for this test: ${args.test}\n` +
      'Use a token of its own. Call list_scenarios and apply_scenario if one fits; else reset_world. Move its clock with set_clock, ' +
      'and set faults or a rate limit if the test is about failures. End with world_summary and say which IDs the test should use.',
  },
  {
    name: 'why_did_this_fail',
    description: "Find why a request to the mock failed: the journal, the operation's rules and a validation.",
    arguments: [
      { name: 'request', description: 'The request that failed (method and path), and its token.', required: true },
    ],
    text: (args: Record<string, string>) =>
      `This request to the Workflow API mock failed: ${args.request}\n` +
      "Read the token's journal (read_journal) for its status, describe the operation (describe_operation), validate the " +
      'request as sent (validate), and check the faults or rate limit in force. Say which rule refused it and what to send instead.',
  },
];

/** Each server's calls still queued: a client that closes stdin after its last request still gets every answer. */
const settled = new WeakMap<Server, () => Promise<unknown>>();

/**
 * An MCP server (the SDK's) whose tools, resources and prompts work on `mock`, for one transport.
 *
 * @example
 * const server = createMcpServer(createMock(), { version: '0.1.0' });
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer(mock: Mock, options: McpOptions): Server {
  const server = new Server(
    { name: 'workflow-api-mock', version: options.version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions:
        'A stateful mock of the Workflow Automation Service REST API (v1). Each bearer token owns a world, seeded on first use; tools take a token (default dev-token). Read the document with list_operations and describe_operation; call the API with call_operation; set the scene with apply_scenario, set_clock, set_faults, set_rate_limit; see what happened with read_journal, read_coverage and list_deliveries.',
    },
  );
  const defaulted = (args: Args | undefined): Args =>
    options.token === undefined || args?.token !== undefined ? (args ?? {}) : { ...args, token: options.token };
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(({ name, title, description, annotations, inputSchema }) => ({
      name,
      title,
      description,
      annotations: { title, ...annotations },
      inputSchema: inputSchema as { type: 'object' },
    })),
  }));
  // One after another, in the order they came: calls sent together set the scene before the one that reads it.
  let queue: Promise<unknown> = Promise.resolve();
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const called = queue.then(() => callTool(mock, request.params.name, defaulted(request.params.arguments)));
    queue = called.catch(() => undefined);
    return called;
  });
  settled.set(server, () => queue);
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: DOCUMENT_URI,
        name: 'openapi.json',
        title: "The kit's OpenAPI 3.1 document",
        mimeType: 'application/json',
      },
      {
        uri: 'workflow-api://scenarios',
        name: 'scenarios',
        title: 'The scenarios a world can be built from',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: 'workflow-api://operations/{operationId}',
        name: 'operation',
        title: 'One operation of the document, with the schemas it references',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const json = (value: unknown) => ({
      contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
    });
    if (uri === DOCUMENT_URI) return json(document);
    if (uri === 'workflow-api://scenarios') {
      const scenarios = await control(mock, 'GET', '/scenarios', defaulted({}));
      return json(scenarios.ok ? scenarios.value : scenarios.body);
    }
    const operation = OPERATIONS.find((op) => operationUri(op.operationId) === uri);
    if (operation === undefined) throw new McpError(ErrorCode.InvalidParams, `No resource ${uri}`);
    const described = await callTool(mock, 'describe_operation', { operation_id: operation.operationId });
    return json(described.structuredContent);
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({
    prompts: PROMPTS.map(({ name, description, arguments: args }) => ({ name, description, arguments: args })),
  }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const prompt = PROMPTS.find((candidate) => candidate.name === request.params.name);
    if (prompt === undefined) throw new McpError(ErrorCode.InvalidParams, `No prompt ${request.params.name}`);
    const args = request.params.arguments ?? {};
    const missing = prompt.arguments.find((arg) => arg.required && typeof args[arg.name] !== 'string');
    if (missing !== undefined)
      throw new McpError(ErrorCode.InvalidParams, `The prompt ${prompt.name} needs ${missing.name}`);
    return {
      description: prompt.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text: prompt.text(args) } }],
    };
  });
  return server;
}

/**
 * Serves MCP over this process's stdin and stdout (what an agent's config starts); resolves when the client closes it.
 *
 * @example
 * await serveMcpStdio(createMock(), { version: '0.1.0' });
 */
export async function serveMcpStdio(mock: Mock, options: McpOptions): Promise<void> {
  const server = createMcpServer(mock, options);
  // The client ends the session by closing our stdin; the SDK's transport does not say so itself.
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(new StdioServerTransport());
  await closed;
  await settled.get(server)?.();
  await server.close();
}

/**
 * The Streamable HTTP face at /__mock/mcp, stateless: each request gets its own server over the same mock. The
 * listener calls it after the control API's host and origin rules and the body limit (listener.ts). Answers the status.
 *
 * @example
 * const answerMcp = mcpOverHttp(mock, { version: '0.1.0' });
 * const status = await answerMcp(req, res, body);
 */
export function mcpOverHttp(mock: Mock, options: McpOptions) {
  return async (req: IncomingMessage, res: ServerResponse, body: string): Promise<number> => {
    let parsed: unknown;
    try {
      parsed = body === '' ? undefined : JSON.parse(body);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: ErrorCode.ParseError, message: 'Parse error' } }),
      );
      return 400;
    }
    const server = createMcpServer(mock, options);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
    return res.statusCode;
  };
}
