// `prism mock` serves the document on its own: every operation, called with a valid request built
// from the document's examples, answers its documented 2xx with a body that validates against the
// response schema; a request without a bearer token is refused. Static mode serves our examples;
// dynamic mode generates bodies from the schemas, which proves the ID patterns drive Prism too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document } from './generated/document.ts';
import { exampleRequests } from './example-requests.ts';
import { validator } from './validator.ts';
import { startPrism, type PrismProcess } from '../cli/prism-launcher.ts';

const requests = exampleRequests(document);

async function call(prism: PrismProcess, request: (typeof requests)[number], token: string | null) {
  const url = `${prism.url}${request.path}${request.query.size ? `?${request.query}` : ''}`;
  const headers: Record<string, string> = { ...request.headers };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (request.body !== undefined || ['POST', 'PUT', 'DELETE'].includes(request.method))
    headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type');
  // A file download (fileStash.downloadFile) answers its bytes; every other answer is JSON.
  const body = text === '' ? undefined : (contentType ?? '').includes('json') ? JSON.parse(text) : text;
  return { status: response.status, contentType, text, body };
}

for (const mode of ['static', 'dynamic'] as const) {
  describe(`prism mock (${mode})`, () => {
    let prism: PrismProcess;
    beforeAll(async () => {
      prism = await startPrism({ mode: 'mock', port: 0, dynamic: mode === 'dynamic' });
    });
    afterAll(async () => {
      await prism?.close();
    });

    it('the document has the operations we expect to exercise', () => {
      expect(requests.length).toBeGreaterThanOrEqual(18);
    });

    it.each(requests.map((r) => [`${r.method} ${r.path}`, r] as const))(
      '%s answers its documented 2xx with a valid body',
      async (_label, request) => {
        const answer = await call(prism, request, 'prism-test-token');
        expect(answer.status, `${request.operationId}: ${answer.text}\n${prism.output().slice(-2000)}`).toBe(
          request.successStatus,
        );
        const issues = validator.validateResponse(request.operationId, answer.status, answer.contentType, answer.body);
        expect(issues, `${request.operationId}: ${JSON.stringify(answer.body)}`).toEqual([]);
      },
    );

    // The OAuth login and the revocation of its token are the operations without a bearer (`security: []`).
    const guarded = requests.filter(
      (r) => r.operationId !== 'createOAuthToken' && r.operationId !== 'revokeOAuthToken',
    );
    it.each(guarded.map((r) => [`${r.method} ${r.path}`, r] as const))(
      '%s without a bearer token is refused with 401',
      async (_label, request) => {
        const answer = await call(prism, request, null);
        expect(answer.status).toBe(401);
      },
    );
  });
}
