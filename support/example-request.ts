// An example request of the document (openapi/example-requests.ts) as the app receives it: the
// tests that replay the document's examples through `mock.handle` build it the same way.
import type { ExampleRequest } from '../openapi/example-requests.ts';
import type { AppRequest } from '../mocks/app/types.ts';

/**
 * The AppRequest of `request`, sent with `token`'s bearer, its body as JSON text.
 * @example
 * const response = await mock.handle(exampleAppRequest(exampleRequests(document)[0]!, 'test-token'));
 */
export function exampleAppRequest(request: ExampleRequest, token: string): AppRequest {
  const query = request.query.toString();
  return {
    method: request.method,
    url: `/v1${request.path}${query === '' ? '' : `?${query}`}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    body: request.body === undefined ? '' : JSON.stringify(request.body),
  };
}
