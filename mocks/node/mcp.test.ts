// The MCP face as agents use it (docs/mcp.md): the stdio server spawned as an agent's config starts it, driven by the
// SDK's own client; the HTTP face of `serve --mcp` through the SDK's Streamable HTTP client; the official
// conformance framework on the server scenarios that apply.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server.ts';

const BIN = fileURLToPath(new URL('../../cli/checkout-bin.js', import.meta.url));

type ToolResult = { isError?: boolean; content: Array<{ type: string; text: string }>; structuredContent?: any };
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;

describe('workflow-api-mock mcp, over stdio as an agent starts it', () => {
  const client = new Client({ name: 'kit-test', version: '1.0.0' });
  let stderr = '';
  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--seed', '7'],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await client.connect(transport);
  }, 60_000);
  afterAll(() => client.close());

  it('lists its tools, each with an input schema and hints that say what it changes', async () => {
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(Object.keys(hints)).toEqual(
      expect.arrayContaining(['list_operations', 'describe_operation', 'validate', 'call_operation', 'world_summary']),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
    }
    expect(hints.read_journal).toMatchObject({ readOnlyHint: true });
    expect(hints.reset_world).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(hints.call_operation).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(stderr).toContain('serving MCP on stdio');
  });

  it('sets the scene (a scenario, a frozen clock), calls operations, and reads the journal and the coverage', async () => {
    const token = 'agent-scene';
    const scenario = await call(client, 'apply_scenario', { token, name: 'quotas-exhausted' });
    expect(scenario.isError).toBeUndefined();
    const clock = await call(client, 'set_clock', { token, set: '2026-01-01T00:00:00Z', freeze: true });
    expect(clock.structuredContent).toMatchObject({ now: '2026-01-01T00:00:00.000Z', frozen: true });
    const me = await call(client, 'call_operation', { token, method: 'GET', path: '/users/me' });
    const user = me.structuredContent.body.data;
    expect(me.structuredContent.status).toBe(200);
    expect(user.daily_invocations_used).toBeGreaterThanOrEqual(user.daily_invocations_quota);
    const created = await call(client, 'call_operation', {
      token,
      method: 'POST',
      path: '/webhooks',
      query: { url: 'https://hooks.example.com/agent', name: 'agent', description: 'made by an agent' },
    });
    expect(created.structuredContent.status).toBe(200);
    expect(created.structuredContent.body.data.created_at).toBe(Date.parse('2026-01-01T00:00:00Z') / 1000);
    const journal = await call(client, 'read_journal', { token, method: 'POST' });
    expect(journal.structuredContent.requests.map((line: { path: string }) => line.path)).toEqual(['/v1/webhooks']);
    const coverage = await call(client, 'read_coverage', { token });
    const operations = coverage.structuredContent.operations as Array<{ operationId: string; statuses: unknown }>;
    expect(operations.find((op) => op.operationId === 'getCurrentUser')).toBeDefined();
    expect(coverage.structuredContent.untouched).not.toContain('GET /users/me');
  });

  it("reads the document: lists, describes and validates with the kit's validator", async () => {
    const listed = await call(client, 'list_operations', { tag: 'Webhooks' });
    expect(listed.structuredContent.operations.map((op: { operationId: string }) => op.operationId)).toContain(
      'listWebhooks',
    );
    const described = await call(client, 'describe_operation', { operation_id: 'getWorkflow' });
    expect(described.structuredContent).toMatchObject({ method: 'GET', path: '/workflows/{id}' });
    expect(Object.keys(described.structuredContent.schemas)).toContain('Workflow');
    const invalid = await call(client, 'validate', {
      operation_id: 'createWebhook',
      kind: 'request',
      query: { url: 'not a url', name: 'n' },
    });
    expect(invalid.structuredContent.valid).toBe(false);
    expect(invalid.structuredContent.issues.map((issue: { pointer: string }) => issue.pointer)).toContain('/query/url');
  });

  it('refuses with the kit’s codes, never crashing: bad input, a control refusal, a body over the bound, an unknown tool', async () => {
    const clock = await call(client, 'set_clock', { token: 'agent-refusals', advance: 'soon' });
    expect(clock.isError).toBe(true);
    expect(clock.structuredContent).toMatchObject({ code: 'invalid_request' });
    expect(clock.structuredContent.details.issues[0].pointer).toBe('/advance');
    const scenario = await call(client, 'apply_scenario', { token: 'agent-refusals', name: 'no-such-scenario' });
    expect(scenario.isError).toBe(true);
    expect(scenario.structuredContent.code).toBe('not_found');
    // Over the API's 1 MiB body bound: the API's own 413, as over HTTP.
    const big = await call(client, 'call_operation', {
      token: 'agent-refusals',
      method: 'POST',
      path: '/workflows',
      body: { name: 'x'.repeat(1024 * 1024 + 1) },
    });
    expect(big.structuredContent.status).toBe(413);
    expect(big.structuredContent.body.code).toBe('payload_too_large');
    await expect(client.callTool({ name: 'drop_database', arguments: {} })).rejects.toThrow(
      /Unknown tool drop_database/,
    );
    // Still serving after each refusal.
    expect((await call(client, 'world_summary', { token: 'agent-refusals' })).isError).toBeUndefined();
  });

  it('serves the document and each operation as resources, and two prompts', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('workflow-api://openapi.json');
    const operation = await client.readResource({ uri: 'workflow-api://operations/getCurrentUser' });
    expect(JSON.parse((operation.contents[0] as { text: string }).text)).toMatchObject({ path: '/users/me' });
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['set_up_world', 'why_did_this_fail']);
    const prompt = await client.getPrompt({ name: 'set_up_world', arguments: { test: 'the empty state' } });
    expect((prompt.messages[0]!.content as { text: string }).text).toContain('the empty state');
  });
});

