// The Node side of the destination policy (docs/control-api.md, "Where deliveries may go"): the lookup applies
// `refuseAddress` to the very addresses the socket connects to (against DNS rebinding); tests inject the lookup.
import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, type ZlibOptions } from 'node:zlib';
import { type Destination, destinationPolicy, LOOPBACK } from '../common/destinations.ts';
import { createDeliveryEngine, DESTINATION_REFUSED } from '../outbound/delivery.ts';
import { hopHeader } from '../upstream/har.ts';
import {
  type UpstreamAnswer,
  type UpstreamRequest,
  UpstreamBodyRefused,
  UpstreamBodyTooLarge,
} from '../upstream/hybrid.ts';

/** Resolves a host name to its addresses (node:dns's lookup with `all: true` by default). */
export type Lookup = (host: string) => Promise<Array<{ address: string }>>;

/** node:dns's lookup, every address (what the checking fetch resolves with unless given another). */
export const defaultLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });
const policy = destinationPolicy();

/** A `lookup` for net.connect that resolves through `lookup` and refuses the addresses the destination policy refuses. */
function checkedLookup(lookup: Lookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname).then(
      (answers) => {
        for (const { address } of answers) {
          const refusal = policy.refuseAddress(hostname, address);
          if (refusal === null) continue;
          callback(Object.assign(new Error(`${refusal} (when connecting)`), { name: DESTINATION_REFUSED }), '', 0);
          return;
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = answers
          .map(({ address }) => ({ address, family: isIP(address) }))
          .filter((answer) => answer.family !== 0 && (family === 0 || answer.family === family));
        if (usable.length === 0) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        // Node asks for every address (options.all) when it tries them in turn (autoSelectFamily).
        if (options.all === true)
          (callback as unknown as (error: null, addresses: typeof usable) => void)(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}

function responseHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    try {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // A header Headers refuses says nothing the delivery record needs.
    }
  }
  return headers;
}

/**
 * A fetch for the delivery engine whose connections are checked by `checkedLookup`. Network errors
 * reject as fetch's do (TypeError 'fetch failed' with the socket error as `cause`), an abort with
 * the signal's reason; a refused address with a DESTINATION_REFUSED error.
 *
 * @example
 * const engine = createDeliveryEngine({ fetch: checkedFetch() });
 */
export function checkedFetch(lookup: Lookup = defaultLookup): typeof globalThis.fetch {
  const connectLookup = checkedLookup(lookup);
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const body = init?.body;
      // The engine sends strings, the deliver command bytes; nothing else is needed here.
      if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
        reject(new TypeError('checkedFetch sends string or Uint8Array bodies only'));
        return;
      }
      const signal = init?.signal ?? undefined;
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: init?.method ?? 'GET',
          headers: init?.headers as Record<string, string> | undefined,
          lookup: connectLookup,
          ...(signal ? { signal } : {}),
        },
        (message) => {
          const status = message.statusCode ?? 0;
          try {
            const body =
              status === 204 || status === 304 ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>);
            resolve(
              new Response(body, {
                status,
                statusText: message.statusMessage ?? '',
                headers: responseHeaders(message),
              }),
            );
          } catch (error) {
            message.destroy();
            reject(new TypeError('fetch failed', { cause: error }));
          }
        },
      );
      request.on('error', (error) => {
        if (signal?.aborted) reject(signal.reason);
        else if (error.name === DESTINATION_REFUSED) reject(error);
        else reject(new TypeError('fetch failed', { cause: error }));
      });
      request.end(body ?? undefined);
    });
}

/**
 * The hybrid step's transport to `--upstream` (docs/upstream.md): node:http(s) through a keep-alive pool of at most
 * `maxSockets` (others wait), each new connection's addresses judged by `checkedLookup` as for deliveries; a body
 * past the request's `maxBodyBytes` destroys its connection. `close()` ends the pool's idle connections.
 * @example
 * const sender = upstreamSender();
 * const url = 'http://127.0.0.1:4011/v1/users/me';
 * const answer = await sender.send({ url, method: 'GET', headers: {}, body: '', timeoutMs: 3e4, maxBodyBytes: 1e6 });
 * sender.close();
 */
export function upstreamSender(options: { lookup?: Lookup; maxSockets?: number } = {}) {
  const lookup = checkedLookup(options.lookup ?? defaultLookup);
  const agents = { keepAlive: true, maxSockets: options.maxSockets ?? 128, lookup };
  const pool: Pool = { http: new HttpAgent(agents), https: new HttpsAgent(agents), origins: new Map() };
  return {
    send: (request: UpstreamRequest) =>
      new Promise<UpstreamAnswer>((resolve, reject) => attempt(pool, request, true, { resolve, reject })),
    /** Ends the pool's connections (at server close). */
    close() {
      pool.http.destroy();
      pool.https.destroy();
    },
  };
}

interface Pool {
  http: HttpAgent;
  https: HttpsAgent;
  origins: Map<string, { protocol: string; hostname: string; port: string }>;
}

/** The parts of `url` a request needs; each origin parsed once, not per request (docs/performance.md, "Hybrid"). */
function targetOf({ origins }: Pool, url: string): { protocol: string; hostname: string; port: string; path: string } {
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  const origin = slash < 0 ? url : url.slice(0, slash);
  let parsed = origins.get(origin);
  if (parsed === undefined) {
    const { protocol, hostname, port } = new URL(origin);
    parsed = { protocol, hostname: hostname.replace(/^\[|\]$/g, ''), port };
    if (origins.size < 16) origins.set(origin, parsed);
  }
  return { ...parsed, path: slash < 0 ? '/' : url.slice(slash) };
}

type Settle = { resolve: (answer: UpstreamAnswer) => void; reject: (error: Error) => void };

