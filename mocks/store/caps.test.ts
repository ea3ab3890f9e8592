// Per-world caps on what the API can create (docs/worlds.md, "Bounds"; docs/errors.md,
// `collection_full`): COLLECTION_LIMIT of each collection, then a 429 that names the collection and
// the cap, with the Retry-After every documented 429 carries; deleting makes room again; the control
// API is not capped. The first part fills each collection through the store's own create function.
import { describe, expect, it } from 'vitest';
import { validator } from '../../openapi/validator.ts';
import { createMock } from '../index.ts';
import { TRIGGER_COMPONENTS } from '../factories/deployed-trigger.ts';
import { createRecordingSink } from './world/recording-sink.ts';
import { addSources } from './api/users.ts';
import { createAutoSubscription, createSubscription } from './api/subscriptions.ts';
import { createConnectToken } from './connect/connect.ts';
import { createStore, type Store } from './index.ts';
import { createWebhook, deleteWebhook } from './api/subscriptions.ts';
import { createWorkflow } from './api/workflows.ts';
import { deployTrigger } from './connect/triggers.ts';
import { COLLECTION_FULL_RETRY_AFTER_S, COLLECTION_LIMIT } from './world/retention.ts';
import type { World } from './world/world.ts';
import { storeOf } from '../mock.ts';

const store = (): Store => createStore({ seed: 'caps', sink: createRecordingSink() });
const webhookInput = (i: number) => ({ url: `https://hooks.example.com/${i}`, name: `n${i}`, description: 'd' });

/** Creates until the world holds COLLECTION_LIMIT, then once more; answers that last result. */
function fillThenOneMore<T>(size: () => number, create: (i: number) => { ok: boolean }) {
  for (let i = 0; size() < COLLECTION_LIMIT; i++) {
    const made = create(i);
    if (!made.ok) throw new Error(`create ${i} refused at ${size()}: ${JSON.stringify(made)}`);
  }
  return create(COLLECTION_LIMIT) as T;
}

function expectFull(result: unknown, collection: string, count = COLLECTION_LIMIT) {
  expect(result).toEqual({
    ok: false,
    error: {
      status: 429,
      body: {
        error: expect.stringContaining(`at most ${COLLECTION_LIMIT}`),
        code: 'collection_full',
        details: { collection, count, limit: COLLECTION_LIMIT },
      },
      headers: { 'retry-after': String(COLLECTION_FULL_RETRY_AFTER_S) },
    },
  });
}

const firstProject = (world: World) => world.projects.keys().next().value as string;
const firstOrg = (world: World) => world.workspaces.keys().next().value as string;

describe('per-world caps on collections', () => {
  it('webhooks: the one past the cap is collection_full and changes nothing; a delete makes room', () => {
    const world = store().world('t');
    const result = fillThenOneMore(
      () => world.webhooks.size,
      (i) => createWebhook(world, webhookInput(i)),
    );
    expectFull(result, 'webhooks');
    expect(world.webhooks.size).toBe(COLLECTION_LIMIT);
    expect(deleteWebhook(world, world.webhooks.keys().next().value as string).ok).toBe(true);
    expect(createWebhook(world, webhookInput(-1)).ok).toBe(true);
    expect(world.webhooks.size).toBe(COLLECTION_LIMIT);
  });

  it('subscriptions: a new triple past the cap is refused, an existing triple is still answered', () => {
    const world = store().world('t');
    const listener = createWebhook(world, webhookInput(0));
    if (!listener.ok) throw new Error('no listener');
    const listenerId = listener.value.data.id;
    const emitter = [...world.workflows.keys()][0]!;
    const existing = [...world.subscriptions.values()][0]!.subscription;
    const result = fillThenOneMore(
      () => world.subscriptions.size,
      (i) => createSubscription(world, { emitter_id: emitter, listener_id: listenerId, event_name: `event-${i}` }),
    );
    expectFull(result, 'subscriptions');
    const again = createSubscription(world, {
      emitter_id: existing.emitter_id,
      listener_id: existing.listener_id,
      event_name: existing.event_name,
    });
    expect(again).toEqual({ ok: true, value: { data: existing } });
  });

  it('auto-subscriptions, workflows, Connect tokens and deployed triggers are capped alike', () => {
    const world = store().world('t');
    const listener = createWebhook(world, webhookInput(0));
    if (!listener.ok) throw new Error('no listener');
    const auto = fillThenOneMore(
      () => world.autoSubscriptions.length,
      (i) => createAutoSubscription(world, { event_name: `e${i}`, listener_id: listener.value.data.id }),
    );
    expectFull(auto, 'auto-subscriptions');

    const tokens = fillThenOneMore(
      () => world.connectTokens.size,
      (i) => createConnectToken(world, firstProject(world), 'production', { external_user_id: `u${i}` }),
    );
    expectFull(tokens, 'Connect tokens');

    const component = TRIGGER_COMPONENTS[0]!.key;
    const triggers = fillThenOneMore(
      () => world.deployedTriggers.size,
      (i) => deployTrigger(world, firstProject(world), 'production', { id: component, external_user_id: `u${i}` }),
    );
    expectFull(triggers, 'deployed triggers');
  });

  it('a workflow is refused when it, its source triggers or the subscriptions its auto-subscriptions would add pass the cap', () => {
    const body = (world: World, triggers: number) => ({
      org_id: firstOrg(world),
      project_id: firstProject(world),
      steps: [],
      triggers: Array.from({ length: triggers }, (_, i) => ({ props: { component_id: `sc_${i}` } })),
    });
    const workflows = store().world('a');
    expectFull(
      fillThenOneMore(
        () => workflows.workflows.size,
        () => createWorkflow(workflows, body(workflows, 0) as never),
      ),
      'workflows',
    );

    const sources = store().world('b');
    // The control API is not capped: it fills the workspace past what the API may add.
    expect(
      addSources(sources, { org_id: firstOrg(sources), count: COLLECTION_LIMIT - sources.sources.size - 1 }).ok,
    ).toBe(true);
    const before = sources.workflows.size;
    expectFull(createWorkflow(sources, body(sources, 2) as never), 'sources', COLLECTION_LIMIT - 1);
    expect(sources.workflows.size).toBe(before);
    expect(createWorkflow(sources, body(sources, 1) as never).ok).toBe(true);
  });
});

describe('collection_full over the API', () => {
  it('answers 429 with Retry-After and a body the document accepts for POST /webhooks', async () => {
    const mock = createMock({ seed: 'caps', sink: createRecordingSink() });
    const token = 'caps-token';
    const world = storeOf(mock).world(token);
    for (let i = 0; world.webhooks.size < COLLECTION_LIMIT; i++) createWebhook(world, webhookInput(i));
    const response = await mock.handle({
      method: 'POST',
      url: `/v1/webhooks?${new URLSearchParams(webhookInput(0))}`,
      headers: { authorization: `Bearer ${token}` },
      body: '',
    });
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe(String(COLLECTION_FULL_RETRY_AFTER_S));
    const body = JSON.parse(response.body);
    expect(body).toMatchObject({
      code: 'collection_full',
      details: { collection: 'webhooks', count: COLLECTION_LIMIT, limit: COLLECTION_LIMIT },
    });
    expect(validator.validateResponse('createWebhook', 429, response.headers['content-type'] ?? null, body)).toEqual(
      [],
    );
    expect(world.webhooks.size).toBe(COLLECTION_LIMIT);
  });
});
