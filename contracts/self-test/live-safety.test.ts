// Live safety, proven on our mock server posing as a live one (CONTRACT_TARGET=live, so no control
// API): read-only, not one request but GET carries the token; with CONTRACT_ALLOW_WRITES=1, every
// resource the run created is gone (webhooks, subscriptions) or deactivated (workflows) afterwards,
// and nothing irreversible (auto-subscriptions, project/trigger webhooks) was touched.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectNothingLeftBehind, liveStandIn } from './live-world.ts';
import type { CaseOutcome } from './outcome-reporter.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const VITEST = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

const live = liveStandIn();

/** Runs the suites as `live` against the server with a fresh token; answers the token and outcomes. */
async function runAsLive(allowWrites: boolean, { connectIds = true } = {}) {
  const token = `live-sim-${randomBytes(6).toString('hex')}`;
  const server = live();
  const world = server.mock.control.world(token);
  const project =
    world.projects.find((p) => p.accounts.length > 0 && p.deployed_triggers.length > 0) ?? world.projects[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'contract-live-'));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith('CONTRACT_') && value !== undefined) env[name] = value;
  Object.assign(env, {
    CONTRACT_TARGET: 'live',
    CONTRACT_BASE_URL: server.baseUrl,
    CONTRACT_TOKEN: token,
    CONTRACT_PROJECT_ID: project.id,
    CONTRACT_ALLOW_WRITES: allowWrites ? '1' : '0',
    SELF_TEST_OUTCOME_FILE: join(dir, 'outcome.json'),
  });
  // The account and trigger of one environment, and the trigger's end user: Connect calls name both.
  if (!connectIds) delete env.CONTRACT_PROJECT_ID;
  const account = connectIds ? project.connected_accounts[0] : undefined;
  const environment = account?.environment ?? 'production';
  const trigger = project.deployed_triggers.find((t) => t.environment === environment);
  env.CONTRACT_ENVIRONMENT = environment;
  if (account) env.CONTRACT_ACCOUNT_ID = account.id;
  if (trigger && connectIds)
    Object.assign(env, { CONTRACT_TRIGGER_ID: trigger.id, CONTRACT_EXTERNAL_USER_ID: trigger.external_user_id });
  const args = [
    VITEST,
    'run',
    '--config',
    'contracts/self-test/live.config.ts',
    '--reporter',
    './contracts/self-test/outcome-reporter.ts',
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await new Promise((resolveExit) => child.once('exit', resolveExit));
  const outcomes = JSON.parse(readFileSync(env.SELF_TEST_OUTCOME_FILE!, 'utf8')) as CaseOutcome[];
  rmSync(dir, { recursive: true, force: true });
  return { token, before: world, outcomes, log };
}

describe('live safety', () => {
  it('read-only: only GET requests carry the token, and write cases are skipped, not failed', async () => {
    const { token, outcomes, log } = await runAsLive(false);
    expect(outcomes.length, log.slice(-2000)).toBeGreaterThan(50);
    expect(outcomes.filter((o) => o.state === 'failed').map((o) => `${o.name}: ${o.errors[0]}`)).toEqual([]);
    const methods = new Set(
      live()
        .mock.control.requests(token)
        .map((entry) => entry.method),
    );
    expect([...methods]).toEqual(['GET']);
    expect(outcomes.filter((o) => o.errors.some((message) => message.includes('read-only target')))).toEqual([]);
    expect(outcomes.filter((o) => o.state === 'skipped').length).toBeGreaterThan(0);
  }, 120_000);

  it('without the IDs a live server cannot list (project, account, trigger): the cases that need them are skipped naming the variable, none fails', async () => {
    const { outcomes, log } = await runAsLive(true, { connectIds: false });
    expect(outcomes.length, log.slice(-2000)).toBeGreaterThan(50);
    expect(outcomes.filter((o) => o.state === 'failed').map((o) => `${o.name}: ${o.errors[0]}`)).toEqual([]);
    const needsProject = outcomes.filter((o) => o.note?.startsWith('skipped on live: needs CONTRACT_PROJECT_ID'));
    expect(needsProject.map((o) => o.file)).toContain('connect.contract.ts');
    // creating a workflow needs a project too; reading the seeded ones does not
    expect(needsProject.some((o) => o.file === 'workflows.contract.ts')).toBe(true);
    expect(outcomes.filter((o) => o.file === 'workflows.contract.ts' && o.state === 'passed').length).toBeGreaterThan(
      0,
    );
  }, 120_000);

  it('with writes allowed: everything created is deleted or deactivated, nothing irreversible is touched', async () => {
    const { token, before, outcomes, log } = await runAsLive(true);
    expect(outcomes.length, log.slice(-2000)).toBeGreaterThan(50);
    expect(outcomes.filter((o) => o.state === 'failed').map((o) => `${o.name}: ${o.errors[0]}`)).toEqual([]);
    const writes = live()
      .mock.control.requests(token)
      .filter((entry) => entry.method !== 'GET' && entry.status < 300);
    expect(writes.length, 'the run did write').toBeGreaterThan(0);
    const created = expectNothingLeftBehind(before, live().mock.control.world(token));
    expect(created.length, 'the run created workflows').toBeGreaterThan(0);
  }, 120_000);
});
