// Creating workflows for the suites: valid bodies, and the cleanup every created workflow needs
// (there is no DELETE /workflows: a created workflow is deactivated afterwards).
import type { Contract } from './harness.ts';
import { expectStatus, uniqueName } from './cases.ts';

export interface WorkflowOptions {
  autoDeploy?: boolean;
  templateId?: string;
}

export async function workflowBody(contract: Contract, options: WorkflowOptions = {}): Promise<Record<string, unknown>> {
  const projectId = await contract.ids.projectId();
  if (projectId === undefined) throw new Error('no project id: set CONTRACT_PROJECT_ID');
  const body: Record<string, unknown> = {
    project_id: projectId,
    org_id: await contract.ids.orgId(),
    settings: { name: uniqueName('workflow'), auto_deploy: options.autoDeploy ?? false },
  };
  if (options.templateId) body.template_id = options.templateId;
  else {
    body.steps = [{ namespace: 'send_message', props: { text: 'hello from the contract suite' } }];
    body.triggers = [{ props: { cron: '0 * * * *' } }];
  }
  return body;
}

/** POST /workflows with a valid body; registers the deactivation. Answers the created workflow. */
export async function createWorkflow(contract: Contract, options: WorkflowOptions = {}): Promise<{ id: string; active: boolean } & Record<string, any>> {
  const body = await workflowBody(contract, options);
  const answer = await contract.api.post('/workflows', { body });
  expectStatus(answer, 200, 'POST /workflows');
  const workflow = answer.body.data;
  if (contract.target.caps.stateful) {
    contract.cleanup.add(`deactivate workflow ${workflow.id}`, () =>
      contract.api.put(`/workflows/${workflow.id}`, { body: { active: false, org_id: body.org_id } }),
    );
  }
  return workflow;
}
