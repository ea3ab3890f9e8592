// The node:http adapter against hostile or careless clients (issue 10's trial, loopback only): idle
// and slow sockets, too many connections, a body too large to read, `Expect: 100-continue`,
// malformed requests, and which pages may call the control API from a browser. Raw sockets where
// fetch would hide the bytes; every wait is on an event, bounded by the test timeout.
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../index.ts';
import { MAX_BODY_BYTES } from '../app/head.ts';
import { startServer, type RunningServer, type ServerOptions } from './server.ts';

const running: RunningServer[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: ServerOptions = {}): Promise<RunningServer> {
  const server = await startServer({ port: 0, quiet: true, ...options });
  running.push(server);
  return server;
}

interface Client {
  socket: Socket;
  /** Everything received so far. */
  text(): string;
  /** Resolves when the server has closed the connection (or reset it). */
  closed: Promise<void>;
  isClosed(): boolean;
  /** Resolves with the text received once it matches. */
  waitFor(pattern: RegExp): Promise<string>;
}

/** A raw TCP client on the server's port, connected. */
async function open(server: RunningServer): Promise<Client> {
  const socket = connect(server.port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  let closed = false;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {}); // a reset after the answer is the server closing: `closed` reports it
  const closedPromise = once(socket, 'close').then(() => {
    closed = true;
  });
  await once(socket, 'connect');
  return {
    socket,
    text: () => received,
    closed: closedPromise,
    isClosed: () => closed,
    async waitFor(pattern) {
      while (!pattern.test(received)) {
        if (closed) throw new Error(`connection closed before ${pattern}; received: ${received.slice(0, 500)}`);
        await Promise.race([once(socket, 'data'), closedPromise]);
      }
      return received;
    },
  };
}

