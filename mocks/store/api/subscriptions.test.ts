import { beforeEach, describe, expect, it } from 'vitest';
import type { World } from '../world/world.ts';
import {
  createAutoSubscription,
  createSubscription,
  deleteSubscription,
  listWorkspaceSubscriptions,
} from './subscriptions.ts';
import { createStore } from '../index.ts';
import { createWebhook, deleteWebhook, listWebhooks } from './subscriptions.ts';
import { createWorkflow } from './workflows.ts';
import { worldSummary } from '../world/summary.ts';
import { kindOf } from '../../ids/ids.ts';
import { expectError, unwrap } from '../../../support/results.ts';

let world: World;
let orgId: string;
let otherOrg: string;
let projectId: string;
let workflowId: string;
let otherOrgSource: string;
beforeEach(() => {
  world = createStore({ seed: 31, now: () => Date.UTC(2030, 5, 1) }).world('subs');
  const summary = worldSummary(world);
  [orgId, otherOrg] = summary.workspaces.map((w) => w.id) as [string, string];
  projectId = summary.projects[0]!.id;
  workflowId = summary.workflows[0]!.id;
  otherOrgSource = summary.sources.find((s) => s.org_id === otherOrg)!.id;
});

const hook = (w: World, url = 'https://hooks.example.com/in') =>
  unwrap(createWebhook(w, { url, name: 'n', description: 'd' })).data;

describe('webhooks', () => {
  it('accepts http and https URLs with ports and paths', () => {
    for (const url of [
      'http://example.com',
      'https://example.com:8443/a/b?c=1',
      'http://localhost:3000/hook',
      'https://127.0.0.1/x',
    ]) {
      const webhook = hook(world, url);
      expect(webhook).toMatchObject({ url, active: true, user_id: world.user.id, name: 'n', description: 'd' });
      expect(kindOf(webhook.id)).toBe('webhook');
      expect(webhook.created_at).toBe(Date.UTC(2030, 5, 1) / 1000);
    }
  });

  it('lists and deletes; delete drops the subscriptions listening with it; unknown id 404', () => {
    const webhook = hook(world);
    unwrap(createSubscription(world, { emitter_id: workflowId, listener_id: webhook.id, event_name: 'x' }));
    expect(unwrap(listWebhooks(world)).data.map((w) => w.id)).toContain(webhook.id);
    expect(unwrap(deleteWebhook(world, webhook.id))).toBeNull();
    expect(unwrap(listWebhooks(world)).data.map((w) => w.id)).not.toContain(webhook.id);
    expect(unwrap(listWorkspaceSubscriptions(world, orgId)).data.some((s) => s.listener_id === webhook.id)).toBe(false);
    expectError(deleteWebhook(world, webhook.id), 404, 'not_found');
  });
});

