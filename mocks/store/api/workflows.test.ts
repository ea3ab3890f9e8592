import { beforeEach, describe, expect, it } from 'vitest';
import type { World } from '../world/world.ts';
import { createStore } from '../index.ts';
import { createWorkflow, type CreateWorkflowBody, getWorkflow, updateWorkflowActivation } from './workflows.ts';
import { listWorkspaceSources } from './users.ts';
import { worldSummary } from '../world/summary.ts';
import type { EmailTrigger, EventSourceTrigger, HttpTrigger, TimerTrigger } from '../../factories/types.ts';
import { kindOf } from '../../ids/ids.ts';
import { expectError, unwrap } from '../../../support/results.ts';

let world: World;
let orgId: string;
let otherOrg: string;
let projectId: string;
let templateId: string;
beforeEach(() => {
  world = createStore({ seed: 21, now: () => Date.UTC(2030, 0, 1) }).world('workflows');
  const summary = worldSummary(world);
  [orgId, otherOrg] = summary.workspaces.map((w) => w.id) as [string, string];
  projectId = summary.projects[0]!.id;
  templateId = summary.templates[0]!;
});

describe('createWorkflow', () => {
  it('creates steps from {namespace, props} with the README fixed choices', () => {
    const props = {
      channel: '#general',
      count: 3,
      slack: { authProvisionId: 'apn_abc1234' },
      github: { authProvisionId: 'apn_xyz9876' },
    };
    const workflow = unwrap(
      createWorkflow(world, { org_id: orgId, project_id: projectId, steps: [{ namespace: 'notify', props }] }),
    ).data;
    expect(kindOf(workflow.id)).toBe('workflow');
    const step = workflow.steps[0]!;
    expect(kindOf(step.id)).toBe('step');
    expect(step).toMatchObject({
      type: 'CodeCell',
      namespace: 'notify',
      lang: 'nodejs20.x',
      disabled: false,
      code_raw: null,
      codeRaw: null,
      text_raw: null,
    });
    expect(JSON.parse(step.params_json)).toEqual(props);
    expect(JSON.parse(step.configured_props_json!)).toEqual(props);
    expect(step.authProvisionIds).toEqual(['apn_abc1234', 'apn_xyz9876']);
    expect(step.authProvisionIdMap).toEqual({ slack: 'apn_abc1234', github: 'apn_xyz9876' });
    expect(kindOf(step.savedComponent.id)).toBe('savedComponent');
  });

  it('picks the trigger kind from its props, each with its prefix', () => {
    const triggers: CreateWorkflowBody['triggers'] = [
      { props: { cron: '0 9 * * *', timezone: 'Europe/Berlin' } },
      { props: { interval_seconds: 300 } },
      { props: { email: true } },
      { props: { component_id: 'sc_abcdefg', name: 'New Order' } },
      { props: { app: { authProvisionId: 'apn_abc1234' } } },
      { props: {} },
    ];
    const workflow = unwrap(createWorkflow(world, { org_id: orgId, project_id: projectId, triggers })).data;
    expect(workflow.triggers.map((t) => kindOf(t.id))).toEqual([
      'timerTrigger',
      'timerTrigger',
      'emailTrigger',
      'source',
      'source',
      'httpTrigger',
    ]);
    const cron = workflow.triggers[0] as TimerTrigger;
    expect(cron).toMatchObject({ cron: '0 9 * * *', timezone: 'Europe/Berlin' });
    expect((workflow.triggers[1] as TimerTrigger).interval_seconds).toBe(300);
    expect((workflow.triggers[2] as EmailTrigger).email_address).toContain('@');
    const source = workflow.triggers[3] as EventSourceTrigger;
    expect(source).toMatchObject({ owner_id: orgId, component_id: 'sc_abcdefg', name: 'New Order', active: true });
    const http = workflow.triggers[5] as HttpTrigger;
    expect(http.endpoint_url).toMatch(/^https:\/\//);
    expect(http.created_at).toBe(Date.UTC(2030, 0, 1) / 1000);
  });

  it('event-source triggers become sources of the workspace', () => {
    const workflow = unwrap(
      createWorkflow(world, {
        org_id: orgId,
        project_id: projectId,
        triggers: [{ props: { component_id: 'sc_abcdefg' } }],
      }),
    ).data;
    const listed = unwrap(listWorkspaceSources(world, orgId, { limit: 100 })).data;
    const source = listed.find((s) => s.id === workflow.triggers[0]!.id);
    expect(source).toBeDefined();
    expect(source).not.toHaveProperty('owner_id');
  });

  it('settings.auto_deploy true gives active true, anything else false; settings.name becomes name', () => {
    const deployed = unwrap(
      createWorkflow(world, {
        org_id: orgId,
        project_id: projectId,
        settings: { name: 'Nightly sync', auto_deploy: true },
      }),
    ).data;
    expect(deployed).toMatchObject({ name: 'Nightly sync', active: true });
    expect(
      unwrap(createWorkflow(world, { org_id: orgId, project_id: projectId, settings: { auto_deploy: false } })).data
        .active,
    ).toBe(false);
    expect(unwrap(createWorkflow(world, { org_id: orgId, project_id: projectId })).data.active).toBe(false);
  });

  it('a template with no steps given copies its steps and triggers', () => {
    const template = world.templates.get(templateId)!;
    const workflow = unwrap(
      createWorkflow(world, { org_id: orgId, project_id: projectId, template_id: templateId }),
    ).data;
    expect(workflow.steps.map((s) => s.namespace)).toEqual(template.steps.map((s) => s.namespace));
    expect(workflow.steps.map((s) => JSON.parse(s.params_json))).toEqual(template.steps.map((s) => s.props));
    expect(workflow.triggers).toHaveLength(template.triggers.length);
    expect(workflow.name).toBe(template.name);
    const own = unwrap(
      createWorkflow(world, {
        org_id: orgId,
        project_id: projectId,
        template_id: templateId,
        steps: [{ namespace: 'mine', props: {} }],
      }),
    ).data;
    expect(own.steps.map((s) => s.namespace)).toEqual(['mine']);
    expect(own.triggers).toEqual([]);
  });

  it("unknown org, project or template in the body are 422 (missing or ill-typed fields are the document's 400)", () => {
    expectError(createWorkflow(world, { org_id: 'o_nothere', project_id: projectId }), 422, 'unprocessable');
    expectError(createWorkflow(world, { org_id: orgId, project_id: 'proj_nothere' }), 422, 'unprocessable');
    expectError(
      createWorkflow(world, { org_id: orgId, project_id: projectId, template_id: 'tch_nothere' }),
      422,
      'unprocessable',
    );
  });

  it('the created workflow reads back the same', () => {
    const created = unwrap(
      createWorkflow(world, { org_id: otherOrg, project_id: projectId, steps: [{ namespace: 'a' }] }),
    ).data;
    expect(unwrap(getWorkflow(world, created.id)).data).toEqual(created);
    expectError(getWorkflow(world, 'p_nothere'), 404, 'not_found');
  });
});

describe('updateWorkflowActivation', () => {
  it('flips active and the next read shows it', () => {
    const created = unwrap(
      createWorkflow(world, { org_id: orgId, project_id: projectId, settings: { auto_deploy: true } }),
    ).data;
    expect(unwrap(updateWorkflowActivation(world, created.id, { active: false, org_id: orgId })).data.active).toBe(
      false,
    );
    expect(unwrap(getWorkflow(world, created.id)).data.active).toBe(false);
    expect(unwrap(updateWorkflowActivation(world, created.id, { active: true, org_id: orgId })).data.active).toBe(true);
    expect(unwrap(getWorkflow(world, created.id)).data.active).toBe(true);
  });

  it('404 unknown id; 422 wrong workspace, nothing changed', () => {
    const created = unwrap(
      createWorkflow(world, { org_id: orgId, project_id: projectId, settings: { auto_deploy: true } }),
    ).data;
    expectError(updateWorkflowActivation(world, 'p_nothere', { active: false, org_id: orgId }), 404, 'not_found');
    expectError(updateWorkflowActivation(world, created.id, { active: false, org_id: otherOrg }), 422, 'unprocessable');
    expect(unwrap(getWorkflow(world, created.id)).data.active).toBe(true);
  });
});
