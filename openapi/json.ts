// The one check of a JSON object (not an array, not null) the readers of outside input share. Browser-safe.

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

/**
 * Why a text is not JSON, from JSON.parse's error, never quoting the text: V8's message quotes the
 * bytes at the fault (`Unexpected token 'd', "db_passwor"...`), and a file named by mistake may hold
 * secrets. V8's message when it quotes nothing, else its line and column when it gives them.
 *
 * @example
 * notJsonReason(new SyntaxError('Unexpected token \'d\', "db_passwor"... is not valid JSON')); // 'is not JSON'
 */
export function notJsonReason(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (message !== '' && !/["']/.test(message)) return `is not JSON (${message})`;
  const at = /\(line (\d+) column (\d+)\)/.exec(message);
  return at === null ? 'is not JSON' : `is not JSON (line ${at[1]}, column ${at[2]})`;
}