describe('subscriptions', () => {
  it("the triple is the identity; the empty event name (the document's default) is a stream of its own", () => {
    const webhook = hook(world);
    const created = unwrap(
      createSubscription(world, { emitter_id: workflowId, listener_id: webhook.id, event_name: '' }),
    ).data;
    expect(created).toMatchObject({ emitter_id: workflowId, listener_id: webhook.id, event_name: '' });
    expect(kindOf(created.id)).toBe('subscription');
    // Same triple answers the existing subscription; another event name is another subscription.
    expect(
      unwrap(createSubscription(world, { emitter_id: workflowId, listener_id: webhook.id, event_name: '' })).data.id,
    ).toBe(created.id);
    const other = unwrap(
      createSubscription(world, { emitter_id: workflowId, listener_id: webhook.id, event_name: '$errors' }),
    ).data;
    expect(other.id).not.toBe(created.id);
    // Deleting with no event_name removes only the '' one.
    expect(
      unwrap(deleteSubscription(world, { emitter_id: workflowId, listener_id: webhook.id, event_name: '' })),
    ).toBeNull();
    const left = unwrap(listWorkspaceSubscriptions(world, orgId)).data.filter((s) => s.listener_id === webhook.id);
    expect(left.map((s) => s.event_name)).toEqual(['$errors']);
  });

  it('deleting a triple that does not exist is 404', () => {
    const webhook = hook(world);
    expectError(
      deleteSubscription(world, { emitter_id: workflowId, listener_id: webhook.id, event_name: 'nope' }),
      404,
      'not_found',
    );
    unwrap(createSubscription(world, { emitter_id: workflowId, listener_id: webhook.id, event_name: 'a' }));
    unwrap(deleteSubscription(world, { emitter_id: workflowId, listener_id: webhook.id, event_name: 'a' }));
    expectError(
      deleteSubscription(world, { emitter_id: workflowId, listener_id: webhook.id, event_name: 'a' }),
      404,
      'not_found',
    );
  });

  it('globs are stored as given and belong to the first workspace', () => {
    const webhook = hook(world);
    for (const glob of ['p_*', 'dc_*']) {
      const created = unwrap(
        createSubscription(world, { emitter_id: glob, listener_id: webhook.id, event_name: '$errors' }),
      ).data;
      expect(created.emitter_id).toBe(glob);
    }
    const firstIds = unwrap(listWorkspaceSubscriptions(world, orgId))
      .data.filter((s) => s.listener_id === webhook.id)
      .map((s) => s.emitter_id);
    expect(firstIds.sort()).toEqual(['dc_*', 'p_*']);
    expect(unwrap(listWorkspaceSubscriptions(world, otherOrg)).data.some((s) => s.listener_id === webhook.id)).toBe(
      false,
    );
  });

  it('a subscription belongs to its emitter workspace', () => {
    const created = unwrap(
      createSubscription(world, { emitter_id: otherOrgSource, listener_id: workflowId, event_name: '$logs' }),
    ).data;
    expect(unwrap(listWorkspaceSubscriptions(world, otherOrg)).data).toContainEqual(created);
    expect(unwrap(listWorkspaceSubscriptions(world, orgId)).data).not.toContainEqual(created);
    expectError(listWorkspaceSubscriptions(world, 'o_nothere'), 404, 'not_found');
  });

  it('emitter must be a glob or a workflow/source of the world; listener a workflow/source/webhook (404 otherwise)', () => {
    const webhook = hook(world);
    const foreign = worldSummary(createStore({ seed: 31 }).world('elsewhere')).workflows[0]!.id;
    expectError(
      createSubscription(world, { emitter_id: 'p_nothere', listener_id: webhook.id, event_name: '' }),
      404,
      'not_found',
    );
    expectError(
      createSubscription(world, { emitter_id: foreign, listener_id: webhook.id, event_name: '' }),
      404,
      'not_found',
    );
    expectError(
      createSubscription(world, { emitter_id: webhook.id, listener_id: workflowId, event_name: '' }),
      404,
      'not_found',
    );
    expectError(
      createSubscription(world, { emitter_id: 'wh_*', listener_id: workflowId, event_name: '' }),
      404,
      'not_found',
    );
    expectError(
      createSubscription(world, { emitter_id: workflowId, listener_id: 'wh_nothere', event_name: '' }),
      404,
      'not_found',
    );
    expectError(
      createSubscription(world, { emitter_id: workflowId, listener_id: orgId, event_name: '' }),
      404,
      'not_found',
    );
    expect(
      unwrap(createSubscription(world, { emitter_id: workflowId, listener_id: otherOrgSource, event_name: '' })).data
        .listener_id,
    ).toBe(otherOrgSource);
  });
});

describe('auto-subscriptions', () => {
  it('the listener must exist in the world (404)', () => {
    expectError(createAutoSubscription(world, { event_name: '$errors', listener_id: 'p_nothere' }), 404, 'not_found');
    expect(unwrap(createAutoSubscription(world, { event_name: '$logs', listener_id: workflowId }))).toBeNull();
  });

  it('every workflow or source created afterwards gets a subscription; existing ones do not', () => {
    const webhook = hook(world);
    const before = worldSummary(world);
    unwrap(createAutoSubscription(world, { event_name: '$errors', listener_id: webhook.id }));
    const existing = [...before.workflows.map((w) => w.id), ...before.sources.map((s) => s.id)];
    const subscribedBefore = unwrap(listWorkspaceSubscriptions(world, orgId)).data.filter(
      (s) => s.listener_id === webhook.id,
    );
    expect(subscribedBefore).toEqual([]);

    const workflow = unwrap(
      createWorkflow(world, {
        org_id: otherOrg,
        project_id: projectId,
        triggers: [{ props: { component_id: 'sc_abcdefg' } }],
      }),
    ).data;
    const sourceId = workflow.triggers[0]!.id;
    const subs = unwrap(listWorkspaceSubscriptions(world, otherOrg)).data.filter((s) => s.listener_id === webhook.id);
    expect(subs.map((s) => [s.emitter_id, s.event_name]).sort()).toEqual(
      [
        [sourceId, '$errors'],
        [workflow.id, '$errors'],
      ].sort(),
    );
    expect(new Set(subs.map((s) => s.id)).size).toBe(2);
    const all = worldSummary(world).subscriptions;
    expect(all.some((s) => existing.includes(s.emitter_id) && s.listener_id === webhook.id)).toBe(false);
  });
});
