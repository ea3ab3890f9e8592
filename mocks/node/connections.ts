// What keeps the node:http adapter answering when clients misbehave (docs/performance.md, "Connections: what
// keeps a shared server up"): timeouts, a connection cap that closes idle ones first, JSON errors, body limits.
import {
  maxHeaderSize,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { type ConnectionLimits, DEFAULT_LIMITS } from '../common/defaults.ts';
import { MAX_BODY_BYTES } from '../app/head.ts';
import { apiError, type ApiError } from '../common/errors.ts';

/** Per connection: requests being answered, the response a late client error must not corrupt, the idle timeout. */
interface ConnectionState {
  inFlight: number;
  response: ServerResponse | undefined;
  idleTimeoutMs: number;
}

const STATE = Symbol('workflow-api-mock connection');
type TrackedSocket = Socket & { [STATE]?: ConnectionState };

/** Marks a request as being answered: its connection is not idle until `requestEnded`. */
export function requestStarted(req: IncomingMessage, res: ServerResponse): ConnectionState | undefined {
  const state = (req.socket as TrackedSocket)[STATE];
  if (state !== undefined) {
    state.inFlight++;
    state.response = res;
  }
  return state;
}

/**
 * Marks a request's answer as written: one whose bytes still wait in the socket's buffer arms the idle timer (a
 * client that stopped reading is closed); once the bytes are out, Node's keep-alive timer takes over.
 */
export function requestEnded(state: ConnectionState | undefined, res: ServerResponse): void {
  if (state === undefined) return;
  state.inFlight--;
  // A pipelined request may already have started its own answer: leave that one in place.
  if (state.response === res) state.response = undefined;
  const socket = res.socket;
  if (socket !== null && socket.writableLength > 0) socket.setTimeout(state.idleTimeoutMs);
}

/** Limits merged over the defaults; a headers timeout above the request timeout is lowered to it (Node requires that order). */
export function resolveLimits(limits: Partial<ConnectionLimits> = {}): ConnectionLimits {
  const merged = { ...DEFAULT_LIMITS, ...limits };
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isSafeInteger(value) || value < 1)
      throw new RangeError(`startServer: limits.${name} must be a positive integer, got ${value}`);
  }
  merged.headersTimeoutMs = Math.min(merged.headersTimeoutMs, merged.requestTimeoutMs);
  return merged;
}

/** Options for node:http's `createServer` that apply the limits. */
export function httpServerOptions(limits: ConnectionLimits): ServerOptions {
  return {
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // How often Node looks for requests past the two timeouts above (its default, 30 s, would let a
    // slow sender keep a connection three times as long as the headers timeout says).
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 2))),
    // A missing Host is answered by the adapter, with a JSON body (Node's own 400 has none).
    requireHostHeader: false,
  };
}

/** Applies the rest of the limits to a server made with `httpServerOptions`: idle timeout, the connection cap, JSON answers to client errors. */
export function guardConnections(server: Server, limits: ConnectionLimits): void {
  // Not `server.timeout`, which re-arms a timer per request (docs/performance.md): the idle timer is armed when a
  // connection opens and by requestEnded when an answer waits for its client; between them Node's keep-alive runs.
  server.timeout = 0;
  server.maxConnections = limits.maxConnections;

  // Insertion order is age: eviction closes the oldest idle connection first.
  const open = new Set<TrackedSocket>();
  server.on('connection', (socket: TrackedSocket) => {
    socket[STATE] = { inFlight: 0, response: undefined, idleTimeoutMs: limits.idleTimeoutMs };
    socket.setTimeout(limits.idleTimeoutMs);
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    // Node refuses connections at `maxConnections`; closing an idle one now keeps a place free for
    // the next client, so idle sockets alone can never lock everybody out.
    if (open.size < limits.maxConnections) return;
    const idle = [...open].find((other) => other !== socket && other[STATE]!.inFlight === 0);
    if (idle === undefined) return;
    open.delete(idle);
    idle.destroy();
  });

  // The idle and keep-alive timers land here; one still answering (a long poll: deliveries?wait=true) stays open.
  server.on('timeout', (socket: TrackedSocket) => {
    if ((socket[STATE]?.inFlight ?? 0) === 0) socket.destroy();
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket: TrackedSocket) => {
    const response = socket[STATE]?.response;
    // As Node does: write an answer only when no answer of this connection has started.
    if (error.code !== 'ECONNRESET' && socket.writable && (response === undefined || !response.headersSent)) {
      socket.end(rawErrorResponse(clientErrorFor(error, limits)), () => socket.destroy());
    } else {
      socket.destroy();
    }
  });
}

