// Connect, shaped as @pipedream/sdk 3.1.6 parses it. Setting a project's or a trigger's webhook cannot be
// undone through the API, nor can deleting accounts and triggers: those need `disposable` (never live).
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { verifySignature } from '../../mocks/outbound/signature.ts';
import { useContract } from '../harness.ts';
import {
  authCases,
  expectStatus,
  projectIdOf,
  randomTokenFor,
  unknownId,
  type Environment,
  inEnvironment,
  otherEnvironment as other,
  triggerOwner,
} from '../cases.ts';
import { createControl } from '../control.ts';
import { collectIds } from '../discover.ts';

const contract = await useContract();
const { api, ids, caseIf, control, target } = contract;

const project = () => projectIdOf(contract);
const asTriggerOwner = () => triggerOwner(ids);
/** A world of its own (mock targets only), where neither environment of its first project has a webhook yet. */
const freshProject = async () => {
  const token = randomTokenFor(contract);
  const world = await createControl(target, token)!.world();
  return { token, projectId: world.projects[0]!.id };
};
const download = async (query?: { s3_key: string }) =>
  api.get(`/connect/${await project()}/file_stash/download`, { headers: inEnvironment(), query });
const uniqueUser = () => `contract-user-${randomBytes(4).toString('hex')}`;

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
      const answer = await api.get(`/connect/${await project()}/accounts/${accountId}`, { headers: inEnvironment() });
      expectStatus(answer, 200);
      if (contract.can('stateful')) {
        expect(answer.body.id, 'the account itself, not wrapped in data (the SDK reads account.id)').toBe(accountId);
        expect(answer.body.credentials, 'credentials only with include_credentials=true').toBeUndefined();
      }
    });

    caseIf([], 'getConnectedAccount with include_credentials=true adds credentials', async () => {
      const answer = await api.get(`/connect/${await project()}/accounts/${await ids.accountId()}`, {
        headers: inEnvironment(),
        query: { include_credentials: 'true' },
      });
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(typeof answer.body.credentials).toBe('object');
    });

    caseIf(['writes', 'disposable'], 'setDeployedTriggerWebhooks answers the URLs and a signing key', async () => {
      const triggerId = await ids.triggerId();
      expect(triggerId, 'no deployed trigger id: set CONTRACT_TRIGGER_ID').toBeDefined();
      const urls = ['https://example.com/contract-trigger-a', 'https://example.com/contract-trigger-b'];
      const { headers, query } = await asTriggerOwner();
      const answer = await api.put(`/connect/${await project()}/deployed-triggers/${triggerId}/webhooks`, {
        headers,
        query,
        body: { webhook_urls: urls },
      });
      expectStatus(answer, 200);
      if (contract.can('stateful')) {
        expect(answer.body.webhook_urls).toEqual(urls);
        expect(answer.body.webhooks.map((w: { url: string }) => w.url)).toEqual(urls);
      }
    });

    caseIf([], 'listConnectedAccounts answers a page of accounts', async () => {
      const answer = await api.get(`/connect/${await project()}/accounts`, {
        headers: inEnvironment(),
        query: { limit: '1' },
      });
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body.data).toHaveLength(1);
    });

    caseIf([], 'listTriggerComponents and getTriggerComponent answer the catalogue by key', async () => {
      const list = await api.get(`/connect/${await project()}/triggers`, {
        headers: inEnvironment(),
        query: { limit: '2' },
      });
      expectStatus(list, 200);
      const key = list.body.data[0]?.key;
      expect(typeof key).toBe('string');
      expectStatus(await api.get(`/connect/${await project()}/triggers/${key}`, { headers: inEnvironment() }), 200);
    });

    caseIf([], 'getDeployedTrigger and listDeployedTriggerWebhooks answer the trigger and its webhooks', async () => {
      const path = `/connect/${await project()}/deployed-triggers/${await ids.triggerId()}`;
      const owner = await asTriggerOwner();
      const trigger = await api.get(path, owner);
      expectStatus(trigger, 200);
      expectStatus(await api.get(`${path}/webhooks`, owner), 200);
      expectStatus(await api.get(`/connect/${await project()}/deployed-triggers`, owner), 200);
    });

    caseIf(['writes'], 'validateConnectToken answers success for a fresh token', async () => {
      const token = await api.post(`/connect/${await project()}/tokens`, {
        headers: inEnvironment(),
        body: { external_user_id: uniqueUser() },
      });
      expectStatus(token, 200);
      const answer = await api.get(`/connect/tokens/${token.body.token}/validate`, { headers: inEnvironment() });
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body.success).toBe(true);
    });
  });

  // The login takes no bearer, so the read-only guard (contracts/api.ts) would let it reach a live
  // server with made-up client credentials: these cases never run there (`disposable`).
  describe('oauth', () => {
    caseIf(['disposable'], 'createOAuthToken answers a JWT-form workspace OAuth token without a bearer', async () => {
      const answer = await api.post('/oauth/token', {
        token: null,
        body: { grant_type: 'client_credentials', client_id: 'contract-client', client_secret: 's' },
      });
      expectStatus(answer, 200);
      expect(answer.body.access_token.split('.')).toHaveLength(3);
      expect(answer.body.token_type).toBe('Bearer');
    });

    caseIf(
      ['enforcesRules', 'disposable'],
      'createOAuthToken with another grant_type or without a client_secret is 400',
      async () => {
        const login = (body: unknown) => api.post('/oauth/token', { token: null, body });
        expectStatus(
          await login({ grant_type: 'password', client_id: 'c', client_secret: 's' }),
          400,
          'grant_type password',
        );
        expectStatus(await login({ grant_type: 'client_credentials', client_id: 'c' }), 400, 'no client_secret');
      },
    );

    caseIf(
      ['stateful', 'enforcesRules', 'disposable'],
      "every token issued for one client_id is the same bearer; another client's differs",
      async () => {
        const login = async (clientId: string) =>
          (
            await api.post('/oauth/token', {
              token: null,
              body: { grant_type: 'client_credentials', client_id: clientId, client_secret: 'x' },
            })
          ).body.access_token;
        const client = `contract-client-${randomBytes(4).toString('hex')}`;
        expect(await login(client)).toBe(await login(client));
        expect(await login(`${client}-b`)).not.toBe(await login(client));
      },
    );
  });

  authCases(contract, [
    'getProjectWebhook',
    'setProjectWebhook',
    'deleteProjectWebhook',
    'regenerateProjectWebhookSigningKey',
    'createConnectToken',
    'validateConnectToken',
    'listConnectedAccounts',
    'getConnectedAccount',
    'deleteConnectedAccount',
    'listTriggerComponents',
    'getTriggerComponent',
    'deployTrigger',
    'listDeployedTriggers',
    'getDeployedTrigger',
    'deleteDeployedTrigger',
    'listDeployedTriggerWebhooks',
    'setDeployedTriggerWebhooks',
    'getDeployedTriggerWebhook',
    'regenerateDeployedTriggerWebhookSigningKey',
  ]);

  describe('negative_data_rejection', () => {
    caseIf(
      ['enforcesRules'],
      'setProjectWebhook without x-pd-environment, or with another value than development and production, is 400',
      async () => {
        const path = `/connect/${await project()}/webhook`;
        const body = { webhook_url: 'https://example.com/h' };
        expectStatus(await api.put(path, { body }), 400, 'no x-pd-environment');
        const staging = await api.put(path, { headers: { 'x-pd-environment': 'staging' }, body });
        expectStatus(staging, 400, 'x-pd-environment: staging');
        if (contract.can('stateful'))
          expect(JSON.stringify(staging.body.details)).toContain('/header/x-pd-environment');
        expectStatus(
          await api.get(`/connect/${await project()}/accounts`, {}),
          400,
          'listConnectedAccounts without x-pd-environment',
        );
      },
    );

    caseIf(['enforcesRules'], 'setProjectWebhook without a URL in the body is 400', async () => {
      expectStatus(await api.put(`/connect/${await project()}/webhook`, { headers: inEnvironment(), body: {} }), 400);
    });

    caseIf(['enforcesRules', 'stateful'], 'setProjectWebhook of an unknown project is 404', async () => {
      const answer = await api.put(`/connect/${unknownId('proj_')}/webhook`, {
        headers: { 'x-pd-environment': 'production' },
        body: { webhook_url: 'https://example.com/h' },
      });
      expectStatus(answer, 404);
    });

    caseIf(['enforcesRules'], 'createConnectToken without external_user_id is 400', async () => {
      const headers = inEnvironment();
      const tokens = `/connect/${await project()}/tokens`;
      expectStatus(await api.post(tokens, { headers, body: { webhook_uri: 'https://example.com/h' } }), 400);
      expectStatus(await api.post(tokens, { headers, body: {} }), 400, 'empty body');
    });

    caseIf(['enforcesRules', 'stateful'], 'getConnectedAccount of an unknown account is 404', async () => {
      expectStatus(
        await api.get(`/connect/${await project()}/accounts/${unknownId('apn_')}`, { headers: inEnvironment() }),
        404,
      );
    });

    // Unsupported URLs in every URL field: the one table in webhooks.contract.ts.
    caseIf(['enforcesRules'], 'setDeployedTriggerWebhooks with 11 URLs or none is 400', async () => {
      const path = `/connect/${await project()}/deployed-triggers/${await ids.triggerId()}/webhooks`;
      const eleven = Array.from({ length: 11 }, (_, i) => `https://example.com/h${i}`);
      const owner = await asTriggerOwner();
      expectStatus(await api.put(path, { ...owner, body: { webhook_urls: eleven } }), 400, '11 URLs');
      expectStatus(await api.put(path, { ...owner, body: {} }), 400, 'no webhook_urls');
    });

    caseIf(
      ['enforcesRules'],
      'listDeployedTriggers without external_user_id is 400; deployTrigger without id or external_user_id is 400',
      async () => {
        expectStatus(
          await api.get(`/connect/${await project()}/deployed-triggers`, { headers: inEnvironment() }),
          400,
          'no external_user_id',
        );
        const deploy = `/connect/${await project()}/triggers/deploy`;
        const headers = { 'x-pd-environment': 'development' };
        expectStatus(await api.post(deploy, { headers, body: { external_user_id: 'u' } }), 400, 'no id');
        expectStatus(await api.post(deploy, { headers, body: { id: 'github-new-issue' } }), 400, 'no external_user_id');
        expectStatus(
          await api.post(deploy, { body: { id: 'github-new-issue', external_user_id: 'u' } }),
          400,
          'no x-pd-environment',
        );
      },
    );

    caseIf(
      ['enforcesRules', 'stateful', 'writes'],
      'deployTrigger of a component not in the catalogue is 422',
      async () => {
        const answer = await api.post(`/connect/${await project()}/triggers/deploy`, {
          headers: { 'x-pd-environment': 'development' },
          body: { id: 'github-no-such-component', external_user_id: uniqueUser() },
        });
        expectStatus(answer, 422);
      },
    );

    caseIf(
      ['enforcesRules', 'stateful'],
      'a deployed trigger read as another end user, or from another environment, is 404; without external_user_id 400',
      async () => {
        const triggerId = await ids.triggerId();
        const path = `/connect/${await project()}/deployed-triggers/${triggerId}`;
        const owner = await asTriggerOwner();
        expectStatus(await api.get(path, { ...owner, query: { external_user_id: uniqueUser() } }), 404, 'another user');
        const elsewhere = { ...owner, headers: inEnvironment(other(owner.environment)) };
        expectStatus(await api.get(path, elsewhere), 404, 'another environment');
        const { headers } = owner;
        expectStatus(await api.get(path, { headers }), 400, 'no external_user_id');
        expectStatus(await api.get(`${path}/webhooks`, { headers }), 400, 'no external_user_id (webhooks)');
        expectStatus(await api.get(path, owner), 200, 'its owner');
      },
    );

    caseIf(
      ['enforcesRules', 'stateful'],
      'unknown accounts, triggers, trigger webhooks, components and tokens are 404',
      async () => {
        const base = `/connect/${await project()}`;
        const headers = inEnvironment();
        const owner = await asTriggerOwner();
        expectStatus(await api.delete(`${base}/accounts/${unknownId('apn_')}`, { headers }), 404, 'account');
        expectStatus(await api.get(`${base}/deployed-triggers/${unknownId('dc_')}`, owner), 404, 'trigger');
        expectStatus(
          await api.get(`${base}/deployed-triggers/${await ids.triggerId()}/webhooks/${unknownId('wh_')}`, owner),
          404,
          'trigger webhook',
        );
        expectStatus(await api.get(`${base}/triggers/github-no-such-component`, { headers }), 404, 'component');
        expectStatus(await api.get(`/connect/tokens/${unknownId('ctok_')}/validate`, { headers }), 404, 'token');
      },
    );

    caseIf(['enforcesRules', 'stateful'], 'setDeployedTriggerWebhooks of an unknown trigger is 404', async () => {
      const answer = await api.put(`/connect/${await project()}/deployed-triggers/${unknownId('dc_')}/webhooks`, {
        ...(await asTriggerOwner()),
        body: { webhook_urls: [] },
      });
      expectStatus(answer, 404);
    });
  });

  describe('stateful', () => {
    caseIf(
      ['stateful', 'control', 'writes', 'disposable'],
      "a project environment's signing key is shown when its webhook is first set, not after",
      async () => {
        const { token, projectId } = await freshProject();
        const path = `/connect/${projectId}/webhook`;
        const headers = inEnvironment('development');
        const first = await api.put(path, { token, headers, body: { webhook_url: 'https://example.com/first' } });
        expectStatus(first, 200);
        expect(typeof first.body.data.signing_key).toBe('string');
        expect(first.body.data).toMatchObject({ url: 'https://example.com/first', signing_key_set: true });
        const second = await api.put(path, { token, headers, body: { url: 'https://example.com/second' } });
        expectStatus(second, 200);
        expect(second.body.data).toMatchObject({
          id: first.body.data.id,
          url: 'https://example.com/second',
          signing_key_set: true,
        });
        expect(second.body.data.signing_key).toBeUndefined();
        // Another environment of the same project is another webhook, with a key of its own.
        const production = await api.put(path, {
          token,
          headers: inEnvironment('production'),
          body: { webhook_url: 'https://example.com/other' },
        });
        expectStatus(production, 200);
        expect(typeof production.body.data.signing_key).toBe('string');
        expect(production.body.data.signing_key).not.toBe(first.body.data.signing_key);
      },
    );

    caseIf(
      ['stateful', 'control', 'writes', 'disposable'],
      'a project webhook is read without its key, regenerated with a new one, and deleted for good',
      async () => {
        const { token, projectId } = await freshProject();
        const path = `/connect/${projectId}/webhook`;
        const headers = inEnvironment('production');
        expectStatus(await api.get(path, { token, headers }), 404, 'before it is set');
        const saved = await api.put(path, { token, headers, body: { url: 'https://example.com/lifecycle' } });
        expectStatus(saved, 200);
        expectStatus(
          await api.get(path, { token, headers: inEnvironment('development') }),
          404,
          'the other environment has none',
        );
        const read = await api.get(path, { token, headers });
        expectStatus(read, 200);
        expect(read.body.data).toMatchObject({
          id: saved.body.data.id,
          url: 'https://example.com/lifecycle',
          signing_key_set: true,
        });
        expect(read.body.data.signing_key).toBeUndefined();
        const regenerated = await api.post(`${path}/regenerate_signing_key`, { token, headers });
        expectStatus(regenerated, 200);
        expect(regenerated.body.data.signing_key).not.toBe(saved.body.data.signing_key);
        expectStatus(await api.delete(path, { token, headers }), 204);
        expectStatus(await api.get(path, { token, headers }), 404, 'after deletion');
        expectStatus(await api.delete(path, { token, headers }), 404, 'deleted twice');
        expectStatus(
          await api.post(`${path}/regenerate_signing_key`, { token, headers }),
          404,
          'regenerated after deletion',
        );
      },
    );

    caseIf(
      ['stateful', 'writes', 'disposable'],
      "a trigger's webhooks keep their IDs and keys while their URLs stay, and a regenerated key replaces the old one",
      async () => {
        // A trigger of its own: another client may set the seeded trigger's webhooks meanwhile.
        const projectId = await project();
        const owner = { headers: inEnvironment(), query: { external_user_id: uniqueUser() } };
        const deployed = await api.post(`/connect/${projectId}/triggers/deploy`, {
          headers: owner.headers,
          body: { id: 'github-new-issue', external_user_id: owner.query.external_user_id },
        });
        expectStatus(deployed, 200);
        const path = `/connect/${projectId}/deployed-triggers/${deployed.body.data.id}/webhooks`;
        const first = await api.put(path, {
          ...owner,
          body: { webhook_urls: ['https://example.com/t1', 'https://example.com/t2'] },
        });
        expectStatus(first, 200);
        const [one, two] = first.body.webhooks as Array<{ id: string; url: string }>;
        expect(one!.id).not.toBe(two!.id);
        const oneKey = (await api.get(`${path}/${one!.id}`, owner)).body.data.signing_key as string;
        const twoKey = (await api.get(`${path}/${two!.id}`, owner)).body.data.signing_key as string;
        expect(oneKey).not.toBe(twoKey);
        const kept = await api.put(path, { ...owner, body: { webhook_urls: ['https://example.com/t1'] } });
        expectStatus(kept, 200);
        expect(kept.body.webhooks.map((w: { id: string }) => w.id)).toEqual([one!.id]);
        expectStatus(await api.get(`${path}/${two!.id}`, owner), 404, 'the dropped URL has no webhook any more');
        expect((await api.get(`${path}/${one!.id}`, owner)).body.data.signing_key).toBe(oneKey);
        const regenerated = await api.post(`${path}/${one!.id}/regenerate_signing_key`, owner);
        expectStatus(regenerated, 200);
        expect(regenerated.body.data.signing_key).not.toBe(oneKey);
        expect((await api.get(`${path}/${one!.id}`, owner)).body.data.signing_key).toBe(
          regenerated.body.data.signing_key,
        );
        const cleared = await api.put(path, { ...owner, body: { webhook_urls: [] } });
        expect(cleared.body).toMatchObject({ webhook_urls: [], webhooks: [] });
      },
    );

    caseIf(
      ['stateful', 'writes', 'disposable'],
      'a deployed trigger belongs to its end user and environment, is listed for them, and reads 404 once deleted',
      async () => {
        const projectId = await project();
        const user = uniqueUser();
        const headers = { 'x-pd-environment': 'development' };
        const deployed = await api.post(`/connect/${projectId}/triggers/deploy`, {
          headers,
          body: { id: 'github-new-issue', external_user_id: user, configured_props: { repo: 'analytical/engine' } },
        });
        expectStatus(deployed, 200);
        const id = deployed.body.data.id as string;
        expect(deployed.body.data).toMatchObject({
          type: 'DeployedComponent',
          component_key: 'github-new-issue',
          configured_props: { repo: 'analytical/engine' },
        });
        expect(deployed.body.data.webhook_signing_key, 'no webhook_url, no key').toBeUndefined();
        const query = { external_user_id: user };
        const elsewhere = { headers: { 'x-pd-environment': 'production' }, query };
        const listed = await api.get(`/connect/${projectId}/deployed-triggers`, { headers, query });
        expectStatus(listed, 200);
        expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual([id]);
        expect((await api.get(`/connect/${projectId}/deployed-triggers`, elsewhere)).body.data).toEqual([]);
        const path = `/connect/${projectId}/deployed-triggers/${id}`;
        expectStatus(await api.get(path, elsewhere), 404, 'another environment');
        expectStatus(await api.delete(path, { headers, query }), 204);
        expectStatus(await api.get(path, { headers, query }), 404, 'after deletion');
      },
    );

    caseIf(
      ['stateful', 'control', 'writes', 'disposable'],
      'an account is listed by its end user and app, and reads 404 once deleted',
      async () => {
        const projectId = await project();
        const accountId = await ids.accountId();
        const headers = inEnvironment();
        const account = (await api.get(`/connect/${projectId}/accounts/${accountId}`, { headers })).body;
        const mine = await api.get(`/connect/${projectId}/accounts`, {
          headers,
          query: { external_user_id: account.external_id, app: account.app.name_slug },
        });
        expectStatus(mine, 200);
        expect(mine.body.data.map((a: { id: string }) => a.id)).toContain(accountId);
        // A fresh world: deleting the shared one's account would change what other cases find.
        const token = randomTokenFor(contract);
        const fresh = (await createControl(target, token)!.world()) as {
          projects: Array<{ id: string; connected_accounts: Array<{ id: string; environment: Environment }> }>;
        };
        const victimProject = fresh.projects.find((p) => p.connected_accounts.length > 0)!;
        const victim = victimProject.connected_accounts[0]!;
        const path = `/connect/${victimProject.id}/accounts/${victim.id}`;
        const own = inEnvironment(victim.environment);
        expectStatus(
          await api.delete(path, { token, headers: inEnvironment(other(victim.environment)) }),
          404,
          'deleted from the other environment',
        );
        expectStatus(await api.delete(path, { token, headers: own }), 204);
        expectStatus(await api.get(path, { token, headers: own }), 404, 'after deletion');
      },
    );

    caseIf(
      ['control', 'writes'],
      "completing a connect flow sends CONNECTION_SUCCESS to the token's webhook_uri and creates an account that can then be read",
      async () => {
        const projectId = await project();
        const token = await api.post(`/connect/${projectId}/tokens`, {
          headers: inEnvironment(),
          body: { external_user_id: 'contract-user-2', webhook_uri: 'https://app.example.com/connect-hook' },
        });
        expectStatus(token, 200);
        const completed = await control!.completeConnect(token.body.token, { outcome: 'success' });
        const accountId = completed.account?.id;
        expect(accountId).toMatch(/^apn_/);
        expect(completed.delivery.url).toBe('https://app.example.com/connect-hook');
        expect(JSON.parse(completed.delivery.body)).toMatchObject({
          event: 'CONNECTION_SUCCESS',
          connect_token: token.body.token,
          account: { id: accountId },
        });
        const account = await api.get(`/connect/${projectId}/accounts/${accountId}`, { headers: inEnvironment() });
        expectStatus(account, 200);
        expect(account.body).toMatchObject({ id: accountId, external_id: 'contract-user-2' });
      },
    );

    caseIf(
      ['control', 'writes'],
      "a failed connect flow sends CONNECTION_ERROR to the token's webhook_uri and creates no account; a token completes once",
      async () => {
        // A world of its own: it counts every account of the world (the suites may share one token).
        const own = contract.ownWorld();
        const control = own.control;
        const projectId = await projectIdOf(own);
        const accountsBefore = collectIds((await control!.world()).projects, 'apn_');
        const token = await own.api.post(`/connect/${projectId}/tokens`, {
          headers: inEnvironment(),
          body: { external_user_id: 'contract-user-3', webhook_uri: 'https://app.example.com/failed' },
        });
        expectStatus(token, 200);
        const completed = await control!.completeConnect(token.body.token, {
          outcome: 'error',
          error: 'user cancelled',
        });
        expect(completed.account).toBeUndefined();
        expect(completed.delivery.url).toBe('https://app.example.com/failed');
        expect(JSON.parse(completed.delivery.body)).toMatchObject({
          event: 'CONNECTION_ERROR',
          connect_token: token.body.token,
          error: 'user cancelled',
        });
        expect(collectIds((await control!.world()).projects, 'apn_')).toEqual(accountsBefore);
        const twice = await control!.api.post(`/connect/${encodeURIComponent(token.body.token)}/complete`, {
          body: { outcome: 'success' },
        });
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
        type Seeded = { id: string; environment: Environment; external_user_id: string };
        const summary = (await world.world()) as { projects: Array<{ id: string; deployed_triggers: Seeded[] }> };
        const seeded = summary.projects.find((p) => p.deployed_triggers.length >= 2);
        expect(seeded, 'a seeded project with two deployed triggers').toBeDefined();
        const [withOwn, viaProject] = seeded!.deployed_triggers as [Seeded, Seeded];
        const owner = {
          headers: inEnvironment(withOwn.environment),
          query: { external_user_id: withOwn.external_user_id },
        };

        const nowhere = await world.api.post(`/triggers/${viaProject.id}/emit`, { body: { event: { n: 0 } } });
        expectStatus(nowhere, 422, 'a trigger with no URL anywhere');
        expect(nowhere.body.code).toBe('unprocessable');

        const triggerPath = `/connect/${seeded!.id}/deployed-triggers/${withOwn.id}/webhooks`;
        const own = await put(triggerPath, { ...owner, body: { webhook_urls: ['https://trigger.example.com/own'] } });
        expectStatus(own, 200);
        const ownHook = await api.get(`${triggerPath}/${own.body.webhooks[0].id}`, { ...owner, token });
        const ownKey = ownHook.body.data.signing_key as string;
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
        expect(fromProject.deliveries.map((d: { url: string }) => d.url)).toEqual([
          'https://trigger.example.com/project',
        ]);

        const logged = await world.deliveries({ wait: true });
        for (const [url, key, emitted, n] of [
          ['https://trigger.example.com/own', ownKey, fromOwn, 1],
          ['https://trigger.example.com/project', project.body.data.signing_key, fromProject, 2],
        ] as const) {
          const delivery = logged.find((d) => d.url === url)!;
          expect(JSON.parse(delivery.body)).toMatchObject({ event_id: emitted.event_id, event: { n } });
          const verdict = await verifySignature({
            header: delivery.headers['x-pd-signature'],
            rawBody: delivery.body,
            key,
          });
          expect(verdict.ok, `${url}: ${JSON.stringify(verdict)}`).toBe(true);
        }
      },
    );
  });

  describe('deployed triggers: update, events, workflows; the file stash', () => {
    caseIf([], "listDeployedTriggerEvents and listDeployedTriggerWorkflows answer the SDK's shapes", async () => {
      const path = `/connect/${await project()}/deployed-triggers/${await ids.triggerId()}`;
      const owner = await asTriggerOwner();
      const events = await api.get(`${path}/events`, { ...owner, query: { ...owner.query, n: 5 } });
      expectStatus(events, 200);
      expect(events.body.data.length).toBeLessThanOrEqual(5);
      expectStatus(await api.get(`${path}/pipelines`, owner), 200);
    });

    caseIf(
      ['enforcesRules'],
      'n out of 1..100, a workflow ID without p_, a non-boolean active and an s3_key not of the stash are 400',
      async () => {
        const path = `/connect/${await project()}/deployed-triggers/${await ids.triggerId()}`;
        const owner = await asTriggerOwner();
        for (const n of [0, 101])
          expectStatus(await api.get(`${path}/events`, { ...owner, query: { ...owner.query, n } }), 400, `n=${n}`);
        expectStatus(
          await api.put(`${path}/pipelines`, { ...owner, body: { workflow_ids: ['dc_notAWorkflow'] } }),
          400,
          'a dc_ ID',
        );
        expectStatus(await api.put(path, { ...owner, body: { active: 'yes' } }), 400, 'active: "yes"');
        expectStatus(await download({ s3_key: 'report.csv' }), 400, 'a bare file name');
        expectStatus(await download(), 400, 'no s3_key');
      },
    );

    caseIf(
      ['enforcesRules', 'stateful'],
      "another end user's trigger is 404 to update, list and set; an unknown stash file is 404",
      async () => {
        const path = `/connect/${await project()}/deployed-triggers/${await ids.triggerId()}`;
        const owner = await asTriggerOwner();
        const stranger = { headers: owner.headers, query: { external_user_id: uniqueUser() } };
        expectStatus(await api.put(path, { ...stranger, body: { active: false } }), 404, 'update');
        expectStatus(await api.get(`${path}/events`, stranger), 404, 'events');
        expectStatus(await api.put(`${path}/pipelines`, { ...stranger, body: { workflow_ids: [] } }), 404, 'pipelines');
        const s3Key = `1day/${await project()}/stash_none/x/u/missing.csv`;
        expectStatus(await download({ s3_key: s3Key }), 404);
      },
    );

    caseIf(
      ['stateful', 'control', 'writes', 'disposable'],
      "a paused trigger emits nothing until resumed; its events read newest first; its workflows are the project workspace's (422 otherwise)",
      async () => {
        const projectId = await project();
        const externalUserId = uniqueUser();
        const headers = inEnvironment();
        const deployed = await api.post(`/connect/${projectId}/triggers/deploy`, {
          headers,
          body: {
            id: 'github-new-issue',
            external_user_id: externalUserId,
            webhook_url: 'https://example.com/contract-trigger',
          },
        });
        expectStatus(deployed, 200);
        const path = `/connect/${projectId}/deployed-triggers/${deployed.body.data.id}`;
        const owner = { headers, query: { external_user_id: externalUserId } };
        const paused = await api.put(path, { ...owner, body: { active: false, name: 'Paused by the contract' } });
        expectStatus(paused, 200);
        expect(paused.body.data).toMatchObject({
          active: false,
          name: 'Paused by the contract',
          updated_at: expect.any(Number),
        });
        expect(
          (await control!.api.post(`/triggers/${deployed.body.data.id}/emit`, { body: { event: { n: 0 } } })).status,
        ).toBe(422);
        expectStatus(await api.put(path, { ...owner, body: { active: true } }), 200);
        for (const n of [1, 2]) await control!.emitTrigger(deployed.body.data.id, { event: { n } });
        const events = await api.get(`${path}/events`, owner);
        expect(events.body.data.map((event: { e: { n: number } }) => event.e.n)).toEqual([2, 1]);

        const world = await control!.world();
        const orgId = world.projects.find((p) => p.id === projectId)!.org_id;
        const ours = world.workflows.find((w) => w.org_id === orgId);
        const theirs = world.workflows.find((w) => w.org_id !== orgId);
        if (ours !== undefined) {
          const set = await api.put(`${path}/pipelines`, { ...owner, body: { workflow_ids: [ours.id] } });
          expectStatus(set, 200);
          expect(set.body.workflow_ids).toEqual([ours.id]);
          expect((await api.get(`${path}/pipelines`, owner)).body.workflow_ids).toEqual([ours.id]);
        }
        if (theirs !== undefined)
          expectStatus(await api.put(`${path}/pipelines`, { ...owner, body: { workflow_ids: [theirs.id] } }), 422);
        expectStatus(await api.put(`${path}/pipelines`, { ...owner, body: { workflow_ids: ['p_unknown0'] } }), 422);
        expectStatus(await api.delete(path, owner), 204);
      },
    );
  });
});
