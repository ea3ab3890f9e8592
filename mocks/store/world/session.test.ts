// One session per world: reset replaces it, evict drops it, and nothing of a session outlives
// either (docs/worlds.md "Reset" and "Eviction").
import { describe, expect, it } from 'vitest';
import { createRecordingSink } from './recording-sink.ts';
import { createJournal, JOURNAL_LIMIT } from './session.ts';
import { createStore, type Store } from '../index.ts';
import { createWebhook, listWebhooks } from '../api/subscriptions.ts';
import { worldSummary } from './summary.ts';

/** Everything the session of `token` holds, as plain data. */
function contents(store: Store, token: string) {
  const session = store.session(token);
  return {
    world: JSON.stringify(worldSummary(session.world)),
    webhooks: JSON.stringify(listWebhooks(session.world)),
    deliveries: session.deliveries.map((record) => record.url),
    journal: session.journal.list().map((entry) => entry.path),
  };
}

/** Gives the session of `token` a webhook, a delivery, a journal line and a rate limit. */
function use(store: Store, token: string): void {
  const session = store.session(token);
  expect(createWebhook(session.world, { url: `https://${token}.example.com/h`, name: 'n', description: 'd' }).ok).toBe(
    true,
  );
  session.world.sink.enqueue({
    world: session.world.key,
    kind: 'subscription',
    url: `https://${token}.example.com/h`,
    payload: {},
  });
  session.journal.record({ method: 'GET', path: `/v1/${token}`, status: 200, ms: 1, at: 1 });
  expect(session.limits.set({ requests: 5, retry_after_seconds: 2 })).toEqual({ requests: 5, retry_after_seconds: 2 });
}

describe('a session', () => {
  it('records the deliveries its world asks for, in order, and only those', () => {
    const sink = createRecordingSink();
    const store = createStore({ seed: 3, sink });
    use(store, 'a');
    use(store, 'b');
    expect(store.session('a').deliveries.map((record) => record.url)).toEqual(['https://a.example.com/h']);
    expect(store.session('b').deliveries.map((record) => record.url)).toEqual(['https://b.example.com/h']);
    expect(sink.requests.map((request) => request.url)).toEqual(['https://a.example.com/h', 'https://b.example.com/h']);
  });

  it('counts an injected rate limit down and lifts it at zero', () => {
    const { limits } = createStore().session('t');
    expect(limits.take()).toBeNull();
    limits.set({ requests: 2, retry_after_seconds: 7 });
    expect([limits.take(), limits.take(), limits.take()]).toEqual([7, 7, null]);
    limits.set({ requests: 3, retry_after_seconds: 1 });
    expect(limits.set({ requests: 0, retry_after_seconds: 1 })).toBeNull();
    expect(limits.take()).toBeNull();
  });

  it('keeps the last JOURNAL_LIMIT journal lines, oldest first', () => {
    const journal = createJournal();
    for (let i = 0; i < JOURNAL_LIMIT * 2 + 7; i++)
      journal.record({ method: 'GET', path: `/${i}`, status: 200, ms: 0, at: i });
    const paths = journal.list().map((entry) => entry.path);
    expect(paths).toHaveLength(JOURNAL_LIMIT);
    expect(paths[0]).toBe(`/${JOURNAL_LIMIT + 7}`);
    expect(paths.at(-1)).toBe(`/${JOURNAL_LIMIT * 2 + 6}`);
  });

  it('gives each line its own path when paths repeat, across the wrap of the ring', () => {
    const journal = createJournal(3);
    // Fresh strings, as each request brings them; the ring keeps one string per run of repeats.
    const sent = ['/a', '/a', '/b', '/a', '/a', '/c', '/b'];
    for (const [i, path] of sent.entries())
      journal.record({ method: 'GET', path: ` ${path}`.slice(1), status: 200 + i, ms: 0, at: i });
    expect(journal.list().map((entry) => [entry.path, entry.status])).toEqual([
      ['/a', 204],
      ['/c', 205],
      ['/b', 206],
    ]);
  });
});

