// Bench child: the baseline, a bare node:http server answering each path with one fixed JSON body.
// The bench passes the mock's own answers in BENCH_BODIES ({"/v1/users/me": "...", ...}), so every
// request of the mix gets the same bytes the mock sends; any other path gets BENCH_BODY.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveIpc } from './ipc.ts';

const fallback = Buffer.from(process.env.BENCH_BODY ?? JSON.stringify({ data: { id: 'u_bare000', username: 'bare' } }));
const bodies = new Map<string, Buffer>(
  Object.entries(JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<string, string>).map(([path, body]) => [
    path,
    Buffer.from(body),
  ]),
);

const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
  req.resume();
  const body = bodies.get(req.url ?? '') ?? fallback;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  serveIpc({
    port: (server.address() as AddressInfo).port,
    pid: process.pid,
    bodyBytes: fallback.length,
    paths: bodies.size,
  });
});
