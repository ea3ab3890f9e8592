// The checks engine's view of the world: one HTTP exchange, the validator it checks against, a violation.
import type { Validator } from '../../openapi/types.ts';

export type ResponseValidator = Pick<Validator, 'matchOperation' | 'validateResponse'>;

export interface Exchange {
  /** null when the request matched no documented operation. */
  operationId: string | null;
  method: string;
  url: string;
  /** Path without the base URL's path prefix (no /v1), without the query. */
  path: string;
  requestBody: string;
  status: number;
  /** Media type without parameters, or null when absent. */
  contentType: string | null;
  responseHeaders: Record<string, string>;
  responseText: string;
  /** Parsed JSON, or undefined when there is no body / it is not JSON. */
  responseBody: unknown;
}

export type CheckName =
  | 'not_a_server_error'
  | 'documented_operation'
  | 'status_code_conformance'
  | 'content_type_conformance'
  | 'response_schema_conformance'
  | 'id_prefixes'
  | 'json_body'
  | 'prism_violations';

export interface Violation {
  check: CheckName;
  /** JSON pointer into the response body; '' for status/content-type/transport problems. */
  pointer: string;
  message: string;
}
