// Everything the store hands out (answers and outbound payloads) validates against the document.
import { describe, expect, it } from 'vitest';
import { validator } from '../../openapi/validator.ts';
import { completeConnect, createConnectToken, getConnectedAccount, setProjectWebhook } from './connect/connect.ts';
import { createStore } from './index.ts';
import { createSubscription, listWorkspaceSubscriptions } from './api/subscriptions.ts';
import { createWebhook, listWebhooks } from './api/subscriptions.ts';
import { createWorkflow, getWorkflow } from './api/workflows.ts';
import { emit } from './api/emit.ts';
import { emitTrigger } from './connect/trigger-emit.ts';
import { getCurrentUser, listWorkspaceSources } from './api/users.ts';
import { getWorkflowErrorEventSummaries } from './api/error-events.ts';
import { setDeployedTriggerWebhooks, getDeployedTrigger, deployTrigger } from './connect/triggers.ts';
import { listComponents } from './connect/components.ts';
import { worldSummary } from './world/summary.ts';
import { recordingSink, unwrap } from '../../support/results.ts';

function expectSchema(schema: string, value: unknown): void {
  expect(validator.validateSchema(schema, value), `${schema}: ${JSON.stringify(value).slice(0, 400)}`).toEqual([]);
}

describe('store answers and payloads match the document', () => {
  it('for seeded worlds of many tokens', () => {
    const store = createStore({ seed: 'schemas' });
    for (let i = 0; i < 40; i++) {
      const world = store.world(`token-${i}`);
      const summary = worldSummary(world);
      expectSchema('User', unwrap(getCurrentUser(world)).data);
      for (const { id } of summary.workspaces) {
        const page = unwrap(listWorkspaceSources(world, id, { limit: 100 }));
        expectSchema('PageInfo', page.page_info);
        for (const source of page.data) expectSchema('EventSource', source);
        for (const subscription of unwrap(listWorkspaceSubscriptions(world, id)).data)
          expectSchema('Subscription', subscription);
      }
      for (const { id } of summary.workflows) {
        expectSchema('Workflow', unwrap(getWorkflow(world, id)).data);
        for (const expand of [undefined, 'event'] as const) {
          const page = unwrap(getWorkflowErrorEventSummaries(world, id, { limit: 100, expand }));
          for (const summaryItem of page.data) expectSchema('WorkflowErrorEventSummary', summaryItem);
        }
      }
      for (const webhook of unwrap(listWebhooks(world)).data) expectSchema('Webhook', webhook);
      for (const project of summary.projects) {
        for (const account of project.connected_accounts)
          expectSchema(
            'ConnectedAccount',
            unwrap(
              getConnectedAccount(world, project.id, account.id, {
                includeCredentials: true,
                environment: account.environment,
              }),
            ),
          );
      }
    }
  });

  it('for created resources and every outbound payload', () => {
    const sink = recordingSink();
    const world = createStore({ seed: 'payloads', sink }).world('t');
    const summary = worldSummary(world);
    const orgId = summary.workspaces[0]!.id;
    const project = summary.projects[0]!;
    const workflow = unwrap(
      createWorkflow(world, {
        org_id: orgId,
        project_id: project.id,
        steps: [{ namespace: 'send', props: { slack: { authProvisionId: project.accounts[0]! }, text: 'hi' } }],
        triggers: [
          { props: { component_id: 'sc_Abc1234' } },
          { props: { cron: '0 0 * * *' } },
          { props: { email: true } },
          { props: {} },
        ],
        settings: { name: 'n', auto_deploy: true },
      }),
    ).data;
    expectSchema('Workflow', workflow);
    const empty = unwrap(createWorkflow(world, { org_id: orgId, project_id: project.id })).data;
    const webhook = unwrap(
      createWebhook(world, { url: 'https://hooks.example.com/x', name: 'n', description: 'd' }),
    ).data;
    expectSchema('Webhook', webhook);
    expectSchema(
      'Subscription',
      unwrap(createSubscription(world, { emitter_id: 'p_*', listener_id: webhook.id, event_name: '$errors' })).data,
    );

    unwrap(emit(world, { emitter_id: empty.id, event_name: '$errors', event: { big: 'x'.repeat(2000) } }));
    for (const item of unwrap(getWorkflowErrorEventSummaries(world, empty.id, { limit: 100 })).data)
      expectSchema('WorkflowErrorEventSummary', item);
    expectSchema('SubscriptionDelivery', sink.requests[0]!.payload);

    const created = unwrap(setProjectWebhook(world, project.id, 'production', 'https://env.example.com/p')).data;
    expectSchema('ConnectWebhook', created);
    expectSchema(
      'ConnectWebhook',
      unwrap(setProjectWebhook(world, project.id, 'production', 'https://env.example.com/q')).data,
    );
    const asOwnerOf = (seeded: (typeof project.deployed_triggers)[number]) => ({
      environment: seeded.environment,
      externalUserId: seeded.external_user_id,
    });
    const trigger = project.deployed_triggers[1]!;
    for (const showKeys of [true, false])
      expectSchema(
        'TriggerWebhooks',
        unwrap(
          setDeployedTriggerWebhooks(
            world,
            project.id,
            trigger.id,
            ['https://t.example.com/1'],
            asOwnerOf(trigger),
            showKeys,
          ),
        ),
      );
    for (const seeded of project.deployed_triggers)
      expectSchema(
        'DeployedComponent',
        unwrap(getDeployedTrigger(world, project.id, seeded.id, asOwnerOf(seeded))).data,
      );
    const deployed = unwrap(
      deployTrigger(world, project.id, 'production', {
        id: 'github-new-issue',
        external_user_id: 'u0',
        webhook_url: 'https://t.example.com/d',
      }),
    );
    expectSchema('DeployedComponent', deployed.data);
    for (const component of unwrap(listComponents(world, project.id, 'trigger', { limit: 100 })).data)
      expectSchema('TriggerComponent', component);
    unwrap(emitTrigger(world, trigger.id, { event: { a: 1 } }));
    unwrap(emitTrigger(world, project.deployed_triggers[0]!.id, { event: 'plain' }));
    for (const request of sink.requests.filter((r) => r.kind === 'trigger'))
      expectSchema('TriggerWebhookDelivery', request.payload);

    const token = unwrap(
      createConnectToken(world, project.id, 'production', {
        external_user_id: 'u1',
        webhook_uri: 'https://app.example.com/c',
      }),
    );
    expectSchema('ConnectToken', token);
    unwrap(completeConnect(world, token.token, { outcome: 'success' }));
    const failed = unwrap(
      createConnectToken(world, project.id, 'development', {
        external_user_id: 'u2',
        webhook_uri: 'https://app.example.com/c',
      }),
    );
    unwrap(completeConnect(world, failed.token, { outcome: 'error' }));
    const connection = sink.requests.filter((r) => r.kind === 'connection').map((r) => r.payload as { event: string });
    expect(connection.map((p) => p.event)).toEqual(['CONNECTION_SUCCESS', 'CONNECTION_ERROR']);
    expectSchema('ConnectionSuccessEvent', connection[0]);
    expectSchema('ConnectionErrorEvent', connection[1]);
  });
});
