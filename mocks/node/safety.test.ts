// What a shared server must never do (issue 10, item 4; docs/control-api.md): expose its control
// API when told not to, deliver to link-local addresses or outside --deliver-to, or echo a bearer
// token. Loopback only: the allowlist is checked with two loopback receivers, names are resolved
// by an injected lookup, and refused deliveries are never attempted.
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { receiverPool } from '../../support/loopback-receiver.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';
import { storeOf } from '../mock.ts';

const running: RunningServer[] = [];
const receivers = receiverPool();

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
  await receivers.closeAll();
});

async function start(options: ServerOptions = {}): Promise<RunningServer> {
  const server = await startServer({ port: 0, quiet: true, ...options });
  running.push(server);
  return server;
}

/** Queues a delivery of `token`'s world to `url` through the server's own engine. */
function deliver(server: RunningServer, token: string, url: string) {
  const world = storeOf(server.mock).world(token);
  return world.sink.enqueue({ world: world.key, kind: 'subscription', url, payload: { n: 1 } });
}

/** A request to the server with headers fetch will not send as given (Host); its status and JSON body. */
function raw(
  server: RunningServer,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: { error?: string; code?: string; details?: Record<string, unknown> } }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text === '' ? {} : JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

describe("DNS rebinding: the control API answers only the server's own names (issue 38, item 1)", () => {
  it('refuses /__mock with any other Host: the pact, a reset, the console, with a JSON 403 naming the rule', async () => {
    const server = await start({ pact: { consumer: 'x' } });
    const bearer = { authorization: 'Bearer dev-token' };
    const hook = 'http://127.0.0.1:9/rebind';
    const created = await fetch(`${server.baseUrl}/webhooks?url=${encodeURIComponent(hook)}&name=n&description=d`, {
      method: 'POST',
      headers: bearer,
    });
    expect(created.status).toBe(200);
    for (const host of [
      `evil.example:${server.port}`,
      'evil.example',
      'localhost.evil.example',
      `127.0.0.1.nip.example:${server.port}`,
    ]) {
      for (const [method, path] of [
        ['GET', '/__mock/pact'],
        ['POST', '/__mock/reset'],
        ['GET', '/__mock/ui/'],
        ['GET', '/__mock/world'],
      ] as const) {
        const answer = await raw(server, method, path, { ...bearer, host, 'content-type': 'application/json' });
        expect([host, method, path, answer.status, answer.body.code]).toEqual([
          host,
          method,
          path,
          403,
          'host_not_allowed',
        ]);
        expect(answer.body.error).toContain('--allowed-hosts');
        expect(answer.body.details).toEqual({ rule: 'host', host });
      }
    }
    // Nothing was reset: the world still holds the webhook; its own names still read the pact.
    const listed = await fetch(`${server.baseUrl}/users/me/webhooks`, { headers: bearer });
    expect(JSON.stringify(await listed.json())).toContain(hook);
    const pact = await raw(server, 'GET', '/__mock/pact', { ...bearer, host: `localhost:${server.port}` });
    expect(pact.status).toBe(200);
  });

  it('answers the loopback names, IP addresses and the listen address, with any port; the API under /v1 answers any Host', async () => {
    const server = await start();
    const bearer = { authorization: 'Bearer names' };
    for (const host of [
      `localhost:${server.port}`,
      'localhost:5173',
      'app.localhost:3000',
      `127.0.0.1:${server.port}`,
      '127.9.9.9',
      `[::1]:${server.port}`,
      '192.0.2.10:8080',
      'LOCALHOST.',
    ]) {
      expect([host, (await raw(server, 'GET', '/__mock/world', { ...bearer, host })).status]).toEqual([host, 200]);
    }
    expect((await raw(server, 'GET', '/v1/users/me', { ...bearer, host: 'evil.example' })).status).toBe(200);
  });

  it('answers the names of --allowed-hosts (exact, and a leading dot for subdomains), and nothing else', async () => {
    const server = await start({ allowedHosts: ['mock.internal', '.dev.test'] });
    const bearer = { authorization: 'Bearer allowed' };
    for (const [host, status] of [
      ['mock.internal:8080', 200],
      ['dev.test', 200],
      ['a.b.dev.test:1', 200],
      ['evil-dev.test', 403],
      ['mock.internal.evil.example', 403],
    ] as const) {
      expect([host, (await raw(server, 'GET', '/__mock/world', { ...bearer, host })).status]).toEqual([host, status]);
    }
  });

  it('applies with --host 0.0.0.0 too', async () => {
    const server = await start({ host: '0.0.0.0' });
    const answer = await raw(server, 'GET', '/__mock/world', { authorization: 'Bearer any', host: 'evil.example' });
    expect(answer.status).toBe(403);
  });

  it("refuses a state-changing control request from a page on another name (Origin), not the console's own", async () => {
    const server = await start();
    const bearer = { authorization: 'Bearer origins', 'content-type': 'application/json' };
    const host = `127.0.0.1:${server.port}`;
    for (const [origin, status] of [
      ['https://evil.example', 403],
      ['null', 403],
      ['http://192.0.2.7', 403],
      [`http://${host}`, 200],
      ['http://localhost:5173', 200],
    ] as const) {
      const answer = await raw(server, 'POST', '/__mock/reset', { ...bearer, host, origin });
      expect([origin, answer.status, answer.body.code]).toEqual([
        origin,
        status,
        status === 403 ? 'origin_not_allowed' : undefined,
      ]);
    }
    // A read with an Origin is not refused for it (CORS already keeps its answer from the page).
    expect(
      (await raw(server, 'GET', '/__mock/world', { ...bearer, host, origin: 'https://evil.example' })).status,
    ).toBe(200);
  });
});

