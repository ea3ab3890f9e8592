// Bench child: the hybrid section's reference, a bare node:http reverse proxy to BENCH_UPSTREAM (an
// origin) over keep-alive connections, that reads each answer whole and sends it on, as the live
// route does, and nothing else: no routing, no checks, no journal. What the machine allows a proxy
// on the same cores as wrk and the upstream (docs/performance.md, "Hybrid: the live route").
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveIpc } from './ipc.ts';

const upstream = new URL(process.env.BENCH_UPSTREAM ?? 'http://127.0.0.1:4010');
const agent = new Agent({ keepAlive: true, maxSockets: 128 });

const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const headers = { ...req.headers, host: upstream.host };
    const out = request(
      { agent, host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        const body: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => body.push(chunk));
        answer.on('end', () => {
          const bytes = Buffer.concat(body);
          res.writeHead(answer.statusCode ?? 502, {
            'content-type': answer.headers['content-type'] ?? 'application/json',
            'content-length': bytes.length,
          });
          res.end(bytes);
        });
      },
    );
    out.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    out.end(Buffer.concat(chunks));
  });
});
server.listen(0, '127.0.0.1', () => serveIpc({ port: (server.address() as AddressInfo).port, pid: process.pid }));
