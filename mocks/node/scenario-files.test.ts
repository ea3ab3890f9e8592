// `serve --scenarios DIR` (mocks/node/scenario-files.ts): a module whose top-level await never
// settles is named after the stated time (SCENARIO_LOAD_TIMEOUT_MS), and the server exits 1 naming
// it, where Node alone would exit 13 naming the CLI's entry.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killRunning, runCli } from '../../support/cli.ts';
import { SCENARIO_LOAD_TIMEOUT_MS } from '../common/defaults.ts';
import { readScenarioFiles, ScenarioFileError } from './scenario-files.ts';

afterEach(killRunning);

/** A folder holding a module that never finishes loading. */
function stuckFolder(): { dir: string; module: string } {
  const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
  const module = join(dir, 'stuck.mjs');
  writeFileSync(module, 'await new Promise(() => {});\nexport default { name: "stuck" };\n');
  return { dir, module };
}

describe('scenario files', () => {
  it('a module that does not finish loading in time is refused, named', async () => {
    const { dir, module } = stuckFolder();
    const read = readScenarioFiles(dir, { timeoutMs: 200 });
    await expect(read).rejects.toThrow(ScenarioFileError);
    await expect(read).rejects.toThrow(`--scenarios: ${module} did not finish loading within 0.2 s`);
  });

  it('serve --scenarios with such a module exits 1 naming it, before listening', { timeout: 90_000 }, async () => {
    const { dir, module } = stuckFolder();
    const run = await runCli(['serve', '--port', '0', '--scenarios', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${module} did not finish loading within ${SCENARIO_LOAD_TIMEOUT_MS / 1000} s`);
    expect(run.stdout).not.toContain('listening');
  });
});