describe('--no-control', () => {
  it('answers 404 on every /__mock path, the console and / included; the API still answers', async () => {
    const server = await start({ control: false });
    const auth = { authorization: 'Bearer no-control' };
    for (const [method, path] of [
      ['GET', '/__mock/world'],
      ['POST', '/__mock/reset'],
      ['GET', '/__mock/ui/'],
      ['GET', '/__mock'],
      ['GET', '/'],
    ] as const) {
      const res = await fetch(`${server.origin}${path}`, { method, headers: auth });
      expect([path, res.status]).toEqual([path, 404]);
      expect(((await res.json()) as { code: string }).code).toBe('not_found');
    }
    expect((await fetch(`${server.baseUrl}/users/me`, { headers: auth })).status).toBe(200);
    // Without the flag the same routes answer.
    const open = await start();
    expect((await fetch(`${open.origin}/__mock/world`, { headers: auth })).status).toBe(200);
  });
});

describe('where deliveries go', () => {
  it('--deliver-to: a listed host and port gets its delivery, another loopback port is refused and never attempted, with a log line', async () => {
    const allowed = await receivers.start();
    const other = await receivers.start();
    const lines: string[] = [];
    const server = await start({
      deliverTo: [{ host: '127.0.0.1', port: Number(new URL(allowed.origin).port) }],
      log: (line) => lines.push(line),
    });
    const ok = deliver(server, 'allow', allowed.url);
    const no = deliver(server, 'allow', other.url);
    await server.mock.control.idle();
    expect(allowed.received).toHaveLength(1);
    expect(other.received).toHaveLength(0);
    expect(ok.state).toBe('delivered');
    expect(no).toMatchObject({
      state: 'refused',
      attempts: [],
      reason: expect.stringContaining('is not in --deliver-to'),
    });
    expect(lines).toEqual([`[deliveries] refused ${no.id} of world ${no.world} to ${other.url}: ${no.reason}`]);
    // The world's log lists it as refused.
    const listed = await fetch(`${server.origin}/__mock/deliveries`, { headers: { authorization: 'Bearer allow' } });
    expect(((await listed.json()) as { data: Array<{ state: string }> }).data.map((record) => record.state)).toEqual([
      'delivered',
      'refused',
    ]);
  });

  it('refuses a name that resolves to a link-local address (injected lookup) and 169.254.169.254 itself', async () => {
    const asked: string[] = [];
    const server = await start({
      lookup: async (host) => {
        asked.push(host);
        return [{ address: '169.254.169.254' }];
      },
      deliverTo: [{ host: 'metadata.internal', port: null }],
      log: () => {},
    });
    const byName = deliver(server, 'meta', 'http://metadata.internal/latest/meta-data/');
    const literal = deliver(server, 'meta', 'http://169.254.169.254/latest/meta-data/');
    await server.mock.control.idle();
    expect(asked).toEqual(['metadata.internal']);
    expect(byName).toMatchObject({
      state: 'refused',
      attempts: [],
      reason: expect.stringContaining('resolves to 169.254.169.254'),
    });
    expect(literal).toMatchObject({ state: 'refused', attempts: [] });
  });
});

