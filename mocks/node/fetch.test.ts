// The Node server's delivery fetch (fetch.ts): the addresses a delivery connects to pass the
// destination policy as the socket connects, so a name cannot lead to a metadata address whatever
// it answered before (DNS rebinding). Names are resolved by an injected lookup only: every
// connection goes to a loopback receiver, and a refused one is never opened.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { receiverPool } from '../../support/loopback-receiver.ts';
import { destinationPolicy } from '../common/destinations.ts';
import { createDeliveryEngine, DESTINATION_REFUSED, RESPONSE_BODY_LIMIT } from '../outbound/delivery.ts';
import { verifySignature } from '../outbound/signature.ts';
import { checkedFetch, type Lookup, upstreamSender } from './fetch.ts';

const receivers = receiverPool();
const receiver = receivers.start;
afterEach(() => receivers.closeAll());

/** A lookup that gives the n-th question the n-th answer (the last one repeats), and counts them. */
function scripted(...answers: string[][]): Lookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (host: string) => {
    asked.push(host);
    return answers[Math.min(asked.length - 1, answers.length - 1)]!.map((address) => ({ address }));
  };
  return Object.assign(lookup, { asked });
}

/** The names these tests resolve (by the injected lookup only), allowed as `--deliver-to` would. */
const policy = destinationPolicy(['hooks.dev', 'rebind.dev', 'nowhere.dev'].map((host) => ({ host, port: null })));

/** The engine as the Node server builds it (mocks/node/server.ts), with one attempt and no backoff. */
function engineWith(lookup: Lookup, log: string[] = []) {
  return createDeliveryEngine({
    policy,
    fetch: checkedFetch(lookup),
    maxAttempts: 1,
    timeoutMs: 2_000,
    log: (line) => log.push(line),
  });
}

describe('checkedFetch (the Node server delivery fetch)', () => {
  it('delivers to a name through the address its lookup gives: exact body, signature, Host header, status and at most 2 kB of the answer', async () => {
    const target = await receiver(() => ({ status: 202, body: 'x'.repeat(300_000) }));
    const port = new URL(target.origin).port;
    const lookup = scripted(['127.0.0.1']);
    const engine = engineWith(lookup);
    const record = engine.enqueue({
      world: 'w',
      kind: 'subscription',
      url: `http://hooks.dev:${port}/in?x=1`,
      payload: { n: 'café' },
      signingKey: 'key_1',
    });
    await engine.idle('w');

    expect(record.state).toBe('delivered');
    expect(record.attempts).toHaveLength(1);
    expect(record.attempts[0]).toMatchObject({ status: 202, error: null });
    expect(record.attempts[0]!.response_body).toBe('x'.repeat(RESPONSE_BODY_LIMIT));
    const [seen] = target.received;
    expect(seen).toMatchObject({ method: 'POST', path: '/in?x=1', text: '{"n":"café"}' });
    expect(seen!.headers.host).toBe(`hooks.dev:${port}`);
    expect(seen!.headers['content-type']).toBe('application/json');
    expect(
      await verifySignature({ rawBody: seen!.rawBody, header: seen!.headers['x-pd-signature'], key: 'key_1' }),
    ).toMatchObject({ ok: true });
    // one question, the connection's own
    expect(lookup.asked).toEqual(['hooks.dev']);
  });

  it('refuses a name whose answer is link-local as the connection is made, whatever it answered before, and opens no socket', async () => {
    const target = await receiver();
    const port = new URL(target.origin).port;
    for (const rebound of [['169.254.169.254'], ['127.0.0.1', 'fe80::1'], ['::ffff:169.254.169.254']]) {
      const log: string[] = [];
      const lookup = scripted(rebound);
      const engine = engineWith(lookup, log);
      const record = engine.enqueue({
        world: 'w',
        kind: 'subscription',
        url: `http://rebind.dev:${port}/hook`,
        payload: { n: 1 },
      });
      await engine.idle('w');
      expect(record.state, rebound.join()).toBe('refused');
      expect(record.reason, rebound.join()).toMatch(
        /^rebind\.dev resolves to .+, a link-local address .*\(when connecting\)$/,
      );
      expect(record.attempts, rebound.join()).toEqual([]);
      expect(log, rebound.join()).toEqual([
        expect.stringContaining(`refused ${record.id} of world w to http://rebind.dev:${port}/hook`),
      ]);
    }
    expect(target.received).toEqual([]);
  });

  it('reports network failures the way fetch does: refused connection, unknown name, timeout', async () => {
    const closed = await receiver();
    const closedPort = new URL(closed.origin).port;
    await closed.close();
    const engine = engineWith(scripted(['127.0.0.1']));
    const refused = engine.enqueue({
      world: 'w',
      kind: 'subscription',
      url: `http://hooks.dev:${closedPort}/hook`,
      payload: {},
    });
    await engine.idle('w');
    expect(refused.state).toBe('failed');
    expect(refused.attempts[0]!.error).toMatch(/^fetch failed: ECONNREFUSED /);

    const nowhere = engineWith(scripted([]));
    const unknown = nowhere.enqueue({
      world: 'w',
      kind: 'subscription',
      url: 'http://nowhere.dev:9/hook',
      payload: {},
    });
    await nowhere.idle('w');
    expect(unknown.attempts[0]!.error).toMatch(/ENOTFOUND nowhere\.dev/);

    const silent = await receiver(() => new Promise(() => {}));
    const slow = createDeliveryEngine({
      policy,
      fetch: checkedFetch(scripted(['127.0.0.1'])),
      maxAttempts: 1,
      timeoutMs: 150,
    });
    const late = slow.enqueue({
      world: 'w',
      kind: 'subscription',
      url: `http://hooks.dev:${new URL(silent.origin).port}/hook`,
      payload: {},
    });
    await slow.idle('w');
    expect(late.attempts[0]!.error).toBe('timeout: no complete answer within 150 ms');
  });
});

