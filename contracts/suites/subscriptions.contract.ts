// Subscriptions and auto-subscriptions: POST/DELETE /subscriptions, GET /workspaces/{org_id}/subscriptions,
// POST /auto_subscriptions.
import { describe, expect } from 'vitest';
import type { components } from '../../openapi/generated/schema.ts';
import type { CallOptions } from '../api.ts';
import { useContract } from '../harness.ts';
import {
  authCases,
  expectRefused,
  expectStatus,
  unknownId,
  createWebhook,
  createWorkflow,
  workflowBody,
} from '../cases.ts';

const contract = await useContract();
const { api, ids, caseIf } = contract;

type Subscription = components['schemas']['Subscription'];
type Query = CallOptions['query'];
const post = (query: Query) => api.post('/subscriptions', { query });
const unsubscribe = (query: Query) => api.delete('/subscriptions', { query });
const autoSubscribe = (query: Query) => api.post('/auto_subscriptions', { query });

/** Subscriptions of every workspace of the user (which workspace a glob belongs to is the server's choice). */
async function allSubscriptions(): Promise<Subscription[]> {
  const all: Subscription[] = [];
  for (const org of (await ids.user()).orgs) {
    const answer = await api.get(`/workspaces/${org.id}/subscriptions`);
    expectStatus(answer, 200, `GET /workspaces/${org.id}/subscriptions`);
    all.push(...answer.body.data);
  }
  return all;
}

const triple = (s: Pick<Subscription, 'emitter_id' | 'listener_id' | 'event_name'>) =>
  `${s.emitter_id} -> ${s.listener_id} (${s.event_name})`;

async function subscribe(emitter_id: string, listener_id: string, event_name: string): Promise<Subscription> {
  const answer = await post({ emitter_id, listener_id, event_name });
  expectStatus(answer, 200, `POST /subscriptions ${emitter_id} -> ${listener_id}`);
  return answer.body.data;
}

