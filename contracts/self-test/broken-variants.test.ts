// A suite that passes against a broken server is a defect: run the suites against every broken
// variant of the fake (contracts/self-test/variants.ts) and require each one to be caught by a
// case that fails against the variant, for the expected reason, and passes against the intact fake.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseOutcome } from './outcome-reporter.ts';
import { VARIANTS } from './variants.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let outcomes: CaseOutcome[] = [];
let childLog = '';

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'contract-self-test-'));
  const file = join(dir, 'outcome.json');
  // The child must not inherit a target from whatever runs us.
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith('CONTRACT_') && value !== undefined) env[name] = value;
  env.SELF_TEST_OUTCOME_FILE = file;
  const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
  const child = spawn(process.execPath, [vitest, 'run', '--config', 'contracts/self-test/broken.config.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (childLog += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (childLog += chunk.toString()));
  await new Promise((resolveExit) => child.once('exit', resolveExit));
  outcomes = JSON.parse(readFileSync(file, 'utf8')) as CaseOutcome[];
  rmSync(dir, { recursive: true, force: true });
  // Every suite against the intact fake and each variant: over 170 s on the shared 2 cores since issue 17's Connect cases joined.
}, 420_000);

describe('the contract suites catch broken servers', () => {
  it('ran every variant and the intact fake', () => {
    const projects = new Set(outcomes.map((outcome) => outcome.project));
    expect([...projects].sort(), childLog.slice(-3000)).toEqual(['intact', ...Object.keys(VARIANTS)].sort());
    expect(Object.keys(VARIANTS).length).toBeGreaterThanOrEqual(5);
  });

  for (const [name, variant] of Object.entries(VARIANTS)) {
    it(`catches "${name}": ${variant.describe}`, () => {
      const passedIntact = new Set(
        outcomes.filter((o) => o.project === 'intact' && o.state === 'passed').map((o) => `${o.file} ${o.name}`),
      );
      const failed = outcomes.filter((o) => o.project === name && o.state === 'failed');
      const caught = failed.filter(
        (o) =>
          passedIntact.has(`${o.file} ${o.name}`) &&
          (variant.caughtBy.test(o.name) || o.errors.some((message) => variant.caughtBy.test(message))),
      );
      expect(
        caught.length,
        `no case caught ${name}; failures against it:\n${failed.map((o) => `${o.name}: ${o.errors[0]?.slice(0, 300)}`).join('\n')}`,
      ).toBeGreaterThan(0);
    });
  }
});
