import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { destinationPolicy } from '../common/destinations.ts';
import { createDeliveryEngine, RESPONSE_BODY_LIMIT } from './delivery.ts';
import { gate, receiverPool, startLoopbackReceiver } from '../../support/loopback-receiver.ts';
import { verifySignature } from './signature.ts';

const receivers = receiverPool();
const receiver = receivers.start;
afterEach(() => receivers.closeAll());

/** A clock that moves one second per reading, so every signature gets its own `t`. */
function tickingClock(startSeconds: number): () => number {
  let seconds = startSeconds;
  return () => seconds++ * 1000;
}

const payload = { event_id: 'evt_1', note: 'café ✓', n: 1 };

describe('delivery engine', () => {
  it('returns a pending record at once, then POSTs the exact JSON bytes once', async () => {
    const target = await receiver();
    const engine = createDeliveryEngine({ backoffMs: [0, 0] });
    const record = engine.enqueue({
      world: 'w1',
      kind: 'subscription',
      url: target.url,
      payload,
      headers: { 'X-PD-Emitter-Id': 'p_1' },
    });
    expect(record).toMatchObject({
      state: 'pending',
      attempts: [],
      world: 'w1',
      kind: 'subscription',
      url: target.url,
    });
    expect(record.body).toBe('{"event_id":"evt_1","note":"café ✓","n":1}');
    await engine.idle();

    expect(target.received).toHaveLength(1);
    const [got] = target.received;
    expect(got?.method).toBe('POST');
    expect(got?.path).toBe('/hook');
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['x-pd-emitter-id']).toBe('p_1');
    expect(got?.headers['user-agent']).toBe('workflow-api-mock-kit (webhook delivery)');
    expect(got?.headers['x-pd-signature']).toBeUndefined();
    expect(got?.rawBody.equals(Buffer.from('{"event_id":"evt_1","note":"café ✓","n":1}', 'utf8'))).toBe(true);

    expect(record.state).toBe('delivered');
    expect(record.final_status).toBe(200);
    expect(record.attempts).toHaveLength(1);
    expect(record.attempts[0]).toMatchObject({ attempt: 1, status: 200, error: null, response_body: 'ok' });
    expect(record.attempts[0]?.headers['content-type']).toBe('application/json');
  });

  it('signs each attempt with a fresh timestamp; openssl and verifySignature agree', async () => {
    const target = await receiver((_req, index) => ({ status: index < 1 ? 503 : 200 }));
    const clock = tickingClock(1_760_000_000);
    const engine = createDeliveryEngine({ backoffMs: [0, 0], now: clock });
    const record = engine.enqueue({ world: 'w', kind: 'trigger', url: target.url, payload, signingKey: 'sk_test_1' });
    await engine.idle();

    expect(target.received).toHaveLength(2);
    const headers = target.received.map((r) => r.headers['x-pd-signature'] as string);
    expect(headers[0]).not.toBe(headers[1]);
    for (const [i, got] of target.received.entries()) {
      const header = headers[i] as string;
      const [, t, hex] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
      const openssl = execFileSync('openssl', ['dgst', '-sha256', '-hmac', 'sk_test_1'], {
        input: Buffer.concat([Buffer.from(`${t}.`), got.rawBody]),
      }).toString();
      expect(openssl.trim().endsWith(`= ${hex}`)).toBe(true);
      const verdict = await verifySignature({
        rawBody: got.rawBody,
        header,
        key: 'sk_test_1',
        now: () => Number(t) * 1000,
      });
      expect(verdict.ok).toBe(true);
      expect(record.attempts[i]?.headers['x-pd-signature']).toBe(header);
    }
    expect(record.headers['x-pd-signature']).toBe(headers[1]);
  });

  it('retries 5xx with the configured attempts: 500, 500, 200 is three attempts, delivered', async () => {
    const target = await receiver((_req, index) => (index < 2 ? { status: 500, body: 'boom' } : { status: 200 }));
    const engine = createDeliveryEngine({ backoffMs: [0, 0] });
    const record = engine.enqueue({ world: 'w', kind: 'subscription', url: target.url, payload });
    await engine.idle();
    expect(record.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(record.attempts[0]?.response_body).toBe('boom');
    expect(record.state).toBe('delivered');
    expect(new Set(target.received.map((r) => r.text))).toEqual(new Set([record.body]));
  });

  it('gives up after maxAttempts 5xx answers', async () => {
    const target = await receiver(() => ({ status: 502 }));
    const engine = createDeliveryEngine({ backoffMs: [0], maxAttempts: 4 });
    const record = engine.enqueue({ world: 'w', kind: 'subscription', url: target.url, payload });
    await engine.idle();
    expect(target.received).toHaveLength(4);
    expect(record).toMatchObject({ state: 'failed', final_status: 502 });
  });

  it.each([400, 401, 404, 410, 422])('does not retry a %i', async (status) => {
    const target = await receiver(() => ({ status }));
    const engine = createDeliveryEngine({ backoffMs: [0, 0] });
    const record = engine.enqueue({ world: 'w', kind: 'subscription', url: target.url, payload });
    await engine.idle();
    expect(target.received).toHaveLength(1);
    expect(record).toMatchObject({ state: 'failed', final_status: status });
  });

  it('does not follow a redirect', async () => {
    const final = await receiver();
    const target = await receiver(() => ({ status: 307, headers: { location: final.url } }));
    const engine = createDeliveryEngine({ backoffMs: [0, 0] });
    const record = engine.enqueue({ world: 'w', kind: 'subscription', url: target.url, payload });
    await engine.idle();
    expect(final.received).toHaveLength(0);
    expect(record).toMatchObject({ state: 'failed', final_status: 307 });
  });

  it('retries network errors and records them', async () => {
    const gone = await startLoopbackReceiver();
    await gone.close(); // the port is now closed: connections are refused
    const engine = createDeliveryEngine({ backoffMs: [0, 0] });
    const record = engine.enqueue({ world: 'w', kind: 'connection', url: gone.url, payload });
    await engine.idle();
    expect(record.state).toBe('failed');
    expect(record.final_status).toBeNull();
    expect(record.attempts).toHaveLength(3);
    for (const attempt of record.attempts) {
      expect(attempt.status).toBeNull();
      expect(attempt.error).toMatch(/ECONNREFUSED/);
    }
  });

  it('times an attempt out and retries it', async () => {
    // A fetch that answers only when aborted, then promptly: the engine's own timeout is what is
    // tested, and a loaded machine cannot make the retry time out too.
    let calls = 0;
    const engine = createDeliveryEngine({
      backoffMs: [0, 0],
      timeoutMs: 50,
      fetch: (_input, init) => {
        calls += 1;
        if (calls > 1) return Promise.resolve(new Response('ok', { status: 200 }));
        const signal = init?.signal;
        return new Promise<Response>((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(signal.reason)),
        );
      },
    });
    const record = engine.enqueue({ world: 'w', kind: 'subscription', url: 'http://127.0.0.1:9/hook', payload });
    await engine.idle();
    expect(record.attempts.map((a) => a.status)).toEqual([null, 200]);
    expect(record.attempts[0]?.error).toMatch(/timeout/);
    expect(record.state).toBe('delivered');
  });

  it('keeps order per destination URL: the second delivery starts after the first settles', async () => {
    const hold = gate<{ status: number }>();
    const target = await receiver((req) =>
      req.path === '/hook' && req.text.includes('"first"') ? hold.promise : { status: 200 },
    );
    const fetchCalls: string[] = [];
    const events: string[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      fetchCalls.push(`${String(input)} ${String(init?.body)}`);
      return fetch(input, init);
    };
    const engine = createDeliveryEngine({ fetch: recordingFetch, backoffMs: [0, 0] });
    const other = `${target.origin}/other`;
    const records = [
      engine.enqueue({ world: 'w', kind: 'subscription', url: target.url, payload: 'first' }),
      engine.enqueue({ world: 'w', kind: 'subscription', url: target.url, payload: 'second' }),
      engine.enqueue({ world: 'w', kind: 'subscription', url: other, payload: 'elsewhere' }),
    ];

    // The held first delivery and the one to another URL both arrive; the second to /hook has not even been attempted.
    const arrived = await target.waitFor(2);
    expect(arrived.map((r) => `${r.path} ${r.text}`).sort()).toEqual(['/hook "first"', '/other "elsewhere"']);
    expect(fetchCalls.filter((c) => c.includes('"second"'))).toEqual([]);
    events.push('release first');
    hold.release({ status: 200 });
    await target.waitFor(3);
    events.push(`received ${target.received[2]?.text}`);
    await engine.idle();
    expect(events).toEqual(['release first', 'received "second"']);
    expect(records.map((r) => r.state)).toEqual(['delivered', 'delivered', 'delivered']);
  });

  it('with send: false records signed deliveries without any network traffic', async () => {
    const calls: unknown[] = [];
    const engine = createDeliveryEngine({
      send: false,
      fetch: (...args) => {
        calls.push(args);
        return Promise.reject(new Error('must not be called'));
      },
      now: () => 1_700_000_000_000,
    });
    const record = engine.enqueue({
      world: 'w',
      kind: 'trigger',
      url: 'http://example.invalid/x',
      payload: { hello: 'world' },
      signingKey: 'whsec_test_key',
    });
    expect(record.state).toBe('recorded');
    await engine.idle();
    expect(calls).toEqual([]);
    expect(record.attempts).toEqual([]);
    expect(record.state).toBe('recorded');
    // openssl: printf '%s' '1700000000.{"hello":"world"}' | openssl dgst -sha256 -hmac 'whsec_test_key'
    expect(record.headers).toEqual({
      'content-type': 'application/json',
      'user-agent': 'workflow-api-mock-kit (webhook delivery)',
      'x-pd-signature': 't=1700000000,v1=690322051b8978c8190c62885a69a8c2a1348d90d3c860ff10b8e06e802dc6e3',
    });
  });

  it('never sends to hosts reserved for examples (RFC 2606/6761) and says why', async () => {
    const calls: string[] = [];
    const engine = createDeliveryEngine({
      fetch: (input) => {
        calls.push(String(input));
        return Promise.resolve(new Response('ok'));
      },
    });
    const reserved = [
      'https://hooks.acme.example.com/in',
      'http://example.org/x',
      'https://a.b.test/',
      'http://x.invalid/',
      'http://shop.example/',
    ];
    const records = reserved.map((url) => engine.enqueue({ world: 'w', kind: 'subscription', url, payload: { n: 1 } }));
    const real = engine.enqueue({ world: 'w', kind: 'subscription', url: 'http://127.0.0.1:9/in', payload: { n: 2 } });
    await engine.idle();
    for (const record of records) {
      expect(record.state).toBe('failed');
      expect(record.attempts).toHaveLength(1);
      expect(record.attempts[0]?.error).toMatch(/not sent: .* reserved example domain/);
    }
    // A name that merely contains "example" is a real host and is sent to.
    expect(calls).toEqual(['http://127.0.0.1:9/in']);
    expect(real.state).toBe('delivered');
  });

  it('never attempts a link-local address (cloud metadata), literal IPv4, IPv6 or IPv4-mapped: refused, with its reason, logged', async () => {
    const urls: string[] = [];
    const lines: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      return new Response('ok');
    }) as unknown as typeof globalThis.fetch;
    const engine = createDeliveryEngine({ fetch, backoffMs: [0, 0], log: (line) => lines.push(line) });
    const refused = [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]:8080/h',
      'http://[::ffff:169.254.169.254]/h',
      'https://169.254.0.1/',
    ].map((url) => engine.enqueue({ world: 'w', kind: 'subscription', url, payload: {} }));
    const allowed = engine.enqueue({ world: 'w', kind: 'subscription', url: 'http://127.0.0.1:9/h', payload: {} });
    await engine.idle();
    expect(urls).toEqual(['http://127.0.0.1:9/h']);
    for (const record of refused) {
      expect(record.state).toBe('refused');
      expect(record.attempts).toEqual([]);
      expect(record.reason).toMatch(/ is a link-local address/);
    }
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      `[deliveries] refused ${refused[0]!.id} of world w to http://169.254.169.254/latest/meta-data/: ${refused[0]!.reason}`,
    );
    expect(allowed.state).toBe('delivered');
  });

  it('applies its destination policy before the first attempt: a refused URL is never attempted', async () => {
    const urls: string[] = [];
    const fetch = (async (url: string) => {
      urls.push(url);
      return new Response('ok');
    }) as unknown as typeof globalThis.fetch;
    const engine = createDeliveryEngine({ fetch, policy: destinationPolicy([{ host: '127.0.0.1', port: 9 }]) });
    const ok = engine.enqueue({ world: 'w', kind: 'trigger', url: 'http://127.0.0.1:9/h', payload: 1 });
    const no = engine.enqueue({ world: 'w', kind: 'trigger', url: 'http://127.0.0.1:10/h', payload: 1 });
    await engine.idle();
    expect(urls).toEqual(['http://127.0.0.1:9/h']);
    expect([ok.state, no.state, no.reason]).toEqual([
      'delivered',
      'refused',
      '127.0.0.1:10 is not in --deliver-to (127.0.0.1:9)',
    ]);
  });

  it('runs at most maxInFlight attempts at once over every world and URL', async () => {
    const held = gate<{ status: number }>();
    const target = await receiver(() => held.promise);
    let running = 0;
    let most = 0;
    const fetchCounting: typeof fetch = async (input, init) => {
      running += 1;
      most = Math.max(most, running);
      try {
        return await fetch(input, init);
      } finally {
        running -= 1;
      }
    };
    const engine = createDeliveryEngine({ fetch: fetchCounting, maxInFlight: 3, backoffMs: [0, 0] });
    const records = Array.from({ length: 12 }, (_, i) =>
      engine.enqueue({ world: `w${i % 4}`, kind: 'subscription', url: `${target.origin}/h${i}`, payload: i }),
    );
    await target.waitFor(3);
    expect(target.received).toHaveLength(3);
    held.release({ status: 200 });
    await engine.idle();
    expect(target.received).toHaveLength(12);
    expect(most).toBe(3);
    expect(records.every((record) => record.state === 'delivered')).toBe(true);
  });

  it("queues per (world, URL): one world's held delivery never delays another world's to the same URL", async () => {
    const held = gate<{ status: number }>();
    const target = await receiver((req) => (req.text === '"slow"' ? held.promise : { status: 200 }));
    const engine = createDeliveryEngine({ backoffMs: [0, 0] });
    engine.enqueue({ world: 'a', kind: 'subscription', url: target.url, payload: 'slow' });
    const fast = engine.enqueue({ world: 'b', kind: 'subscription', url: target.url, payload: 'fast' });
    await engine.idle('b');
    expect(fast.state).toBe('delivered');
    let aSettled = false;
    const a = engine.idle('a').then(() => (aSettled = true));
    await Promise.resolve();
    expect(aSettled).toBe(false);
    // Every waiter of a world shares one promise: a thousand waits (timed out or not) add no
    // thousand chains of their own (GET /__mock/deliveries?wait=true used to leak per wait).
    expect(engine.idle('a')).toBe(engine.idle('a'));
    held.release({ status: 200 });
    await a;
  });

  it('numbers deliveries per world and cancels the ones of a world not started yet', async () => {
    const held = gate<{ status: number }>();
    const target = await receiver(() => held.promise);
    const engine = createDeliveryEngine({ backoffMs: [0, 0] });
    const a1 = engine.enqueue({ world: 'a', kind: 'subscription', url: target.url, payload: 1 });
    const a2 = engine.enqueue({ world: 'a', kind: 'subscription', url: target.url, payload: 2 });
    const b1 = engine.enqueue({ world: 'b', kind: 'subscription', url: `${target.origin}/b`, payload: 3 });
    expect([a1.id, a2.id, b1.id]).toEqual(['dlv_000001', 'dlv_000002', 'dlv_000001']);
    await target.waitFor(2);
    engine.cancel!('a');
    held.release({ status: 200 });
    await engine.idle();
    // a1 was in flight and finishes; a2 had not started and is never sent.
    expect(target.received.map((r) => r.text).sort()).toEqual(['1', '3']);
    expect(a2.attempts).toEqual([]);
    expect(engine.enqueue({ world: 'a', kind: 'subscription', url: target.url, payload: 4 }).id).toBe('dlv_000001');
    await engine.idle();
  });

  it("reads at most 2 kB of a receiver's answer", async () => {
    let pulled = 0;
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024).fill(120));
        if (pulled > 10_000) controller.close();
      },
    });
    const engine = createDeliveryEngine({ fetch: async () => new Response(huge, { status: 200 }) });
    const record = engine.enqueue({ world: 'w', kind: 'trigger', url: 'http://127.0.0.1:9/h', payload: 1 });
    await engine.idle();
    expect(record.attempts[0]!.response_body).toBe('x'.repeat(RESPONSE_BODY_LIMIT));
    expect(pulled).toBeLessThan(10);
  });

  it('gives every record of a world its own id, keeps no log of them, and idle() resolves when nothing is queued', async () => {
    const engine = createDeliveryEngine({ send: false });
    await engine.idle();
    const a = engine.enqueue({ world: 'a', kind: 'subscription', url: 'http://x.test/', payload: 1 });
    const b = engine.enqueue({ world: 'a', kind: 'subscription', url: 'http://x.test/', payload: 2 });
    expect(a.id).not.toBe(b.id);
    expect(Object.keys(engine).sort()).toEqual(['cancel', 'enqueue', 'idle']);
    await engine.idle();
  });
});
