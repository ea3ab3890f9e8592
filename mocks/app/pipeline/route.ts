// Stage "route": the validated input handed to the operation's route (mocks/app/routes.ts for the
// API, mocks/app/control-routes.ts for the control API), which translates it into one store call
// and returns its Result; respond.ts makes the answer of it. An operation other than a read may
// change the world, which the exchange's record says (mocks/app/exchange.ts).
import type { Result } from '../../common/errors.ts';
import { fromResult } from '../respond.ts';
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';
import { keepAnswer } from './kept-read.ts';
import { checkInput } from './validation.ts';

/**
 * The context's operation run on its input, once the document has checked it (validation.ts).
 *
 * @example
 * const result = await runRoute(context); // { ok: true, value: { data: { id: 'p_...' } } }
 */
export function runRoute(context: RequestContext): Result<unknown> | Promise<Result<unknown>> {
  const checked = checkInput(context);
  if (!checked.ok) return checked;
  const document = context.document!;
  const operationId = context.operationId!;
  const route = document.routes[operationId];
  if (route === undefined) throw new Error(`route table has no handler for operation ${operationId}`);
  if (!document.reads.has(operationId)) context.worldChanged = true;
  const { session, credentials } = context;
  const { path, query, header, body } = checked.value;
  const { headers } = context.request;
  return route({ world: session!.world, session, credentials, path, query, header, headers, body } as never);
}

/**
 * The HTTP answer of the route's Result; a read's answer is kept for the next one (kept-read.ts).
 * A value when the route answered at once, else a promise.
 *
 * @example
 * const response = await answerFromRoute(context); // 200 with the created workflow
 */
export function answerFromRoute(context: RequestContext): AppResponse | Promise<AppResponse> {
  const result = runRoute(context);
  return result instanceof Promise ? result.then((settled) => answerOf(context, settled)) : answerOf(context, result);
}

function answerOf(context: RequestContext, result: Result<unknown>): AppResponse {
  const response = fromResult(result);
  keepAnswer(context, response);
  return response;
}