describe('reset', () => {
  it('replaces the session: the seeded world with the same IDs, no deliveries, journal or rate limit; other sessions untouched', () => {
    const store = createStore({ seed: 9 });
    const seeded = contents(store, 'tok');
    use(store, 'tok');
    use(store, 'other');
    const other = contents(store, 'other');
    const before = store.session('tok');
    expect(contents(store, 'tok')).not.toEqual(seeded);

    const fresh = store.reset('tok');
    expect(fresh).not.toBe(before);
    expect(store.session('tok')).toBe(fresh);
    expect(contents(store, 'tok')).toEqual(seeded);
    expect(fresh.limits.take()).toBeNull();
    expect(contents(store, 'other')).toEqual(other);
    expect(store.session('other').limits.take()).toBe(2);
  });

  it("cancels the old world's deliveries not started yet, and so does an eviction", () => {
    const cancelled: string[] = [];
    const sink = { ...createRecordingSink(), cancel: (world: string) => void cancelled.push(world) };
    const store = createStore({ seed: 9, sink });
    const key = store.world('tok').key;
    store.reset('tok');
    store.evict('tok');
    expect(cancelled).toEqual([key, key]);
  });

  it('a delivery the old world queues after the reset does not reach the new session', () => {
    const store = createStore({ seed: 9 });
    const old = store.session('tok').world;
    store.reset('tok');
    old.sink.enqueue({ world: old.key, kind: 'subscription', url: 'https://late.example.com/', payload: {} });
    expect(store.session('tok').deliveries).toEqual([]);
  });
});

describe('evict', () => {
  it('drops the session entirely; the next use seeds it afresh from (seed, token)', () => {
    const store = createStore({ seed: 9 });
    const seeded = contents(store, 'tok');
    use(store, 'tok');
    use(store, 'other');
    const other = contents(store, 'other');
    const before = store.session('tok');

    expect(store.evict('tok')).toBe(true);
    expect(store.snapshot().worlds.map((world) => world.token)).toEqual(['other']);
    const after = store.session('tok');
    expect(after).not.toBe(before);
    expect(contents(store, 'tok')).toEqual(seeded);
    expect(after.limits.take()).toBeNull();
    expect(contents(store, 'other')).toEqual(other);
  });

  it('answers false for a token without a session, and creates none', () => {
    const store = createStore({ seed: 9 });
    expect(store.evict('never-used')).toBe(false);
    expect(store.snapshot().worlds).toEqual([]);
  });

  it('an evicted world re-seeds exactly as a store that never saw the token would', () => {
    const store = createStore({ seed: 'e' });
    use(store, 'tok');
    store.evict('tok');
    expect(contents(store, 'tok')).toEqual(contents(createStore({ seed: 'e' }), 'tok'));
  });
});

describe('restore', () => {
  it('opens a session per restored world, with empty deliveries, journal and rate limit', () => {
    const store = createStore({ seed: 4 });
    use(store, 'tok');
    const used = contents(store, 'tok');
    const restored = createStore({ seed: 4 });
    expect(restored.restore(JSON.stringify(store.snapshot()))).toEqual({ ok: true, value: { tokens: ['tok'] } });
    expect(contents(restored, 'tok')).toEqual({
      world: used.world,
      webhooks: used.webhooks,
      deliveries: [],
      journal: [],
    });
    expect(restored.session('tok').limits.take()).toBeNull();
    // The restored world's deliveries land in its own session.
    const session = restored.session('tok');
    session.world.sink.enqueue({
      world: session.world.key,
      kind: 'trigger',
      url: 'https://r.example.com/',
      payload: 1,
    });
    expect(restored.session('tok').deliveries.map((record) => record.url)).toEqual(['https://r.example.com/']);
  });
});
