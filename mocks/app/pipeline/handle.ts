// The request pipeline (docs/architecture.md, "A request, stage by stage"): one request, one
// context, and the stages in their order, each a function of its own module that answers (ending
// the pipeline) or hands the request on, as Hono's `compose` and MSW's `handleRequest` read. The
// control API takes the same stages but the upstream and the faults; `mock.control` takes the
// document's check and the route (`callControl`). Nothing here throws for bad input: an exception
// is a bug and answers 500 (answer.ts).
import type { Result } from '../../common/errors.ts';
import type { RequestInput } from '../../../openapi/validator.ts';
import { withinJsonBounds } from '../body.ts';
import { tokenKind } from '../auth.ts';
import type { ControlOperationId } from '../control.ts';
import { CONTROL_PREFIX, type RequestHead } from '../head.ts';
import { fromResult } from '../respond.ts';
import type { AppRequest, AppResponse } from '../types.ts';
import { finishExchange, internalError } from './answer.ts';
import { type AppParts, beginExchange, type RequestContext } from './context.ts';
import { readCredentials } from './credentials.ts';
import { invokeEndpoint } from './endpoint.ts';
import { findFace } from './face.ts';
import { applyFaults, waitFaultDelay } from './faults.ts';
import { answerKeptRead } from './kept-read.ts';
import { isLogin, logIn } from './login.ts';
import { matchOperation } from './match.ts';
import { answerFromRoute, runRoute } from './route.ts';
import { openSession, sessionOf } from './session.ts';
import { askUpstream } from './upstream.ts';
import { readOperationBody } from './validation.ts';

/**
 * Answers one request: the stages, then the exchange hook (answer.ts). The answer is a value when
 * no stage waited (a kept read, most reads and writes), else a promise: a request that waits for
 * nothing takes no turn of the microtask queue per stage (docs/performance.md).
 *
 * @example
 * const response = await handleRequest(parts, request, readHead(request.method, request.url));
 */
export function handleRequest(
  parts: AppParts,
  request: AppRequest,
  head: RequestHead,
): AppResponse | Promise<AppResponse> {
  const context = beginExchange(parts, request, head);
  let answered: AppResponse | Promise<AppResponse>;
  try {
    answered = answerRequest(context);
  } catch (error) {
    answered = internalError(context, error);
  }
  if (!(answered instanceof Promise)) return finishExchange(context, answered);
  return answered.then(
    (response) => finishExchange(context, response),
    (error: unknown) => finishExchange(context, internalError(context, error)),
  );
}

/** The stages in order; the first answer ends the list. */
function answerRequest(context: RequestContext): AppResponse | Promise<AppResponse> {
  const outside = findFace(context); // head
  if (outside !== undefined) return outside;
  if (context.face === 'endpoint') return invokeEndpoint(context);
  if (context.face === 'api' && context.parts.upstream !== undefined) return answerBesideUpstream(context);
  return answerHere(context);
}

/** The upstream stage first (upstream.ts); what it leaves to the mock goes on to the mock's stages. */
async function answerBesideUpstream(context: RequestContext): Promise<AppResponse> {
  return (await askUpstream(context)) ?? answerHere(context); // upstream
}

/** The mock's own stages, from the bearer on. */
function answerHere(context: RequestContext): AppResponse | Promise<AppResponse> {
  if (isLogin(context)) return logIn(context);
  const refused =
    readCredentials(context) ?? // session: the bearer
    matchOperation(context) ?? // match
    openSession(context) ?? // session: the world, once the operation is known
    applyFaults(context); // faults
  const delay = waitFaultDelay(context);
  if (delay !== undefined) return delay.then(() => refused ?? answerOperation(context));
  return refused ?? answerOperation(context);
}

/** The operation's answer: a kept read, else the body read and checked, then the route. */
function answerOperation(context: RequestContext): AppResponse | Promise<AppResponse> {
  return (
    answerKeptRead(context) ?? // a read kept since the world last changed
    readOperationBody(context) ?? // validation
    answerFromRoute(context) // validation, route
  );
}

/**
 * `mock.control`'s way to a control operation (mocks/app/control.ts): the caller's arguments are
 * its input (objects, so the bounds of a parsed body first, mocks/app/body.ts), then the same
 * document check and route as `/__mock/...`; the hook sees it as the request it stands for.
 *
 * @example
 * callControl(parts, 'setRateLimit', 'dev-token', { body: { requests: 2 } }); // { ok: true, value: { data: {...} } }
 */
export function callControl(
  parts: AppParts,
  operationId: ControlOperationId,
  token: string,
  input: Partial<RequestInput>,
): Result<unknown> | Promise<Result<unknown>> {
  const bounded = withinJsonBounds(input.body);
  if (!bounded.ok) return bounded;
  const pathParams = input.pathParams ?? {};
  const query = input.query ?? new URLSearchParams();
  const { method, template } = parts.control.validator.describeOperation(operationId);
  // Where a refusal says it happened: the path the HTTP face would have been called at.
  const path = CONTROL_PREFIX + template.replace(/\{([^}]+)\}/g, (_, name: string) => pathParams[name] ?? '');
  const search = query.toString();
  const request = {
    method,
    url: search === '' ? path : `${path}?${search}`,
    headers: { authorization: `Bearer ${token}` },
    body: input.body === undefined ? '' : JSON.stringify(input.body),
  };
  const context = beginExchange(parts, request, { method, path, query: search });
  context.face = 'control';
  context.document = parts.control;
  context.operationId = operationId;
  context.pathParams = pathParams;
  context.credentials = { token, kind: tokenKind(token) };
  context.input = { pathParams, query, headers: {}, body: input.body };
  sessionOf(context);
  // The caller gets the route's Result: the subscribers that may refuse an answer (the `--state`
  // log) keep requests only, as browser persistence does.
  const finish = (result: Result<unknown>) => {
    finishExchange(context, fromResult(result), 'mock.control');
    return result;
  };
  const result = runRoute(context);
  return result instanceof Promise ? result.then(finish) : finish(result);
}
