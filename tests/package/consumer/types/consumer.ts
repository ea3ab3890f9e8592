// A consumer's TypeScript, compiled by the package test under strict consumer flags against the
// installed tarball's declarations. Every `@ts-expect-error` below must be an error, or tsc fails:
// that is what proves the answers are typed, not `any`.
import { setupServer } from 'msw/node';
import { createMock, type Mock, type WorldSummary } from 'workflow-api-mock-kit';
import { createHandlers } from 'workflow-api-mock-kit/msw';
import { startServer, type RunningServer } from 'workflow-api-mock-kit/server';
import { createApiClient, type components } from 'workflow-api-mock-kit/client';
import { signPayload, verifySignature, type VerifyResult } from 'workflow-api-mock-kit/signature';

type Webhook = components['schemas']['Webhook'];

export async function consumer(): Promise<string> {
  const handlers = createHandlers({ baseUrl: 'https://api.example.test/v1', seed: 1 });
  const interceptor = setupServer(...handlers);
  interceptor.listen();
  const api = createApiClient({ baseUrl: 'https://api.example.test/v1', token: 't' });

  const { data, error } = await api.GET('/users/me');
  if (error) return error.error;
  const userId: string = data.data.id;
  // @ts-expect-error the answer is typed: a user has no such field
  console.log(data.data.no_such_field);
  // @ts-expect-error the paths are typed: no such operation
  await api.GET('/users/you');

  const created = await api.POST('/webhooks', {
    params: { query: { url: 'https://hooks.example.com/x', name: 'x', description: 'y' } },
  });
  const hook: Webhook | undefined = created.data?.data;

  const mock: Mock = createMock({ seed: 2 });
  const summary: WorldSummary = mock.control.world('t');
  const running: RunningServer = await startServer({ port: 0, quiet: true });
  await running.close();

  const rawBody = '{}';
  const verdict: VerifyResult = await verifySignature({
    rawBody,
    header: await signPayload({ rawBody, key: 'k' }),
    key: 'k',
  });
  // @ts-expect-error one name for the raw body: `body` is not an option of signPayload
  await signPayload({ body: rawBody, key: 'k' });

  interceptor.close();
  return `${userId} ${hook?.id ?? ''} ${summary.workflows.length} ${verdict.ok}`;
}
