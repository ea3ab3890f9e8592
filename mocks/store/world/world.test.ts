import { describe, expect, it } from 'vitest';
import { createStore } from '../index.ts';
import { createWebhook, listWebhooks } from '../api/subscriptions.ts';
import { createWorkflow } from '../api/workflows.ts';
import { getCurrentUser, getWorkspace, listWorkspaceSources } from '../api/users.ts';
import { worldSummary } from './summary.ts';
import { getWorkflowErrorEventSummaries } from '../api/error-events.ts';
import { REFERENCE_TIME_MS } from './seed.ts';
import { kindOf } from '../../ids/ids.ts';
import { unwrap } from '../../../support/results.ts';
import { document } from '../../../openapi/generated/document.ts';
import { documentExamples } from './examples.ts';

/** The IDs the document's examples name: every world holds them too (examples.ts), beside its seeded ones. */
const EXAMPLE_IDS = new Set(documentExamples(document).ids.keys());
const seeded = <T extends string | { id: string }>(list: T[]): T[] =>
  list.filter((item) => !EXAMPLE_IDS.has(typeof item === 'string' ? item : item.id));

/** Everything a client can read from a world, as JSON text. */
function snapshot(store: ReturnType<typeof createStore>, token: string): string {
  const world = store.world(token);
  const summary = worldSummary(world);
  return JSON.stringify({
    me: unwrap(getCurrentUser(world)),
    summary,
    sources: summary.workspaces.map((w) => unwrap(listWorkspaceSources(world, w.id, { limit: 100 }))),
    errors: summary.workflows.map((w) =>
      unwrap(getWorkflowErrorEventSummaries(world, w.id, { limit: 100, expand: 'event' })),
    ),
    webhooks: unwrap(listWebhooks(world)),
  });
}

