// createValidator: requests, responses and webhook payloads checked against the document itself, every check the
// schema at a JSON pointer (openapi/schema-check.ts), so fake and suites never disagree. Browser-safe, for MSW.
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
