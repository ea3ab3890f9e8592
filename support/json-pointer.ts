// Pointers built from keys, for the document's tests: the runtime only ever escapes one segment at
// a time (openapi/json-pointer.ts escapePointer), so this lives in test support.
import { escapePointer } from '../openapi/json-pointer.ts';

/**
 * The pointer of a path of keys and indexes.
 *
 * @example
 * pointerFrom(['paths', '/users/me', 'get']); // '/paths/~1users~1me/get'
 */
export function pointerFrom(segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${escapePointer(String(segment))}`).join('');
}
