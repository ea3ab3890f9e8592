// Bearer parsing (docs/worlds.md): the token selects the world, its shape the kind: three dot-separated base64url
// segments are a workspace OAuth token (JWT form), any other valid RFC 6750 token a user API key.
import { fail, ok, type Result } from '../common/errors.ts';
import { stableKey } from '../ids/random.ts';

export type TokenKind = 'user_api_key' | 'workspace_oauth';

export interface Credentials {
  token: string;
  kind: TokenKind;
}

// RFC 6750 b64token.
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]+$/;

export function tokenKind(token: string): TokenKind {
  // Most tokens hold no dot: known without splitting (this runs on every request).
  if (!token.includes('.')) return 'user_api_key';
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => BASE64URL_SEGMENT.test(part)) ? 'workspace_oauth' : 'user_api_key';
}

/** The last header read well, and its reading: a client sends the same bearer on every request. */
let lastHeader: string | undefined;
let lastReading: Result<Credentials> | undefined;

/** Reads `Authorization: Bearer <token>`; every way of getting it wrong is the same 401. */
export function authenticate(headers: Record<string, string>): Result<Credentials> {
  const header = headers.authorization;
  if (header !== undefined && header === lastHeader) return lastReading!;
  const reading = readAuthorization(header);
  if (reading.ok) {
    lastHeader = header;
    lastReading = reading;
  }
  return reading;
}

function readAuthorization(header: string | undefined): Result<Credentials> {
  if (header === undefined || header.trim() === '') {
    return fail('unauthorized', 'Missing Authorization header; send "Authorization: Bearer <token>"');
  }
  const match = /^Bearer +(\S*)\s*$/i.exec(header);
  const token = match?.[1];
  if (token === undefined || token === '') {
    return fail('unauthorized', 'Malformed Authorization header; expected "Bearer <token>"');
  }
  if (!B64TOKEN.test(token)) {
    return fail('unauthorized', 'Malformed bearer token; it must match [A-Za-z0-9-._~+/]+=*');
  }
  return ok({ token, kind: tokenKind(token) });
}

/** The operations called without a bearer (openapi/openapi.yaml, `security: []`): the OAuth client-credentials login, */
export const OAUTH_TOKEN_OPERATION = 'createOAuthToken';
/** and the revocation of the token it issued (the service's reference, "Revoke an access token"). */
export const OAUTH_REVOKE_OPERATION = 'revokeOAuthToken';

/** Lifetime of an issued workspace OAuth token, as the service's docs show it: one hour. */
const OAUTH_TOKEN_TTL_SECONDS = 3600;

export interface OAuthToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

function base64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A workspace OAuth token (JWT form: `tokenKind` reads `workspace_oauth`) for a client, the same bearer for the same
 * `client_id`, so its every token opens one world (docs/worlds.md) and a re-login keeps its data. Browser-safe.
 *
 * @example
 * issueOAuthToken('9vLWzm7fK2qT').access_token; // 'eyJhbGciOi...' (three segments)
 */
export function issueOAuthToken(clientId: string): OAuthToken {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: 'workflow-api-mock-kit', sub: clientId }));
  const signature = base64url(stableKey(`oauth-client:${clientId}`));
  // No `created_at`: the SDK's CreateOAuthTokenResponse has none.
  return {
    access_token: `${header}.${claims}.${signature}`,
    token_type: 'Bearer',
    expires_in: OAUTH_TOKEN_TTL_SECONDS,
  };
}
