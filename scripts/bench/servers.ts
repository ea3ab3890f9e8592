// The references the mock is judged against, each a bench child listening on 127.0.0.1:<port>:
//   node servers.ts bare <port>             a bare node:http server answering each path with the body
//                                           the mock sent for it (BENCH_BODIES: {"/v1/users/me": "..."})
//   node servers.ts proxy <port> <origin>   a bare keep-alive reverse proxy to <origin> that reads each
//                                           answer whole and sends it on, as the live route does, and
//                                           nothing else: what any proxy gets on the same cores
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';

const [kind, port, upstreamOrigin] = process.argv.slice(2);
const bodies = new Map(Object.entries(JSON.parse(process.env.BENCH_BODIES ?? '{}') as Record<string, string>));
const upstream = new URL(upstreamOrigin ?? 'http://127.0.0.1:1');
const agent = new Agent({ keepAlive: true, maxSockets: 128 });

function bare(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const body = bodies.get(req.url ?? '') ?? '{}';
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function proxy(req: IncomingMessage, res: ServerResponse): void {
  const headers = { ...req.headers, host: upstream.host };
  const out = request(
    { agent, host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
    (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const type = answer.headers['content-type'] ?? 'application/json';
        res.writeHead(answer.statusCode ?? 502, { 'content-type': type, 'content-length': body.length });
        res.end(body);
      });
    },
  );
  out.on('error', () => res.writeHead(502).end());
  req.pipe(out);
}

createServer({ keepAliveTimeout: 5000 }, kind === 'proxy' ? proxy : bare).listen(Number(port), '127.0.0.1', () =>
  console.log(`${kind} listening on ${port}`),
);
