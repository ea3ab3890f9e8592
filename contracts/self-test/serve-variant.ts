// A broken variant of the self-test (variants.ts) served over HTTP on 127.0.0.1, in front of a
// mock server: for the verifiers that need a real provider URL (the official Pact verifier,
// `pact verify`), where the contract suites wrap the in-process fetch instead (install-variant.ts).
import { createServer, type IncomingMessage } from 'node:http';
import { once } from 'node:events';
import { buffer } from 'node:stream/consumers';
import type { AddressInfo } from 'node:net';
import type { FetchLike } from '../targets/types.ts';
import { wrapBroken } from './variants.ts';

/** Headers a proxy must not copy: the connection's own, and lengths fetch recomputes. */
const HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

async function requestOf(incoming: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers))
    if (value !== undefined && !HOP.has(name)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  const read = await buffer(incoming);
  const body = read.length === 0 ? undefined : read;
  return new Request(new URL(incoming.url ?? '/', origin), { method: incoming.method, headers, body });
}

/**
 * Serves `variant` on a free loopback port, forwarding every request to the mock server at `origin`
 * through the variant's corruption; answers the variant's origin and how to stop it.
 *
 * @example
 * const broken = await serveVariant('wrong-id-prefix', 'http://127.0.0.1:4010');
 * await fetch(`${broken.origin}/v1/users/me/webhooks`, { headers }); // webhook IDs come back as hook_...
 * await broken.close();
 */
export function serveVariant(variant: string, origin: string): Promise<{ origin: string; close: () => Promise<void> }> {
  return serveThrough(
    wrapBroken(variant, (input, init) => globalThis.fetch(input, init)),
    origin,
  );
}

/**
 * Serves `through` on a free loopback port: every request is handed to it, addressed to `origin`,
 * and its answer is served back (a variant's corruption, or a test's own edit of the answers).
 *
 * @example
 * const edited = await serveThrough(async (input, init) => rewriteJson(await fetch(input, init), edit), origin);
 * await edited.close();
 */
export async function serveThrough(
  through: FetchLike,
  origin: string,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    requestOf(incoming, origin)
      .then(async (request) => {
        const response = await through(request);
        const headers: Record<string, string> = {};
        for (const [name, value] of response.headers) if (!HOP.has(name)) headers[name] = value;
        const body = Buffer.from(await response.arrayBuffer());
        outgoing.writeHead(response.status, headers).end(body);
      })
      .catch((error: unknown) => {
        outgoing.writeHead(502, { 'content-type': 'text/plain' }).end(`serveThrough: ${(error as Error).message}`);
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    // A client's kept-alive connections would hold the close open: they go with it.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
