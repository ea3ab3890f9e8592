// The service's public REST API reference beyond the spec (pipedream.com/docs/rest-api/api-reference/): sources
// created, updated and deleted, their events listed and deleted, a workflow's emits. Flows that need events emitted
// use the mock's control API (POST /__mock/emit); a live server gets the reads and the refusals.
import { randomBytes } from 'node:crypto';
import { describe, expect } from 'vitest';
import { authCases, createWorkflow, expectError, expectStatus, randomTokenFor, unknownId } from '../cases.ts';
import { collectIds } from '../discover.ts';
import { useContract } from '../harness.ts';

const contract = await useContract();
const { api, ids, caseIf, control } = contract;

const RSS = 'https://components.workflow-service.test/rss/sources/new-item-in-feed/new-item-in-feed.ts';

// A source made from a URL or code saves a component too, which nothing deletes: the cases that create one run only
// where the target is disposable (never against a live server), though the harness deletes each source they make.
async function createSource(body: Record<string, unknown> = { component_url: RSS }) {
  const answer = await api.post('/sources', { body });
  expectStatus(answer, 200, 'POST /sources');
  return answer.body.data as { id: string } & Record<string, any>;
}

async function sourceIdsOf(orgId: string): Promise<string[]> {
  const answer = await api.get(`/orgs/${orgId}/sources`, { query: { limit: 100 } });
  expectStatus(answer, 200);
  return answer.body.data.map((source: { id: string }) => source.id);
}

const eventsOf = (sourceId: string, query: Record<string, string | number> = {}) =>
  api.get(`/sources/${sourceId}/event_summaries`, { query });

async function emitEvents(emitterId: string, events: unknown[], eventName = '') {
  for (const event of events) await control!.emit({ emitter_id: emitterId, event_name: eventName, event });
}