describe('serve --mcp: Streamable HTTP at /__mock/mcp, under the control API’s rules', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, quiet: true, mcp: true, version: '0.0.0-test' });
  });
  afterAll(() => server.close());

  it('answers the SDK’s Streamable HTTP client on the worlds the server holds', async () => {
    const client = new Client({ name: 'kit-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/__mock/mcp`)));
    try {
      const emptied = await call(client, 'apply_scenario', { token: 'http-agent', name: 'empty-account' });
      expect(emptied.isError).toBeUndefined();
      // The same world over plain HTTP: the MCP face and the API share the server's store.
      const answer = await fetch(`${server.baseUrl}/users/me/webhooks`, {
        headers: { authorization: 'Bearer http-agent' },
      });
      expect(((await answer.json()) as { data: unknown[] }).data).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('refuses another Host, as the control API does (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const port = new URL(server.origin).port;
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          path: '/__mock/mcp',
          method: 'POST',
          headers: { host: 'evil.example', 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      sent.on('error', reject);
      sent.end('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    });
    expect(status).toBe(403);
  });

  it('is not there without --mcp, nor with the control API off', async () => {
    const plain = await startServer({ port: 0, quiet: true });
    const off = await startServer({ port: 0, quiet: true, mcp: true, control: false });
    try {
      const headers = { 'content-type': 'application/json', authorization: 'Bearer http-agent' };
      const ping = { method: 'POST', headers, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' };
      expect((await fetch(`${plain.origin}/__mock/mcp`, ping)).status).toBe(404);
      expect((await fetch(`${off.origin}/__mock/mcp`, ping)).status).toBe(404);
    } finally {
      await plain.close();
      await off.close();
    }
  });

  // The official framework's server scenarios that apply to a server of this kind; the others (docs/mcp.md,
  // "Conformance") call the reference server's fixture tools, resources and prompts by name, or logging and
  // completions, which this server does not offer.
  it('passes the official conformance scenarios that apply', async () => {
    const cli = createRequire(import.meta.url)
      .resolve('@modelcontextprotocol/conformance/package.json')
      .replace(/package\.json$/, 'dist/index.js');
    const scenarios = [
      'server-initialize',
      'ping',
      'tools-list',
      'resources-list',
      'prompts-list',
      'dns-rebinding-protection',
    ];
    for (const scenario of scenarios) {
      const { stdout } = await promisify(execFile)(process.execPath, [
        cli,
        'server',
        '--url',
        `${server.origin}/__mock/mcp`,
        '--scenario',
        scenario,
      ]);
      expect(stdout, scenario).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    }
  }, 180_000);
});
