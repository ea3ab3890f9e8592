// Webhook receivers for tests of outbound deliveries, Node only: a recording one on a loopback port (exact body bytes
// kept, answers scripted and holdable until the test releases them: a slow receiver without sleeping), and the
// reference trigger-webhook receiver done right (the exact raw body, verifySignature) that the receiver checks run
// against. Run the latter:  SIGNING_KEY=... PORT=8787 npx node support/loopback-receiver.ts
import { createServer, type Server } from 'node:http';
import { buffer } from 'node:stream/consumers';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../mocks/outbound/signature.ts';

export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** Lower-case names; repeated headers joined with ", " by Node. */
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** rawBody decoded as UTF-8. */
  text: string;
}

interface ScriptedAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** Decides the answer to the n-th request (0-based); may return a promise to hold the answer. */
export type Responder = (request: ReceivedRequest, index: number) => ScriptedAnswer | Promise<ScriptedAnswer>;

export type LoopbackReceiver = Awaited<ReturnType<typeof startLoopbackReceiver>>;

export async function startLoopbackReceiver(respond: Responder = () => ({ status: 200, body: 'ok' })) {
  const received: ReceivedRequest[] = [];
  const waiters: { count: number; resolve: (list: ReceivedRequest[]) => void }[] = [];

  const server: Server = createServer((req, res) => {
    void buffer(req).then(async (rawBody) => {
      const text = rawBody.toString('utf8');
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: { ...req.headers },
        rawBody,
        text,
      };
      const index = received.push(request) - 1;
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...received]);
      }
      let answer: ScriptedAnswer;
      try {
        answer = await respond(request, index);
      } catch (error) {
        answer = { status: 500, body: String(error) };
      }
      if (res.destroyed) return;
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    url: `${origin}/hook`,
    received,
    /** Resolves once `count` requests have arrived (immediately if they already have). */
    waitFor(count: number): Promise<ReceivedRequest[]> {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close(): Promise<void> {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The receivers one test file starts, closed together after each test (the file decides the
 * order: after its servers or engine have settled).
 *
 * @example
 * const receivers = receiverPool();
 * afterEach(() => receivers.closeAll());
 * const target = await receivers.start(() => ({ status: 503 }));
 */
export function receiverPool(): { start(respond?: Responder): Promise<LoopbackReceiver>; closeAll(): Promise<void> } {
  const open: LoopbackReceiver[] = [];
  return {
    async start(respond) {
      const started = await startLoopbackReceiver(respond);
      open.push(started);
      return started;
    },
    async closeAll() {
      await Promise.all(open.splice(0).map((receiver) => receiver.close()));
    },
  };
}

/** A promise with its resolve function outside: hold an answer, release it later. */
export function gate<T = void>(): { promise: Promise<T>; release: (value: T) => void } {
  const { promise, resolve } = Promise.withResolvers<T>();
  return { promise, release: resolve };
}

export function createReferenceReceiver(key: string, onEvent: (event: unknown) => void = () => {}): Server {
  return createServer(async (req, res) => {
    const rawBody = await buffer(req); // verify these exact bytes, never a re-serialised JSON.parse result

    const verdict = await verifySignature({ rawBody, header: req.headers['x-pd-signature'], key });
    if (!verdict.ok) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: verdict.message, reason: verdict.reason }));
      return;
    }
    let event: unknown;
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"body is not JSON"}');
      return;
    }
    onEvent(event);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
}

if (import.meta.main) {
  const key = process.env.SIGNING_KEY;
  if (!key) throw new Error('set SIGNING_KEY to the signing key the API returned');
  const port = Number(process.env.PORT ?? 8787);
  createReferenceReceiver(key, (event) => console.log(JSON.stringify(event))).listen(port, '127.0.0.1', () => {
    console.log(`reference receiver on http://127.0.0.1:${port}/`);
  });
}
