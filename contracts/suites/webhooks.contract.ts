// Webhooks: POST /webhooks, GET /users/me/webhooks, DELETE /webhooks/{id}.
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import { authCases, expectRefused, expectStatus, uniqueName, unknownId } from '../cases.ts';
import { createWebhook } from '../webhooks.ts';

const contract = await useContract();
const { api, caseIf } = contract;

async function listedIds(): Promise<string[]> {
  const answer = await api.get('/users/me/webhooks');
  expectStatus(answer, 200, 'GET /users/me/webhooks');
  return answer.body.data.map((webhook: { id: string }) => webhook.id);
}

// Spec: "must include protocol http or https and a hostname"; without protocol or with another: unsupported.
const UNSUPPORTED_URLS = ['ftp://x', 'example.com/hook', 'http://', 'https://:80/', 'mailto:ops@example.com', 'javascript:alert(1)', '//example.com/hook', ''];
const SUPPORTED_URLS = ['http://example.com', 'https://example.com:8443/hooks/errors?x=1', 'http://127.0.0.1:9/x'];

describe('webhooks', () => {
  describe('schema-level', () => {
    caseIf(['writes'], 'createWebhook answers an active webhook', async () => {
      const webhook = await createWebhook(contract);
      if (contract.can('stateful')) {
        expect(webhook.active).toBe(true);
        expect(webhook.url).toBe('https://example.com/contract-hook');
        expect(webhook.user_id).toBe((await contract.ids.user()).id);
      }
    });

    caseIf([], 'listWebhooks answers the list', async () => {
      await listedIds();
    });

    caseIf(['writes'], 'deleteWebhook answers 204', async () => {
      const webhook = await createWebhook(contract);
      expectStatus(await api.delete(`/webhooks/${webhook.id}`), 204);
    });

    for (const url of SUPPORTED_URLS) {
      caseIf(['writes'], `createWebhook accepts ${url}`, async () => {
        const webhook = await createWebhook(contract, url);
        if (contract.can('stateful')) expect(webhook.url).toBe(url);
      });
    }
  });

  authCases(contract, ['createWebhook', 'listWebhooks', 'deleteWebhook']);

  describe('negative_data_rejection', () => {
    for (const url of UNSUPPORTED_URLS) {
      caseIf(['enforcesRules'], `createWebhook refuses url ${JSON.stringify(url)} with 400`, async () => {
        const answer = await api.post('/webhooks', { query: { url, name: uniqueName('bad'), description: 'd' } });
        expectStatus(answer, 400, `url=${url}`);
        expectRefused(answer);
      });
    }

    for (const missing of ['url', 'name', 'description'] as const) {
      caseIf(['enforcesRules'], `createWebhook without ${missing} is 400`, async () => {
        const query: Record<string, string> = { url: 'https://example.com/h', name: uniqueName('n'), description: 'd' };
        delete query[missing];
        expectStatus(await api.post('/webhooks', { query }), 400, `no ${missing}`);
      });
    }

    caseIf(['enforcesRules', 'stateful'], 'deleteWebhook of an unknown id is 404', async () => {
      expectStatus(await api.delete(`/webhooks/${unknownId('wh_')}`), 404);
    });

    caseIf(['enforcesRules', 'stateful'], 'deleteWebhook with a malformed id is a documented 4xx', async () => {
      expectRefused(await api.delete('/webhooks/not-a-webhook'));
    });
  });

  describe('stateful', () => {
    caseIf(['stateful', 'writes'], 'create then list finds it; delete then list does not; delete again is 404', async () => {
      const webhook = await createWebhook(contract);
      expect(await listedIds()).toContain(webhook.id);
      expectStatus(await api.delete(`/webhooks/${webhook.id}`), 204);
      expect(await listedIds()).not.toContain(webhook.id);
      expectStatus(await api.delete(`/webhooks/${webhook.id}`), 404, 'use after free');
    });

    caseIf(['enforcesRules', 'stateful', 'writes'], 'a refused url creates nothing', async () => {
      const before = await listedIds();
      expectStatus(await api.post('/webhooks', { query: { url: 'ftp://x', name: uniqueName('bad'), description: 'd' } }), 400);
      expect(await listedIds()).toEqual(before);
    });
  });
});
