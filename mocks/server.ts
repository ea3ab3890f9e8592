// The Node adapter behind `npm start`: node:http <-> AppRequest/AppResponse, nothing more.
// Kept lean on purpose (docs/performance.md): no framework, one string body, one log line per request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_BODY_BYTES } from './app/body.ts';
import { createMock, type Mock } from './index.ts';
import type { AppRequest } from './app/types.ts';
import { DEFAULT_HOST, DEFAULT_PORT } from './defaults.ts';

export interface ServerOptions {
  /** 4010 by default; 0 picks a free port. */
  port?: number;
  host?: string;
  seed?: number | string;
  /** No per-request log line. */
  quiet?: boolean;
  mock?: Mock;
  /** Where log lines go; stdout by default. */
  log?: (line: string) => void;
}

export interface RunningServer {
  baseUrl: string;
  origin: string;
  port: number;
  mock: Mock;
  close(): Promise<void>;
}

export { DEFAULT_HOST, DEFAULT_PORT };

/** Reads the body as text, keeping at most MAX_BODY_BYTES + 1 bytes: enough for the app to say 413. */
function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return; // drain the rest without keeping it
      chunks.push(chunk);
      size += chunk.length;
    });
    req.on('end', () => {
      const buffer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      resolve(size > MAX_BODY_BYTES ? buffer.subarray(0, MAX_BODY_BYTES + 1).toString('latin1') : buffer.toString('utf8'));
    });
    req.on('error', reject);
  });
}

// A front end on another origin (a dev server on :5173) can call the mock directly: every answer
// allows any origin, and a CORS preflight is answered here without reaching the app.
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'allow, retry-after, www-authenticate',
};
const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-pd-environment',
  'access-control-max-age': '600',
};

function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
}

function toAppRequest(req: IncomingMessage, body: string): AppRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { method: req.method ?? 'GET', url: req.url ?? '/', headers, body };
}

export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const log = options.log ?? ((line: string) => process.stdout.write(line + '\n'));
  let mock = options.mock;

  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    let status = 500;
    try {
      if (isPreflight(req)) {
        req.resume();
        status = 204;
        res.writeHead(204, PREFLIGHT_HEADERS);
        res.end();
      } else {
        const body = req.method === 'GET' || req.method === 'HEAD' ? (req.resume(), '') : await readBody(req);
        const response = await mock!.handle(toAppRequest(req, body));
        status = response.status;
        // An explicit length keeps the answer un-chunked (cheaper for keep-alive clients).
        res.writeHead(response.status, { ...response.headers, ...CORS_HEADERS, 'content-length': Buffer.byteLength(response.body) });
        res.end(response.body);
      }
    } catch (error) {
      // Only a transport failure lands here (the app answers its own errors).
      console.error('[mock] request failed:', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Internal error in the mock server' }));
    }
    if (!options.quiet) {
      const path = (req.url ?? '/').split('?', 1)[0];
      log(`${req.method} ${path} ${status} ${(performance.now() - started).toFixed(1)}ms`);
    }
  };

  // The request listener is attached once the mock exists (its base URL needs the real port);
  // no request can be dispatched before that, since it happens before control returns to the loop.
  const server = createServer({ keepAliveTimeout: 5000 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  const origin = `http://${hostForUrl(host)}:${actualPort}`;
  const baseUrl = `${origin}/v1`;
  mock ??= createMock({ baseUrl, ...(options.seed === undefined ? {} : { seed: options.seed }) });
  server.on('request', (req, res) => void onRequest(req, res));

  return {
    baseUrl,
    origin,
    port: actualPort,
    mock,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
