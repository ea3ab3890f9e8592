// Workflows: POST /workflows, GET /workflows/{id}, PUT /workflows/{id} (activation only).
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import {
  authCases,
  expectError,
  expectRefused,
  expectStatus,
  randomTokenFor,
  unknownId,
  createWorkflow,
  workflowBody,
} from '../cases.ts';
import { collectIds } from '../discover.ts';

const contract = await useContract();
const { api, ids, caseIf } = contract;
/** A JWT-form bearer: a workspace OAuth token. */
const oauth = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjb250cmFjdCJ9.c2lnbmF0dXJl';

async function setActive(id: string, active: boolean) {
  const answer = await api.put(`/workflows/${id}`, { body: { active, org_id: await ids.orgId() } });
  expectStatus(answer, 200, `PUT /workflows/${id} active=${active}`);
  return answer.body.data;
}

describe('workflows', () => {
  describe('schema-level', () => {
    caseIf(['writes'], 'createWorkflow with steps and a timer trigger answers the workflow', async () => {
      const workflow = await createWorkflow(contract);
      expect(workflow.steps.length).toBeGreaterThan(0);
      expect(workflow.triggers.length).toBeGreaterThan(0);
    });

    caseIf(
      ['writes', 'control'],
      "createWorkflow from a template (the world's template) answers the workflow",
      async () => {
        const templateId = collectIds(await ids.world(), 'tch_')[0];
        expect(templateId, 'the world lists a template').toBeDefined();
        const workflow = await createWorkflow(contract, { templateId });
        expect(workflow.id.startsWith('p_')).toBe(true);
        expect(workflow.steps.length, "the template's steps").toBeGreaterThan(0);
        for (const step of workflow.steps) expect(step.id).toMatch(/^c_/);
      },
    );

    caseIf(
      ['control', 'writes'],
      'createWorkflow builds CodeCell steps (props as JSON text, auth provisions listed) and one trigger per kind',
      async () => {
        const stepProps = { slack: { authProvisionId: 'apn_Slack123' }, text: 'hello', count: 3 };
        const body = {
          ...(await workflowBody(contract)),
          steps: [
            { namespace: 'notify', props: stepProps },
            { namespace: 'plain', props: {} },
          ],
          triggers: [
            { props: { cron: '0 9 * * *' } },
            { props: { interval_seconds: 60 } },
            { props: { email: true } },
            { props: { component_id: 'sc_Comp12' } },
            { props: { github: { authProvisionId: 'apn_Git123' } } },
            { props: { path: '/hook' } },
          ],
          settings: { name: 'Contract workflow', auto_deploy: true },
        };
        const answer = await api.post('/workflows', { body });
        expectStatus(answer, 200);
        const created = answer.body.data;
        expect(created).toMatchObject({ name: 'Contract workflow', active: true });
        const [notify, plain] = created.steps;
        expect(notify).toMatchObject({
          type: 'CodeCell',
          namespace: 'notify',
          authProvisionIds: ['apn_Slack123'],
          authProvisionIdMap: { slack: 'apn_Slack123' },
        });
        expect(notify.id).toMatch(/^c_/);
        expect(JSON.parse(notify.params_json)).toEqual(stepProps);
        expect(JSON.parse(notify.configured_props_json)).toEqual(stepProps);
        expect(plain.authProvisionIds).toEqual([]);
        expect(plain.id).not.toBe(notify.id);
        // Timer (cron, interval), email, two event sources (a component, an app), HTTP.
        expect(created.triggers.map((t: { id: string }) => t.id.split('_')[0])).toEqual([
          'ti',
          'ti',
          'ei',
          'dc',
          'dc',
          'hi',
        ]);
        expect(created.triggers[0].cron).toBe('0 9 * * *');
        expect(created.triggers[1].interval_seconds).toBe(60);
        expect(typeof created.triggers[2].email_address).toBe('string');
        expect(created.triggers[3].owner_id).toBe(await ids.orgId());
        expect(typeof created.triggers[5].endpoint_url).toBe('string');
      },
    );

    caseIf(['stateful', 'writes'], 'settings.auto_deploy decides whether a new workflow is active', async () => {
      expect((await createWorkflow(contract, { autoDeploy: true })).active).toBe(true);
      expect((await createWorkflow(contract, { autoDeploy: false })).active).toBe(false);
      const { settings: _settings, ...noSettings } = await workflowBody(contract);
      const answer = await api.post('/workflows', { body: noSettings });
      expectStatus(answer, 200);
      expect(answer.body.data.active, 'no settings: not deployed').toBe(false);
    });

    caseIf([], 'getWorkflow answers a known workflow', async () => {
      const id = await ids.workflowId();
      expect(id, 'no workflow to read: none in the world or in any subscription').toBeDefined();
      expectStatus(await api.get(`/workflows/${id}`), 200);
      // The service's REST API docs send org_id in the query (openapi/openapi.yaml, getWorkflow).
      const withOrg = await api.get(`/workflows/${id}`, { query: { org_id: await ids.orgId() } });
      expectStatus(withOrg, 200, 'with ?org_id=');
      if (contract.can('stateful')) expect(withOrg.body.data.id).toBe(id);
    });

    caseIf(['writes'], 'updateWorkflowActivation answers the workflow', async () => {
      const workflow = await createWorkflow(contract);
      const updated = await setActive(workflow.id, false);
      if (contract.can('stateful')) expect(updated.id).toBe(workflow.id);
    });
  });

  authCases(contract, ['createWorkflow', 'getWorkflow', 'updateWorkflowActivation']);

  describe('negative_data_rejection', () => {
    caseIf(['enforcesRules', 'stateful'], 'getWorkflow with an unknown id is 404', async () => {
      expectStatus(await api.get(`/workflows/${unknownId('p_')}`), 404);
    });

    caseIf(['enforcesRules', 'stateful'], 'getWorkflow with a malformed id is a documented 4xx', async () => {
      expectRefused(await api.get('/workflows/not-a-workflow'));
    });

    caseIf(['enforcesRules', 'stateful'], 'updateWorkflowActivation of an unknown workflow is 404', async () => {
      expectStatus(
        await api.put(`/workflows/${unknownId('p_')}`, { body: { active: false, org_id: await ids.orgId() } }),
        404,
      );
    });

    caseIf(
      ['enforcesRules', 'writes'],
      'updateWorkflowActivation with active: "yes" or org_id: 7 is 400, and changes nothing',
      async () => {
        const workflow = await createWorkflow(contract);
        const put = (body: unknown) => api.put(`/workflows/${workflow.id}`, { body });
        expectStatus(await put({ active: 'yes', org_id: await ids.orgId() }), 400, 'active: "yes"');
        expectStatus(await put({ active: true, org_id: 7 }), 400, 'org_id: 7');
        if (contract.can('stateful'))
          expect((await api.get(`/workflows/${workflow.id}`)).body.data.active).toBe(workflow.active);
      },
    );

    caseIf(
      ['enforcesRules', 'writes'],
      'updateWorkflowActivation without org_id, active or any body is 400',
      async () => {
        const workflow = await createWorkflow(contract);
        const put = (body: unknown) => api.put(`/workflows/${workflow.id}`, { body });
        expectStatus(await put({ active: false }), 400, 'no org_id');
        expectStatus(await put({ org_id: await ids.orgId() }), 400, 'no active');
        expectStatus(await api.put(`/workflows/${workflow.id}`), 400, 'no body');
      },
    );

    caseIf(
      ['control', 'writes'],
      "updateWorkflowActivation naming another of the user's workspaces is 422",
      async () => {
        const other = await ids.otherOrgId();
        expect(other, 'the seeded user has two workspaces').toBeDefined();
        const workflow = await createWorkflow(contract);
        expectError(
          contract,
          await api.put(`/workflows/${workflow.id}`, { body: { active: true, org_id: other } }),
          422,
          'unprocessable',
        );
      },
    );

    caseIf(['enforcesRules', 'writes'], 'malformed JSON is 400', async () => {
      const workflow = await createWorkflow(contract);
      expectStatus(await api.put(`/workflows/${workflow.id}`, { rawBody: '{"active": fal' }), 400);
      expectStatus(await api.post('/workflows', { rawBody: '{' }), 400);
    });

    caseIf(['enforcesRules', 'stateful', 'writes'], 'createWorkflow without project_id or org_id is 400', async () => {
      const body = await workflowBody(contract);
      const { project_id: _project, ...noProject } = body;
      const { org_id: _org, ...noOrg } = body;
      expectStatus(await api.post('/workflows', { body: noProject }), 400, 'no project_id');
      expectStatus(await api.post('/workflows', { body: noOrg }), 400, 'no org_id');
    });

    caseIf(
      ['enforcesRules', 'stateful', 'writes'],
      'createWorkflow with a well-formed but unknown project, workspace or template is 4xx',
      async () => {
        const body = await workflowBody(contract);
        for (const [field, id] of [
          ['project_id', unknownId('proj_')],
          ['org_id', unknownId('o_')],
          ['template_id', unknownId('tch_')],
        ] as const) {
          const answer = await api.post('/workflows', { body: { ...body, [field]: id } });
          expectRefused(answer, `unknown ${field}`);
          // docs/errors.md: an unknown ID in a body is 422 on the kit.
          if (contract.can('control')) expectError(contract, answer, 422, 'unprocessable', `unknown ${field}`);
        }
      },
    );

    caseIf(
      ['control', 'writes'],
      "createWorkflow naming another world's workspace is 422, like an unknown one",
      async () => {
        const foreign = await api.get('/users/me', { token: randomTokenFor(contract) });
        const answer = await api.post('/workflows', {
          body: { ...(await workflowBody(contract)), org_id: foreign.body.data.orgs[0].id },
        });
        expectError(contract, answer, 422, 'unprocessable');
      },
    );

    caseIf(['enforcesRules', 'stateful', 'writes'], 'createWorkflow with a non-object steps item is 400', async () => {
      expectStatus(
        await api.post('/workflows', { body: { ...(await workflowBody(contract)), steps: ['not a step'] } }),
        400,
      );
    });

    // Spec: PUT /workflows/{id} accepts user API keys only. A JWT-form bearer is a workspace OAuth token.
    caseIf(
      ['control'],
      'updateWorkflowActivation with a workspace OAuth token is 403 and changes nothing',
      async () => {
        const id = await ids.workflowId();
        const before = (await api.get(`/workflows/${id}`)).body.data.active;
        const refused = await api.put(`/workflows/${id}`, {
          token: oauth,
          body: { active: !before, org_id: await ids.orgId() },
        });
        expectError(contract, refused, 403, 'forbidden_token_kind');
        expect((await api.get(`/workflows/${id}`)).body.data.active).toBe(before);
        // The OAuth token itself reads fine, in its own world.
        expectStatus(await api.get('/users/me/webhooks', { token: oauth }), 200);
      },
    );

    // The service's REST API docs: the Users endpoints and POST /workflows take user API keys only too.
    caseIf(['control'], 'getCurrentUser and createWorkflow with a workspace OAuth token are 403', async () => {
      expectError(contract, await api.get('/users/me', { token: oauth }), 403, 'forbidden_token_kind');
      expectError(
        contract,
        await api.post('/workflows', { token: oauth, body: await workflowBody(contract) }),
        403,
        'forbidden_token_kind',
      );
      expectStatus(await api.get('/users/me'), 200, 'a user API key');
    });
  });

  describe('stateful', () => {
    caseIf(['stateful', 'writes'], 'create then read finds the same workflow', async () => {
      const created = await createWorkflow(contract);
      const read = await api.get(`/workflows/${created.id}`);
      expectStatus(read, 200);
      expect(read.body.data).toEqual(created);
    });

    caseIf(
      ['stateful', 'writes'],
      'deactivate -> read shows active:false -> activate -> read shows active:true',
      async () => {
        const workflow = await createWorkflow(contract, { autoDeploy: true });
        expect(workflow.active, 'settings.auto_deploy: true creates an active workflow').toBe(true);
        expect((await setActive(workflow.id, false)).active).toBe(false);
        expect((await api.get(`/workflows/${workflow.id}`)).body.data.active).toBe(false);
        expect((await setActive(workflow.id, true)).active).toBe(true);
        expect((await api.get(`/workflows/${workflow.id}`)).body.data.active).toBe(true);
      },
    );
  });
});
