// Stage "session", its first half: the bearer token, which selects the world and its kind
// (mocks/app/auth.ts). A request without a valid one is 401, as is a token naming a scenario the
// mock does not hold (docs/scenarios.md): refused, never answered from a seeded world in its place.
// No world is opened here: that waits until the operation is known (session.ts).
import { apiError } from '../../common/errors.ts';
import { authenticate } from '../auth.ts';
import { errorResponse } from '../respond.ts';
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';

const INVALID_TOKEN = { 'www-authenticate': 'Bearer error="invalid_token"' };

/**
 * Sets the context's credentials, or answers the 401.
 *
 * @example
 * readCredentials(context); // undefined, context.credentials.token === 'dev-token'
 */
export function readCredentials(context: RequestContext): AppResponse | undefined {
  const auth = authenticate(context.request.headers);
  if (!auth.ok) return errorResponse(auth.error, { 'www-authenticate': 'Bearer' });
  const unknownScenario = context.parts.store.refusal(auth.value.token);
  if (unknownScenario !== null) return errorResponse(apiError('unauthorized', unknownScenario), INVALID_TOKEN);
  context.credentials = auth.value;
  return undefined;
}
