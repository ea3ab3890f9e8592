// `npm run contracts`: runs the contract suites against CONTRACT_BASE_URL (DESIGN §6), or, with no
// URL, against a mock server it starts on a free port; prints the per-operation summary table
// and exits non-zero on any failed case or any exchange that failed a check.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readRecords } from '../contracts/checks/record.ts';
import { formatSummary, summarize } from '../contracts/summary.ts';
import { validator } from '../openapi/validator.ts';

const HELP = `Usage: npm run contracts [-- --help] [-- <vitest filter>...]

Runs the contract suites (contracts/suites) against one target and prints a per-operation table.

Environment (DESIGN §6):
  CONTRACT_BASE_URL     base URL with the version segment, e.g. http://127.0.0.1:4010/v1
                        (Prism serves the document at its root: http://127.0.0.1:4011).
                        Unset: a mock server is started on a free port for this run.
  CONTRACT_TARGET       mock (default with a URL) | prism | prism-proxy | live | inprocess
  CONTRACT_TOKEN        bearer token; default a fresh random user API key per suite file
                        (required for live)
  CONTRACT_ALLOW_WRITES 1 = live target may create resources (each one is deleted or
                        deactivated in afterAll); anything else = read-only
  CONTRACT_ORG_ID, CONTRACT_PROJECT_ID, CONTRACT_ACCOUNT_ID, CONTRACT_TRIGGER_ID
                        optional IDs; discovered from /users/me (or the mock's world) when absent
  CONTRACT_CONTROL_URL  origin of the mock control API (default: the base URL's origin on mock)

Examples:
  npm start &   CONTRACT_TARGET=mock CONTRACT_BASE_URL=http://127.0.0.1:4010/v1 npm run contracts
  npm run prism &   CONTRACT_TARGET=prism CONTRACT_BASE_URL=http://127.0.0.1:4011 npm run contracts
  CONTRACT_TARGET=live CONTRACT_BASE_URL=https://api.example.com/v1 CONTRACT_TOKEN=$KEY npm run contracts

Exit status: 0 when every case passed and every exchange passed every check, 1 otherwise, 2 on bad usage.`;

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h', default: false } } });
} catch (error) {
  console.error(`contracts: ${(error as Error).message}\n\n${HELP}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(HELP);
  process.exit(0);
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env: Record<string, string | undefined> = { ...process.env };
let stopServer = async () => {};
if (!env.CONTRACT_BASE_URL && env.CONTRACT_TARGET !== 'inprocess') {
  if (env.CONTRACT_TARGET && env.CONTRACT_TARGET !== 'mock') {
    console.error(`contracts: CONTRACT_TARGET=${env.CONTRACT_TARGET} needs CONTRACT_BASE_URL\n\n${HELP}`);
    process.exit(2);
  }
  const { startServer } = await import('../mocks/server.ts');
  const server = await startServer({ port: 0, quiet: true });
  env.CONTRACT_BASE_URL = server.baseUrl;
  env.CONTRACT_TARGET = 'mock';
  stopServer = server.close;
  console.log(`contracts: started a mock server for this run at ${server.baseUrl}`);
}
const target = env.CONTRACT_TARGET || (env.CONTRACT_BASE_URL ? 'mock' : 'inprocess');
console.log(`contracts: target ${target}${env.CONTRACT_BASE_URL ? ` at ${env.CONTRACT_BASE_URL}` : ''}`);

const recordDir = mkdtempSync(join(tmpdir(), 'contracts-'));
env.CONTRACT_RECORD_FILE = join(recordDir, 'exchanges.jsonl');

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', '--config', 'contracts/vitest.runner.config.ts', ...parsed.positionals], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.once('SIGINT', forward);
process.once('SIGTERM', forward);
const code = await new Promise<number>((resolveCode) => child.once('exit', (exitCode, signal) => resolveCode(exitCode ?? (signal ? 1 : 0))));
await stopServer();

const rows = summarize(readRecords(env.CONTRACT_RECORD_FILE));
rmSync(recordDir, { recursive: true, force: true });
console.log(`\nPer-operation summary (every exchange checked against openapi/openapi.yaml):\n`);
console.log(formatSummary(rows, validator.operationIds));
const failedChecks = rows.reduce((sum, row) => sum + row.failed, 0);
const untouched = validator.operationIds.filter((id) => !rows.some((row) => row.operationId === id));
if (untouched.length > 0) console.log(`\nNot exercised on this target: ${untouched.join(', ')}`);
if (failedChecks > 0) console.log(`\n${failedChecks} exchange(s) failed a contract check (see the failures above).`);
process.exit(code !== 0 || failedChecks > 0 ? 1 : 0);
