// Stage "head": which of the app's doors a request's path is (docs/architecture.md): the control
// API under /__mock, an HTTP trigger's endpoint under /__endpoints, the API under /v1; any other
// path is 404 here. The path was read once, with the rest of the head (mocks/app/head.ts).
import { apiError } from '../../common/errors.ts';
import { API_PREFIX, endpointOf, isApiPath, isControlPath } from '../head.ts';
import { errorResponse } from '../respond.ts';
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';

/**
 * Sets the context's face (and the document behind it), or answers the 404 of a path outside them all.
 *
 * @example
 * findFace(context); // undefined, context.face === 'api' for GET /v1/users/me
 */
export function findFace(context: RequestContext): AppResponse | undefined {
  const { path } = context.head;
  if (isControlPath(path)) {
    context.face = 'control';
    context.document = context.parts.control;
  } else if (endpointOf(path) !== undefined) {
    context.face = 'endpoint';
  } else if (isApiPath(path)) {
    context.face = 'api';
    context.document = context.parts.api;
  } else {
    const message = `Every API route lives under ${API_PREFIX}; ${path} is not one`;
    return errorResponse(apiError('not_found', message, { path }));
  }
  return undefined;
}
