// Stage "validation", the one trust boundary (docs/architecture.md): the body read before the
// schema (413, 415, 400: mocks/app/body.ts), then the parameters and body against the document
// (400, or 404 for a path ID of the wrong shape: mocks/app/issues.ts), then the operation's
// `x-token-kinds` (403). What passes is the route's input, typed, coerced and defaulted.
import { fail, type Result } from '../../common/errors.ts';
import type { RequestInput, RequestValidation } from '../../../openapi/validator.ts';
import { parseRequestBody } from '../body.ts';
import { refusal } from '../issues.ts';
import { errorResponse } from '../respond.ts';
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';

/**
 * Reads the request's body as its operation takes it (JSON or none) into the context's input, or
 * answers why it cannot be read.
 *
 * @example
 * readOperationBody(context); // undefined, context.input.body === { name: 'x' }
 */
export function readOperationBody(context: RequestContext): AppResponse | undefined {
  const { request, head } = context;
  const takesJson = context.document!.takesJsonBody.has(context.operationId!);
  const body = parseRequestBody(request.body, request.headers, takesJson);
  if (!body.ok) return errorResponse(body.error);
  const query = new URLSearchParams(head.query);
  context.input = { pathParams: context.pathParams, query, headers: request.headers, body: body.value };
  return undefined;
}

/**
 * The context's input checked against its operation and its token kinds: what the route receives,
 * or the refusal.
 *
 * @example
 * const checked = checkInput(context); // { ok: true, value: { path, query, header, body } }
 */
export function checkInput(context: RequestContext): Result<RequestValidation> {
  const document = context.document!;
  const operationId = context.operationId!;
  const validated = document.validator.validateRequest(operationId, context.input as RequestInput);
  const refused = refusal(context.head.path, validated.issues);
  if (refused !== null) return { ok: false, error: refused };
  const { tokenKinds, method, template } = document.validator.describeOperation(operationId);
  // The login has no token yet, and its operation names no token kinds.
  const kind = context.credentials?.kind ?? 'none';
  if (tokenKinds !== undefined && !tokenKinds.includes(kind)) {
    const message = `${method} ${document.prefix}${template} accepts ${tokenKinds.join(', ')} tokens only, not ${kind}`;
    return fail('forbidden_token_kind', message, { token_kind: kind });
  }
  return { ok: true, value: validated };
}
