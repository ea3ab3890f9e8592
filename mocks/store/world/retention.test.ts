// Bounded worlds (docs/worlds.md, "Eviction" and "Bounds"): least-recently-used eviction over
// maxWorlds, idle expiry by the store's clock, delivery logs capped per world, and journals plus
// delivery logs capped in total by evicting the least recently used worlds.
import { describe, expect, it } from 'vitest';
import { createRecordingSink } from './recording-sink.ts';
import { createStore, type EvictReason, type Store } from '../index.ts';
import { createWebhook, listWebhooks } from '../api/subscriptions.ts';
import { worldSummary } from './summary.ts';
import { DELIVERY_LOG_BYTES, DELIVERY_LOG_LIMIT, RETAINED_BYTES_LIMIT, RETAINED_ENTRIES_LIMIT } from './retention.ts';
import { JOURNAL_LIMIT } from './session.ts';

const tokens = (store: Store) => store.snapshot().worlds.map((world) => world.token);

function unwrap<T>(result: { ok: true; value: T } | { ok: false }): T {
  if (!result.ok) throw new Error('expected ok');
  return result.value;
}

function recorder() {
  const evicted: Array<[string, EvictReason]> = [];
  return { evicted, onEvict: (token: string, reason: EvictReason) => evicted.push([token, reason]) };
}

function addWebhook(store: Store, token: string): string {
  const made = createWebhook(store.world(token), {
    url: `https://${token}.example.com/h`,
    name: 'n',
    description: 'd',
  });
  if (!made.ok) throw new Error('webhook refused');
  return made.value.data.id;
}

describe('maxWorlds', () => {
  it('evicts the least recently used world when one more opens; a use counts, not the opening order', () => {
    const { evicted, onEvict } = recorder();
    const store = createStore({ seed: 1, maxWorlds: 2, onEvict });
    store.world('a');
    store.world('b');
    store.world('a'); // b is now the least recently used
    store.world('c');
    expect(evicted).toEqual([['b', 'max_worlds']]);
    expect(store.size()).toBe(2);
    expect(tokens(store)).toEqual(['a', 'c']);
  });

  it('an evicted world re-seeds from (seed, token) on its next use: what was created is gone, the seeded IDs are back', () => {
    const store = createStore({ seed: 7, maxWorlds: 1 });
    const seeded = JSON.stringify(worldSummary(store.world('a')));
    const id = addWebhook(store, 'a');
    store.world('b');
    const again = store.world('a');
    expect(JSON.stringify(worldSummary(again))).toBe(seeded);
    expect(unwrap(listWebhooks(again)).data.map((webhook) => webhook.id)).not.toContain(id);
    expect(JSON.stringify(worldSummary(again))).toBe(JSON.stringify(worldSummary(createStore({ seed: 7 }).world('a'))));
  });

  it('a reset counts as a use and never evicts the world it resets', () => {
    const { evicted, onEvict } = recorder();
    const store = createStore({ maxWorlds: 2, onEvict });
    store.world('a');
    store.world('b');
    store.reset('a');
    store.world('c');
    expect(evicted).toEqual([['b', 'max_worlds']]);
  });

  it('a restore keeps the most recently used worlds of a larger snapshot', () => {
    const source = createStore({ seed: 2 });
    for (const token of ['a', 'b', 'c']) source.world(token);
    source.world('a');
    const small = createStore({ seed: 2, maxWorlds: 2 });
    expect(small.restore(source.snapshot())).toEqual({ ok: true, value: { tokens: ['c', 'a'] } });
    expect(small.size()).toBe(2);
  });
});

describe('worldTtlMs', () => {
  it('evicts a world idle for longer than the TTL by the store clock, on the next use of any world', () => {
    let clock = 1_000_000;
    const { evicted, onEvict } = recorder();
    const store = createStore({ now: () => clock, worldTtlMs: 60_000, onEvict });
    store.world('idle');
    store.world('busy');
    clock += 40_000;
    store.world('busy');
    clock += 40_000; // idle: 80 s unused; busy: 40 s
    store.world('other');
    expect(evicted).toEqual([['idle', 'idle']]);
    expect(tokens(store)).toEqual(['busy', 'other']);
  });

  it("a world's own request after its TTL finds it re-seeded", () => {
    let clock = 0;
    const store = createStore({ seed: 3, now: () => clock, worldTtlMs: 1000 });
    const id = addWebhook(store, 'a');
    clock += 1000;
    expect(unwrap(listWebhooks(store.world('a'))).data.map((webhook) => webhook.id)).toContain(id);
    clock += 1001;
    expect(unwrap(listWebhooks(store.world('a'))).data.map((webhook) => webhook.id)).not.toContain(id);
  });
});

