// The one reader of the hand-written YAML, for the generator and the document tests; runtime code imports the
// generated JSON (openapi/generated/document.ts), which works in the browser too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** openapi/openapi.yaml, located from this file so it holds from any working directory. */
export const DOCUMENT_PATH = fileURLToPath(new URL('./openapi.yaml', import.meta.url));
/** openapi/control.yaml: the mock's control API, a document of its own (see its header). */
export const CONTROL_DOCUMENT_PATH = fileURLToPath(new URL('./control.yaml', import.meta.url));

// The parsed YAML is plain JSON data; `Json` keeps the walkers honest about that.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The parsed openapi/openapi.yaml, or another YAML document of the kit. */
export function loadDocument(path = DOCUMENT_PATH): JsonObject {
  return parse(readFileSync(path, 'utf8')) as JsonObject;
}
