// The validator's public types (re-exported by openapi/validator.ts, the `./validator` entry point).

export interface Issue {
  /** JSON pointer. Request issues start with their location (`/query/limit`, `/body/org_id`); response issues point into the body. */
  pointer: string;
  message: string;
  /** The error code the document names for this failure (`x-error-code` on the schema that failed), if it names one. */
  code?: string;
}

export type OperationLookup =
  | { kind: 'match'; operationId: string; method: string; template: string; pathParams: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

export interface RequestInput {
  pathParams: Record<string, string>;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Parsed JSON body, or undefined when the request has none. */
  body: unknown;
}

export interface RequestValidation {
  issues: Issue[];
  /** Parameter values coerced to their schema types, with schema defaults applied. */
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  /** The JSON body, with the defaults of its top-level properties applied (a copy when one was). */
  body: unknown;
}

export interface Validator {
  operationIds: string[];
  matchOperation(method: string, path: string): OperationLookup;
  validateRequest(operationId: string, request: RequestInput): RequestValidation;
  validateResponse(operationId: string, status: number, contentType: string | null, body: unknown): Issue[];
  validateSchema(schemaName: string, value: unknown): Issue[];
  /** Schemas of one's own that use the document's (`#/components/schemas/X`), checked by the same schema check. */
  extend(name: string, schemas: Record<string, object>): (schemaName: string, value: unknown) => Issue[];
  validateWebhookPayload(webhookName: string, body: unknown): Issue[];
  /** The operation's method, path template and whether it declares a JSON request body. */
  describeOperation(operationId: string): OperationInfo;
}

export interface OperationInfo {
  operationId: string;
  /** Upper case. */
  method: string;
  /** The document's path template, `/workflows/{id}`. */
  template: string;
  hasJsonBody: boolean;
  bodyRequired: boolean;
  parameters: ParameterInfo[];
  /** The token kinds the operation accepts (`x-token-kinds`); undefined: every kind. */
  tokenKinds?: string[];
  /** The documented answers, in document order. */
  responses: ResponseInfo[];
}

export interface ResponseInfo {
  /** As written, upper case: `200`, `4XX`, `DEFAULT`. */
  status: string;
  /** The media type of its body (a JSON one first), null when documented without a body. */
  contentType: string | null;
  /** Its documented headers (lower-case names) with their example values (`Retry-After: 30`). */
  headers: Record<string, string>;
  /** Its named examples (an `example` is named `example`), in document order. */
  examples: Record<string, unknown>;
  /** A body built from its schema (openapi/example-requests.ts), when it has no example. */
  generated?: unknown;
}

export interface ParameterInfo {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  /** JSON pointer (into the document) of the parameter's schema. */
  schemaPointer: string;
  /** The parameter's schema, a `$ref` followed. */
  schema: Record<string, unknown>;
}
