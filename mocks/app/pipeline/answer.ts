// Stage "answer": the exchange is over. The answer gets the headers every answer of the exchange
// carries (context.ts), and the exchange hook hands its record to every subscriber (the journal,
// coverage, the read cache, what the faces add) before it goes back to the face, which may then
// only send it (mocks/app/exchange.ts).
import type { ExchangeRecord } from '../exchange.ts';
import { json } from '../respond.ts';
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';

type Via = ExchangeRecord['via'];

/**
 * The answer the face hands back, once every subscriber has seen the exchange.
 *
 * @example
 * return finishExchange(context, await answerRequest(context));
 */
export function finishExchange(context: RequestContext, answered: AppResponse, via: Via = 'request'): AppResponse {
  const { headers } = context;
  // Spread, not rebuilt: a kept answer keeps its encoded bytes (its body is the same).
  const response = headers === undefined ? answered : { ...answered, headers: { ...answered.headers, ...headers } };
  return context.parts.hook.publish({
    via,
    request: context.request,
    head: context.head,
    face: context.face,
    operationId: context.operationId,
    pathParams: context.pathParams,
    response,
    status: response.status,
    source: context.source,
    session: context.session,
    worldChanged: context.worldChanged,
    startedAt: context.startedAt,
    durationMs: context.parts.clock() - context.started,
    upstream: context.upstream,
  });
}

/**
 * An exception is a bug in the mock (docs/architecture.md): reported with its stack, answered 500.
 *
 * @example
 * internalError(context, new Error('boom')).status; // 500
 */
export function internalError(context: RequestContext, error: unknown): AppResponse {
  const { method, path } = context.head;
  context.parts.logError(`[mock] unexpected error on ${method} ${path}:`, error);
  return json(500, { error: `Internal error in the mock: ${(error as Error)?.message ?? String(error)}` });
}
