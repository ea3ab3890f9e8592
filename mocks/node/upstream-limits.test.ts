// The upstream's answer is an outside input, and bounded (docs/upstream.md, "Limits"): an upstream
// on 127.0.0.1 that streams an answer without end gets its read stopped at the cap, the caller a
// 502 in the documented error shape naming the cap, and the next live request is answered as
// usual. The exchange queue in front of the drift report and the recording is bounded too.
import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from '../upstream/har.ts';
import { sendWithFetch, UpstreamBodyTooLarge } from '../upstream/hybrid.ts';
import { type RunningServer, startServer } from './server.ts';
import { exchangeQueue } from './upstream.ts';

const TOKEN = 'limits-caller';
/** What loopback socket buffers may hold beyond what the mock read (Linux autotunes receive buffers up to 32 MiB). */
const SOCKET_BUFFERS = 64 * 1024 * 1024;
/** An upstream option nothing listens for: the start must fail before it matters. */
const UPSTREAM_NINE = { url: 'http://127.0.0.1:9/v1', live: 'getCurrentUser' };
const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close().catch(() => {})));
});

/** An upstream whose /v1/users/me answers without end while its socket takes it; other paths a small answer. */
async function endlessUpstream(): Promise<{ origin: string; written: () => number; aborted: Promise<void> }> {
  let written = 0;
  let onAbort!: () => void;
  const aborted = new Promise<void>((resolve) => (onAbort = resolve));
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const server: Server = createServer((req, res) => {
    if (req.url !== '/v1/users/me') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data":{"id":"u_small"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data":"');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) written += chunk.length;
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', onAbort);
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, written: () => written, aborted };
}

/** An upstream on 127.0.0.1 that compresses whatever it was asked (never accept-encoding): each path its coding. */
async function compressingUpstream(): Promise<string> {
  const body = (id: string) => Buffer.from(JSON.stringify({ data: { id, name: 'café ☕' } }));
  const answers: Record<string, [string, (id: string) => Buffer]> = {
    '/v1/users/me': ['gzip', (id) => gzipSync(body(id))],
    '/v1/workflows/p_deflat': ['deflate', (id) => deflateSync(body(id))],
    '/v1/workflows/p_brotli': ['br', (id) => brotliCompressSync(body(id))],
    '/v1/workflows/p_gzbrot': ['gzip, br', (id) => brotliCompressSync(gzipSync(body(id)))],
    '/v1/workflows/p_zstd11': ['zstd', (id) => body(id)],
    '/v1/workflows/p_broken': ['gzip', (id) => body(id)],
    '/v1/workflows/p_bomb11': ['gzip', () => gzipSync(Buffer.alloc(4 * 1024 * 1024, ' '))],
  };
  const server = createServer((req, res) => {
    const [encoding, make] = answers[req.url!] ?? ['identity', body];
    // The client never asks (the hybrid step leaves accept-encoding out): this one compresses anyway.
    const sent = req.headers['accept-encoding'] === undefined ? make(req.url!.split('/').pop()!) : Buffer.from('asked');
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding }).end(sent);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A GET as curl sends it, without accept-encoding: status, content-encoding and body text. */
function plainGet(url: string, token: string): Promise<[number, string | undefined, string]> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve([res.statusCode ?? 0, res.headers['content-encoding'], Buffer.concat(chunks).toString('utf8')]),
      );
    });
    req.on('error', reject);
  });
}

describe('an upstream answer compressed without being asked', () => {
  it('is decoded (gzip, deflate, br, in the order applied), or a 502 naming why; never passed on encoded', async () => {
    const origin = await compressingUpstream();
    const live = { url: `${origin}/v1`, live: 'getCurrentUser,getWorkflow', maxBodyBytes: 1024 * 1024 };
    const server = await startServer({ port: 0, host: '127.0.0.1', quiet: true, log: () => {}, upstream: live });
    running.push(server);
    const get = (path: string) => plainGet(`${server.baseUrl}${path}`, TOKEN);
    const json = (id: string) => JSON.stringify({ data: { id, name: 'café ☕' } });

    expect(await get('/users/me')).toEqual([200, undefined, json('me')]);
    for (const id of ['p_deflat', 'p_brotli', 'p_gzbrot']) {
      expect([id, ...(await get(`/workflows/${id}`))]).toEqual([id, 200, undefined, json(id)]);
    }
    const refused = async (id: string) => {
      const [status, encoding, text] = await get(`/workflows/${id}`);
      expect([id, status, encoding]).toEqual([id, 502, undefined]);
      const { code, error } = JSON.parse(text) as { code: string; error: string };
      expect(code).toBe('bad_gateway');
      return error;
    };
    expect(await refused('p_zstd11')).toMatch(
      /^The upstream answered GET .*\/v1\/workflows\/p_zstd11, but its body is content-encoding: zstd, which the kit cannot decode \(gzip, x-gzip, deflate, br\)$/,
    );
    expect(await refused('p_broken')).toMatch(/but its gzip body does not decode: /);
    // 4 MiB of gzip output from 4 kB sent: the decoded size is held to the cap too.
    expect(await refused('p_bomb11')).toMatch(/larger than the 1 MiB cap on upstream answers/);
  });
});

