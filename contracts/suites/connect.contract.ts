// Connect: PUT /connect/{project_id}/webhook, POST /connect/{project_id}/tokens,
// GET /connect/{project_id}/accounts/{account_id}, PUT .../deployed-triggers/{trigger_id}/webhooks.
// Setting a project's or a trigger's webhook cannot be undone through the API, so those writes
// never run against a live server.
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { verifySignature } from '../../mocks/outbound/signature.ts';
import { useContract } from '../harness.ts';
import { authCases, expectStatus, randomTokenFor, unknownId } from '../cases.ts';
import { createControl } from '../control.ts';
import { collectIds } from '../discover.ts';

const contract = await useContract();
const { api, ids, caseIf, control, target } = contract;

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

    caseIf(['writes'], 'createConnectToken answers a ctok_ token with its expiry and connect link', async () => {
      const answer = await api.post(`/connect/${await project()}/tokens`, {
        headers: { 'x-pd-environment': 'production' },
        body: { external_user_id: 'contract-user-1', webhook_uri: 'https://example.com/contract-connect' },
      });
      expectStatus(answer, 200);
      expect(answer.body.token).toMatch(/^ctok_/);
      expect(typeof answer.body.connect_link_url).toBe('string');
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

    caseIf(['enforcesRules'], 'setProjectWebhook without a URL in the body is 400', async () => {
      expectStatus(await api.put(`/connect/${await project()}/webhook`, { headers: { 'x-pd-environment': freshEnvironment() }, body: {} }), 400);
    });

    caseIf(['enforcesRules', 'stateful'], 'setProjectWebhook of an unknown project is 404', async () => {
      const answer = await api.put(`/connect/${unknownId('proj_')}/webhook`, {
        headers: { 'x-pd-environment': 'production' },
        body: { webhook_url: 'https://example.com/h' },
      });
      expectStatus(answer, 404);
    });

    caseIf(['enforcesRules'], 'createConnectToken without external_user_id is 400', async () => {
      expectStatus(await api.post(`/connect/${await project()}/tokens`, { body: { webhook_uri: 'https://example.com/h' } }), 400);
      expectStatus(await api.post(`/connect/${await project()}/tokens`, { body: {} }), 400, 'empty body');
    });

    caseIf(['enforcesRules', 'stateful'], 'getConnectedAccount of an unknown account is 404', async () => {
      expectStatus(await api.get(`/connect/${await project()}/accounts/${unknownId('apn_')}`), 404);
    });

    // Unsupported URLs in every URL field: the one table in webhooks.contract.ts.
    caseIf(['enforcesRules'], 'setDeployedTriggerWebhooks with 11 URLs or none is 400', async () => {
      const path = `/connect/${await project()}/deployed-triggers/${await ids.triggerId()}/webhooks`;
      const eleven = Array.from({ length: 11 }, (_, i) => `https://example.com/h${i}`);
      expectStatus(await api.put(path, { body: { webhook_urls: eleven } }), 400, '11 URLs');
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
      // Another environment of the same project is another webhook, with a key of its own.
      const other = await api.put(path, { headers: { 'x-pd-environment': freshEnvironment() }, body: { webhook_url: 'https://example.com/other' } });
      expectStatus(other, 200);
      expect(typeof other.body.data.signing_key).toBe('string');
      expect(other.body.data.signing_key).not.toBe(first.body.data.signing_key);
    });

    caseIf(['stateful', 'writes', 'disposable'], 'a deployed trigger keeps its signing key when its webhooks change', async () => {
      const path = `/connect/${await project()}/deployed-triggers/${await ids.triggerId()}/webhooks`;
      const first = await api.put(path, { body: { webhook_urls: ['https://example.com/t1'] } });
      const second = await api.put(path, { body: { webhook_urls: [] } });
      expectStatus(first, 200);
      expectStatus(second, 200);
      expect(second.body.data.webhook_urls).toEqual([]);
      expect(second.body.data.signing_key).toBe(first.body.data.signing_key);
    });

    caseIf(
      ['control', 'writes'],
      "completing a connect flow sends CONNECTION_SUCCESS to the token's webhook_uri and creates an account that can then be read",
      async () => {
        const projectId = await project();
        const token = await api.post(`/connect/${projectId}/tokens`, {
          body: { external_user_id: 'contract-user-2', webhook_uri: 'https://app.example.com/connect-hook' },
        });
        expectStatus(token, 200);
        const completed = await control!.completeConnect(token.body.token, { outcome: 'success' });
        const accountId = completed.account?.id;
        expect(accountId).toMatch(/^apn_/);
        expect(completed.delivery.url).toBe('https://app.example.com/connect-hook');
        expect(JSON.parse(completed.delivery.body)).toMatchObject({ event: 'CONNECTION_SUCCESS', connect_token: token.body.token, account: { id: accountId } });
        const account = await api.get(`/connect/${projectId}/accounts/${accountId}`);
        expectStatus(account, 200);
        expect(account.body.data).toMatchObject({ id: accountId, external_id: 'contract-user-2' });
      },
    );

    caseIf(
      ['control', 'writes'],
      "a failed connect flow sends CONNECTION_ERROR to the token's webhook_uri and creates no account; a token completes once",
      async () => {
        const projectId = await project();
        const accountsBefore = collectIds((await control!.world()).projects, 'apn_');
        const token = await api.post(`/connect/${projectId}/tokens`, {
          body: { external_user_id: 'contract-user-3', webhook_uri: 'https://app.example.com/failed' },
        });
        expectStatus(token, 200);
        const completed = await control!.completeConnect(token.body.token, { outcome: 'error', error: 'user cancelled' });
        expect(completed.account).toBeUndefined();
        expect(completed.delivery.url).toBe('https://app.example.com/failed');
        expect(JSON.parse(completed.delivery.body)).toMatchObject({ event: 'CONNECTION_ERROR', connect_token: token.body.token, error: 'user cancelled' });
        expect(collectIds((await control!.world()).projects, 'apn_')).toEqual(accountsBefore);
        const twice = await control!.api.post(`/connect/${encodeURIComponent(token.body.token)}/complete`, { body: { outcome: 'success' } });
        expectStatus(twice, 422, 'completing a token twice');
        expect(twice.body.code).toBe('unprocessable');
      },
    );

    caseIf(
      ['control', 'writes', 'disposable'],
      "a trigger's own webhook URL wins over its project environment's; both deliveries are signed with that URL's key",
      async () => {
        // A world of its own: no other case may have set the environment's URL first.
        const token = randomTokenFor(contract);
        const world = createControl(target, token)!;
        const put = (path: string, options: Parameters<typeof api.put>[1]) => api.put(path, { ...options, token });
        const summary = (await world.world()) as { projects: Array<{ id: string; deployed_triggers: Array<{ id: string; environment: string }> }> };
        const seeded = summary.projects.find((p) => p.deployed_triggers.length >= 2);
        expect(seeded, 'a seeded project with two deployed triggers').toBeDefined();
        const [withOwn, viaProject] = seeded!.deployed_triggers as [{ id: string; environment: string }, { id: string; environment: string }];

        const nowhere = await world.api.post(`/triggers/${viaProject.id}/emit`, { body: { event: { n: 0 } } });
        expectStatus(nowhere, 422, 'a trigger with no URL anywhere');
        expect(nowhere.body.code).toBe('unprocessable');

        const triggerPath = `/connect/${seeded!.id}/deployed-triggers/${withOwn.id}/webhooks`;
        const own = await put(triggerPath, { body: { webhook_urls: ['https://trigger.example.com/own'] } });
        expectStatus(own, 200);
        const ownKey = own.body.data.signing_key as string;
        const project = await put(`/connect/${seeded!.id}/webhook`, {
          headers: { 'x-pd-environment': viaProject.environment },
          body: { webhook_url: 'https://trigger.example.com/project' },
        });
        expectStatus(project, 200);
        // The trigger's own environment has a project URL too: its own URL must still win.
        expectStatus(
          await put(`/connect/${seeded!.id}/webhook`, {
            headers: { 'x-pd-environment': withOwn.environment },
            body: { webhook_url: 'https://trigger.example.com/loser' },
          }),
          200,
        );

        const fromOwn = await world.emitTrigger(withOwn.id, { event: { n: 1 } });
        const fromProject = await world.emitTrigger(viaProject.id, { event: { n: 2 } });
        expect(fromOwn.deliveries.map((d: { url: string }) => d.url)).toEqual(['https://trigger.example.com/own']);
        expect(fromProject.deliveries.map((d: { url: string }) => d.url)).toEqual(['https://trigger.example.com/project']);

        const logged = (await world.deliveries({ wait: true })) as Array<{ url: string; body: string; headers: Record<string, string> }>;
        for (const [url, key, emitted, n] of [
          ['https://trigger.example.com/own', ownKey, fromOwn, 1],
          ['https://trigger.example.com/project', project.body.data.signing_key, fromProject, 2],
        ] as const) {
          const delivery = logged.find((d) => d.url === url)!;
          expect(JSON.parse(delivery.body)).toMatchObject({ event_id: emitted.event_id, event: { n } });
          const verdict = await verifySignature({ header: delivery.headers['x-pd-signature'], rawBody: delivery.body, key });
          expect(verdict.ok, `${url}: ${JSON.stringify(verdict)}`).toBe(true);
        }
      },
    );
  });
});
