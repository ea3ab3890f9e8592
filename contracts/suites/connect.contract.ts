// Connect: PUT /connect/{project_id}/webhook, POST /connect/{project_id}/tokens,
// GET /connect/{project_id}/accounts/{account_id}, PUT .../deployed-triggers/{trigger_id}/webhooks.
// Setting a project's or a trigger's webhook cannot be undone through the API, so those writes
// never run against a live server.
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import { authCases, expectStatus, unknownId } from '../cases.ts';

const contract = await useContract();
const { api, ids, caseIf, control } = contract;

const project = async () => {
  const id = await ids.projectId();
  expect(id, 'no project id: set CONTRACT_PROJECT_ID').toBeDefined();
  return id!;
};
const freshEnvironment = () => `contract-${randomBytes(4).toString('hex')}`;

describe('connect', () => {
  describe('schema-level', () => {
    caseIf(['writes', 'disposable'], 'setProjectWebhook answers the environment webhook', async () => {
      const answer = await api.put(`/connect/${await project()}/webhook`, {
        headers: { 'x-pd-environment': 'development' },
        body: { webhook_url: 'https://example.com/contract-project-hook' },
      });
      expectStatus(answer, 200);
    });

    caseIf(['writes'], 'createConnectToken answers a ctok_ token with its expiry', async () => {
      const answer = await api.post(`/connect/${await project()}/tokens`, {
        headers: { 'x-pd-environment': 'production' },
        body: { external_user_id: 'contract-user-1', webhook_uri: 'https://example.com/contract-connect' },
      });
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(Date.parse(answer.body.expires_at)).toBeGreaterThan(Date.now());
    });

    caseIf([], 'getConnectedAccount answers a connected account', async () => {
      const accountId = await ids.accountId();
      expect(accountId, 'no account id: set CONTRACT_ACCOUNT_ID').toBeDefined();
      const answer = await api.get(`/connect/${await project()}/accounts/${accountId}`);
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body.data.credentials, 'credentials only with include_credentials=true').toBeUndefined();
    });

    caseIf([], 'getConnectedAccount with include_credentials=true adds credentials', async () => {
      const answer = await api.get(`/connect/${await project()}/accounts/${await ids.accountId()}`, { query: { include_credentials: 'true' } });
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(typeof answer.body.data.credentials).toBe('object');
    });

    caseIf(['writes', 'disposable'], 'setDeployedTriggerWebhooks answers the URLs and a signing key', async () => {
      const triggerId = await ids.triggerId();
      expect(triggerId, 'no deployed trigger id: set CONTRACT_TRIGGER_ID').toBeDefined();
      const urls = ['https://example.com/contract-trigger-a', 'https://example.com/contract-trigger-b'];
      const answer = await api.put(`/connect/${await project()}/deployed-triggers/${triggerId}/webhooks`, { body: { webhook_urls: urls } });
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body.data).toMatchObject({ trigger_id: triggerId, webhook_urls: urls });
    });
  });

  authCases(contract, ['setProjectWebhook', 'createConnectToken', 'getConnectedAccount', 'setDeployedTriggerWebhooks']);

  describe('negative_data_rejection', () => {
    caseIf(['enforcesRules'], 'setProjectWebhook without x-pd-environment is 400', async () => {
      expectStatus(await api.put(`/connect/${await project()}/webhook`, { body: { webhook_url: 'https://example.com/h' } }), 400);
    });

    for (const url of ['ftp://x', 'example.com/hook', 'http://']) {
      caseIf(['enforcesRules'], `setProjectWebhook refuses webhook_url ${url} with 400`, async () => {
        const answer = await api.put(`/connect/${await project()}/webhook`, { headers: { 'x-pd-environment': freshEnvironment() }, body: { webhook_url: url } });
        expectStatus(answer, 400);
      });
    }

    caseIf(['enforcesRules'], 'setProjectWebhook without a URL in the body is 400', async () => {
      expectStatus(await api.put(`/connect/${await project()}/webhook`, { headers: { 'x-pd-environment': freshEnvironment() }, body: {} }), 400);
    });

    caseIf(['enforcesRules', 'stateful'], 'setProjectWebhook of an unknown project is 404', async () => {
      const answer = await api.put(`/connect/${unknownId('proj_')}/webhook`, { headers: { 'x-pd-environment': 'production' }, body: { webhook_url: 'https://example.com/h' } });
      expectStatus(answer, 404);
    });

    caseIf(['enforcesRules'], 'createConnectToken without external_user_id is 400', async () => {
      expectStatus(await api.post(`/connect/${await project()}/tokens`, { body: { webhook_uri: 'https://example.com/h' } }), 400);
    });

    caseIf(['enforcesRules'], 'createConnectToken with an unsupported webhook_uri is 400', async () => {
      expectStatus(await api.post(`/connect/${await project()}/tokens`, { body: { external_user_id: 'u1', webhook_uri: 'ftp://x' } }), 400);
    });

    caseIf(['enforcesRules', 'stateful'], 'getConnectedAccount of an unknown account is 404', async () => {
      expectStatus(await api.get(`/connect/${await project()}/accounts/${unknownId('apn_')}`), 404);
    });

    caseIf(['enforcesRules'], 'setDeployedTriggerWebhooks with 11 URLs or a bad URL is 400', async () => {
      const path = `/connect/${await project()}/deployed-triggers/${await ids.triggerId()}/webhooks`;
      const eleven = Array.from({ length: 11 }, (_, i) => `https://example.com/h${i}`);
      expectStatus(await api.put(path, { body: { webhook_urls: eleven } }), 400, '11 URLs');
      expectStatus(await api.put(path, { body: { webhook_urls: ['example.com/hook'] } }), 400, 'URL without protocol');
      expectStatus(await api.put(path, { body: {} }), 400, 'no webhook_urls');
    });

    caseIf(['enforcesRules', 'stateful'], 'setDeployedTriggerWebhooks of an unknown trigger is 404', async () => {
      const answer = await api.put(`/connect/${await project()}/deployed-triggers/${unknownId('dc_')}/webhooks`, { body: { webhook_urls: [] } });
      expectStatus(answer, 404);
    });
  });

  describe('stateful', () => {
    caseIf(['stateful', 'writes', 'disposable'], "a project environment's signing key is shown when its webhook is first set, not after", async () => {
      const path = `/connect/${await project()}/webhook`;
      const headers = { 'x-pd-environment': freshEnvironment() };
      const first = await api.put(path, { headers, body: { webhook_url: 'https://example.com/first' } });
      expectStatus(first, 200);
      expect(typeof first.body.data.signing_key).toBe('string');
      const second = await api.put(path, { headers, body: { url: 'https://example.com/second' } });
      expectStatus(second, 200);
      expect(second.body.data.webhook_url).toBe('https://example.com/second');
      expect(second.body.data.signing_key).toBeUndefined();
    });

    caseIf(['stateful', 'writes', 'disposable'], "a deployed trigger keeps its signing key when its webhooks change", async () => {
      const path = `/connect/${await project()}/deployed-triggers/${await ids.triggerId()}/webhooks`;
      const first = await api.put(path, { body: { webhook_urls: ['https://example.com/t1'] } });
      const second = await api.put(path, { body: { webhook_urls: [] } });
      expectStatus(first, 200);
      expectStatus(second, 200);
      expect(second.body.data.webhook_urls).toEqual([]);
      expect(second.body.data.signing_key).toBe(first.body.data.signing_key);
    });

    caseIf(['control', 'writes'], 'completing a connect flow creates an account that can then be read', async () => {
      const projectId = await project();
      const token = await api.post(`/connect/${projectId}/tokens`, { body: { external_user_id: 'contract-user-2' } });
      expectStatus(token, 200);
      const completed = await control!.completeConnect(token.body.token, { outcome: 'success' });
      const accountId = completed.account?.id;
      expect(accountId).toMatch(/^apn_/);
      const account = await api.get(`/connect/${projectId}/accounts/${accountId}`);
      expectStatus(account, 200);
      expect(account.body.data).toMatchObject({ id: accountId, external_id: 'contract-user-2' });
    });
  });
});
