// Issue 20, item 4: `contracts --explore` alone, without the suites, catches every broken variant
// of the fake (contracts/self-test/variants.ts), each by an invariant the variant names, and keeps
// every invariant against the intact fake with the same seed. The table it prints says which
// invariant caught each variant, after how many runs and how long.
import { afterAll, describe, expect, it } from 'vitest';
import { exploreTarget } from '../explore/run.ts';
import { readTargetSettings } from '../targets/env.ts';
import { VARIANTS } from './variants.ts';

/** Fixed: a self-test that passes must pass every time. 800 runs catch every variant with it, with room: each operation added moves the draws (the slowest was unsupported-url-accepted at run 440 with issue 17's projects; with its trigger, stash and login operations, account-wrapped-in-data at run 127). */
const SEED = 1;
const RUNS = 800;
const inprocess = () => readTargetSettings({ CONTRACT_TARGET: 'inprocess' });
const caught: string[] = [];

afterAll(() => {
  console.log(
    `contracts --explore against the broken variants (seed ${SEED}, at most ${RUNS} runs, first failure unshrunk):\n${caught.join('\n')}`,
  );
});

describe('contracts --explore alone catches broken servers', () => {
  it(`keeps every invariant against the intact fake (seed ${SEED}, ${RUNS} runs)`, async () => {
    const { report } = await exploreTarget(inprocess(), { runs: RUNS, seed: SEED, noShrink: true });
    expect(report.failed, report.error).toBe(false);
  });

  for (const [name, variant] of Object.entries(VARIANTS)) {
    it(`catches "${name}" by ${variant.exploreCaughtBy.join(' or ')}`, async () => {
      const { report, requests } = await exploreTarget(
        inprocess(),
        { runs: RUNS, seed: SEED, noShrink: true },
        variant.wrap,
      );
      caught.push(
        `  ${name.padEnd(28)} ${report.failed ? `caught by ${report.invariant} after ${report.runs} run(s), ${requests} requests, ${(report.elapsedMs / 1000).toFixed(1)} s` : 'NOT caught'}`,
      );
      expect(report.failed, `explore did not catch ${name} in ${RUNS} runs`).toBe(true);
      expect(variant.exploreCaughtBy, report.error).toContain(report.invariant);
    });
  }
});
