// A minimal HTTP GET for the bench's own (non-load) requests: node:http, no fetch machinery in
// the measured path, optional keep-alive agent, body as text and the wall time of the exchange.
import { Agent, request } from 'node:http';

export interface GetResult {
  status: number;
  body: string;
  /** From sending the request to the last byte of the body, milliseconds. */
  ms: number;
}

export function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1 });
}

export function get(
  url: string,
  headers: Record<string, string>,
  agent?: Agent,
  timeoutMs = 10_000,
): Promise<GetResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method: 'GET', headers, agent: agent ?? false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

export async function getJson<T>(url: string, headers: Record<string, string>, agent?: Agent): Promise<T> {
  const res = await get(url, headers, agent);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as T;
}
