// The one check of a JSON object that the kit's readers of outside input share (a Pact file, a
// HAR, a state file, a document's operations, the values a link's expressions read): an object,
// not an array, not null. Pure and browser-safe.

/** A JSON object's members. */
export type JsonObject = Record<string, unknown>;

/**
 * Whether `value` is a JSON object: not an array, not null.
 *
 * @example
 * isObject({ interactions: [] }); // true
 * isObject([]); // false
 */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
