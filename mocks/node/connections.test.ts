// The idle timer of connections.ts on a kept-alive connection (loopback only): it is armed per
// connection and by an answer its client does not take, not re-armed on every request, so these
// tests hold the two cases the docs name (docs/performance.md, "Connections: what keeps a shared
// server up"): a client that stopped reading is closed, one that reads is not.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { guardConnections, httpServerOptions, resolveLimits } from './connections.ts';
import { corsPolicy, hostPolicy } from './cors.ts';
import { getRequestListener } from './listener.ts';

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  }
});

/** Far more than loopback's socket buffers hold, so an answer nobody reads stays in the server's. */
const LARGE = 'x'.repeat(32 * 1024 * 1024);

/** A server with the adapter's limits (idle timeout 50 ms) whose answer to /large is LARGE; resolves once listening. */
async function start(): Promise<{ server: Server; port: number; serverSockets: Socket[] }> {
  const limits = resolveLimits({ idleTimeoutMs: 50 });
  const server = createServer(httpServerOptions(limits));
  guardConnections(server, limits);
  const listeners = getRequestListener({
    handle: async (req) => ({
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: req.url === '/large' ? LARGE : 'small',
    }),
    cors: corsPolicy(undefined),
    hosts: hostPolicy('127.0.0.1'),
    control: true,
    notice: () => {},
  });
  server.on('request', listeners.request);
  const serverSockets: Socket[] = [];
  server.on('connection', (socket: Socket) => serverSockets.push(socket));
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, serverSockets };
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

/** A raw client on `port`, connected, that counts the bytes it has received. */
async function connectClient(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = 0;
  socket.on('data', (chunk: Buffer) => (received += chunk.length));
  socket.on('error', () => {});
  await once(socket, 'connect');
  return {
    socket,
    received: () => received,
    /** Reads until at least `bytes` have been received in all. */
    async readUntil(bytes: number): Promise<void> {
      while (received < bytes) await once(socket, 'data');
    },
  };
}

describe('connections: the idle timer on a kept-alive connection', () => {
  it('closes a connection whose client stopped reading an answer, after an earlier answer on it', async () => {
    const { port, serverSockets } = await start();
    const client = await connectClient(port);
    // The first answer, taken whole: Node's keep-alive timer then runs, not the idle one.
    client.socket.write(get('/small'));
    await client.readUntil(1);
    const afterFirst = client.received();
    client.socket.write(get('/large'));
    // Some of the large answer arrived, so the server wrote it (and ended the request); then the client stops reading.
    await client.readUntil(afterFirst + 64 * 1024);
    client.socket.pause();
    const serverSide = serverSockets[0]!;
    if (!serverSide.destroyed) await once(serverSide, 'close');
    expect(serverSide.destroyed).toBe(true);
    expect(client.received()).toBeLessThan(LARGE.length);
  });

  it('keeps a connection whose client reads its answers, across requests', async () => {
    const { port, serverSockets } = await start();
    const client = await connectClient(port);
    // Each answer is LARGE and a head: past request * LARGE.length bytes, the request's answer is in.
    for (let request = 1; request <= 3; request++) {
      client.socket.write(get('/large'));
      await client.readUntil(request * LARGE.length);
    }
    expect(serverSockets).toHaveLength(1);
    expect(serverSockets[0]!.destroyed).toBe(false);
  });
});
