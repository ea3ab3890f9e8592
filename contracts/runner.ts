// The contract runner: the suites (docs/contracts.md) once against one target, then the
// per-operation summary of every exchange. Vitest runs in this process through its Node API with an
// inline configuration: no config file, suites found relative to this module, so it works from the
// checkout (contracts/suites/*.contract.ts) and from an installed package
// (dist/contracts/suites/*.contract.js) with nothing else installed. The `contracts` command of
// the CLI and the package's `./contracts` entry are this one function.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRecords } from './checks/record.ts';
import { formatSummary, summarize, type OperationRow } from './summary.ts';
import type { TargetName } from './targets/types.ts';

export type { TargetName } from './targets/types.ts';
export type { OperationRow } from './summary.ts';

/**
 * The folder vitest treats as its root: the one holding contracts/ (the checkout, or the
 * package's dist/). Globs are relative to it, so vitest's default exclude of `**\/node_modules/**`
 * never sees the node_modules/ an installed kit lives in (it is matched against relative paths).
 */
const KIT_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Sources in the checkout, compiled JavaScript in the package. */
export const SUITE_GLOBS = ['contracts/suites/*.contract.ts', 'contracts/suites/*.contract.js'];

export interface RunContractsOptions {
  /** Base URL with the version segment (Prism: its root). None: a mock server is started for the run. */
  baseUrl?: string;
  /** mock (default) | prism | prism-proxy | live | inprocess | msw. */
  target?: TargetName;
  /** Bearer token; default a fresh random user API key per suite file. Required for live. */
  token?: string;
  /** Live only: the run may create resources (each one is deleted or deactivated afterwards). */
  allowWrites?: boolean;
  /** Further CONTRACT_* variables (CONTRACT_ORG_ID, CONTRACT_PROJECT_ID, CONTRACT_CONTROL_URL, ...); the fields above win. */
  variables?: Record<string, string>;
  /** Keep only the suite files whose path contains one of these. */
  filters?: string[];
  /** How long a refused connection to the base URL is tried again before the run gives up; default 10 s. */
  waitMs?: number;
  /** Also write a JUnit XML report here (a relative path is relative to the working directory). */
  junitFile?: string;
  /** Progress and the summary table; console.log by default. */
  log?: (line: string) => void;
}

export interface ContractsResult {
  /** Every case passed and every exchange passed every check. */
  ok: boolean;
  failedCases: boolean;
  failedChecks: number;
  /** One row per operation: exchanges, passed, failed, statuses seen. */
  rows: OperationRow[];
  /** Operations of the document no case exercised on this target. */
  untouched: string[];
}

/** Thrown by runContracts when the target needs a package this project does not have. */
export class MissingPackage extends Error {
  override name = 'MissingPackage';
}

/** Thrown by runContracts when nothing answers at the base URL: one line instead of every case failing alike. */
export class Unreachable extends Error {
  override name = 'Unreachable';
}

/**
 * Any HTTP answer will do; no token is sent. A refused connection is tried again for up to
 * `waitMs` (a server started in the background a moment ago, `serve &` in a CI job), then it throws.
 */
