// What the request pipeline's stages share (docs/architecture.md, "A request, stage by stage"): the
// app's parts, built once by createApp, and one context per exchange, which each stage reads and
// fills in for the next. A stage is a top-level function of its own module that answers the
// request (and so ends the pipeline) or returns undefined to hand it on. Browser-safe.
import type { Result } from '../../common/errors.ts';
import type { EndpointRequest } from '../../store/api/index.ts';
import type { Store } from '../../store/index.ts';
import type { Session, World } from '../../store/world/index.ts';
import type { RequestInput, Validator } from '../../../openapi/validator.ts';
import type { Credentials } from '../auth.ts';
import type { ExchangeHook, UpstreamExchange, UpstreamStage } from '../exchange.ts';
import type { Faults } from '../faults.ts';
import type { RequestHead } from '../head.ts';
import type { ProjectLessRouting } from '../project-less.ts';
import { type ReadCache, UNCACHEABLE_READS } from '../read-cache.ts';
import type { AnyRoute } from '../routes-meta.ts';
import type { AppRequest } from '../types.ts';

/** One document served under one prefix: the API's under /v1, the control API's under /__mock. */
export interface ServedDocument {
  kind: 'api' | 'control';
  prefix: string;
  validator: Validator;
  routes: Readonly<Record<string, AnyRoute>>;
  /** Which operations read a JSON body (from the document, once). */
  takesJsonBody: ReadonlySet<string>;
  /** The operations whose answers the read cache may keep, with their declared header parameters (part of the key). */
  keptReads: ReadonlyMap<string, readonly string[]>;
  /** The operations that never change a world: GETs, but those whose answers are never kept (read-cache.ts). */
  reads: ReadonlySet<string>;
  notFound(method: string, path: string): string;
}

/**
 * A document as the app serves it: what each operation reads, keeps and changes, read once. The
 * control API's answers are never kept (they show the journal, the clock, the deliveries).
 *
 * @example
 * const api = servedDocument('api', '/v1', validator, routes, (method, path) => `No operation at ${method} ${path}`);
 * api.keptReads.has('getCurrentUser'); // true
 */
export function servedDocument(
  kind: ServedDocument['kind'],
  prefix: string,
  validator: Validator,
  routes: ServedDocument['routes'],
  notFound: ServedDocument['notFound'],
): ServedDocument {
  const takesJsonBody = new Set<string>();
  const keptReads = new Map<string, string[]>();
  const reads = new Set<string>();
  for (const id of validator.operationIds) {
    const { method, parameters, hasJsonBody } = validator.describeOperation(id);
    if (hasJsonBody) takesJsonBody.add(id);
    if (method !== 'GET' || (kind === 'api' && UNCACHEABLE_READS.has(id))) continue;
    reads.add(id);
    if (kind === 'api') keptReads.set(id, headerNames(parameters));
  }
  return { kind, prefix, validator, routes, takesJsonBody, keptReads, reads, notFound };
}

/** The names of an operation's header parameters, in lower case. */
function headerNames(parameters: ReadonlyArray<{ in: string; name: string }>): string[] {
  return parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
}

/** What answers a request to an HTTP trigger's endpoint (`<origin>/__endpoints/<key>`), injected like the routes. */
export type EndpointRunner = (world: World, key: string, request: EndpointRequest) => Result<unknown>;

/** The app's parts every stage may read: built once by createApp. */
export interface AppParts {
  store: Store;
  api: ServedDocument;
  control: ServedDocument;
  projectLess: ProjectLessRouting;
  faults: Faults;
  /** The read cache; undefined: every answer is made anew. */
  reads: ReadCache | undefined;
  endpoints: EndpointRunner | undefined;
  /** The step beside a real service or a recording; undefined: the mock answers everything. */
  upstream: UpstreamStage | undefined;
  hook: ExchangeHook;
  logError: (message: string, error: unknown) => void;
  /** Milliseconds on a monotonic clock, for durations. */
  clock: () => number;
}

/** One exchange on its way through the stages. */
export interface RequestContext {
  readonly parts: AppParts;
  readonly request: AppRequest;
  readonly head: RequestHead;
  /** Which door the path is (head.ts); the document of the API or the control API behind it. */
  face: 'api' | 'control' | 'endpoint' | 'none';
  document: ServedDocument | undefined;
  credentials: Credentials | undefined;
  operationId: string | undefined;
  pathParams: Readonly<Record<string, string>>;
  session: Session | undefined;
  /** The operation's input, its body read (validation.ts). */
  input: RequestInput | undefined;
  worldChanged: boolean;
  source: 'mock' | 'live' | 'replay';
  /** Headers every answer of the exchange carries: the faults' (rate limits, `Preference-Applied`), the upstream's. */
  headers: Record<string, string> | undefined;
  /** The faults' delay before answering, ms. */
  delayMs: number;
  /** Where the read cache keeps the answer once made (kept-read.ts): its key, at the version before the route. */
  keepAs: { key: string; version: number } | undefined;
  upstream: UpstreamExchange | undefined;
  readonly startedAt: number;
  readonly started: number;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * A context for `request`, before any stage has read it.
 *
 * @example
 * const context = beginExchange(parts, request, readHead(request.method, request.url));
 */
export function beginExchange(parts: AppParts, request: AppRequest, head: RequestHead): RequestContext {
  return {
    parts,
    request,
    head,
    face: 'none',
    document: undefined,
    credentials: undefined,
    operationId: undefined,
    pathParams: NO_PARAMS,
    session: undefined,
    input: undefined,
    worldChanged: false,
    source: 'mock',
    headers: undefined,
    delayMs: 0,
    keepAs: undefined,
    upstream: undefined,
    // The store's clock: the stages read the time of the exchange from here (session.ts), not again.
    startedAt: parts.store.now(),
    started: parts.clock(),
  };
}

/** Adds headers every answer of the exchange carries (faults.ts's, the upstream step's), in stage order. */
export function addHeaders(context: RequestContext, headers: Readonly<Record<string, string>>): void {
  // A plain loop: most requests add none, and then nothing is allocated.
  for (const name in headers) {
    context.headers ??= {};
    context.headers[name] = headers[name]!;
  }
}
