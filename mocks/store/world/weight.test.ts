// Worlds counted at their weight (weight.ts, docs/worlds.md "Bounds"): a scenario world counts as
// many seeded ones in the store's bound, the store evicts by weight, and a scenario too heavy for
// a world is refused at load with its name and its size.
import { describe, expect, it } from 'vitest';
import { loadScenarios, ScenarioLoadError, scenarioCatalogue } from '../../scenarios/index.ts';
import { addWorkspaceSources } from '../api/users.ts';
import { createStore, type EvictReason } from '../index.ts';
import {
  declaredWeight,
  errorEventCount,
  SCENARIO_WEIGHT_LIMIT,
  SEEDED_WORLD_WEIGHT,
  WEIGHT,
  worldWeight,
} from './weight.ts';

const weightOf = (world: Parameters<typeof worldWeight>[0]) => worldWeight(world, errorEventCount(world));

describe('world weight', () => {
  it('is counted the same way for seeded and scenario worlds, from their records', () => {
    const store = createStore({ scenarios: scenarioCatalogue([]) });
    const seeded = store.world('weigh-seeded');
    // The bound is maxWorlds of SEEDED_WORLD_WEIGHT: it must stay what a seeded world weighs.
    expect(weightOf(seeded)).toBeGreaterThan(SEEDED_WORLD_WEIGHT * 0.8);
    expect(weightOf(seeded)).toBeLessThan(SEEDED_WORLD_WEIGHT * 1.2);
    const busy = store.world('scenario_busy-workspace_weigh');
    expect(busy.sources.size + busy.workflows.size).toBe(750);
    expect(weightOf(busy)).toBeGreaterThan(750 * WEIGHT.heavy);
    // What a scenario declares weighs what its world weighs, give or take a record.
    const declared = declaredWeight(scenarioCatalogue([]).get('busy-workspace')!);
    expect(Math.abs(declared - weightOf(busy))).toBeLessThanOrEqual(2 * WEIGHT.record);
    expect(store.weight().bytes).toBe(weightOf(seeded) + weightOf(busy));
  });

  it('many scenario tokens keep the counted weight under the bound: least recently used worlds go, by weight', () => {
    const evicted: EvictReason[] = [];
    const maxWorlds = 40;
    const store = createStore({
      maxWorlds,
      scenarios: scenarioCatalogue([]),
      onEvict: (_token, reason) => evicted.push(reason),
    });
    const { limit } = store.weight();
    expect(limit).toBe(maxWorlds * SEEDED_WORLD_WEIGHT);
    for (let i = 0; i < 120; i++) {
      store.world(`scenario_busy-workspace_ci-${i}`);
      const { bytes } = store.weight();
      expect(bytes, `after ${i + 1} tokens`).toBeLessThanOrEqual(limit);
    }
    // ~1.36 MiB a world under a 2.3 MiB bound: one busy world at a time, not 40.
    expect(store.size()).toBeLessThan(maxWorlds / 10);
    expect(evicted.length).toBe(120 - store.size());
    expect(new Set(evicted)).toEqual(new Set(['weight']));
    // The accounting matches the worlds held.
    let held = 0;
    for (let i = 0; i < 120; i++) {
      const world = store.peek(`scenario_busy-workspace_ci-${i}`);
      if (world !== undefined) held += weightOf(world);
    }
    expect(store.weight().bytes).toBe(held);
  });

  it('counts what a world grows by, on its next use, and evicts others for it', () => {
    const evicted: string[] = [];
    const store = createStore({ maxWorlds: 20, onEvict: (token) => evicted.push(token) });
    const small = Array.from({ length: 5 }, (_, i) => `small-${i}`);
    for (const token of small) store.world(token);
    const big = store.world('grows');
    const weightBefore = weightOf(big);
    const orgId = [...big.workspaces.keys()][0]!;
    expect(addWorkspaceSources(big, orgId, 1_000).ok).toBe(true);
    expect(evicted).toEqual([]);
    store.world('grows');
    expect(weightOf(big)).toBe(weightBefore + 1_000 * WEIGHT.heavy);
    // 1,000 sources (~1.7 MiB) pass the 20-world bound (~1.2 MiB): the small worlds go, the one in use stays.
    expect(evicted).toEqual(small);
    expect(store.peek('grows')).toBe(big);
    expect(store.weight().bytes).toBe(weightOf(big));
  });
});

describe('a scenario too heavy for a world', () => {
  const huge = { name: 'huge-workspace', description: 'a million sources', workspaces: [{ sources: 1_000_000 }] };

  it('is refused at load, naming the scenario, its weight and the limit, without building it', () => {
    const loaded = loadScenarios([huge]);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.refusals).toHaveLength(1);
    expect(loaded.refusals[0]!.scenario).toBe('huge-workspace (scenarios[0])');
    const [issue] = loaded.refusals[0]!.issues;
    expect(issue!.message).toContain('scenario huge-workspace weighs 1.7 GiB');
    expect(issue!.message).toContain('more than the 32.0 MiB a scenario world may weigh');
    expect(() => scenarioCatalogue([huge])).toThrow(ScenarioLoadError);
  });

  it('fits right up to the limit', () => {
    const perSource = WEIGHT.heavy;
    const fits = Math.floor((SCENARIO_WEIGHT_LIMIT - WEIGHT.world - 2 * WEIGHT.record) / perSource);
    expect(loadScenarios([{ ...huge, workspaces: [{ sources: fits }] }]).ok).toBe(true);
    expect(loadScenarios([{ ...huge, workspaces: [{ sources: fits + 2 }] }]).ok).toBe(false);
  });
});
