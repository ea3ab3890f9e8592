// The one operation called without a bearer (mocks/app/auth.ts): `POST /v1/oauth/token`, answered
// in the world the token it issues opens. Its body is checked against the document like any other
// (the client is not known before); then the faults of that world, as for any request of it: the
// server's `--fail-rate`, `--rate-limit` and latency, those the control API set for that world
// (`?client_id=`, docs/control-api.md) and `Prefer`; then the token.
import { API_PREFIX } from '../head.ts';
import { issueOAuthToken, OAUTH_TOKEN_OPERATION } from '../auth.ts';
import { errorResponse, json } from '../respond.ts';
import type { AppResponse } from '../types.ts';
import type { RequestContext } from './context.ts';
import { applyFaults, waitFaultDelay } from './faults.ts';
import { sessionOf } from './session.ts';
import { checkInput, readOperationBody } from './validation.ts';

const OAUTH_TOKEN_PATH = `${API_PREFIX}/oauth/token`;

/**
 * Whether the context's request is the login (matched by path, before any bearer is asked for).
 *
 * @example
 * isLogin(context); // true for POST /v1/oauth/token
 */
export function isLogin(context: RequestContext): boolean {
  return context.face === 'api' && context.head.method === 'POST' && context.head.path === OAUTH_TOKEN_PATH;
}

/**
 * Answers the login: the issued token, or the refusal of its body or of its world's faults.
 *
 * @example
 * (await logIn(context)).status; // 200 with { access_token, token_type: 'Bearer', expires_in: 3600 }
 */
export async function logIn(context: RequestContext): Promise<AppResponse> {
  context.operationId = OAUTH_TOKEN_OPERATION;
  const unread = readOperationBody(context);
  if (unread !== undefined) return unread;
  const checked = checkInput(context);
  if (!checked.ok) return errorResponse(checked.error);
  const token = issueOAuthToken((checked.value.body as { client_id: string }).client_id);
  context.credentials = { token: token.access_token, kind: 'workspace_oauth' };
  sessionOf(context);
  const refused = applyFaults(context);
  await waitFaultDelay(context);
  return refused ?? json(200, token);
}