describe('without --deliver-to nothing leaves the machine', () => {
  it('a loopback receiver gets its delivery; another host is refused before any lookup, the reason naming the flag', async () => {
    const here = await receivers.start();
    const asked: string[] = [];
    const lines: string[] = [];
    const server = await start({
      lookup: async (host) => {
        asked.push(host);
        return [{ address: '127.0.0.1' }];
      },
      log: (line) => lines.push(line),
    });
    const ok = deliver(server, 'default', here.url);
    const byName = deliver(server, 'default', 'https://hooks.partner.dev/in');
    // Loopback too, but not one of the three names: the list is exact (and a regression stays local).
    const byAddress = deliver(server, 'default', 'http://127.0.0.2:8080/in');
    await server.mock.control.idle();
    expect(ok.state).toBe('delivered');
    expect(here.received).toHaveLength(1);
    expect(asked).toEqual([]);
    expect(byName).toMatchObject({ state: 'refused', attempts: [] });
    expect(byName.reason).toMatch(
      /^hooks\.partner\.dev:443 is not one of localhost, 127\.0\.0\.1, \[::1\]: .*--deliver-to hooks\.partner\.dev:443 /,
    );
    expect(byAddress).toMatchObject({ state: 'refused', attempts: [] });
    expect(byAddress.reason).toMatch(/--deliver-to 127\.0\.0\.2:8080 \(env DELIVER_TO/);
    expect(lines[0]).toBe(
      `[deliveries] refused ${byName.id} of world ${byName.world} to https://hooks.partner.dev/in: ${byName.reason}`,
    );
  });

  it("the document's example subscription (POST /__mock/emit of p_2BTbNZ9's $errors) resolves no name and opens no socket", async () => {
    const asked: string[] = [];
    const server = await start({
      lookup: async (host) => {
        asked.push(host);
        return [{ address: '127.0.0.1' }];
      },
      log: () => {},
    });
    const emitted = await fetch(`${server.origin}/__mock/emit`, {
      method: 'POST',
      headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
      body: JSON.stringify({ emitter_id: 'p_2BTbNZ9', event_name: '$errors', event: {} }),
    });
    const { data } = (await emitted.json()) as { data: { deliveries: Array<{ id: string }> } };
    expect(data.deliveries.length).toBeGreaterThan(0);
    await server.mock.control.idle();
    const listed = await fetch(`${server.origin}/__mock/deliveries`, {
      headers: { authorization: 'Bearer dev-token' },
    });
    const records = ((await listed.json()) as { data: Array<{ state: string; attempts: Array<{ status: unknown }> }> })
      .data;
    expect(records.length).toBeGreaterThan(0);
    expect(asked).toEqual([]);
    for (const record of records) expect(record.attempts.every((attempt) => attempt.status === null)).toBe(true);
  });
});

describe('bearer tokens', () => {
  it('appear in no answer, log line or journal entry', async () => {
    const token = 'sk-live-do-not-echo-4242';
    const lines: string[] = [];
    const server = await start({ quiet: false, log: (line) => lines.push(line) });
    const bodies: string[] = [];
    const send = async (path: string, authorization: string, init: RequestInit = {}) => {
      const res = await fetch(`${server.origin}${path}`, {
        ...init,
        headers: { authorization, 'content-type': 'application/json' },
      });
      bodies.push(`${res.status} ${JSON.stringify([...res.headers])} ${await res.text()}`);
    };
    await send('/v1/users/me', `Bearer ${token}`);
    await send(`/v1/users/me?token=${token}`, `Bearer ${token}`);
    await send('/v1/users/me', `Bearer ${token}$`); // malformed: 401
    await send('/v1/users/me', `Basic ${token}`); // another scheme: 401
    await send('/v1/workflows/p_unknown', `Bearer ${token}`); // 404
    await send('/__mock/world', `Bearer ${token}`);
    await send('/__mock/requests', `Bearer ${token}`);
    await send('/__mock/deliveries', `Bearer ${token}`);
    await send('/__mock/emit', `Bearer ${token}`, { method: 'POST', body: '{"emitter_id": 1}' });
    const everything = [...bodies, ...lines].join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(9);
    expect(everything).not.toContain(token);
    expect(JSON.stringify(storeOf(server.mock).session(token).journal.list())).not.toContain(token);
  });
});
