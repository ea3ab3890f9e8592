// The statuses @pipedream/sdk 3.1.6 declares (`@throws` in each method's doc, one `case` of its
// error switch each) are documented on the operation the method calls, so `Prefer: code=N`
// produces them and the SDK's own error class is reachable against the mock (issue 28, item 8).
// The method -> operation map is read from the SDK's compiled clients, as the SDK contract suite
// reaches them: each method's request names its HTTP method and path template.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BadRequestError, NotFoundError, PipedreamClient, type PipedreamError } from '@pipedream/sdk';
import { describe, expect, it } from 'vitest';
import { startServer } from '../mocks/node/server.ts';
import { document } from './generated/document.ts';

interface Declared {
  file: string;
  method: string;
  path: string;
  statuses: string[];
}

const SDK_ROOT = dirname(createRequire(import.meta.url).resolve('@pipedream/sdk/package.json'));
const RESOURCES = join(SDK_ROOT, 'dist/esm/api/resources');

function clients(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? clients(join(folder, entry.name))
      : entry.name === 'Client.mjs'
        ? [join(folder, entry.name)]
        : [],
  );
}

/** `${...}` (braces nested once, as in `${encode(f(x, { a }))}`) -> `{}`. */
const templated = (text: string) => text.replace(/\$\{(?:[^{}]|\{[^{}]*\})*\}/g, '{}');

/** Every request of the SDK's clients: its HTTP method, path template and the statuses its error switch names. */
function declaredBySdk(): Declared[] {
  const out: Declared[] = [];
  for (const file of clients(RESOURCES)) {
    const source = readFileSync(file, 'utf8');
    for (const part of source.split('url: core.url.join(').slice(1)) {
      const request = /, (`[^`]*`|"[^"]*")\),\s*method: "([A-Z]+)"/.exec(part);
      if (request === null) throw new Error(`${file}: a request whose URL and method this reader does not know`);
      const statuses = [...part.matchAll(/case (\d{3}):/g)].map((match) => match[1]!);
      out.push({
        file: file.slice(RESOURCES.length + 1),
        method: request[2]!,
        path: `/${templated(request[1]!.slice(1, -1))}`,
        statuses,
      });
    }
  }
  return out;
}

const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const operations = new Map<string, { operationId: string; statuses: string[] }>();
for (const [path, item] of Object.entries(
  document.paths as Record<string, Record<string, { operationId?: string; responses?: object }>>,
)) {
  for (const [method, operation] of Object.entries(item)) {
    if (operation.operationId === undefined) continue;
    operations.set(`${method.toUpperCase()} ${shape(`/v1${path}`)}`, {
      operationId: operation.operationId,
      statuses: Object.keys(operation.responses ?? {}),
    });
  }
}

describe("the SDK's declared errors are documented", () => {
  const declared = declaredBySdk();

  it('reads every @throws of the SDK: one case of an error switch each', () => {
    let throws = 0;
    for (const file of clients(RESOURCES))
      throws += [
        ...readFileSync(file.replace(/\.mjs$/, '.d.mts'), 'utf8').matchAll(/@throws \{@link Pipedream\.\w+Error\}/g),
      ].length;
    expect(throws).toBeGreaterThan(60);
    expect(declared.reduce((sum, request) => sum + request.statuses.length, 0)).toBe(throws);
  });

  it('each request of the SDK is an operation of the document holding every status the method declares', () => {
    const gaps: string[] = [];
    for (const request of declared) {
      const operation = operations.get(`${request.method} ${shape(request.path)}`);
      if (operation === undefined)
        gaps.push(`${request.file}: ${request.method} ${request.path} is no operation of the document`);
      else {
        const missing = request.statuses.filter((status) => !operation.statuses.includes(status));
        if (missing.length > 0) gaps.push(`${operation.operationId} (${request.file}): lacks ${missing.join(', ')}`);
      }
    }
    expect(gaps).toEqual([]);
  });

  // A loopback mock server: the SDK calls the global fetch against its origin.
  it("Prefer: code=N reaches the SDK's own error class (projects.list 404, oauthApps.delete 400)", {
    timeout: 60_000,
  }, async () => {
    const server = await startServer({ port: 0, quiet: true });
    try {
      const client = new PipedreamClient({
        baseUrl: new URL(server.baseUrl).origin,
        projectId: 'proj_Zt4Wn8Q',
        projectEnvironment: 'production',
        tokenProvider: { getToken: async () => 'sdk-errors' },
      });
      const thrown = async (call: Promise<unknown>) =>
        call.then(
          () => null,
          (error: unknown) => error,
        );
      const notFound = await thrown(client.projects.list({}, { headers: { prefer: 'code=404' } }));
      expect(notFound).toBeInstanceOf(NotFoundError);
      expect((notFound as PipedreamError).statusCode).toBe(404);
      const badRequest = await thrown(client.oauthApps.delete('oa_Ex4mple', { headers: { prefer: 'code=400' } }));
      expect(badRequest).toBeInstanceOf(BadRequestError);
    } finally {
      await server.close();
    }
  });
});
