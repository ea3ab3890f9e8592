// The bounded explore of `npm test` (docs/contracts.md, "Explore"): `runContracts({ explore })` against
// the in-process fake and against a mock server it starts, each with a seed that changes from run to
// run (a failure prints the command that replays it); and what a failure looks like.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { coverageUniverse } from '../../openapi/coverage.ts';
import { document } from '../../openapi/generated/document.ts';
import { validator } from '../../openapi/validator.ts';
import { runContracts } from '../runner.ts';
import { VARIANTS } from '../self-test/variants.ts';
import { operationsOf } from './generators.ts';
import { followLink } from './requests.ts';
import { exploreTarget } from './run.ts';
import { readTargetSettings } from '../targets/env.ts';

const SEED = Number(process.env.EXPLORE_SEED ?? Math.floor(Math.random() * 2 ** 31));

async function explored(target: 'inprocess' | 'mock') {
  const lines: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'explore-'));
  const result = await runContracts({
    ...(target === 'inprocess' ? { target } : {}),
    explore: { runs: 60, seed: SEED },
    coverageDir: dir,
    junitFile: join(dir, 'explore.xml'),
    log: (line) => lines.push(line),
  });
  return { result, log: lines.join('\n'), dir };
}

describe('contracts --explore', () => {
  for (const target of ['inprocess', 'mock'] as const) {
    it(`keeps every invariant on the ${target} target (seed ${SEED}, 60 runs) and reports coverage four ways`, async () => {
      const { result, log, dir } = await explored(target);
      expect(result.explore?.failed, log.slice(-4000)).toBe(false);
      expect(result.ok).toBe(true);
      expect(log).toMatch(new RegExp(`exploring, seed ${SEED}, 60 runs \\(a fresh world per run\\)`));
      expect(log).toMatch(/explored 60 runs, \d+ requests in/);
      // walks reach the links, and the table, JSON, HTML and JUnit all carry the same totals
      expect(result.coverage.totals.links.covered).toBeGreaterThan(0);
      const { operations } = result.coverage.totals;
      const line = `operations ${operations.covered}/${operations.total} (${operations.percent}%)`;
      expect(log).toContain(`Coverage: ${line}`);
      expect(JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8')).totals.operations).toEqual(operations);
      expect(readFileSync(join(dir, 'coverage.html'), 'utf8')).toContain(
        `Operations ${operations.covered}/${operations.total}`,
      );
      expect(readFileSync(join(dir, 'explore.xml'), 'utf8')).toContain(
        `<property name="coverage.operations" value="${operations.covered}/${operations.total} (${operations.percent}%)"/>`,
      );
    }, 180_000);
  }

  it("follows a link whose body embeds an expression to the body it names (createWorkflow's Deactivate)", () => {
    const link = coverageUniverse(document).links.find(({ id }) => id === 'createWorkflow 200 Deactivate')!;
    const target = operationsOf('api', validator, document).find(({ operationId }) => operationId === link.to)!;
    const source = {
      pathParams: {},
      query: new URLSearchParams(),
      headers: {},
      requestBody: { org_id: 'o_Lm3Xa8P', project_id: 'proj_Zt4Wn8Q' },
      responseBody: { data: { id: 'p_2BTbNZ9' } },
    };
    const request = followLink(link, target, source, { user: 'u', oauth: 'a.b.c' });
    expect([request.method, request.path, JSON.parse(request.body)]).toEqual([
      'PUT',
      '/workflows/p_2BTbNZ9',
      { active: false, org_id: 'o_Lm3Xa8P' },
    ]);
  });

  it('fails below --min-coverage and says which threshold', async () => {
    const lines: string[] = [];
    const result = await runContracts({
      target: 'inprocess',
      explore: { runs: 2, seed: 3 },
      minCoverage: { operations: 100, statuses: 100 },
      log: (line) => lines.push(line),
    });
    expect(result.explore?.failed).toBe(false);
    expect(result.ok).toBe(false);
    expect(result.belowCoverage.some((sentence) => sentence.startsWith('statuses '))).toBe(true);
    expect(lines.join('\n')).toMatch(/Coverage below --min-coverage: .*statuses [\d.]+% < 100%/);
  });

  it('prints a broken server failure shrunk to curl commands that replay it, with the seed', async () => {
    const settings = readTargetSettings({ CONTRACT_TARGET: 'inprocess' });
    const result = await exploreTarget(settings, { runs: 100, seed: 9 }, VARIANTS['undocumented-status']!.wrap);
    expect(result.report.invariant).toBe('status_code_conformance');
    // shrunk to a replay that ends in the DELETE the broken server answered 202 (with seed 9 since the reference's
    // operations joined the draw: that DELETE alone, on a seeded webhook; before, a walk that created one first)
    expect(result.curl!.at(-1)).toMatch(
      /^curl -sS -X DELETE 'http:\/\/127\.0\.0\.1:4010\/v1\/webhooks\/wh_\w+' -H 'authorization: Bearer explore-9-\d+'.*# answered 202$/,
    );
    expect(result.curl!.length).toBeLessThanOrEqual(6);
  });
});