describe('an upstream answer past the cap', () => {
  it('is a 502 naming the cap, its read stopped there, the next request answered', { timeout: 60_000 }, async () => {
    const upstream = await endlessUpstream();
    const maxBodyBytes = 256 * 1024;
    const server: RunningServer = await startServer({
      port: 0,
      host: '127.0.0.1',
      quiet: true,
      log: () => {},
      upstream: { url: `${upstream.origin}/v1`, live: 'getCurrentUser,getWorkflow', maxBodyBytes },
    });
    running.push(server);
    const headers = { authorization: `Bearer ${TOKEN}` };

    const endless = await fetch(`${server.baseUrl}/users/me`, { headers });
    const endlessHead = [endless.status, endless.headers.get('x-mock-source'), endless.headers.get('content-type')];
    expect(endlessHead).toEqual([502, 'live', 'application/json']);
    const body = await endless.json();
    expect(body.code).toBe('bad_gateway');
    expect(body.error).toMatch(/larger than the 256 KiB cap on upstream answers \(--upstream-max-body\)/);
    expect(body.details).toMatchObject({ operation: 'getCurrentUser' });
    // The upstream saw its answer cut: the mock stopped reading at the cap (socket buffers aside), not after gigabytes.
    await upstream.aborted;
    expect(upstream.written()).toBeLessThan(maxBodyBytes + SOCKET_BUFFERS);

    const next = await fetch(`${server.baseUrl}/workflows/p_small1`, { headers });
    const nextAnswer = [next.status, next.headers.get('x-mock-source'), await next.text()];
    expect(nextAnswer).toEqual([200, 'live', '{"data":{"id":"u_small"}}']);
  });

  it("is stopped at the cap by the fetch transport of MSW's face too", { timeout: 60_000 }, async () => {
    const upstream = await endlessUpstream();
    const send = sendWithFetch(fetch);
    const url = `${upstream.origin}/v1/users/me`;
    const request = { url, method: 'GET', headers: {}, body: '', timeoutMs: 30_000, maxBodyBytes: 256 * 1024 };
    await expect(send(request)).rejects.toBeInstanceOf(UpstreamBodyTooLarge);
    await upstream.aborted;
    expect(upstream.written()).toBeLessThan(request.maxBodyBytes + SOCKET_BUFFERS);
  });

  it('is refused at start when the cap is no positive integer', async () => {
    const options = { port: 0, host: '127.0.0.1', quiet: true, upstream: { ...UPSTREAM_NINE, maxBodyBytes: -1 } };
    await expect(startServer(options)).rejects.toThrow(/upstream.maxBodyBytes must be a positive integer, got -1/);
  });
});

/** Turns of the event loop until the queue has processed everything (it takes a share of each turn). */
async function settled(queue: { pending(): number }): Promise<void> {
  while (queue.pending() > 0) await new Promise((resolve) => setImmediate(resolve));
}

describe('exchangeQueue (drift report and recording, after the answer)', () => {
  const exchange = (n: number, body = ''): Exchange => ({
    startedAt: n,
    durationMs: 1,
    operationId: 'getCurrentUser',
    request: { method: 'GET', url: `http://127.0.0.1:9/v1/users/me?n=${n}`, headers: {}, body: '' },
    response: { status: 200, statusText: 'OK', headers: {}, body },
  });

  it('processes exchanges on a later turn, in order; past its bound drops and counts them, one log line', async () => {
    const processed: number[] = [];
    const log: string[] = [];
    const limits = { entries: 3, bytes: 100 };
    const queue = exchangeQueue((entry) => processed.push(entry.startedAt), { log: (line) => log.push(line), limits });
    for (let n = 1; n <= 5; n++) queue.push(exchange(n));
    expect(processed).toEqual([]);
    await settled(queue);
    expect(processed).toEqual([1, 2, 3]);
    expect(queue.dropped()).toBe(2);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatch(/skipping new ones until they catch up \(1 skipped so far; limits 3 exchanges, 100 bytes\)/);
    // Bytes count too: one answer larger than the byte bound is dropped; the queue takes new ones once drained.
    queue.push(exchange(6, 'x'.repeat(101)));
    queue.push(exchange(7));
    queue.drain();
    expect(processed).toEqual([1, 2, 3, 7]);
    expect(queue.dropped()).toBe(3);
  });

  it('logs a failure of its consumer and goes on with the next exchange', async () => {
    const log: string[] = [];
    const processed: number[] = [];
    const queue = exchangeQueue(
      (entry) => {
        if (entry.startedAt === 1) throw new RangeError('Invalid string length');
        processed.push(entry.startedAt);
      },
      { log: (line) => log.push(line) },
    );
    queue.push(exchange(1));
    queue.push(exchange(2));
    await settled(queue);
    expect(processed).toEqual([2]);
    expect(log).toEqual(['[upstream] an exchange could not be recorded or checked for drift: Invalid string length']);
  });
});