describe('worlds', () => {
  it('are seeded per docs/worlds.md: user, two workspaces, project, sources, workflows with errors, subscriptions, webhook', () => {
    const world = createStore({ seed: 3 }).world('token-a');
    const me = unwrap(getCurrentUser(world)).data;
    expect(kindOf(me.id)).toBe('user');
    expect(seeded(me.orgs)).toHaveLength(2);
    const [first, second] = seeded(me.orgs);
    expect(first!.daily_invocations_quota).toEqual(expect.any(Number));
    expect(first!.daily_compute_time_quota).toEqual(expect.any(Number));
    expect(second!).not.toHaveProperty('daily_invocations_quota');
    expect(second!).not.toHaveProperty('daily_compute_time_used');

    const all = worldSummary(world);
    // The document's examples are there as well, after the seeded resources.
    for (const id of EXAMPLE_IDS) if (kindOf(id) === 'workspace') expect(all.workspaces.map((w) => w.id)).toContain(id);
    const summary = {
      ...all,
      projects: seeded(all.projects),
      templates: seeded(all.templates),
      workspaces: seeded(all.workspaces),
      workflows: seeded(all.workflows),
      // The example's pair is planted on the default stream too, under an ID of its own (examples.ts).
      subscriptions: seeded(all.subscriptions).filter((s) => !EXAMPLE_IDS.has(s.emitter_id)),
      webhooks: seeded(all.webhooks),
    };
    expect(summary.projects).toHaveLength(1);
    const project = summary.projects[0]!;
    expect(project.org_id).toBe(first!.id);
    expect(project.deployed_triggers.map((t) => t.environment).sort()).toEqual(['development', 'production']);
    expect(project.deployed_triggers.every((t) => kindOf(t.id) === 'source')).toBe(true);
    expect(project.accounts).toHaveLength(2);
    expect(summary.templates).toHaveLength(2);
    expect(summary.workspaces.map((w) => w.source_count)).toEqual([6, 2]);
    expect(summary.workflows).toHaveLength(3);
    expect(summary.workflows.map((w) => w.error_events).sort()).toEqual([0, 0, 5]);
    expect(summary.subscriptions).toHaveLength(2);
    expect(summary.webhooks).toHaveLength(1);

    const erroring = summary.workflows.find((w) => w.error_events === 5)!;
    const full = unwrap(getWorkflowErrorEventSummaries(world, erroring.id, { limit: 100, expand: 'event' })).data;
    const sizes = full.map((e) => new TextEncoder().encode(JSON.stringify(e.event.original_event)).length);
    expect(sizes.filter((size) => size > 1024)).toHaveLength(1);
  });

  it('seeded timestamps come from the fixed reference date, not the clock', () => {
    const store = createStore({ seed: 3, now: () => Date.UTC(2031, 0, 1) });
    const world = store.world('t');
    const sources = unwrap(listWorkspaceSources(world, worldSummary(world).workspaces[0]!.id, { limit: 100 })).data;
    for (const source of sources) expect(source.created_at).toBeLessThanOrEqual(REFERENCE_TIME_MS / 1000);
  });

  it('same (seed, token) gives the same world byte for byte, whatever the clock', () => {
    const a = createStore({ seed: 'ci', now: () => 1 });
    const b = createStore({ seed: 'ci', now: () => 9_999_999_999_999 });
    b.world('other-token-first');
    expect(snapshot(a, 'tok')).toBe(snapshot(b, 'tok'));
  });

  it('different tokens or seeds give different worlds', () => {
    const store = createStore({ seed: 1 });
    expect(snapshot(store, 'tok-1')).not.toBe(snapshot(store, 'tok-2'));
    expect(snapshot(createStore({ seed: 2 }), 'tok-1')).not.toBe(snapshot(store, 'tok-1'));
  });

  it('a world key is a stable hash of the token', () => {
    const store = createStore({ seed: 1 });
    expect(store.world('abc').key).toBe(createStore({ seed: 99 }).world('abc').key);
    expect(store.world('abc').key).not.toBe(store.world('abd').key);
  });

  it('writes are visible in the same world and invisible in every other', () => {
    const store = createStore();
    const mine = store.world('mine');
    const theirs = store.world('theirs');
    const created = unwrap(createWebhook(mine, { url: 'https://example.com/h', name: 'n', description: 'd' })).data;
    expect(unwrap(listWebhooks(mine)).data.map((w) => w.id)).toContain(created.id);
    expect(unwrap(listWebhooks(theirs)).data.map((w) => w.id)).not.toContain(created.id);
    // A foreign ID is a 404 exactly as an unknown one.
    const myOrg = worldSummary(mine).workspaces[0]!.id;
    expect(getWorkspace(theirs, myOrg).ok).toBe(false);
    expect(getWorkspace(mine, myOrg).ok).toBe(true);
  });

  it('reset restores the seeded state and clears the world deliveries', () => {
    const store = createStore({ seed: 5 });
    const seeded = snapshot(store, 'tok');
    const world = store.world('tok');
    const other = store.world('other');
    const summary = worldSummary(world);
    unwrap(
      createWorkflow(world, {
        org_id: summary.workspaces[0]!.id,
        project_id: summary.projects[0]!.id,
        settings: { name: 'x' },
      }),
    );
    world.sink.enqueue({ world: world.key, kind: 'subscription', url: 'https://example.com', payload: {} });
    other.sink.enqueue({ world: other.key, kind: 'subscription', url: 'https://example.com', payload: {} });
    expect(snapshot(store, 'tok')).not.toBe(seeded);
    store.reset('tok');
    expect(snapshot(store, 'tok')).toBe(seeded);
    expect(store.session('tok').deliveries).toEqual([]);
    expect(store.session('other').deliveries).toHaveLength(1);
  });

  it('things created after seeding use the injectable clock', () => {
    const world = createStore({ now: () => Date.UTC(2030, 0, 2, 3, 4, 5) }).world('t');
    const webhook = unwrap(createWebhook(world, { url: 'http://example.com', name: 'a', description: 'b' })).data;
    expect(webhook.created_at).toBe(Date.UTC(2030, 0, 2, 3, 4, 5) / 1000);
    expect(webhook.updated_at).toBe(webhook.created_at);
  });
});
