// Connect projects, their end users and usage, shaped as @pipedream/sdk 3.1.6 parses them. Creating and
// deleting projects and end users cannot be undone, so those writes need `disposable` (never live).
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import { authCases, expectError, expectStatus, projectIdOf, refusals, unknownId } from '../cases.ts';

const contract = await useContract();
const { api, caseIf } = contract;
const { badRequest, notFound, unprocessable } = refusals(contract);

const project = () => projectIdOf(contract);
const production = { 'x-pd-environment': 'production' };
const development = { 'x-pd-environment': 'development' };
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const uniqueUser = () => `contract-user-${randomBytes(4).toString('hex')}`;

describe('connect projects, end users and usage', () => {
  describe('schema-level', () => {
    caseIf([], 'listProjects answers a page of projects', async () => {
      const answer = await api.get('/connect/projects', { query: { limit: 5 } });
      expectStatus(answer, 200);
      if (contract.can('stateful'))
        expect(answer.body.data.map((p: { id: string }) => p.id)).toContain(await project());
    });

    caseIf([], 'getProject answers the project itself, not wrapped in data', async () => {
      const answer = await api.get(`/connect/projects/${await project()}`);
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body.id).toBe(await project());
    });

    caseIf([], 'getProjectInfo answers the apps of the project', async () => {
      expectStatus(await api.get(`/connect/${await project()}/projects/info`, { headers: production }), 200);
    });

    caseIf([], 'listExternalUsers answers a page of end users', async () => {
      expectStatus(
        await api.get(`/connect/${await project()}/users`, { headers: production, query: { limit: 2 } }),
        200,
      );
    });

    caseIf([], 'listConnectUsage answers one record per UTC day of the window', async () => {
      const answer = await api.get('/connect/usage', {
        query: { start_ts: 1_763_769_600, end_ts: 1_763_769_600 + 2 * 86_400 },
      });
      expectStatus(answer, 200);
      if (contract.can('stateful')) expect(answer.body.data).toHaveLength(2);
    });

    caseIf(
      ['writes', 'disposable'],
      'createProject, updateProject, updateProjectLogo and deleteProject answer as the SDK reads them',
      async () => {
        const created = await api.post('/connect/projects', {
          body: { name: 'Contract project', app_name: 'Contract' },
        });
        expectStatus(created, 200);
        const id = created.body.id as string;
        expectStatus(await api.patch(`/connect/projects/${id}`, { body: { app_name: null } }), 200);
        expectStatus(await api.post(`/connect/projects/${id}/logo`, { body: { logo: PNG } }), 204);
        expectStatus(await api.delete(`/connect/projects/${id}`), 204);
      },
    );
  });

  describe('negative_data_rejection', () => {
    caseIf(
      ['enforcesRules'],
      'createProject without a name, or with a field the SDK does not send, is 400',
      async () => {
        await badRequest(api.post('/connect/projects', { body: {} }));
        await badRequest(api.post('/connect/projects', { body: { name: 'x', owner: 'me' } }));
      },
    );

    caseIf(['enforcesRules'], 'updateProjectLogo with anything but a base64 data: URL of an image is 400', async () => {
      for (const logo of ['https://cdn.example.com/logo.png', 'data:text/html;base64,PGgxPg==', 'data:image/png,raw'])
        expectError(
          contract,
          await api.post(`/connect/projects/${await project()}/logo`, { body: { logo } }),
          400,
          'bad_request',
          logo,
        );
    });

    caseIf(
      ['enforcesRules'],
      'listConnectUsage without start_ts, or with end_ts not after start_ts, is 400',
      async () => {
        await badRequest(api.get('/connect/usage', { query: { end_ts: 1_763_769_600 } }));
        await badRequest(api.get('/connect/usage', { query: { start_ts: 1_763_769_600, end_ts: 1_763_769_600 } }));
      },
    );

    caseIf(['enforcesRules'], 'listExternalUsers and deleteExternalUser without x-pd-environment are 400', async () => {
      await badRequest(api.get(`/connect/${await project()}/users`));
      await badRequest(api.delete(`/connect/${await project()}/users/${uniqueUser()}`));
    });

    caseIf(
      ['enforcesRules', 'stateful'],
      'unknown projects are 404 everywhere; an end user who owns nothing is 404',
      async () => {
        const unknown = unknownId('proj_');
        await notFound(api.get(`/connect/projects/${unknown}`));
        await notFound(api.patch(`/connect/projects/${unknown}`, { body: { name: 'x' } }));
        await notFound(api.delete(`/connect/projects/${unknown}`));
        await notFound(api.post(`/connect/projects/${unknown}/logo`, { body: { logo: PNG } }));
        await notFound(api.get(`/connect/${unknown}/projects/info`, { headers: production }));
        await notFound(api.get(`/connect/${unknown}/users`, { headers: production }));
        await notFound(api.delete(`/connect/${await project()}/users/${uniqueUser()}`, { headers: production }));
      },
    );
  });

  describe('stateful', () => {
    caseIf(
      ['stateful', 'writes', 'disposable'],
      'a created project is listed and read until it is deleted; an update keeps the fields it does not name',
      async () => {
        const created = (
          await api.post('/connect/projects', {
            body: { name: `Contract ${randomBytes(3).toString('hex')}`, support_email: 'a@b.dev' },
          })
        ).body;
        const listed = await api.get('/connect/projects', { query: { q: created.name, limit: 100 } });
        expect(listed.body.data).toEqual([created]);
        const updated = await api.patch(`/connect/projects/${created.id}`, { body: { name: `${created.name}!` } });
        expect(updated.body).toEqual({ ...created, name: `${created.name}!` });
        expect((await api.patch(`/connect/projects/${created.id}`, { body: { support_email: null } })).body).toEqual({
          id: created.id,
          name: `${created.name}!`,
        });
        expectStatus(await api.delete(`/connect/projects/${created.id}`), 204);
        expect((await api.get('/connect/projects', { query: { q: created.name, limit: 100 } })).body.data).toEqual([]);
        expectStatus(await api.get(`/connect/projects/${created.id}`), 404);
      },
    );

    caseIf(
      ['stateful', 'writes', 'disposable'],
      'an end user is listed while they own a deployed trigger, in its environment only, and deleting them deletes it',
      async () => {
        const projectId = await project();
        const externalUserId = uniqueUser();
        const deployed = await api.post(`/connect/${projectId}/triggers/deploy`, {
          headers: development,
          body: { id: 'github-new-issue', external_user_id: externalUserId },
        });
        expectStatus(deployed, 200);
        const listed = await api.get(`/connect/${projectId}/users`, {
          headers: development,
          query: { q: externalUserId },
        });
        expect(listed.body.data.map((u: { external_id: string }) => u.external_id)).toEqual([externalUserId]);
        expect(
          (await api.get(`/connect/${projectId}/users`, { headers: production, query: { q: externalUserId } })).body
            .data,
        ).toEqual([]);
        expectStatus(await api.delete(`/connect/${projectId}/users/${externalUserId}`, { headers: development }), 204);
        expectStatus(
          await api.get(`/connect/${projectId}/deployed-triggers/${deployed.body.data.id}`, {
            headers: development,
            query: { external_user_id: externalUserId },
          }),
          404,
        );
        expect(
          (await api.get(`/connect/${projectId}/users`, { headers: development, query: { q: externalUserId } })).body
            .data,
        ).toEqual([]);
      },
    );
  });

  describe('accounts by app and end user, OAuth apps, app overrides', () => {
    caseIf([], 'listAccountsByExternalUser, listOauthApps and listAppOverrides answer their lists', async () => {
      const projectId = await project();
      expectStatus(await api.get(`/connect/${projectId}/users/${uniqueUser()}/accounts`, { headers: production }), 200);
      expectStatus(await api.get(`/connect/${projectId}/oauth_apps`, { query: { limit: 5 } }), 200);
      expectStatus(await api.get(`/connect/${projectId}/app_overrides`, { query: { limit: 5 } }), 200);
    });

    caseIf(
      ['enforcesRules'],
      'createOauthApp without client_secret, createAppOverride without name, createConnectedAccount without connect_token are 400',
      async () => {
        const projectId = await project();
        await badRequest(api.post(`/connect/${projectId}/oauth_apps`, { body: { app: 'github', client_id: 'x' } }));
        await badRequest(api.post(`/connect/${projectId}/app_overrides`, { body: { app: 'github' } }));
        await badRequest(
          api.post(`/connect/${projectId}/accounts`, {
            headers: production,
            body: { app_slug: 'github', cfmap_json: '{}' },
          }),
        );
      },
    );

    caseIf(
      ['enforcesRules', 'stateful', 'writes'],
      'an app outside the catalogue, or a connect token this world never issued, is 422',
      async () => {
        const projectId = await project();
        await unprocessable(
          api.post(`/connect/${projectId}/oauth_apps`, {
            body: { app: 'no-such-app', client_id: 'x', client_secret: 'y' },
          }),
        );
        await unprocessable(
          api.post(`/connect/${projectId}/app_overrides`, { body: { app: 'no-such-app', name: 'x' } }),
        );
        const account = await api.post(`/connect/${projectId}/accounts`, {
          headers: production,
          body: { app_slug: 'github', cfmap_json: '{}', connect_token: unknownId('ctok_') },
        });
        expectError(contract, account, 422, 'unprocessable');
      },
    );

    caseIf(
      ['enforcesRules', 'stateful'],
      'unknown OAuth apps and app overrides are 404; deleteAccountsByApp of an app without accounts is 404',
      async () => {
        const projectId = await project();
        await notFound(api.get(`/connect/${projectId}/oauth_apps/${unknownId('oa_')}`));
        await notFound(api.get(`/connect/${projectId}/app_overrides/${randomBytes(8).toString('hex')}`));
        await notFound(api.delete(`/connect/${projectId}/apps/no_accounts_app/accounts`, { headers: development }));
      },
    );

    caseIf(
      ['stateful', 'writes', 'disposable'],
      'an OAuth app and an override live until deleted; the override is listed by the project',
      async () => {
        const projectId = await project();
        const oauth = await api.post(`/connect/${projectId}/oauth_apps`, {
          body: { app: 'slack', client_id: 'c', client_secret: 's' },
        });
        expectStatus(oauth, 200);
        expect(JSON.stringify(oauth.body)).not.toContain('client_secret');
        const override = await api.post(`/connect/${projectId}/app_overrides`, {
          body: { app: 'slack', name: `o-${randomBytes(3).toString('hex')}`, oauth_app_id: oauth.body.id },
        });
        expectStatus(override, 200);
        const listed = await api.get(`/connect/${projectId}/app_overrides`, { query: { app: 'slack', limit: 100 } });
        expect(listed.body.data.map((o: { id: string }) => o.id)).toContain(override.body.id);
        expectStatus(await api.delete(`/connect/${projectId}/app_overrides/${override.body.id}`), 204);
        expectStatus(await api.delete(`/connect/${projectId}/oauth_apps/${oauth.body.id}`), 204);
        expectStatus(await api.get(`/connect/${projectId}/oauth_apps/${oauth.body.id}`), 404);
      },
    );
  });

  authCases(contract, [
    'listProjects',
    'createProject',
    'getProject',
    'updateProject',
    'deleteProject',
    'updateProjectLogo',
    'getProjectInfo',
    'listExternalUsers',
    'deleteExternalUser',
    'listConnectUsage',
    'createConnectedAccount',
    'deleteAccountsByApp',
    'listAccountsByExternalUser',
    'listOauthApps',
    'createOauthApp',
    'getOauthApp',
    'updateOauthApp',
    'deleteOauthApp',
    'listAppOverrides',
    'createAppOverride',
    'getAppOverride',
    'updateAppOverride',
    'deleteAppOverride',
  ]);
});