/** One attempt of `request` over the pool; `retry`: once more on a fresh connection if a pooled one was reset. */
function attempt(pool: Pool, request: UpstreamRequest, retry: boolean, { resolve, reject }: Settle): void {
  const { url, method, headers, body, timeoutMs, maxBodyBytes } = request;
  const { protocol, hostname, port, path } = targetOf(pool, url);
  const secure = protocol === 'https:';
  let settled = false;
  let answered = false;
  const fail = (error: Error) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    outgoing.destroy();
    // An idle pooled connection the upstream closed as it was reused: once more on a fresh one, for
    // a method that may be repeated (Node's documented pattern, `request.reusedSocket`).
    const reset = (error as NodeJS.ErrnoException).code === 'ECONNRESET';
    if (retry && !answered && outgoing.reusedSocket && reset && IDEMPOTENT.has(method)) {
      attempt(pool, request, false, { resolve, reject });
      return;
    }
    const known = [DESTINATION_REFUSED, 'TimeoutError'].includes(error.name) || error instanceof UpstreamBodyRefused;
    reject(known ? error : new TypeError('fetch failed', { cause: error }));
  };
  const agent = secure ? pool.https : pool.http;
  const options = { protocol, hostname, ...(port === '' ? {} : { port }), path, method, headers, agent };
  const outgoing = (secure ? httpsRequest : httpRequest)(options, (message) => {
    answered = true;
    const chunks: Buffer[] = [];
    let bytes = 0;
    message.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      // Past the cap the connection is destroyed (never pooled again) and nothing more is read.
      if (bytes > maxBodyBytes) fail(new UpstreamBodyTooLarge(maxBodyBytes));
      else chunks.push(chunk);
    });
    message.on('error', fail);
    message.on('close', () => {
      if (!message.complete) fail(new Error('the upstream closed the connection before its answer was complete'));
    });
    message.on('end', () => {
      if (settled) return;
      const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      // Settled here, not by `fail`: the answer is complete and its connection may be back in the pool.
      const done = (bytes: Buffer | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (bytes instanceof Error) return reject(bytes);
        const { statusCode, statusMessage } = message;
        resolve({
          status: statusCode ?? 0,
          statusText: statusMessage ?? '',
          headers: answerHeaders(message),
          body: bytes.toString('utf8'),
        });
      };
      // The header goes with the hop's (HOP_HEADERS): the body must go decoded, or not at all.
      const encoding = message.headers['content-encoding'];
      if (encoding === undefined || raw.length === 0) done(raw);
      else decodedBody(raw, encoding, maxBodyBytes).then(done, done);
    });
  });
  const late = () => Object.assign(new Error(`no answer within ${timeoutMs} ms`), { name: 'TimeoutError' });
  const timer = setTimeout(() => fail(late()), timeoutMs);
  outgoing.on('error', fail);
  outgoing.end(body === '' ? undefined : body);
}

type Decode = (body: Buffer, options: ZlibOptions) => Promise<Buffer>;
/** The content codings an upstream answer is decoded from (RFC 9110, 8.4.1; `deflate` is the zlib format). */
const DECODERS = new Map<string, Decode>([
  ['gzip', promisify(gunzip)],
  ['x-gzip', promisify(gunzip)],
  ['deflate', promisify(inflate)],
  ['br', promisify(brotliDecompress)],
]);

/**
 * An upstream answer's body with its `content-encoding` undone, last coding first, never to more
 * than `maxBytes`: the hybrid step asks for no encoding (docs/upstream.md, "What is forwarded"), yet
 * an upstream may compress anyway, and the caller must not get compressed bytes without the header
 * that says so. A coding the kit cannot undo, or a body that does not decode, is an UpstreamBodyRefused (a 502).
 * @example
 * await decodedBody(gzipSync('{"data":1}'), 'gzip', 1 << 24); // <Buffer 7b 22 64 ...> ('{"data":1}')
 */
async function decodedBody(body: Buffer, encoding: string, maxBytes: number): Promise<Buffer> {
  const codings = encoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  let bytes = body;
  for (const coding of codings.reverse()) {
    const decode = DECODERS.get(coding);
    if (decode === undefined) {
      const known = [...DECODERS.keys()].join(', ');
      throw new UpstreamBodyRefused(
        `its body is content-encoding: ${encoding}, which the kit cannot decode (${known})`,
      );
    }
    try {
      bytes = await decode(bytes, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new UpstreamBodyTooLarge(maxBytes);
      throw new UpstreamBodyRefused(`its ${coding} body does not decode: ${(error as Error).message}`);
    }
  }
  return bytes;
}

/** Methods a client may repeat without changing their effect (RFC 9110, 9.2.2): retried once on a reset connection. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** The upstream's answer headers minus the hop's: HOP_HEADERS and what its `Connection` names. */
function answerHeaders(message: IncomingMessage): Record<string, string> {
  const isHop = hopHeader(message.headers.connection);
  const out: Record<string, string> = {};
  for (const name in message.headers) {
    const value = message.headers[name];
    if (value === undefined || isHop(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The delivery engine a Node face gives its mock: only to `deliverTo` (default this machine, `LOOPBACK`), the policy
 * judging each URL before the first attempt and the fetch the addresses a name leads to (fetch.ts).
 *
 * @example
 * const mock = createMock({ sink: nodeDeliveries({ log: console.error }) });
 */
export function nodeDeliveries(options: {
  deliverTo?: readonly Destination[];
  lookup?: Lookup;
  log: (line: string) => void;
}) {
  return createDeliveryEngine({
    policy: destinationPolicy(options.deliverTo ?? LOOPBACK),
    fetch: checkedFetch(options.lookup),
    log: options.log,
  });
}
