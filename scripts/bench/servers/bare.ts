// Bench child: the baseline, a bare node:http server answering every request with one fixed JSON
// body (the bench passes the mock's own GET /users/me body in BENCH_BODY, so sizes match).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveIpc } from './ipc.ts';

const body = Buffer.from(process.env.BENCH_BODY ?? JSON.stringify({ data: { id: 'u_bare000', username: 'bare' } }));
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };

const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
  req.resume();
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  serveIpc({ port: (server.address() as AddressInfo).port, pid: process.pid, bodyBytes: body.length });
});
