// Webhooks: POST /webhooks, GET /users/me/webhooks, DELETE /webhooks/{id}; and the one table of
// webhook URLs every URL field of the API must refuse (POST /webhooks and the three Connect fields).
import { describe, expect } from 'vitest';
import type { Answer } from '../api.ts';
import { useContract, type Need } from '../harness.ts';
import {
  authCases,
  expectError,
  expectRefused,
  expectStatus,
  projectIdOf,
  uniqueName,
  unknownId,
  createWebhook,
  inEnvironment,
  triggerOwner,
} from '../cases.ts';

const contract = await useContract();
const { api, ids, caseIf } = contract;

async function listedIds(): Promise<string[]> {
  const answer = await api.get('/users/me/webhooks');
  expectStatus(answer, 200, 'GET /users/me/webhooks');
  return answer.body.data.map((webhook: { id: string }) => webhook.id);
}

// Spec: "must include protocol http or https and a hostname"; without protocol or with another: unsupported.
const UNSUPPORTED_URLS = [
  'ftp://x',
  'example.com/hook',
  'http://',
  'https://:80/',
  'mailto:ops@example.com',
  'javascript:alert(1)',
  '//example.com/hook',
  '',
];
const SUPPORTED_URLS = [
  'http://example.com',
  'https://example.com:8443/hooks/errors?x=1',
  'http://127.0.0.1:9/x',
  'http://localhost:3000/x',
];

const project = () => projectIdOf(contract);

/** Every field of the API that takes a webhook URL; the Connect ones change a project for good. */
const URL_FIELDS: Array<{ operationId: string; needs: Need[]; send(url: string): Promise<Answer> }> = [
  {
    operationId: 'createWebhook',
    needs: ['enforcesRules'],
    send: (url) => api.post('/webhooks', { query: { url, name: uniqueName('bad'), description: 'd' } }),
  },
  {
    operationId: 'setProjectWebhook',
    needs: ['enforcesRules', 'disposable'],
    send: async (url) =>
      api.put(`/connect/${await project()}/webhook`, {
        headers: inEnvironment(),
        body: { webhook_url: url },
      }),
  },
  {
    operationId: 'createConnectToken',
    needs: ['enforcesRules'],
    send: async (url) =>
      api.post(`/connect/${await project()}/tokens`, {
        headers: inEnvironment(),
        body: { external_user_id: 'contract-user-url', webhook_uri: url },
      }),
  },
  {
    operationId: 'setDeployedTriggerWebhooks',
    needs: ['enforcesRules', 'disposable'],
    send: async (url) =>
      api.put(`/connect/${await project()}/deployed-triggers/${await ids.triggerId()}/webhooks`, {
        ...(await triggerOwner(ids)),
        body: { webhook_urls: [url] },
      }),
  },
];

describe('webhooks', () => {
  describe('schema-level', () => {
    caseIf(
      ['writes'],
      'createWebhook answers an active webhook of the user, as given, with UNIX-second timestamps',
      async () => {
        const webhook = await createWebhook(contract);
        if (contract.can('stateful')) {
          expect(webhook).toMatchObject({
            active: true,
            url: 'https://example.com/contract-hook',
            user_id: (await contract.ids.user()).id,
            description: 'created by the contract suite',
          });
          expect(webhook.name).toMatch(/^contract-webhook-/);
          for (const field of ['created_at', 'updated_at']) {
            expect(Number.isInteger(webhook[field]), field).toBe(true);
            expect(webhook[field], `${field} in seconds, not ms`).toBeGreaterThan(1_500_000_000);
            expect(webhook[field], `${field} in seconds, not ms`).toBeLessThan(4_000_000_000);
          }
        }
      },
    );

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
    for (const field of URL_FIELDS) {
      for (const url of UNSUPPORTED_URLS) {
        caseIf(field.needs, `${field.operationId} refuses url ${JSON.stringify(url)} with 400`, async () => {
          const answer = await field.send(url);
          expectStatus(answer, 400, `${field.operationId} url=${url}`);
          expectRefused(answer);
          // docs/errors.md: an unsupported URL is `unsupported_url`, a missing one `bad_request`.
          if (field.operationId === 'createWebhook')
            expectError(contract, answer, 400, url === '' ? 'bad_request' : 'unsupported_url', `url=${url}`);
        });
      }
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
    caseIf(
      ['stateful', 'writes'],
      'create then list finds it; delete then list does not; delete again is 404',
      async () => {
        const webhook = await createWebhook(contract);
        const listed = await api.get('/users/me/webhooks');
        expect(
          listed.body.data.find((hook: { id: string }) => hook.id === webhook.id),
          'listed as created',
        ).toEqual(webhook);
        const deleted = await api.delete(`/webhooks/${webhook.id}`);
        expectStatus(deleted, 204);
        expect(deleted.body, '204 has no body').toBeUndefined();
        expect(await listedIds()).not.toContain(webhook.id);
        expectStatus(await api.delete(`/webhooks/${webhook.id}`), 404, 'use after free');
      },
    );

    caseIf(['enforcesRules', 'stateful', 'writes'], 'a refused url creates nothing', async () => {
      const name = uniqueName('bad');
      expectStatus(await api.post('/webhooks', { query: { url: 'ftp://x', name, description: 'd' } }), 400);
      // By its unique name: on a live target the other suite files write to the same account (docs/contracts.md).
      const listed = await api.get('/users/me/webhooks');
      expectStatus(listed, 200, 'GET /users/me/webhooks');
      expect(listed.body.data.filter((webhook: { name?: string }) => webhook.name === name)).toEqual([]);
    });
  });
});
