// Stage "match": the operation of the face's document at the request's method and path (404, or
// 405 with `Allow`). The SDK's project-less Connect paths go to the token's project's operation
// first (mocks/app/project-less.ts), the one case where the world must be open to know the
// operation. A refusal here opens no world; it is journaled in the token's world if the mock holds one.
import { apiError } from '../../common/errors.ts';
import { tokenProject } from '../../store/connect/index.ts';
import { errorResponse } from '../respond.ts';
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';
import { sessionOf } from './session.ts';

/**
 * Sets the context's operation and path parameters, or answers 404 or 405.
 *
 * @example
 * matchOperation(context); // undefined, context.operationId === 'getCurrentUser'
 */
export function matchOperation(context: RequestContext): AppResponse | undefined {
  const { head, parts } = context;
  const document = context.document!;
  const relative = head.path.slice(document.prefix.length) || '/';
  const projectOf = () => tokenProject(sessionOf(context).world, context.credentials!.token);
  const routed = document.kind === 'api' ? parts.projectLess(head.method, relative, projectOf) : relative;
  const lookup = document.validator.matchOperation(head.method, routed);
  if (lookup.kind === 'match') {
    context.operationId = lookup.operationId;
    context.pathParams = lookup.pathParams;
    return undefined;
  }
  context.session ??= parts.store.held(context.credentials!.token);
  if (lookup.kind === 'not_found') {
    return errorResponse(apiError('not_found', document.notFound(head.method, head.path), { path: head.path }));
  }
  const allow = lookup.allowed.join(', ');
  const message = `${head.method} is not allowed on ${head.path}; allowed: ${allow}`;
  return errorResponse(apiError('method_not_allowed', message, { allowed: lookup.allowed }), { allow });
}
