// One valid request per operation from the document's own examples, else values from the schema: drives Prism and
// the schema-level contract cases without fixtures that could drift from the document.
import { firstExample, valueFromSchema } from './document/example-values.ts';
import { followRef } from './json-pointer.ts';
import { forEachOperation } from './document/operations.ts';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as untyped JSON, checked by its own lint and tests
type Json = Record<string, any>;

export interface ExampleRequest {
  operationId: string;
  method: string;
  /** Path with parameters filled in, without the /v1 prefix (the document's paths). */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
  /** The documented success status (the lowest 2xx). */
  successStatus: number;
}

/**
 * Every operation's documented example request, built from the document alone. `optionalQuery:
 * false` leaves out every optional query parameter, as a runner that drops them (Portman) sends it.
 *
 * @example
 * exampleRequests(document, { optionalQuery: false }).find((r) => r.operationId === 'deleteSubscription');
 */
export function exampleRequests(document: Json, options: { optionalQuery?: boolean } = {}): ExampleRequest[] {
  const optionalQuery = options.optionalQuery ?? true;
  const requests: ExampleRequest[] = [];
  forEachOperation(document, (template, method, op, site) => {
    let path = template;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const { node: param } of site.parameters) {
      const value = firstExample(param, document) ?? valueFromSchema(document, param.schema);
      if (param.in === 'path') path = path.replace(`{${param.name}}`, encodeURIComponent(String(value)));
      else if (param.in === 'query') {
        const shown = optionalQuery && firstExample(param, document) !== undefined;
        if (param.required || shown) query.set(String(param.name), String(value));
      } else if (param.in === 'header' && param.required) headers[String(param.name).toLowerCase()] = String(value);
    }
    let body: unknown;
    if (op.requestBody) {
      const requestBody = followRef(document, op.requestBody).node as Json;
      const media = requestBody.content?.['application/json'] as Json | undefined;
      if (media) body = firstExample(media, document) ?? valueFromSchema(document, media.schema);
    }
    const success = Object.keys(op.responses ?? {})
      .filter((s) => /^2\d\d$/.test(s))
      .map(Number)
      .sort((a, b) => a - b)[0];
    const operationId = String(op.operationId);
    requests.push({
      operationId,
      method: method.toUpperCase(),
      path,
      query,
      headers,
      body,
      successStatus: success ?? 200,
    });
  });
  return requests;
}