/** An upstream on 127.0.0.1 that counts its connections; `answer` decides each request's fate by its index. */
async function countingUpstream(answer: (index: number) => 'answer' | 'reset' = () => 'answer') {
  let connections = 0;
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const index = paths.push(`${req.method} ${req.url}`) - 1;
    if (answer(index) === 'reset') {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive, x-hop', 'x-hop': '1' });
    res.end(`{"n":${index}}`);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { port, paths, connections: () => connections, close };
}

describe('upstreamSender (the hybrid step on the Node server)', () => {
  const limits = { timeoutMs: 10_000, maxBodyBytes: 1_000_000 };
  const request = (url: string, method = 'GET') => ({ url, method, headers: {}, body: '', ...limits });

  it('keeps one connection for requests in turn, checked once as it was made, and drops the hop headers', async () => {
    const upstream = await countingUpstream();
    const lookup = scripted(['127.0.0.1']);
    const sender = upstreamSender({ lookup });
    try {
      const answers = [];
      const url = `http://upstream.dev:${upstream.port}/v1/users/me`;
      for (let n = 0; n < 3; n++) answers.push(await sender.send(request(`${url}?n=${n}`)));
      expect(answers.map((answer) => [answer.status, answer.body])).toEqual([
        [200, '{"n":0}'],
        [200, '{"n":1}'],
        [200, '{"n":2}'],
      ]);
      expect(answers[0]!.headers).toEqual({ 'content-type': 'application/json', date: expect.any(String) });
      expect([upstream.connections(), lookup.asked]).toEqual([1, ['upstream.dev']]);
    } finally {
      sender.close();
      await upstream.close();
    }
  });

  it('refuses a name that leads to a link-local address as the connection is made', async () => {
    const upstream = await countingUpstream();
    const sender = upstreamSender({ lookup: scripted(['169.254.169.254']) });
    try {
      const refused = sender.send(request(`http://rebind.dev:${upstream.port}/v1/users/me`));
      await expect(refused).rejects.toMatchObject({ name: DESTINATION_REFUSED });
      expect(upstream.connections()).toBe(0);
    } finally {
      sender.close();
      await upstream.close();
    }
  });

  it('sends a GET once more on a fresh connection when the upstream drops a reused one, never a POST', async () => {
    // The second request (a GET on the kept connection) and the fourth (a POST on it) are dropped unanswered.
    const upstream = await countingUpstream((index) => (index === 1 || index === 3 ? 'reset' : 'answer'));
    const sender = upstreamSender({ lookup: scripted(['127.0.0.1']) });
    const url = `http://upstream.dev:${upstream.port}/v1/webhooks`;
    try {
      expect((await sender.send(request(url))).body).toBe('{"n":0}');
      expect((await sender.send(request(url))).body).toBe('{"n":2}');
      await expect(sender.send(request(url, 'POST'))).rejects.toThrow('fetch failed');
      expect(upstream.paths).toEqual(['GET /v1/webhooks', 'GET /v1/webhooks', 'GET /v1/webhooks', 'POST /v1/webhooks']);
      expect(upstream.connections()).toBe(2);
    } finally {
      sender.close();
      await upstream.close();
    }
  });
});