describe('subscriptions', () => {
  describe('schema-level', () => {
    caseIf([], 'listWorkspaceSubscriptions answers the list of each workspace', async () => {
      await allSubscriptions();
    });

    caseIf(['writes'], 'createSubscription answers the subscription', async () => {
      const webhook = await createWebhook(contract);
      const subscription = await subscribe('p_*', webhook.id, '$errors');
      if (contract.can('stateful'))
        expect(triple(subscription)).toBe(
          triple({ emitter_id: 'p_*', listener_id: webhook.id, event_name: '$errors' }),
        );
    });

    caseIf(['writes'], 'deleteSubscription answers 204', async () => {
      const webhook = await createWebhook(contract);
      const glob = await subscribe('dc_*', webhook.id, '$logs');
      if (contract.can('stateful')) expect(glob.emitter_id, 'a glob is stored as given').toBe('dc_*');
      expectStatus(await unsubscribe({ emitter_id: 'dc_*', listener_id: webhook.id, event_name: '$logs' }), 204);
    });

    caseIf(['writes', 'disposable'], 'createAutoSubscription answers 204', async () => {
      const webhook = await createWebhook(contract);
      expectStatus(await autoSubscribe({ event_name: '$logs', listener_id: webhook.id }), 204);
    });
  });

  authCases(contract, [
    'createSubscription',
    'deleteSubscription',
    'listWorkspaceSubscriptions',
    'createAutoSubscription',
  ]);

  describe('negative_data_rejection', () => {
    caseIf(['enforcesRules'], 'createSubscription without emitter_id or listener_id is 400', async () => {
      expectStatus(await post({ listener_id: 'wh_Ab12', event_name: '$errors' }), 400, 'no emitter_id');
      expectStatus(await post({ emitter_id: 'p_*', event_name: '$errors' }), 400, 'no listener_id');
    });

    caseIf(['enforcesRules', 'stateful'], 'createSubscription with an unknown listener or emitter is 404', async () => {
      expectStatus(
        await post({ emitter_id: 'p_*', listener_id: unknownId('wh_'), event_name: '$errors' }),
        404,
        'unknown listener',
      );
      const webhook = await createWebhook(contract);
      expectStatus(
        await post({ emitter_id: unknownId('p_'), listener_id: webhook.id, event_name: '$errors' }),
        404,
        'unknown emitter',
      );
    });

    caseIf(['enforcesRules', 'stateful'], 'deleteSubscription of a triple that does not exist is 404', async () => {
      expectStatus(await unsubscribe({ emitter_id: 'p_*', listener_id: unknownId('wh_'), event_name: '$errors' }), 404);
    });

    caseIf(['enforcesRules'], 'deleteSubscription without listener_id is 400', async () => {
      expectStatus(await unsubscribe({ emitter_id: 'p_*', event_name: '$errors' }), 400);
    });

    caseIf(['enforcesRules', 'stateful'], 'listWorkspaceSubscriptions of an unknown workspace is 404', async () => {
      expectStatus(await api.get(`/workspaces/${unknownId('o_')}/subscriptions`), 404);
    });

    caseIf(['enforcesRules'], 'createAutoSubscription with an event_name other than $errors/$logs is 400', async () => {
      expectRefused(await autoSubscribe({ event_name: '$everything', listener_id: 'wh_Ab12' }), 'bad event_name');
      expectStatus(await autoSubscribe({ event_name: '$everything', listener_id: 'wh_Ab12' }), 400);
    });

    caseIf(['enforcesRules'], 'createAutoSubscription without event_name or listener_id is 400', async () => {
      expectStatus(await autoSubscribe({ listener_id: 'wh_Ab12' }), 400, 'no event_name');
      expectStatus(await autoSubscribe({ event_name: '$errors' }), 400, 'no listener_id');
    });

    caseIf(['enforcesRules', 'stateful'], 'createAutoSubscription with an unknown listener is 404', async () => {
      expectStatus(await autoSubscribe({ event_name: '$errors', listener_id: unknownId('wh_') }), 404);
    });
  });

  describe('stateful', () => {
    caseIf(
      ['stateful', 'writes'],
      'subscribe a webhook to p_* for $errors: listed; unsubscribe: gone; again: 404',
      async () => {
        const webhook = await createWebhook(contract);
        const wanted = { emitter_id: 'p_*', listener_id: webhook.id, event_name: '$errors' };
        const created = await subscribe(wanted.emitter_id, wanted.listener_id, wanted.event_name);
        expect(created.id.startsWith('sub_')).toBe(true);
        expect((await allSubscriptions()).map(triple)).toContain(triple(wanted));
        expectStatus(await unsubscribe(wanted), 204);
        expect((await allSubscriptions()).map(triple)).not.toContain(triple(wanted));
        expectStatus(await unsubscribe(wanted), 404, 'use after free');
      },
    );

    caseIf(
      ['stateful', 'writes'],
      'subscribing the same triple twice answers the same subscription, listed once',
      async () => {
        const webhook = await createWebhook(contract);
        const first = await subscribe('dc_*', webhook.id, '');
        const second = await subscribe('dc_*', webhook.id, '');
        expect(second.id).toBe(first.id);
        expect((await allSubscriptions()).filter((s) => s.listener_id === webhook.id)).toHaveLength(1);
      },
    );

    caseIf(['stateful', 'writes'], 'deleting a webhook removes the subscriptions it listens on', async () => {
      const webhook = await createWebhook(contract);
      await subscribe('p_*', webhook.id, '$errors');
      expectStatus(await api.delete(`/webhooks/${webhook.id}`), 204);
      expect((await allSubscriptions()).filter((s) => s.listener_id === webhook.id)).toEqual([]);
    });

    caseIf(
      ['stateful', 'writes', 'disposable'],
      'an auto-subscription covers workflows and sources created after it and not before',
      async () => {
        const webhook = await createWebhook(contract);
        const before = await createWorkflow(contract);
        const auto = await autoSubscribe({ event_name: '$errors', listener_id: webhook.id });
        expectStatus(auto, 204);
        expect(auto.body, '204 has no body').toBeUndefined();
        const created = await api.post('/workflows', {
          body: { ...(await workflowBody(contract)), triggers: [{ props: { component_id: 'sc_Comp12' } }] },
        });
        expectStatus(created, 200);
        const after = created.body.data as { id: string; triggers: Array<{ id: string }> };
        const sourceId = after.triggers[0]!.id;
        // Only this case's emitters: another client's workflows created meanwhile are covered too (the suites
        // may share one token), so the webhook goes at once, taking its auto-subscription with it.
        const emitters = [before.id, after.id, sourceId];
        const mine = (await allSubscriptions())
          .filter((s) => s.listener_id === webhook.id && emitters.includes(s.emitter_id))
          .map(triple);
        expectStatus(await api.delete(`/webhooks/${webhook.id}`), 204);
        expect(mine.sort()).toEqual(
          [after.id, sourceId]
            .map((emitter_id) => triple({ emitter_id, listener_id: webhook.id, event_name: '$errors' }))
            .sort(),
        );
      },
    );

    caseIf(
      ['control', 'writes'],
      'a subscription without event_name is stored with "", and a delete without event_name removes that one only',
      async () => {
        const webhook = await createWebhook(contract);
        const workflowId = (await ids.workflowId())!;
        const named = await subscribe(workflowId, webhook.id, '$errors');
        const unnamed = await post({ emitter_id: workflowId, listener_id: webhook.id });
        expectStatus(unnamed, 200);
        expect(unnamed.body.data.event_name).toBe('');
        expect(unnamed.body.data.id).not.toBe(named.id);
        expectStatus(await unsubscribe({ emitter_id: workflowId, listener_id: webhook.id }), 204);
        const left = (await allSubscriptions()).filter((s) => s.listener_id === webhook.id);
        expect(left.map((s) => s.id)).toEqual([named.id]);
        expectStatus(
          await unsubscribe({ emitter_id: workflowId, listener_id: webhook.id, event_name: '' }),
          404,
          'the "" triple is gone',
        );
      },
    );
  });
});
