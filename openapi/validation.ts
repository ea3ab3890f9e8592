// createValidator: a document's requests, responses and webhook payloads checked against the
// document itself. Nothing here re-types a rule by hand: every check applies the schema at a JSON
// pointer into the document (openapi/schema-check.ts, held to Ajv's answers by its test), so the
// fake and the contract suites can never disagree about a schema. The document is read once, here,
// into a resolved view (openapi/document/resolve.ts); routing, request and response checks are
// their own modules.
// Browser-safe (no Node imports): the MSW handlers validate requests with it in the browser too.
import { resolveOperations, resolveWebhookBodies, type ResolvedOperation } from './document/resolve.ts';
import { validateRequest } from './request.ts';
import { validateResponse, validateSchema, validateWebhookPayload } from './response.ts';
import { createRouter } from './router.ts';
import { schemaChecks } from './schema-check.ts';
import type { Validator } from './types.ts';

/**
 * A validator for any OpenAPI 3.1 document (plain JSON data, local `$ref`s only).
 * @example
 * const validator = createValidator(document);
 * const lookup = validator.matchOperation('GET', '/users/me');
 * if (lookup.kind === 'match') validator.validateRequest(lookup.operationId, { pathParams: lookup.pathParams, query, headers, body: undefined });
 */
export function createValidator(document: object): Validator {
  const schemas = schemaChecks(document);
  const operations = resolveOperations(document);
  const byId = new Map(operations.map((operation) => [operation.info.operationId, operation]));
  const webhookBodies = resolveWebhookBodies(document);
  const router = createRouter(operations.map((operation) => operation.info));
  const find = (operationId: string): ResolvedOperation => {
    const operation = byId.get(operationId);
    if (!operation) throw new Error(`unknown operationId ${operationId}`);
    return operation;
  };
  return {
    operationIds: router.order.map((operation) => operation.operationId),
    describeOperation: (operationId) => find(operationId).info,
    matchOperation: router.match,
    validateRequest: (operationId, request) => validateRequest(schemas, find(operationId), request),
    validateResponse: (operationId, status, contentType, body) =>
      validateResponse(schemas, find(operationId), status, contentType, body),
    validateSchema: (schemaName, value) => validateSchema(schemas, document, schemaName, value),
    extend(name, own) {
      const check = schemas.extend(name, own);
      return (schemaName, value) => check(schemaName, value, '');
    },
    validateWebhookPayload: (webhookName, body) => validateWebhookPayload(schemas, webhookBodies, webhookName, body),
  };
}