describe('the reference: sources', () => {
  describe('schema-level', () => {
    caseIf(['writes', 'disposable'], 'createSource answers the source as the reference shows it', async () => {
      const source = await createSource({
        component_url: RSS,
        name: 'your-name-here',
        configured_props: { url: 'https://feeds.example.com/rss.xml', timer: { intervalSeconds: 60 } },
      });
      expect(source.id).toMatch(/^dc_/);
      expect(source.component_id).toMatch(/^sc_/);
      if (!contract.can('stateful')) return; // a stateless double answers its example whatever the body
      expect(source).toMatchObject({ active: true, name: 'your-name-here', name_slug: 'your-name-here' });
      expect(source.configured_props.timer).toEqual({ cron: null, interval_seconds: 60 });
      expect(source.user_id).toBe((await ids.user()).id);
    });

    caseIf(
      ['writes', 'stateful', 'disposable'],
      "createSource names a source after its component's name slug when no name is given",
      async () => {
        const source = await createSource({ component_url: RSS });
        expect(source.name_slug).toMatch(/^new-item-in-feed/);
        expect(source.name, 'the name is the name slug of the component').toBe(source.name_slug);
      },
    );

    caseIf([], 'getSourceEventSummaries answers page_info and data for a known source', async () => {
      const [sourceId] = await sourceIdsOf(await ids.orgId());
      if (sourceId === undefined) return; // a workspace without sources has none to read
      const answer = await eventsOf(sourceId, { limit: 5, expand: 'event' });
      expectStatus(answer, 200);
      expect(answer.body.page_info.count).toBe(answer.body.data.length);
    });
  });

  authCases(contract, [
    'createSource',
    'updateSource',
    'deleteSource',
    'getSourceEventSummaries',
    'deleteSourceEvents',
  ]);

  describe('negative_data_rejection', () => {
    caseIf(['enforcesRules'], 'createSource without component_id, component_code or component_url is 400', async () => {
      expectStatus(await api.post('/sources', { body: { name: 'no component' } }), 400);
    });

    caseIf(
      ['enforcesRules', 'stateful'],
      'createSource with a component_id this world does not hold is 422',
      async () => {
        expectError(
          contract,
          await api.post('/sources', { body: { component_id: unknownId('sc_') } }),
          422,
          'unprocessable',
        );
      },
    );

    for (const [what, send] of [
      ['updateSource', (id: string) => api.put(`/sources/${id}`, { body: { active: false } })],
      ['deleteSource', (id: string) => api.delete(`/sources/${id}`)],
      ['getSourceEventSummaries', (id: string) => eventsOf(id)],
      ['deleteSourceEvents', (id: string) => api.delete(`/sources/${id}/events`)],
    ] as const)
      caseIf(['enforcesRules', 'stateful'], `${what} of an unknown source is 404`, async () => {
        expectError(contract, await send(unknownId('dc_')), 404, 'not_found');
      });

    for (const start_id of ['abc', '1589486981598', '-0']) {
      caseIf(['enforcesRules'], `deleteSourceEvents with start_id=${start_id} is 400`, async () => {
        const [sourceId] = await sourceIdsOf(await ids.orgId());
        expectStatus(await api.delete(`/sources/${sourceId ?? 'dc_Ow7gJ0a'}/events`, { query: { start_id } }), 400);
      });
    }
  });

  describe('stateful', () => {
    caseIf(
      ['writes', 'stateful', 'disposable'],
      'a created source is listed in the first workspace, updated, then deleted',
      async () => {
        const orgId = await ids.orgId();
        const source = await createSource();
        expect(await sourceIdsOf(orgId)).toContain(source.id);

        const updated = await api.put(`/sources/${source.id}`, { body: { name: 'Renamed feed', active: false } });
        expectStatus(updated, 200, 'PUT /sources/{id}');
        expect(updated.body.data).toMatchObject({
          id: source.id,
          name: 'Renamed feed',
          name_slug: 'renamed-feed',
          active: false,
        });
        const listed = await api.get(`/orgs/${orgId}/sources`, { query: { limit: 100 } });
        expect(listed.body.data.find((item: { id: string }) => item.id === source.id)).toMatchObject({
          name: 'Renamed feed',
          active: false,
        });

        expectStatus(await api.delete(`/sources/${source.id}`), 204, 'DELETE /sources/{id}');
        expect(await sourceIdsOf(orgId)).not.toContain(source.id);
        expectStatus(await api.delete(`/sources/${source.id}`), 404, 'a second delete');
        expectStatus(await eventsOf(source.id), 404, 'the deleted source has no events to read');
      },
    );

    caseIf(
      ['writes', 'stateful', 'disposable'],
      'an http prop is answered with the endpoint URL the source receives at',
      async () => {
        const source = await createSource({ component_url: RSS, configured_props: { http: {} } });
        expect(source.configured_props.http.endpoint_url).toMatch(/^https?:\/\//);
      },
    );
  });

  describe('mock-only flows (control API)', () => {
    caseIf(['control', 'writes'], "a source's emitted events are listed newest first, with its metadata", async () => {
      const source = await createSource();
      expect((await eventsOf(source.id)).body).toEqual({
        page_info: { total_count: 0, count: 0, start_cursor: '', end_cursor: '' },
        data: [],
      });
      await emitEvents(source.id, [{ n: 1 }, { n: 2 }, { n: 3 }]);
      const answer = await eventsOf(source.id);
      expectStatus(answer, 200);
      expect(answer.body.data.map((summary: any) => summary.event)).toEqual([{ n: 3 }, { n: 2 }, { n: 1 }]);
      expect(answer.body.page_info).toMatchObject({ total_count: 3, count: 3, start_cursor: answer.body.data[0].id });
      for (const summary of answer.body.data) {
        expect(summary.id).toMatch(/^\d+-\d+$/);
        expect(summary.metadata).toMatchObject({ emitter_id: source.id, name: '' });
      }
      const limited = await eventsOf(source.id, { limit: 1 });
      expect(limited.body.data.map((summary: any) => summary.event)).toEqual([{ n: 3 }]);
    });

    caseIf(['control', 'writes'], 'a source event over 1 KB is truncated unless expand=event', async () => {
      const source = await createSource();
      const big = { log: 'x'.repeat(1100) };
      await emitEvents(source.id, [big]);
      const json = JSON.stringify(big);
      expect((await eventsOf(source.id)).body.data[0].event).toEqual({
        truncated: true,
        size_bytes: json.length,
        preview: json.slice(0, 512),
      });
      expect((await eventsOf(source.id, { expand: 'event' })).body.data[0].event).toEqual(big);
    });

    caseIf(
      ['control', 'writes'],
      'deleteSourceEvents deletes from start_id to end_id, both included, and answers 202',
      async () => {
        const source = await createSource();
        await emitEvents(source.id, [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
        const idOf = async (n: number) =>
          (await eventsOf(source.id)).body.data.find((summary: any) => summary.event.n === n).id as string;
        const remaining = async () => (await eventsOf(source.id)).body.data.map((summary: any) => summary.event.n);

        const one = await idOf(2);
        const answer = await api.delete(`/sources/${source.id}/events`, { query: { start_id: one, end_id: one } });
        expectStatus(answer, 202, 'DELETE /sources/{id}/events');
        expect(await remaining(), 'the same ID in both deletes that event only').toEqual([4, 3, 1]);

        expectStatus(await api.delete(`/sources/${source.id}/events`, { query: { start_id: await idOf(3) } }), 202);
        expect(await remaining(), 'start_id alone deletes it and every later one').toEqual([1]);

        await emitEvents(source.id, [{ n: 5 }]);
        expectStatus(await api.delete(`/sources/${source.id}/events`), 202);
        expect(await remaining(), 'no range deletes every event').toEqual([]);
      },
    );

    caseIf(['control', 'writes'], "a deleted source's subscriptions go with it", async () => {
      const source = await createSource();
      const workflow = await createWorkflow(contract);
      const query = { emitter_id: source.id, listener_id: workflow.id, event_name: '' };
      expectStatus(await api.post('/subscriptions', { query }), 200);
      expectStatus(await api.delete(`/sources/${source.id}`), 204);
      expectStatus(await api.delete('/subscriptions', { query }), 404, 'the subscription went with its emitter');
    });
  });
});

describe('the reference: workflow emits', () => {
  const emitsOf = (workflowId: string, query: Record<string, string | number> = {}) =>
    api.get(`/workflows/${workflowId}/event_summaries`, { query });

  caseIf([], 'getWorkflowEmits answers page_info and data for a known workflow', async () => {
    const answer = await emitsOf((await ids.workflowId())!, { expand: 'event', limit: 1 });
    expectStatus(answer, 200);
    expect(answer.body.page_info.count).toBe(answer.body.data.length);
  });

  authCases(contract, ['getWorkflowEmits']);

  caseIf(['enforcesRules', 'stateful'], 'getWorkflowEmits of an unknown workflow is 404', async () => {
    expectError(contract, await emitsOf(unknownId('p_')), 404, 'not_found');
  });

  for (const limit of ['0', '101', 'abc'])
    caseIf(['enforcesRules'], `getWorkflowEmits with limit=${limit} is 400`, async () => {
      expectStatus(await emitsOf((await ids.workflowId())!, { limit }), 400);
    });

  caseIf(
    ['control', 'writes'],
    "a workflow's emits are listed newest first; its $errors and $logs are not",
    async () => {
      const workflow = await createWorkflow(contract);
      expect((await emitsOf(workflow.id)).body.data).toEqual([]);
      await emitEvents(workflow.id, [{ n: 1 }]);
      await emitEvents(workflow.id, [{ n: 2 }], 'channel_name');
      await emitEvents(workflow.id, [{ failed: true }], '$errors');
      await emitEvents(workflow.id, [{ log: true }], '$logs');
      const answer = await emitsOf(workflow.id);
      expect(answer.body.data.map((summary: any) => [summary.event, summary.metadata.name])).toEqual([
        [{ n: 2 }, 'channel_name'],
        [{ n: 1 }, ''],
      ]);
      for (const summary of answer.body.data) expect(summary.metadata.emitter_id).toBe(workflow.id);
    },
  );

  caseIf(['control'], 'a seeded world has a workflow with emitted events', async () => {
    let found = 0;
    for (const id of collectIds((await ids.world())?.workflows, 'p_')) found += (await emitsOf(id)).body.data.length;
    expect(found).toBeGreaterThan(0);
  });
});

// The revocation, like the login, takes no bearer: these cases never reach a live server (`disposable`).
describe('the reference: token revocation', () => {
  const login = async (clientId: string) => {
    const body = { grant_type: 'client_credentials', client_id: clientId, client_secret: 's' };
    const answer = await api.post('/oauth/token', { token: null, body });
    expectStatus(answer, 200, 'POST /oauth/token');
    return answer.body.access_token as string;
  };
  const revoke = (body: unknown) => api.post('/oauth/revoke', { token: null, body });

  caseIf(['disposable'], 'revokeOAuthToken answers 200 with the empty body the reference shows', async () => {
    const answer = await revoke({
      token: 'not-a-token-of-this-client',
      client_id: 'contract-client',
      client_secret: 's',
    });
    expectStatus(answer, 200, 'POST /oauth/revoke');
    expect(answer.body).toEqual({});
  });

  caseIf(['enforcesRules', 'disposable'], 'revokeOAuthToken without its token or client_secret is 400', async () => {
    expectStatus(await revoke({ client_id: 'c', client_secret: 's' }), 400, 'no token');
    expectStatus(await revoke({ token: 't', client_id: 'c' }), 400, 'no client_secret');
  });

  caseIf(
    ['stateful', 'enforcesRules', 'disposable'],
    'a revoked token answers 401 until its client logs in again; another client cannot revoke it',
    async () => {
      const client = `contract-revoke-${randomBytes(4).toString('hex')}`;
      const token = await login(client);
      expectStatus(await api.get('/connect/apps', { token }), 200, 'the new token works');
      const foreign = await revoke({ token, client_id: `${client}-other`, client_secret: 's' });
      expectStatus(foreign, 200, 'a token of another client is no error');
      expectStatus(await api.get('/connect/apps', { token }), 200, 'and it is not revoked');

      expectStatus(await revoke({ token, client_id: client, client_secret: 's' }), 200, 'POST /oauth/revoke');
      expectError(contract, await api.get('/connect/apps', { token }), 401, 'unauthorized', 'the revoked token');
      expect(await login(client), 'a new login issues the same token').toBe(token);
      expectStatus(await api.get('/connect/apps', { token }), 200, 'the token works again after the login');
    },
  );
});

describe('the reference: apps', () => {
  authCases(contract, ['listCatalogueApps', 'getCatalogueApp']);

  caseIf([], 'listCatalogueApps answers a page of apps', async () => {
    const answer = await api.get('/apps', { query: { limit: 5 } });
    expectStatus(answer, 200);
    expect(answer.body.page_info.count).toBe(answer.body.data.length);
  });

  caseIf(['stateful'], 'GET /apps and GET /connect/apps read the one catalogue, with the same filters', async () => {
    for (const [rest, connect] of [
      [{ q: 'git' }, { q: 'git' }],
      [{ has_actions: '1' }, { has_actions: 'true' }],
      [{ has_triggers: '0' }, { has_triggers: 'false' }],
    ]) {
      const mine = await api.get('/apps', { query: { ...rest, limit: 100 } });
      const theirs = await api.get('/connect/apps', { query: { ...connect, limit: 100 } });
      expectStatus(mine, 200, `GET /apps ${JSON.stringify(rest)}`);
      expect(mine.body.data, JSON.stringify(rest)).toEqual(theirs.body.data);
    }
  });

  caseIf(['stateful'], 'getCatalogueApp reads an app by its name slug and by its ID', async () => {
    const [first] = (await api.get('/apps', { query: { limit: 1 } })).body.data;
    for (const key of [first.name_slug, first.id]) {
      const answer = await api.get(`/apps/${key}`);
      expectStatus(answer, 200, `GET /apps/${key}`);
      expect(answer.body.data).toEqual(first);
    }
  });

  caseIf(['enforcesRules', 'stateful'], 'getCatalogueApp of an app the catalogue does not hold is 404', async () => {
    expectError(contract, await api.get('/apps/no_such_app_here'), 404, 'not_found');
  });

  caseIf(['enforcesRules'], 'listCatalogueApps with has_actions=yes is 400', async () => {
    expectStatus(await api.get('/apps', { query: { has_actions: 'yes' } }), 400);
  });
});

describe('the reference: components', () => {
  const GITHUB = 'https://components.workflow-service.test/github/sources/new-issue/new-issue.ts';

  authCases(contract, ['createSavedComponent', 'getSavedComponent', 'getRegistryComponent']);

  caseIf([], 'getRegistryComponent answers a registry component with the props a source takes', async () => {
    const answer = await api.get('/components/registry/github-new-issue');
    expectStatus(answer, 200);
    expect(answer.body.data.id).toMatch(/^sc_/);
    expect(Array.isArray(answer.body.data.configurable_props)).toBe(true);
  });

  caseIf(['stateful'], 'the registry holds the Connect catalogue: the same props for the same key', async () => {
    const registry = await api.get('/components/registry/github-new-issue');
    const catalogue = await api.get(`/connect/${await ids.projectId()}/components/github-new-issue`, {
      headers: { 'x-pd-environment': 'production' },
    });
    expectStatus(catalogue, 200);
    expect(registry.body.data).toMatchObject({
      key: 'github-new-issue',
      name: catalogue.body.data.name,
      version: catalogue.body.data.version,
      configurable_props: catalogue.body.data.configurable_props,
    });
  });

  caseIf(['enforcesRules', 'stateful'], 'getRegistryComponent of a key the registry does not hold is 404', async () => {
    expectError(contract, await api.get('/components/registry/nope-no-such-component'), 404, 'not_found');
  });

  caseIf(['enforcesRules'], 'createSavedComponent without component_code or component_url is 400', async () => {
    expectStatus(await api.post('/components', { body: {} }), 400);
  });

  caseIf(
    ['writes', 'stateful', 'disposable'],
    'a saved component is read back by ID and key, and a source is deployed from it',
    async () => {
      const saved = await api.post('/components', { body: { component_url: GITHUB } });
      expectStatus(saved, 200, 'POST /components');
      const component = saved.body.data;
      expect(component).toMatchObject({ key: 'github-new-issue' });
      const registry = (await api.get('/components/registry/github-new-issue')).body.data;
      expect(component.configurable_props).toEqual(registry.configurable_props);
      for (const key of [component.id, component.key]) {
        const read = await api.get(`/components/${key}`);
        expectStatus(read, 200, `GET /components/${key}`);
        expect(read.body.data.id).toBe(component.id);
      }
      const source = await createSource({ component_id: component.id, name: 'From a saved component' });
      expect(source.component_id).toBe(component.id);
    },
  );

  caseIf(
    ['writes', 'stateful', 'disposable'],
    'a component saved from code is read from its code; another world has not saved it',
    async () => {
      const code = 'export default { key: "contract-echo", name: "Echo", version: "1.2.3", props: {}, run() {} };';
      const saved = await api.post('/components', { body: { component_code: code } });
      expectStatus(saved, 200);
      expect(saved.body.data).toMatchObject({ key: 'contract-echo', name: 'Echo', version: '1.2.3', code });
      expect(saved.body.data.code_hash).toMatch(/^[0-9a-f]{64}$/);
      if (!contract.can('control')) return; // a second world is a mock-only device
      const elsewhere = await api.get(`/components/${saved.body.data.id}`, { token: randomTokenFor(contract) });
      expectStatus(elsewhere, 404, 'a component of another world');
    },
  );

  caseIf(['enforcesRules', 'stateful'], 'getSavedComponent of a component this world did not save is 404', async () => {
    expectError(contract, await api.get(`/components/${unknownId('sc_')}`), 404, 'not_found');
  });
});