async function checkReachable(baseUrl: string, log: (line: string) => void, waitMs = 10_000): Promise<void> {
  const answerWithinMs = 10_000;
  const probe = `${baseUrl.replace(/\/+$/, '')}/users/me`;
  const deadline = Date.now() + waitMs;
  let said = false;
  for (;;) {
    try {
      const answer = await fetch(probe, { signal: AbortSignal.timeout(answerWithinMs) });
      await answer.body?.cancel();
      return;
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      if (cause?.code === 'ECONNREFUSED' && Date.now() < deadline) {
        if (!said) log(`contracts: waiting up to ${waitMs / 1000} s for ${baseUrl} to answer`);
        said = true;
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      const why =
        (error as Error).name === 'TimeoutError' ? `no answer within ${answerWithinMs / 1000} s` : (cause?.code ?? cause?.message ?? (error as Error).message);
      throw new Unreachable(`nothing answers at ${baseUrl} (GET ${probe}: ${why}); is the server running, and is --base-url right?`);
    }
  }
}

/**
 * Runs the contract suites against one target and prints the per-operation summary. Throws
 * MissingPackage for the `msw` target when msw (an optional peer dependency) is not installed, and
 * Unreachable when nothing answers at the base URL.
 *
 * @example
 * import { runContracts } from 'workflow-api-mock-kit/contracts';
 * const result = await runContracts({ baseUrl: 'http://127.0.0.1:4010/v1', junitFile: 'contracts.xml' });
 * process.exitCode = result.ok ? 0 : 1;
 */
export async function runContracts(options: RunContractsOptions = {}): Promise<ContractsResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const env: Record<string, string> = { ...options.variables };
  if (options.baseUrl !== undefined) env.CONTRACT_BASE_URL = options.baseUrl;
  if (options.target !== undefined) env.CONTRACT_TARGET = options.target;
  if (options.token !== undefined) env.CONTRACT_TOKEN = options.token;
  if (options.allowWrites === true) env.CONTRACT_ALLOW_WRITES = '1';

  let stopServer: (() => Promise<void>) | undefined;
  if (env.CONTRACT_BASE_URL === undefined && (env.CONTRACT_TARGET === undefined || env.CONTRACT_TARGET === 'mock')) {
    const { startServer } = await import('../mocks/node/server.ts');
    const server = await startServer({ port: 0, quiet: true });
    env.CONTRACT_BASE_URL = server.baseUrl;
    env.CONTRACT_TARGET = 'mock';
    stopServer = server.close;
    log(`contracts: started a mock server for this run at ${server.baseUrl}`);
  }
  const target = env.CONTRACT_TARGET ?? (env.CONTRACT_BASE_URL ? 'mock' : 'inprocess');
  // Resolved from the kit's own folder, as the suites import it: every suite file would fail to load.
  if (target === 'msw' && !resolvable('msw/package.json')) {
    throw new MissingPackage("the msw target runs the kit's MSW handlers, and msw is not installed in this project. Install it with:\n  npm i -D msw@^3");
  }
  log(`contracts: target ${target}${env.CONTRACT_BASE_URL ? ` at ${env.CONTRACT_BASE_URL}` : ''}`);

  // A server this run started answers already; one named by the caller may not be up yet.
  if (stopServer === undefined && env.CONTRACT_BASE_URL !== undefined) await checkReachable(env.CONTRACT_BASE_URL, log, options.waitMs);

  const recordDir = mkdtempSync(join(tmpdir(), 'contracts-'));
  env.CONTRACT_RECORD_FILE = join(recordDir, 'exchanges.jsonl');
  let failedCases: boolean;
  try {
    failedCases = await runSuites(env, options.filters ?? [], options.junitFile);
  } finally {
    await stopServer?.();
  }
  const rows = summarize(readRecords(env.CONTRACT_RECORD_FILE));
  rmSync(recordDir, { recursive: true, force: true });

  const { validator } = await import('../openapi/validator.ts');
  log(`\nPer-operation summary (every exchange checked against the OpenAPI document):\n`);
  log(formatSummary(rows, validator.operationIds));
  const failedChecks = rows.reduce((sum, row) => sum + row.failed, 0);
  const untouched = validator.operationIds.filter((id) => !rows.some((row) => row.operationId === id));
  if (untouched.length > 0) log(`\nNot exercised on this target: ${untouched.join(', ')}`);
  // The one configuration a live run cannot discover (contracts/discover.ts): say it once, here.
  if (target === 'live' && !(env.CONTRACT_PROJECT_ID ?? process.env.CONTRACT_PROJECT_ID)) {
    log(
      '\nConnect cases and those creating workflows were skipped: no API lists projects, so name one with CONTRACT_PROJECT_ID (and CONTRACT_ACCOUNT_ID, CONTRACT_TRIGGER_ID for the account and trigger cases).',
    );
  }
  if (failedChecks > 0) log(`\n${failedChecks} exchange(s) failed a contract check (see the failures above).`);
  return { ok: !failedCases && failedChecks === 0, failedCases, failedChecks, rows, untouched };
}

function resolvable(specifier: string): boolean {
  try {
    createRequire(import.meta.url).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/** Runs the suites through vitest's Node API; answers whether any case or hook failed. */
async function runSuites(env: Record<string, string>, filters: string[], junitFile: string | undefined): Promise<boolean> {
  const { startVitest } = await import('vitest/node');
  // vitest reports failure through process.exitCode (as its own CLI does); keep ours out of it.
  const before = process.exitCode;
  process.exitCode = undefined;
  await startVitest(filters, {
    config: false,
    root: KIT_ROOT,
    include: SUITE_GLOBS,
    watch: false,
    run: true,
    env,
    // Suites start requests against servers and Prism; nothing here sleeps to pass.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // Each suite file needs its own module state (its own token and world, docs/contracts.md); said
    // explicitly, so vitest stops suggesting `isolate: false` at the end of every run.
    isolate: true,
    // Nothing written into the folder the kit is installed in (results cache, transformed-module cache).
    cache: false,
    fsModuleCache: false,
    // vitest's root is the kit's folder: a relative report path means the user's working directory.
    reporters: junitFile === undefined ? ['default'] : ['default', ['junit', { outputFile: resolve(junitFile) }]],
  });
  const failed = process.exitCode !== undefined && process.exitCode !== 0;
  process.exitCode = before;
  return failed;
}
