// A response, a named component schema and an outbound webhook payload, against the document.
import type { ResolvedOperation } from './document/resolve.ts';
import { escapePointer } from './json-pointer.ts';
import type { SchemaChecks } from './schema-check.ts';
import type { Issue } from './types.ts';

export function validateResponse(
  schemas: SchemaChecks,
  operation: ResolvedOperation,
  status: number,
  contentType: string | null,
  body: unknown,
): Issue[] {
  const { operationId } = operation.info;
  const key = documentedStatusKey(operation.responses, status);
  const documented = key === undefined ? undefined : operation.responses.get(key);
  if (!documented) {
    const listed = [...operation.responses.keys()].join(', ');
    return [{ pointer: '', message: `status ${status} is not documented for ${operationId} (documented: ${listed})` }];
  }
  if (documented.content.size === 0) {
    const empty = body === undefined || body === null || body === '';
    return empty
      ? []
      : [{ pointer: '', message: `status ${status} of ${operationId} is documented without a body, but one was sent` }];
  }
  const mediaType = mediaTypeOf(contentType);
  if (!documented.content.has(mediaType)) {
    const listed = [...documented.content.keys()].join(', ');
    const message = `content type "${contentType ?? ''}" is not documented for ${operationId} ${status} (documented: ${listed})`;
    return [{ pointer: '', message }];
  }
  const schemaPointer = documented.content.get(mediaType);
  return schemaPointer ? schemas.issues(schemaPointer, body, '') : [];
}

export function validateSchema(schemas: SchemaChecks, document: object, schemaName: string, value: unknown): Issue[] {
  const components = ((document as { components?: { schemas?: object } }).components?.schemas ?? {}) as object;
  if (!(schemaName in components)) throw new Error(`unknown schema ${schemaName}`);
  return schemas.issues(`/components/schemas/${escapePointer(schemaName)}`, value, '');
}

/** `bodies` from resolveWebhookBodies: webhook name -> its POST body schema pointer. */
export function validateWebhookPayload(
  schemas: SchemaChecks,
  bodies: ReadonlyMap<string, string | null>,
  webhookName: string,
  body: unknown,
): Issue[] {
  if (!bodies.has(webhookName)) throw new Error(`unknown webhook ${webhookName}`);
  const pointer = bodies.get(webhookName);
  if (!pointer) throw new Error(`webhook ${webhookName} has no POST request body`);
  return schemas.issues(pointer, body, '');
}

/**
 * The documented response an answer of `status` falls under: the exact status, then its range
 * (`4XX`), then `DEFAULT`; its key as the resolved document writes it (upper case), or undefined.
 * @example
 * documentedStatusKey(new Map([['200', {}], ['4XX', {}]]), 404); // '4XX'
 */
export function documentedStatusKey(responses: ReadonlyMap<string, unknown>, status: number): string | undefined {
  const code = String(status);
  for (const key of [code, `${code[0]}XX`, 'DEFAULT']) if (responses.has(key)) return key;
  return undefined;
}

/**
 * A Content-Type's media type, its parameters dropped, lower case.
 * @example
 * mediaTypeOf('Application/JSON; charset=utf-8'); // 'application/json'
 */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
