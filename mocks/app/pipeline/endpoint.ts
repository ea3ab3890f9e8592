// An HTTP trigger's endpoint (docs/worlds.md, "Workflow endpoints"), the app's third door, outside
// /v1 and its document: the bearer's world when the request carries one (`invokeForExternalUser`),
// else the world that holds the key; any method; the body as JSON when it says so, else its text.
// An invocation changes its world (quotas, events).
import { apiError } from '../../common/errors.ts';
import { authenticate } from '../auth.ts';
import { parseRequestBody } from '../body.ts';
import { endpointOf } from '../head.ts';
import { errorResponse, fromResult } from '../respond.ts';
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';
import { sessionOf } from './session.ts';

const SEND_THE_BEARER = 'send the bearer of its world, or open that world first';
const JSON_MEDIA_TYPE = /^application\/([a-z.+-]*\+)?json\s*(;|$)/i;

/**
 * Runs the endpoint request of the context in the world it names; 404 when no world holds the key.
 *
 * @example
 * invokeEndpoint(context).status; // 200 from the workflow's HTTP trigger
 */
export function invokeEndpoint(context: RequestContext): AppResponse {
  const { request, head, parts } = context;
  const { key, rest } = endpointOf(head.path)!;
  if (parts.endpoints === undefined) {
    const none = `This mock serves no workflow endpoints (${head.path})`;
    return errorResponse(apiError('not_found', none, { path: head.path }));
  }
  const auth = request.headers.authorization === undefined ? undefined : authenticate(request.headers);
  if (auth !== undefined && !auth.ok) return errorResponse(auth.error, { 'www-authenticate': 'Bearer' });
  if (auth === undefined) context.session = parts.store.endpointSession(key);
  else context.credentials = auth.value;
  if (context.session === undefined && auth === undefined) {
    const message = `No workflow endpoint ${key} in the worlds this mock holds: ${SEND_THE_BEARER}`;
    return errorResponse(apiError('not_found', message, { key }));
  }
  const session = sessionOf(context);
  const json = request.body.trim() !== '' && JSON_MEDIA_TYPE.test(request.headers['content-type'] ?? '');
  const body = parseRequestBody(request.body, request.headers, json);
  if (!body.ok) return errorResponse(body.error);
  context.worldChanged = true;
  const invocation = {
    method: head.method,
    path: rest,
    query: head.query,
    headers: request.headers,
    body: json ? body.value : request.body === '' ? null : request.body,
  };
  return fromResult(parts.endpoints(session.world, key, invocation));
}
