// The read cache's two places in the pipeline (docs/performance.md, "The read cache"): before the
// body and validation, a read kept since the world last changed answers at once; after the route,
// a read made anew is kept at the world's version from before the route ran, so an answer made
// while a change landed is never kept (mocks/app/read-cache.ts). What changes a world is told to
// the cache by its subscriber of the exchange hook (createApp).
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';

/**
 * The kept answer of the context's read, if its world has not changed since it was made; on a
 * miss, notes where the answer made next is to be kept.
 *
 * @example
 * answerKeptRead(context); // the serialized answer of the last GET /v1/users/me of this world
 */
export function answerKeptRead(context: RequestContext): AppResponse | undefined {
  const { reads } = context.parts;
  const headerNames = reads === undefined ? undefined : context.document!.keptReads.get(context.operationId!);
  // A world that changed in this exchange (a new quota day) answers anew.
  if (headerNames === undefined || context.worldChanged) return undefined;
  // The key: the URL as sent (its path and query decide the answer) and the operation's declared
  // headers; the token is the world's own. Most operations declare none: the URL is the key as it
  // came, no string is built.
  let key = context.request.url;
  for (const name of headerNames) key += `\n${context.request.headers[name] ?? ''}`;
  const world = context.session!.world;
  const kept = reads!.get(world, key);
  if (kept !== undefined) return kept;
  context.keepAs = { key, version: reads!.version(world) };
  return undefined;
}

/**
 * Keeps a read's answer made anew (answerKeptRead said where), unless its world changed meanwhile.
 *
 * @example
 * keepAnswer(context, response);
 */
export function keepAnswer(context: RequestContext, response: AppResponse): void {
  const { keepAs } = context;
  if (keepAs !== undefined) context.parts.reads!.set(context.session!.world, keepAs.key, keepAs.version, response);
}
