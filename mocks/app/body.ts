// Request body checks that come before schema validation (docs/errors.md): size (413), media type
// (415) and JSON syntax (400). Only operations whose document entry has a JSON requestBody read
// a body; for the others any body is ignored, as a real server would.
import { fail, ok, type Result } from '../errors.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

const encoder = new TextEncoder();

/** UTF-8 size of a string, without encoding it when the length alone decides. */
export function utf8Length(text: string): number {
  if (text.length * 3 <= MAX_BODY_BYTES) return text.length; // exact value irrelevant below the cap
  if (text.length > MAX_BODY_BYTES) return text.length;
  return encoder.encode(text).length;
}

export function isOversized(body: string): boolean {
  return body.length > 0 && utf8Length(body) > MAX_BODY_BYTES;
}

export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'));
}

/**
 * The parsed JSON body of an operation that takes one, `undefined` when none was sent (schema
 * validation then reports a missing required body).
 */
export function readJsonBody(raw: string, headers: Record<string, string>): Result<unknown> {
  if (isOversized(raw)) {
    return fail('payload_too_large', `Request body is larger than ${MAX_BODY_BYTES} bytes`, { limit_bytes: MAX_BODY_BYTES });
  }
  if (raw.trim() === '') return ok(undefined);
  const contentType = headers['content-type'];
  if (!isJsonMediaType(contentType)) {
    return fail('unsupported_media_type', `Request body must be application/json (got ${contentType ?? 'no content-type'})`, {
      content_type: contentType ?? null,
    });
  }
  try {
    return ok(JSON.parse(raw) as unknown);
  } catch (error) {
    return fail('bad_request', `Request body is not valid JSON: ${(error as Error).message}`);
  }
}