describe('delivery log of a world', () => {
  const enqueue = (store: Store, token: string, payload: unknown) => {
    const world = store.world(token);
    return world.sink.enqueue({ world: world.key, kind: 'subscription', url: 'https://r.example.com/', payload });
  };

  it(`keeps the newest ${DELIVERY_LOG_LIMIT} records`, () => {
    const store = createStore({ sink: createRecordingSink() });
    for (let i = 0; i < DELIVERY_LOG_LIMIT + 3; i++) enqueue(store, 'a', i);
    const bodies = store.session('a').deliveries.map((record) => record.body);
    expect(bodies).toHaveLength(DELIVERY_LOG_LIMIT);
    expect(bodies[0]).toBe('3');
    expect(bodies.at(-1)).toBe(String(DELIVERY_LOG_LIMIT + 2));
  });

  it(`keeps at most ${DELIVERY_LOG_BYTES} bytes of bodies, but always the newest record`, () => {
    const store = createStore({ sink: createRecordingSink() });
    const quarter = 'x'.repeat(DELIVERY_LOG_BYTES / 4);
    for (let i = 0; i < 6; i++) enqueue(store, 'a', `${i}${quarter}`);
    expect(store.session('a').deliveries.map((record) => record.body.slice(1, 2))).toEqual(['3', '4', '5']);
    enqueue(store, 'a', 'y'.repeat(DELIVERY_LOG_BYTES + 10));
    expect(store.session('a').deliveries).toHaveLength(1);
  });
});

describe('journals and delivery logs in total', () => {
  it(`evict the least recently used worlds once all journals hold more than ${RETAINED_ENTRIES_LIMIT} lines`, () => {
    const { evicted, onEvict } = recorder();
    const store = createStore({ onEvict });
    const worlds = Math.ceil(RETAINED_ENTRIES_LIMIT / JOURNAL_LIMIT) + 2;
    for (let w = 0; w < worlds; w++) {
      const { journal } = store.session(`w${w}`);
      for (let i = 0; i < JOURNAL_LIMIT; i++) journal.record({ method: 'GET', path: '/', status: 200, ms: 0, at: i });
    }
    store.session('last');
    expect(evicted.length).toBeGreaterThan(0);
    expect(evicted.every(([, reason]) => reason === 'retention')).toBe(true);
    expect(evicted.map(([token]) => token)).toEqual(Array.from({ length: evicted.length }, (_, i) => `w${i}`));
    expect((worlds - evicted.length) * JOURNAL_LIMIT).toBeLessThanOrEqual(RETAINED_ENTRIES_LIMIT);
    // The worlds kept keep their journals whole.
    expect(store.session(`w${worlds - 1}`).journal.list()).toHaveLength(JOURNAL_LIMIT);
  });

  it(`evict the least recently used worlds once all delivery bodies pass ${RETAINED_BYTES_LIMIT} bytes`, () => {
    const { evicted, onEvict } = recorder();
    const store = createStore({ sink: createRecordingSink(), onEvict });
    const body = 'z'.repeat(DELIVERY_LOG_BYTES - 100);
    const worlds = RETAINED_BYTES_LIMIT / DELIVERY_LOG_BYTES + 2;
    for (let w = 0; w < worlds; w++) {
      const world = store.world(`w${w}`);
      world.sink.enqueue({ world: world.key, kind: 'trigger', url: 'https://r.example.com/', payload: body });
    }
    // Checked on each use of the store: the last delivery put the total over again.
    expect(evicted).toEqual([['w0', 'retention']]);
    expect(store.session(`w${worlds - 1}`).deliveries).toHaveLength(1);
    expect(evicted).toEqual([
      ['w0', 'retention'],
      ['w1', 'retention'],
    ]);
  });

  it('evicting a world gives its lines back: re-using the token does not count the old ones', () => {
    const { evicted, onEvict } = recorder();
    const store = createStore({ onEvict });
    for (let round = 0; round < 2; round++) {
      for (let w = 0; w < RETAINED_ENTRIES_LIMIT / JOURNAL_LIMIT; w++) {
        const { journal } = store.reset(`w${w}`);
        for (let i = 0; i < JOURNAL_LIMIT; i++) journal.record({ method: 'GET', path: '/', status: 200, ms: 0, at: i });
        store.evict(`w${w}`);
      }
    }
    store.session('probe');
    expect(evicted).toEqual([]);
  });
});
