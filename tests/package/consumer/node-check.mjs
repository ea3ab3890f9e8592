// Runs inside a consumer project that installed the kit's tarball, under plain Node (no loader,
// no type stripping): imports every entry point and drives one stateful exchange through MSW's
// setupServer and one through the kit's own HTTP server. Prints one JSON line for the test to read.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { setupServer } from 'msw/node';
import * as root from 'workflow-api-mock-kit';
import * as msw from 'workflow-api-mock-kit/msw';
import * as server from 'workflow-api-mock-kit/server';
import * as client from 'workflow-api-mock-kit/client';
import * as validator from 'workflow-api-mock-kit/validator';
import * as signature from 'workflow-api-mock-kit/signature';
import * as delivery from 'workflow-api-mock-kit/delivery';
import * as receiverCheck from 'workflow-api-mock-kit/receiver-check';
import * as contracts from 'workflow-api-mock-kit/contracts';
import document from 'workflow-api-mock-kit/openapi.json' with { type: 'json' };
import document30 from 'workflow-api-mock-kit/openapi-3.0.json' with { type: 'json' };

const require = createRequire(import.meta.url);
const entries = { root, msw, server, client, validator, signature, delivery, receiverCheck, contracts };
const exported = Object.fromEntries(
  Object.entries(entries).map(([name, module]) => [name, Object.keys(module).sort()]),
);

const baseUrl = 'https://api.example.test/v1';
const handlers = msw.createHandlers({ baseUrl, seed: 1 });
const interceptor = setupServer(...handlers);
interceptor.listen({ onUnhandledFrame: 'error' });
const api = client.createApiClient({ baseUrl, token: 'package-test' });
const created = await api.POST('/webhooks', {
  params: { query: { url: 'https://hooks.example.com/package', name: 'package', description: 'from the tarball' } },
});
const listed = await api.GET('/users/me/webhooks');
const refused = await api.POST('/webhooks', {
  params: { query: { url: 'ftp://files.example.com/in', name: 'n', description: 'd' } },
});
interceptor.close();

const running = await server.startServer({ port: 0, quiet: true, seed: 3 });
const me = await fetch(`${running.baseUrl}/users/me`, { headers: { authorization: 'Bearer package-test' } });
const meBody = await me.json();
await running.close();

const rawBody = '{"hello":"package"}';
const header = await signature.signPayload({ rawBody, key: 'k' });
const verdict = await signature.verifySignature({ rawBody, header, key: 'k' });

console.log(
  JSON.stringify({
    node: process.version,
    exported,
    documentTitle: document.info?.title,
    versions: [document.openapi, document30.openapi],
    yamlShipped: existsSync(require.resolve('workflow-api-mock-kit/openapi.yaml')),
    created: { status: created.response.status, id: created.data?.data?.id },
    listedIds: listed.data?.data?.map((webhook) => webhook.id) ?? [],
    refused: { status: refused.response.status, code: refused.error?.code },
    server: { status: me.status, userId: meBody?.data?.id },
    signatureOk: verdict.ok,
  }),
);
