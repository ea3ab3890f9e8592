// Workflows: POST /workflows, GET /workflows/{id}, PUT /workflows/{id} (activation only).
import { describe, expect } from 'vitest';
import { useContract } from '../harness.ts';
import { authCases, expectRefused, expectStatus, unknownId } from '../cases.ts';
import { createWorkflow, workflowBody } from '../workflows.ts';
import { collectIds } from '../discover.ts';

const contract = await useContract();
const { api, ids, caseIf } = contract;

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

    caseIf(['writes', 'control'], "createWorkflow from a template (the world's template) answers the workflow", async () => {
      const templateId = collectIds(await ids.world(), 'tch_')[0];
      expect(templateId, 'the world lists a template').toBeDefined();
      const workflow = await createWorkflow(contract, { templateId });
      expect(workflow.id.startsWith('p_')).toBe(true);
    });

    caseIf([], 'getWorkflow answers a known workflow', async () => {
      const id = await ids.workflowId();
      expect(id, 'no workflow to read: none in the world or in any subscription').toBeDefined();
      expectStatus(await api.get(`/workflows/${id}`), 200);
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
      expectStatus(await api.put(`/workflows/${unknownId('p_')}`, { body: { active: false, org_id: await ids.orgId() } }), 404);
    });

    caseIf(['enforcesRules', 'writes'], 'updateWorkflowActivation with active: "yes" is 400', async () => {
      const workflow = await createWorkflow(contract);
      expectStatus(await api.put(`/workflows/${workflow.id}`, { body: { active: 'yes', org_id: await ids.orgId() } }), 400);
    });

    caseIf(['enforcesRules', 'writes'], 'updateWorkflowActivation without org_id or active is 400', async () => {
      const workflow = await createWorkflow(contract);
      expectStatus(await api.put(`/workflows/${workflow.id}`, { body: { active: false } }), 400, 'no org_id');
      expectStatus(await api.put(`/workflows/${workflow.id}`, { body: { org_id: await ids.orgId() } }), 400, 'no active');
    });

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

    caseIf(['enforcesRules', 'stateful', 'writes'], 'createWorkflow with a well-formed but unknown project or workspace is 4xx', async () => {
      const body = await workflowBody(contract);
      expectRefused(await api.post('/workflows', { body: { ...body, project_id: unknownId('proj_') } }), 'unknown project');
      expectRefused(await api.post('/workflows', { body: { ...body, org_id: unknownId('o_') } }), 'unknown workspace');
    });

    caseIf(['enforcesRules', 'stateful', 'writes'], 'createWorkflow with a non-object steps item is 400', async () => {
      expectStatus(await api.post('/workflows', { body: { ...(await workflowBody(contract)), steps: ['not a step'] } }), 400);
    });

    // Spec: PUT /workflows/{id} accepts user API keys only. A JWT-form bearer is a workspace OAuth token.
    caseIf(['control'], 'updateWorkflowActivation with a workspace OAuth token is 403', async () => {
      const oauth = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjb250cmFjdCJ9.c2lnbmF0dXJl';
      const id = await ids.workflowId();
      expectStatus(await api.put(`/workflows/${id}`, { token: oauth, body: { active: false, org_id: await ids.orgId() } }), 403);
    });
  });

  describe('stateful', () => {
    caseIf(['stateful', 'writes'], 'create then read finds the same workflow', async () => {
      const created = await createWorkflow(contract);
      const read = await api.get(`/workflows/${created.id}`);
      expectStatus(read, 200);
      expect(read.body.data).toEqual(created);
    });

    caseIf(['stateful', 'writes'], 'deactivate -> read shows active:false -> activate -> read shows active:true', async () => {
      const workflow = await createWorkflow(contract, { autoDeploy: true });
      expect(workflow.active, 'settings.auto_deploy: true creates an active workflow').toBe(true);
      expect((await setActive(workflow.id, false)).active).toBe(false);
      expect((await api.get(`/workflows/${workflow.id}`)).body.data.active).toBe(false);
      expect((await setActive(workflow.id, true)).active).toBe(true);
      expect((await api.get(`/workflows/${workflow.id}`)).body.data.active).toBe(true);
    });

    caseIf(['control'], "another world's workflow is 404", async () => {
      const id = await ids.workflowId();
      expectStatus(await api.get(`/workflows/${id}`, { token: `contract-other-${Date.now()}` }), 404);
    });
  });
});