/** Sends `request` and answers everything received until the server closes the connection. */
async function exchange(server: RunningServer, request: string | Buffer): Promise<string> {
  const client = await open(server);
  client.socket.write(request);
  await client.closed;
  return client.text();
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The (last) HTTP/1.1 answer in `text`, after any interim 1xx ones. */
function parseResponse(text: string): RawResponse {
  let head = 0;
  while (/^HTTP\/1\.1 1\d\d /.test(text.slice(head))) head = text.indexOf('\r\n\r\n', head) + 4;
  const end = text.indexOf('\r\n\r\n', head);
  const [statusLine, ...lines] = text.slice(head, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, body: text.slice(end + 4) };
}

/** A mock whose API answers wait until `release()`; `entered` resolves when one is waiting. */
function gatedMock(): { mock: Mock; entered: () => Promise<void>; release: () => void } {
  const mock = createMock();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let signal!: () => void;
  let entered = new Promise<void>((resolve) => (signal = resolve));
  return {
    mock: {
      ...mock,
      async handle(req) {
        const wake = signal;
        entered = new Promise<void>((resolve) => (signal = resolve));
        wake();
        await gate;
        return mock.handle(req);
      },
    },
    entered: () => entered,
    release,
  };
}

const GET_ME = 'GET /v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer hardening\r\n\r\n';

describe('connections: silent sockets cannot lock clients out', () => {
  it('closes a connection on which nothing arrives within the idle timeout', async () => {
    const server = await start({ limits: { idleTimeoutMs: 50 } });
    const silent = await open(server);
    await silent.closed;
    expect(silent.text()).toBe('');
  });

  it('keeps a connection whose request is still being answered past the idle timeout', async () => {
    const gated = gatedMock();
    const server = await start({ mock: gated.mock, limits: { idleTimeoutMs: 50 } });
    const waiting = await open(server);
    const entered = gated.entered();
    waiting.socket.write(GET_ME);
    await entered;
    // A silent socket opened after the request arrived: once the server has closed it, the busy
    // connection's own idle timer (armed earlier, same length) has fired as well.
    const silent = await open(server);
    await silent.closed;
    expect(waiting.isClosed()).toBe(false);
    gated.release();
    expect(parseResponse(await waiting.waitFor(/"data"/)).status).toBe(200);
  });

  it('over maxConnections idle sockets, a new client still gets its answer: the oldest idle connections are closed for it', async () => {
    const server = await start({ limits: { maxConnections: 50, idleTimeoutMs: 60_000 } });
    // One after the other: the server accepts them in this order, so idle[0] is the oldest.
    const idle: Client[] = [];
    for (let i = 0; i < 60; i++) idle.push(await open(server));
    const me = await fetch(`${server.baseUrl}/users/me`, { headers: { authorization: 'Bearer hardening' } });
    expect(me.status).toBe(200);
    // 61 connections have arrived and at most 49 stay open after each one: at least 12 were closed,
    // and the ones closed are the oldest.
    const closedAtLeast = async (count: number) => {
      for (;;) {
        const closed = idle.filter((client) => client.isClosed()).length;
        if (closed >= count) return closed;
        await Promise.race(idle.filter((client) => !client.isClosed()).map((client) => client.closed));
      }
    };
    expect(await closedAtLeast(12)).toBeLessThanOrEqual(60);
    expect(idle[0]!.isClosed()).toBe(true);
  });

  it('never closes a connection that is being answered to make room: only idle ones go', async () => {
    const gated = gatedMock();
    const server = await start({ mock: gated.mock, limits: { maxConnections: 5, idleTimeoutMs: 60_000 } });
    const busy: Client[] = [];
    for (let i = 0; i < 3; i++) {
      const client = await open(server);
      const entered = gated.entered();
      client.socket.write(GET_ME);
      await entered;
      busy.push(client);
    }
    // Each silent socket past the cap closes the previous one: 9 of 10 are closed, none of the busy.
    const silent: Client[] = [];
    for (let i = 0; i < 10; i++) silent.push(await open(server));
    await Promise.all(silent.slice(0, 9).map((client) => client.closed));
    expect(busy.map((client) => client.isClosed())).toEqual([false, false, false]);
    gated.release();
    for (const client of busy) expect(parseResponse(await client.waitFor(/"data"/)).status).toBe(200);
  });
});

describe('limits given to startServer', () => {
  it('refuses a limit that is not a positive integer, naming it', async () => {
    await expect(startServer({ port: 0, quiet: true, limits: { maxConnections: 0 } })).rejects.toThrow(
      /limits\.maxConnections must be a positive integer/,
    );
    await expect(startServer({ port: 0, quiet: true, limits: { idleTimeoutMs: 1.5 } })).rejects.toThrow(RangeError);
  });
});

describe('request bodies over the limit (docs/errors.md: 413 payload_too_large)', () => {
  const post = (headers: string) =>
    `POST /v1/workflows HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer hardening\r\nContent-Type: application/json\r\n${headers}\r\n`;

  it('answers 413 as soon as Content-Length says too much, without waiting for the body, then closes', async () => {
    const server = await start();
    // 1 GB announced, nothing sent: an answer proves the server did not wait to read it.
    const response = parseResponse(await exchange(server, post('Content-Length: 1073741824\r\n')));
    expect(response.status).toBe(413);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(response.body)).toEqual({
      error: expect.any(String),
      code: 'payload_too_large',
      details: { limit_bytes: MAX_BODY_BYTES },
    });
  });

  it('answers 413 once a chunked body passes the limit, without waiting for its end', async () => {
    const server = await start();
    const chunk = 'x'.repeat(64 * 1024);
    const chunks = Math.ceil(MAX_BODY_BYTES / chunk.length) + 1;
    // No terminating chunk: the body never ends, only the limit can stop the reading.
    const body = `${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(chunks);
    const response = parseResponse(await exchange(server, post('Transfer-Encoding: chunked\r\n') + body));
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(response.body)).toMatchObject({ code: 'payload_too_large' });
  });

  // A client such as curl or fetch reads its answer only once it has sent its body (or failed to):
  // this one holds every byte received until its last write, as they do.
  async function sendThenRead(
    server: RunningServer,
    head: string,
    bodyBytes: number,
    chunked: boolean,
  ): Promise<{ text: string; error: string | undefined }> {
    const socket = connect(server.port, '127.0.0.1');
    sockets.push(socket);
    await once(socket, 'connect');
    socket.pause();
    let text = '';
    let error: string | undefined;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code));
    const closed = once(socket, 'close');
    const piece = Buffer.alloc(64 * 1024, 'a');
    const frame = chunked
      ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
      : piece;
    socket.write(head);
    for (let sent = 0; sent < bodyBytes && !socket.destroyed; sent += piece.length) {
      if (!socket.write(frame)) await Promise.race([once(socket, 'drain'), closed]);
    }
    if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
    socket.resume();
    await closed;
    return { text, error };
  }

  for (const chunked of [false, true]) {
    it(`answers a 10 MB body sent without Expect (${chunked ? 'chunked' : 'Content-Length'}) with its 413, to a client that reads only once it has sent it all`, async () => {
      const server = await start();
      const size = 10 * 1024 * 1024;
      for (let run = 0; run < 3; run++) {
        const framing = chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${size}\r\n`;
        const { text, error } = await sendThenRead(server, post(framing), size, chunked);
        expect({ run, status: text.slice(0, 12), error }).toEqual({ run, status: 'HTTP/1.1 413', error: undefined });
        expect(JSON.parse(parseResponse(text).body)).toMatchObject({ code: 'payload_too_large' });
      }
      // The server is still answering.
      expect(
        (await fetch(`${server.baseUrl}/users/me`, { headers: { authorization: 'Bearer hardening' } })).status,
      ).toBe(200);
    });
  }

  it('still reads a chunked body within the limit and gives it to the app', async () => {
    const server = await start();
    const json = '{"org_id": 5}';
    const body = `${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`;
    const response = parseResponse(
      await exchange(server, post('Transfer-Encoding: chunked\r\nConnection: close\r\n') + body),
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(JSON.parse(response.body).details.issues)).toContain('/body/org_id');
  });

  // The limit as mocks/app/head.ts defines it: MAX_BODY_BYTES is the largest body read, one byte more is refused,
  // whether the head declares the length or the chunks add up to it.
  for (const chunked of [false, true]) {
    it(`reads a body of exactly MAX_BODY_BYTES and refuses one byte more (${chunked ? 'chunked' : 'Content-Length'})`, async () => {
      const server = await start();
      for (const [bytes, status] of [
        [MAX_BODY_BYTES, 400],
        [MAX_BODY_BYTES + 1, 413],
      ] as const) {
        // A body the document refuses (org_id is a string), so reaching validation shows it was read whole.
        const frame = '{"org_id":5,"pad":""}';
        const json = frame.replace('""', `"${'a'.repeat(bytes - frame.length)}"`);
        const request = chunked
          ? `${post('Transfer-Encoding: chunked\r\nConnection: close\r\n')}${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`
          : `${post(`Content-Length: ${json.length}\r\nConnection: close\r\n`)}${json}`;
        const response = parseResponse(await exchange(server, request));
        expect({ bytes, status: response.status }).toEqual({ bytes, status });
        if (status === 400) expect(JSON.stringify(JSON.parse(response.body).details.issues)).toContain('/body/org_id');
      }
    });
  }

  it('answers Expect: 100-continue with a final 413 (no 100) when the declared length is over the limit', async () => {
    const server = await start();
    const text = await exchange(server, post(`Content-Length: ${MAX_BODY_BYTES + 1}\r\nExpect: 100-continue\r\n`));
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).not.toContain('100 Continue');
    expect(JSON.parse(parseResponse(text).body)).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers Expect: 100-continue with 100 Continue when the body fits, then the final answer', async () => {
    const server = await start();
    const client = await open(server);
    client.socket.write(post('Content-Length: 2\r\nExpect: 100-continue\r\nConnection: close\r\n'));
    expect(await client.waitFor(/\r\n\r\n/)).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
    client.socket.write('{}');
    await client.closed;
    expect(parseResponse(client.text()).status).toBe(400);
  });
});

