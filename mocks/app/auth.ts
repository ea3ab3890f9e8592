// Bearer parsing (docs/worlds.md): the token selects the world, its shape
// selects the kind. Three dot-separated base64url segments = workspace OAuth token (JWT form);
// anything else that is a valid RFC 6750 token = user API key.
import { fail, ok, type Result } from '../errors.ts';

export type TokenKind = 'user_api_key' | 'workspace_oauth';

export interface Credentials {
  token: string;
  kind: TokenKind;
}

// RFC 6750 b64token.
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const BASE64URL_SEGMENT = /^[A-Za-z0-9_-]+$/;

export function tokenKind(token: string): TokenKind {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => BASE64URL_SEGMENT.test(part)) ? 'workspace_oauth' : 'user_api_key';
}

/** Reads `Authorization: Bearer <token>`; every way of getting it wrong is the same 401. */
export function authenticate(headers: Record<string, string>): Result<Credentials> {
  const header = headers.authorization;
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
