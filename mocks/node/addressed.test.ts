// endpoint_url follows what the client addressed (docs/worlds.md, "Workflow endpoints"): --public-url
// when given, else Forwarded, else X-Forwarded-Host and X-Forwarded-Proto, else Host; and it answers there.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressedOrigin } from './addressed.ts';
import { startServer } from './server.ts';

describe('addressedOrigin', () => {
  it('reads Forwarded first, then X-Forwarded-Host and -Proto, then Host; ignores what is no host', () => {
    const host = { host: '127.0.0.1:4010' };
    expect(addressedOrigin(host)).toBe('http://127.0.0.1:4010');
    expect(
      addressedOrigin({ ...host, 'x-forwarded-host': 'Mock.test:8443, proxy.internal', 'x-forwarded-proto': 'https' }),
    ).toBe('https://mock.test:8443');
    expect(
      addressedOrigin({
        ...host,
        forwarded: 'for=10.0.0.1;host="front.test:9443";proto=https, host=inner.test',
        'x-forwarded-host': 'xf.test',
      }),
    ).toBe('https://front.test:9443');
    expect(addressedOrigin({ ...host, forwarded: 'for=10.0.0.1', 'x-forwarded-host': 'xf.test' })).toBe(
      'http://xf.test',
    );
    expect(addressedOrigin({ ...host, 'x-forwarded-host': 'evil.test/path', 'x-forwarded-proto': 'gopher' })).toBe(
      'http://127.0.0.1:4010',
    );
    expect(addressedOrigin({ host: '[::1]:4010' })).toBe('http://[::1]:4010');
    expect(addressedOrigin({})).toBeUndefined();
  });
});

/** One request with exactly these headers (fetch would set Host itself). */
function send(url: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('endpoint_url of HTTP triggers on the node:http server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let pinned: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer({ port: 0, quiet: true });
    pinned = await startServer({ port: 0, quiet: true, publicUrl: 'https://mock.example.test:8443' });
  });
  afterAll(async () => {
    await server.close();
    await pinned.close();
  });

  /** The endpoint_url of the world's active HTTP trigger, as read with `headers`. */
  async function endpointUrl(baseUrl: string, headers: Record<string, string>): Promise<string> {
    const auth = { authorization: 'Bearer endpoint-origin', ...headers };
    const world = JSON.parse((await send(`${new URL(baseUrl).origin}/__mock/world`, auth)).body);
    for (const { id, active } of world.data.workflows) {
      if (!active) continue;
      const read = JSON.parse((await send(`${baseUrl}/workflows/${id}`, auth)).body);
      const url = read.data.triggers.find((trigger: { endpoint_url?: string }) => trigger.endpoint_url)?.endpoint_url;
      if (url !== undefined) return url;
    }
    throw new Error('no active HTTP trigger in the seeded world');
  }

  it('names the origin the client addressed, and answers at it', async () => {
    const port = new URL(server.baseUrl).port;
    const direct = await endpointUrl(server.baseUrl, {});
    expect(direct).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/__endpoints/\\w+$`));
    expect(await endpointUrl(server.baseUrl, { host: `localhost:${port}` })).toBe(
      direct.replace('127.0.0.1', 'localhost'),
    );
    const proxied = await endpointUrl(server.baseUrl, {
      'x-forwarded-host': 'ci-mock:8080',
      'x-forwarded-proto': 'https',
    });
    expect(proxied).toBe(direct.replace(`http://127.0.0.1:${port}`, 'https://ci-mock:8080'));
    const forwarded = await endpointUrl(server.baseUrl, {
      forwarded: 'host=front.test;proto=http',
      'x-forwarded-host': 'ci-mock:8080',
    });
    expect(forwarded).toBe(direct.replace(`127.0.0.1:${port}`, 'front.test'));
    // The path is the same whatever the origin: the endpoint answers on the server itself.
    const invoked = await send(
      `${server.baseUrl.replace('/v1', '')}${new URL(proxied).pathname}`,
      { authorization: 'Bearer endpoint-origin' },
      'POST',
    );
    expect(invoked.status).toBe(200);
  });

  it('names --public-url whatever the client addressed', async () => {
    const url = await endpointUrl(pinned.baseUrl, { 'x-forwarded-host': 'ci-mock:8080' });
    expect(url).toMatch(/^https:\/\/mock\.example\.test:8443\/__endpoints\/\w+$/);
    expect(await endpointUrl(pinned.baseUrl, {})).toBe(url);
  });
});