/** The error for what Node's parser or its timeouts reported (the statuses Node itself would answer). */
function clientErrorFor(error: NodeJS.ErrnoException & { reason?: string }, limits: ConnectionLimits): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return apiError('headers_too_large', `Request headers are larger than ${maxHeaderSize} bytes`, {
        limit_bytes: maxHeaderSize,
      });
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return apiError('payload_too_large', 'Chunk extensions of the request body are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return apiError(
        'request_timeout',
        `Request not received in time: headers within ${limits.headersTimeoutMs} ms, the whole request within ${limits.requestTimeoutMs} ms`,
        { headers_timeout_ms: limits.headersTimeoutMs, request_timeout_ms: limits.requestTimeoutMs },
      );
    default:
      return apiError(
        'bad_request',
        `Malformed HTTP request: ${error.reason ?? error.message}${error.code === undefined ? '' : ` (${error.code})`}`,
      );
  }
}

/** A whole HTTP/1.1 answer for writing straight to a socket: JSON body, then the connection closes. */
function rawErrorResponse(error: ApiError): string {
  const body = JSON.stringify(error.body);
  return (
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** readRequestText's answer to a body past MAX_BODY_BYTES. */
export const TOO_LARGE = Symbol('too large');
/**
 * After a refusal, how much of the body still coming is drained before the connection closes, and the silence
 * (ms) that ends it; past the bytes, or for a body declared larger, the connection is cut.
 */
const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;
const DRAIN_SILENCE_MS = 2_000;

/** Reads the body as text; stops reading and answers TOO_LARGE as soon as it passes MAX_BODY_BYTES. */
export function readRequestText(req: IncomingMessage): Promise<string | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        req.pause();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Answers an error and closes the connection. With `drain`, the body still coming is read and thrown away first
 * (up to DRAIN_LIMIT_BYTES, until the client goes silent): closing a socket with unread bytes makes the kernel send
 * a reset, and a client that reads its answer only once it has sent its body (curl, fetch) would lose it.
 */
export function answerAndClose(
  req: IncomingMessage,
  res: ServerResponse,
  error: ApiError,
  cors: Readonly<Record<string, string>>,
  drain: boolean,
): number {
  const body = JSON.stringify(error.body);
  res.writeHead(error.status, {
    ...cors,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  if (!drain || req.complete) {
    res.end(body);
    return error.status;
  }
  res.write(body);
  let drained = 0;
  const finish = () => {
    clearTimeout(silence);
    res.end();
  };
  const silence = setTimeout(finish, DRAIN_SILENCE_MS);
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) {
      clearTimeout(silence);
      req.socket.destroy();
    } else silence.refresh();
  });
  req.once('end', finish);
  req.once('close', () => clearTimeout(silence));
  req.resume();
  return error.status;
}

/** Whether the rest of a refused request is worth reading before closing: a body is coming, and not one declared past the drain limit. */
export function drainable(req: IncomingMessage, expectsContinue: boolean): boolean {
  // `Expect: 100-continue` without `100 Continue`: the client sends no body.
  if (expectsContinue) return false;
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0 && Number(length) <= DRAIN_LIMIT_BYTES;
  return req.headers['transfer-encoding'] !== undefined;
}
