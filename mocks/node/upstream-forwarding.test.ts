// What the hybrid step forwards (docs/upstream.md, "What is forwarded"), end to end on 127.0.0.1:
// every escape form of issue 28 (backslashes, dot segments, encoded slashes, raw and encoded) is
// sent, exactly as written (node:http sends the path as given, like `curl --path-as-is`), to every
// operation with a path parameter, all of them live. The upstream is a recording node:http server;
// it may only ever see paths under its base path that follow the operation's template with one
// segment per parameter, and never the caller's hop-by-hop and proxy headers.
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { validator } from '../../openapi/validator.ts';
import { receiverPool } from '../../support/loopback-receiver.ts';
import { ESCAPES } from '../../support/planted-upstream.ts';
import { type RunningServer, startServer } from './server.ts';

const receivers = receiverPool();
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close().catch(() => {})));
  await receivers.closeAll();
});

/** Hop-by-hop and proxy headers a caller may send; none of them may reach the upstream. */
const JSON_HEADERS = { 'content-type': 'application/json' };
/** A query that tries to climb, sent with every request: it must arrive as it was sent. */
const QUERY = 'q=1&next=%2F..%2Fadmin';

const HOP = {
  'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
  'proxy-anything': 'x',
  connection: 'x-hop-named',
  'x-hop-named': 'named by Connection',
  'keep-alive': 'timeout=99',
  te: 'trailers',
  forwarded: 'for=10.0.0.1;host=internal.example',
  'x-forwarded-for': '10.0.0.1',
  'x-forwarded-host': 'internal.example',
  'x-forwarded-proto': 'https',
  host: 'caller-chosen.example',
};

/** One request with the path exactly as written (no client-side normalisation). */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string>, body = '') {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body === '' ? undefined : body);
  });
}

/** Operations with a path parameter, with their template as a pattern of one segment per parameter. */
function operationsWithParameters() {
  return validator.operationIds
    .map((operationId) => validator.describeOperation(operationId))
    .filter((operation) => operation.template.includes('{'))
    .map((operation) => ({
      ...operation,
      params: [...operation.template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
      pattern: new RegExp(
        `^${operation.template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('([^/?#]+)')}$`,
      ),
    }));
}

describe('the hybrid step forwards only what the document names', () => {
  it("no escape form reaches the upstream outside its operation's template, and no hop header", async () => {
    const upstream = await receivers.start(() => ({ status: 200, body: '{"data":{}}', headers: JSON_HEADERS }));
    const base = '/deep/base/v1';
    const live = { url: `${upstream.origin}${base}`, live: '*' };
    const server = await startServer({ port: 0, host: '127.0.0.1', quiet: true, log: () => {}, upstream: live });
    running.push(server);
    const operations = operationsWithParameters();
    expect(operations.length).toBeGreaterThan(20);

    const sent: Array<{ operationId: string; path: string; status: number }> = [];
    for (const operation of operations) {
      const headers = { authorization: 'Bearer forwarding-caller', ...HOP, 'content-type': 'application/json' };
      const body = operation.method === 'GET' || operation.method === 'DELETE' ? '' : '{}';
      // Each form in each parameter's place (the others a plain value), and once a plain value everywhere.
      const paths = [operation.template.replace(/\{[^}]+\}/g, 'plain_1')];
      for (const param of operation.params)
        for (const form of ESCAPES) {
          const place = (_: string, name: string) => (name === param ? form : 'plain_1');
          paths.push(operation.template.replace(/\{([^}]+)\}/g, place));
        }
      for (const path of paths) {
        const status = await rawRequest(server.port, operation.method, `/v1${path}?${QUERY}`, headers, body);
        sent.push({ operationId: operation.operationId, path, status });
      }
    }

    // Every request the upstream saw: under its base path, one of the operations' templates with
    // one plain segment per parameter, the query as the caller sent it.
    expect(upstream.received.length).toBeGreaterThan(0);
    const offending: string[] = [];
    for (const seen of upstream.received) {
      const [path, query] = seen.path.split('?') as [string, string | undefined];
      if (!path.startsWith(`${base}/`) || query !== QUERY) {
        offending.push(`${seen.method} ${seen.path}`);
        continue;
      }
      const rest = path.slice(base.length);
      const fits = operations.some((operation) => {
        const match = operation.method === seen.method ? operation.pattern.exec(rest) : null;
        return match?.slice(1).every((segment) => !isDotOrSlash(segment)) === true;
      });
      if (!fits) offending.push(`${seen.method} ${seen.path}`);
      const hop = Object.keys(HOP).filter((name) => name !== 'host' && name !== 'connection');
      const arrived = hop.filter((name) => seen.headers[name] !== undefined);
      offending.push(...arrived.map((name) => `${path}: ${name}`));
      const { host, connection, authorization } = seen.headers;
      if (host !== new URL(upstream.origin).host) offending.push(`${seen.path}: host ${host}`);
      if (String(connection ?? '').includes('x-hop-named')) offending.push(`${seen.path}: connection ${connection}`);
      if (authorization !== 'Bearer forwarding-caller') offending.push(`${seen.path}: authorization ${authorization}`);
    }
    expect(offending).toEqual([]);

    // The plain requests all went (so the test can see forwarding at all), and every escape form
    // that reached the upstream did so as one encoded segment; the rest were refused with 404.
    const plain = sent.filter((request) => !ESCAPES.some((form) => request.path.includes(form)));
    expect(plain.every((request) => request.status === 200)).toBe(true);
    const refused = sent.filter((request) => request.status !== 200);
    expect(refused.length).toBeGreaterThan(operations.length * 10);
    expect(new Set(refused.map((request) => request.status))).toEqual(new Set([404]));
    expect(upstream.received.length).toBe(sent.length - refused.length);
  }, 120_000);
});

/** A path segment that is, or decodes to, a dot segment, or that holds a slash or backslash (raw or decoded). */
function isDotOrSlash(segment: string): boolean {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // not decodable: judged as it is
  }
  return [segment, decoded].some((form) => form === '.' || form === '..' || /[\\/]/.test(form));
}
