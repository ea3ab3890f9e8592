// A Pact file's text read (docs/pact.md): the one reading behind `pact check`, `pact verify` and the recorder's
// merge (mocks/app/pact.ts). Browser-safe.
import { isObject, type JsonObject as Json, notJsonReason } from './json.ts';

/**
 * A Pact file (`file`, the whole JSON object), its interactions and whether it is of specification 4
 * (V4's typed interactions and `{content}` bodies), or why the text is no Pact file.
 *
 * @example
 * parsePact('{"interactions":[],"metadata":{"pactSpecification":{"version":"4.0"}}}'); // { file: {...}, interactions: [], v4: true }
 */
export function parsePact(text: string): { file: Json; interactions: unknown[]; v4: boolean } | { refused: string } {
  let pact: unknown;
  try {
    pact = JSON.parse(text);
  } catch (error) {
    return { refused: notJsonReason(error) };
  }
  if (!isObject(pact) || !Array.isArray(pact.interactions))
    return { refused: 'is no Pact file: it has no "interactions" list' };
  const metadata = isObject(pact.metadata) ? pact.metadata : {};
  const spec = isObject(metadata.pactSpecification) ? metadata.pactSpecification.version : undefined;
  return { file: pact, interactions: pact.interactions, v4: typeof spec === 'string' && spec.startsWith('4') };
}