describe("Node's own error answers carry the documented JSON body (docs/errors.md)", () => {
  const expectJsonError = (text: string, status: number, code: string) => {
    const response = parseResponse(text);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers.connection).toBe('close');
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body));
    const body = JSON.parse(response.body) as { error: string; code: string };
    expect(body).toMatchObject({ error: expect.any(String), code });
    return body;
  };

  it('a malformed request line: 400 bad_request', async () => {
    const server = await start();
    const body = expectJsonError(await exchange(server, 'BREW /v1/users/me HTCPCP/1.0\r\n\r\n'), 400, 'bad_request');
    expect(body.error).toContain('Malformed HTTP request');
  });

  it('headers over the size limit: 431 headers_too_large', async () => {
    const server = await start();
    const text = await exchange(
      server,
      `GET /v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(32 * 1024)}\r\n\r\n`,
    );
    expectJsonError(text, 431, 'headers_too_large');
  });

  it('an HTTP/1.1 request without Host: 400 bad_request', async () => {
    const server = await start();
    expectJsonError(
      await exchange(server, 'GET /v1/users/me HTTP/1.1\r\nAuthorization: Bearer hardening\r\n\r\n'),
      400,
      'bad_request',
    );
  });

  it('headers that do not arrive within the headers timeout: 408 request_timeout', async () => {
    const server = await start({ limits: { headersTimeoutMs: 100, requestTimeoutMs: 200, idleTimeoutMs: 60_000 } });
    expectJsonError(await exchange(server, 'GET /v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\n'), 408, 'request_timeout');
  });

  it('an Expect other than 100-continue: 417 expectation_failed', async () => {
    const server = await start();
    expectJsonError(
      await exchange(server, 'GET /v1/users/me HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: teapot\r\n\r\n'),
      417,
      'expectation_failed',
    );
  });
});

