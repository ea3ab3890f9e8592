// Creating workflows for the suites: valid bodies. Cleanup (there is no DELETE /workflows, so a
// created workflow is deactivated afterwards) is registered by contracts/tracking.ts.
import type { Contract } from './harness.ts';
import { expectStatus, uniqueName } from './cases.ts';

export interface WorkflowOptions {
  autoDeploy?: boolean;
  templateId?: string;
}

export async function workflowBody(
  contract: Contract,
  options: WorkflowOptions = {},
): Promise<Record<string, unknown>> {
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

/** POST /workflows with a valid body (contracts/tracking.ts registers the deactivation). */
export async function createWorkflow(
  contract: Contract,
  options: WorkflowOptions = {},
): Promise<{ id: string; active: boolean } & Record<string, any>> {
  const body = await workflowBody(contract, options);
  const answer = await contract.api.post('/workflows', { body });
  expectStatus(answer, 200, 'POST /workflows');
  return answer.body.data;
}
