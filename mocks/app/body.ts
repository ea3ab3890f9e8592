// Request body checks before schema validation (docs/errors.md): size (413), media type (415), JSON syntax (400),
// shape bounds (400 `json_too_complex`); only operations with a JSON requestBody read a body, as a real server.
import { fail, ok, type Result } from '../common/errors.ts';
import { escapePointer } from '../../openapi/json-pointer.ts';
import { MAX_BODY_BYTES, payloadTooLarge } from './head.ts';

/**
 * How deep a JSON body may nest: validation, the store and the delivery engine walk values recursively
 * (docs/errors.md). 64 is far beyond any request of the document and far below any overflow.
 */
export const MAX_JSON_DEPTH = 64;
/** How many items one JSON array may hold: a 1 MiB body fits ~500,000, each an issue when wrong. */
export const MAX_JSON_ARRAY_ITEMS = 10_000;

const encoder = new TextEncoder();

/**
 * Whether `text` takes more than `limit` bytes in UTF-8, without encoding it when its length alone
 * decides (a character is one to three bytes).
 *
 * @example
 * overBytes('é'.repeat(40_000), 64 * 1024); // true: 80,000 bytes
 */
export function overBytes(text: string, limit: number): boolean {
  if (text.length * 3 <= limit) return false;
  if (text.length > limit) return true;
  return encoder.encode(text).length > limit;
}

function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType.startsWith('application/') && mediaType.endsWith('+json'));
}

/**
 * The body an operation receives: a body over the limit is 413 whatever the operation; for an
 * operation that takes JSON (`takesJson`), the parsed value, `undefined` when none was sent
 * (schema validation then reports a missing required body); for the others `undefined`.
 *
 * @example
 * parseRequestBody('{"a":1}', { 'content-type': 'application/json' }, true); // { ok: true, value: { a: 1 } }
 */
export function parseRequestBody(raw: string, headers: Record<string, string>, takesJson: boolean): Result<unknown> {
  if (overBytes(raw, MAX_BODY_BYTES)) return { ok: false, error: payloadTooLarge() };
  if (!takesJson || raw.trim() === '') return ok(undefined);
  const contentType = headers['content-type'];
  if (!isJsonMediaType(contentType)) {
    return fail(
      'unsupported_media_type',
      `Request body must be application/json (got ${contentType ?? 'no content-type'})`,
      { content_type: contentType ?? null },
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch (error) {
    return fail('bad_request', `Request body is not valid JSON: ${(error as Error).message}`);
  }
  return withinJsonBounds(value);
}

/**
 * `value` when it nests at most MAX_JSON_DEPTH deep and no array holds more than MAX_JSON_ARRAY_ITEMS, else a 400
 * naming the first place past a bound. Iterative, so it cannot overflow the stack; a cyclic object (the control
 * API's JS face takes objects) breaks the depth bound instead of looping.
 */
export function withinJsonBounds(value: unknown): Result<unknown> {
  // Depth first in document order; a pending node keeps its parent's entry and key: only the answer builds a pointer.
  const pending: Visit[] = [{ node: value, depth: 0 }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const { node, depth } = visit;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_JSON_DEPTH)
      return tooComplex(`nests deeper than ${MAX_JSON_DEPTH} levels`, visit, {
        limit: 'depth',
        max_depth: MAX_JSON_DEPTH,
      });
    if (Array.isArray(node)) {
      if (node.length > MAX_JSON_ARRAY_ITEMS) {
        const details = { limit: 'array_items', max_array_items: MAX_JSON_ARRAY_ITEMS, array_items: node.length };
        return tooComplex(`holds an array of ${node.length} items (at most ${MAX_JSON_ARRAY_ITEMS})`, visit, details);
      }
      for (let i = node.length - 1; i >= 0; i--)
        pending.push({ node: node[i], depth: depth + 1, parent: visit, key: String(i) });
    } else {
      const keys = Object.keys(node);
      for (let i = keys.length - 1; i >= 0; i--)
        pending.push({
          node: (node as Record<string, unknown>)[keys[i]!],
          depth: depth + 1,
          parent: visit,
          key: keys[i]!,
        });
    }
  }
  return ok(value);
}

interface Visit {
  node: unknown;
  depth: number;
  parent?: Visit;
  key?: string;
}

function tooComplex(what: string, at: Visit, details: Record<string, unknown>): Result<never> {
  const segments: string[] = [];
  for (let visit: Visit | undefined = at; visit?.key !== undefined; visit = visit.parent)
    segments.push(`/${escapePointer(visit.key)}`);
  const pointer = `/body${segments.reverse().join('')}`;
  return fail('json_too_complex', `Request body ${what} at ${pointer}`, { ...details, pointer });
}