describe('CORS (docs/control-api.md, "From a browser")', () => {
  const preflight = (url: string, origin: string) =>
    fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
  const corsOf = (answer: Response) => [...answer.headers.keys()].filter((name) => name.startsWith('access-control-'));

  it('is off by default: no page on another origin gets a CORS header, and the log says once per origin which flag would allow it', async () => {
    const lines: string[] = [];
    const server = await start({ log: (line) => lines.push(line) });
    const answer = await preflight(`${server.baseUrl}/workflows/p_abc`, 'http://localhost:5173');
    expect(answer.status).toBe(204);
    expect(corsOf(answer)).toEqual([]);
    for (let i = 0; i < 3; i++) {
      const me = await fetch(`${server.baseUrl}/users/me`, {
        headers: { origin: 'http://localhost:5173', authorization: 'Bearer cors' },
      });
      expect(me.status).toBe(200);
      expect(corsOf(me)).toEqual([]);
    }
    await fetch(`${server.origin}/__mock/world`, {
      headers: { origin: 'http://localhost:3000', authorization: 'Bearer cors' },
    });
    // same origin (the console) and no Origin at all (curl, tests) are nothing to report
    await fetch(`${server.baseUrl}/users/me`, { headers: { origin: server.origin, authorization: 'Bearer cors' } });
    await fetch(`${server.baseUrl}/users/me`, { headers: { authorization: 'Bearer cors' } });
    const notices = lines.filter((line) => line.includes('a page at'));
    expect(notices).toHaveLength(2);
    expect(notices[0]).toContain("start the mock with --cors http://localhost:5173 (or --cors '*')");
    expect(notices[1]).toContain('http://localhost:3000 called /__mock/world: the control API never answers CORS');
  });

  it("cors: '*' opens /v1 to any origin (preflights answered here, Prefer and the rate-limit headers readable), never /__mock", async () => {
    const server = await start({ cors: '*' });
    const answer = await preflight(`${server.baseUrl}/workflows/p_abc`, 'https://app.example.com');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(answer.headers.get('access-control-allow-headers')).toContain('prefer');

    const me = await fetch(`${server.baseUrl}/users/me`, {
      headers: { origin: 'http://localhost:5173', authorization: 'Bearer cors' },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe('*');
    expect(me.headers.get('access-control-expose-headers')).toContain('x-ratelimit-remaining');
    // a plain OPTIONS (no preflight) still reaches the app: a known path, another method
    expect(
      (await fetch(`${server.baseUrl}/users/me`, { method: 'OPTIONS', headers: { authorization: 'Bearer cors' } }))
        .status,
    ).toBe(405);

    for (const origin of ['http://localhost:5173', 'https://evil.example', 'null']) {
      const control = await preflight(`${server.origin}/__mock/reset`, origin);
      expect(control.status, origin).toBe(204);
      expect(corsOf(control), origin).toEqual([]);
      const world = await fetch(`${server.origin}/__mock/world`, { headers: { origin, authorization: 'Bearer cors' } });
      expect(world.status).toBe(200);
      expect(corsOf(world), origin).toEqual([]);
    }
    // an absolute-form request line routes like its path (mocks/app/app.ts splitUrl): same rule
    const text = await exchange(
      server,
      `GET http://127.0.0.1:${server.port}/__mock/world HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://localhost:5173\r\nAuthorization: Bearer cors\r\nConnection: close\r\n\r\n`,
    );
    expect(parseResponse(text).status).toBe(200);
    expect(parseResponse(text).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a list of origins: each listed one is echoed (Vary: Origin), any other gets none', async () => {
    const server = await start({ cors: ['http://localhost:5173', 'https://app.test:8443'] });
    for (const origin of ['http://localhost:5173', 'https://app.test:8443']) {
      const answer = await preflight(`${server.baseUrl}/webhooks`, origin);
      expect(answer.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(answer.headers.get('vary'), origin).toMatch(/origin/i);
      const me = await fetch(`${server.baseUrl}/users/me`, { headers: { origin, authorization: 'Bearer cors' } });
      expect(me.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    const lines: string[] = [];
    const logged = await start({ cors: ['http://localhost:5173'], log: (line) => lines.push(line) });
    await fetch(`${logged.baseUrl}/users/me`, {
      headers: { origin: 'http://localhost:3000', authorization: 'Bearer cors' },
    });
    expect(lines.filter((line) => line.includes('a page at'))).toEqual([
      expect.stringContaining(
        'start the mock with --cors http://localhost:5173,http://localhost:3000 (now --cors http://localhost:5173)',
      ),
    ]);
    for (const origin of ['http://localhost:5174', 'http://localhost.evil.example', 'https://app.test']) {
      const me = await fetch(`${server.baseUrl}/users/me`, { headers: { origin, authorization: 'Bearer cors' } });
      expect(me.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(me.headers.get('vary'), origin).toMatch(/origin/i);
    }
    const control = await fetch(`${server.origin}/__mock/world`, {
      headers: { origin: 'http://localhost:5173', authorization: 'Bearer cors' },
    });
    expect(corsOf(control)).toEqual([]);
  });
});
