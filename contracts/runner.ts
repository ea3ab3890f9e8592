// The contract runner (docs/contracts.md): the suites (vitest, inline configuration) or the explorer against one
// target, then the summary and coverage. Vitest and fast-check are optional peers, imported only when a run needs them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestCase } from 'vitest/node';
import {
  belowThresholds,
  coverageHtml,
  coverageUniverse,
  createCoverage,
  formatCoverage,
  jsonBody,
  type CoverageReport,
  type CoverageThresholds,
} from '../openapi/coverage.ts';
import { document } from '../openapi/generated/document.ts';
import { pactFileReport } from '../openapi/pact-check.ts';
import { writeFileReplacingSync } from '../mocks/node/files.ts';
import { formatSummary, readRecords, summarize, type OperationRow } from './summary.ts';
import { type JunitSuite, junitSuite, junitXml } from '../openapi/junit.ts';
import type { ExploreSettings } from './explore/run.ts';
import { onInterrupt, startProgress } from './progress.ts';
import { readTargetSettings } from './targets/env.ts';
import type { TargetName } from './targets/types.ts';

export type { TargetName } from './targets/types.ts';
export type { OperationRow } from './summary.ts';
export type { CoverageReport, CoverageThresholds, OperationCoverage, Ratio } from '../openapi/coverage.ts';
export type { ExploreSettings } from './explore/run.ts';

/** Vitest's root, the folder holding contracts/: relative globs keep its node_modules exclude off an installed kit. */
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
  /** Also write a JUnit XML report here (a relative path is relative to the working directory); it carries the coverage as properties. */
  junitFile?: string;
  /** Explore instead of running the suites: property-based runs drawn from the document (docs/contracts.md, "Explore"). `true`: the defaults. */
  explore?: boolean | ExploreSettings;
  /** Write the coverage as coverage.json and coverage.html into this folder (created if needed). */
  coverageDir?: string;
  /** Fail the run when the coverage of operations or of documented statuses is below these percentages. */
  minCoverage?: CoverageThresholds;
  /** `I/N`: run only the I-th of N slices of the suite files (vitest's `shard`); the JUnit report names its slice. */
  shard?: string;
  /**
   * Pact files to check against the document too, offline, as `pact check` does (docs/pact.md): each
   * problem is logged and fails the run; with `junitFile`, a `pact check` suite holds a case per file.
   */
  pactFiles?: string[];
  /** Progress and the summary table; console.log by default. */
  log?: (line: string) => void;
  /** No updating progress line on a terminal (vitest's live summary, the explorer's line); off a terminal there is none. */
  quiet?: boolean;
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
  coverage: CoverageReport;
  /** The thresholds the coverage fell below, one sentence each. */
  belowCoverage: string[];
  /** With `pactFiles`: the problems found in them, and each file that cannot be read or is no Pact file. */
  pactProblems: number;
  /** With `explore`: what it found. */
  explore?: ExploreOutcome;
}

export interface ExploreOutcome {
  failed: boolean;
  seed: number;
  runs: number;
  requests: number;
  elapsedMs: number;
  /** The invariant a failure broke, its message, the shrunk requests as curl commands and the command that replays it. */
  invariant?: string;
  error?: string;
  curl?: string[];
  replay?: string;
  /** What the run created and could not undo. */
  leftBehind: string[];
}

/** Thrown by runContracts when the run needs a package this project does not have. */
export class MissingPackage extends Error {
  override name = 'MissingPackage';
  /** The kit's optional peer the run needs (`vitest`, `fast-check`), when that is what is missing; its message is one line. */
  readonly peer: string | undefined;
  constructor(message: string, peer?: string) {
    super(message);
    this.peer = peer;
  }
}

/** The install command of each optional peer a run may need (package.json's peerDependencies): the suites run on vitest, `explore` draws with fast-check. */
const PEER_INSTALL = { vitest: 'npm i -D vitest@^5', 'fast-check': 'npm i -D fast-check@^4' } as const;

/** Refuses a run whose peer is not installed, before any server is started or asked. */
function checkPeer(options: RunContractsOptions): void {
  const peer = options.explore !== undefined && options.explore !== false ? 'fast-check' : 'vitest';
  if (!resolvable(`${peer}/package.json`))
    throw new MissingPackage(`contracts needs ${peer}: ${PEER_INSTALL[peer]}`, peer);
}

/** Thrown by runContracts when nothing answers at the base URL: one line instead of every case failing alike. */
export class Unreachable extends Error {
  override name = 'Unreachable';
}

/** Any HTTP answer will do; a refused connection is retried for `waitMs` (a `serve &` just started), then it throws. */
async function checkReachable(baseUrl: string, log: Log, waitMs = 10_000): Promise<void> {
  const answerWithinMs = 10_000;
  const probe = `${baseUrl.replace(/\/+$/, '')}/users/me`;
  const deadline = Date.now() + waitMs;
  let said = false;
  for (;;) {
    try {
      const answer = await fetch(probe, { redirect: 'manual', signal: AbortSignal.timeout(answerWithinMs) });
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
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${answerWithinMs / 1000} s`
          : (cause?.code ?? cause?.message ?? (error as Error).message);
      throw new Unreachable(
        `nothing answers at ${baseUrl} (GET ${probe}: ${why}); is the server running, and is --base-url right?`,
      );
    }
  }
}

/** Thrown by runContracts when a base URL given without a target is no mock server: the caller must name it. */
export class TargetUnknown extends Error {
  override name = 'TargetUnknown';
}

/** A base URL without a target is a mock server only when it answers the control API; else refused, never run as live (docs/contracts.md). */
async function checkIsMock(baseUrl: string, controlUrl: string): Promise<void> {
  const probe = `${controlUrl}/__mock/clock`;
  let why: string;
  try {
    const answer = await fetch(probe, {
      headers: { authorization: `Bearer contracts-probe-${Math.random().toString(36).slice(2, 10)}` },
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const text = await answer.text();
    const data = (jsonBody(text) as { data?: { now?: unknown; frozen?: unknown } } | null | undefined)?.data;
    if (answer.status === 200 && typeof data?.now === 'string' && typeof data.frozen === 'boolean') return;
    why = answer.status === 200 ? "not the control API's answer" : String(answer.status);
  } catch (error) {
    why = (error as Error).name === 'TimeoutError' ? 'no answer within 10 s' : (error as Error).message;
  }
  throw new TargetUnknown(
    `${baseUrl} does not answer the mock's control API (GET ${probe}: ${why}), so it is not taken for a mock server, ` +
      'which the run would write to freely; name the target: --target live (reads only unless --allow-writes) ' +
      'or --target prism, ' +
      'or --target mock for a mock whose control API is elsewhere (CONTRACT_CONTROL_URL)',
  );
}

/**
 * Runs the contract suites against one target and prints the per-operation summary. Throws
 * MissingPackage when the run needs an optional peer that is not installed (vitest for the suites,
 * fast-check for `explore`, msw for the `msw` target), and Unreachable when nothing answers at the
 * base URL.
 *
 * @example
 * import { runContracts } from 'workflow-api-mock-kit/contracts';
 * const result = await runContracts({ baseUrl: 'http://127.0.0.1:4010/v1', junitFile: 'contracts.xml' });
 * process.exitCode = result.ok ? 0 : 1;
 */
export async function runContracts(options: RunContractsOptions = {}): Promise<ContractsResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  checkPeer(options);
  let prepared: Awaited<ReturnType<typeof prepareTarget>>;
  try {
    prepared = await prepareTarget(options, log);
  } catch (error) {
    // CI shows a test report, not the log: a run that never reached its target still leaves one, saying why.
    if (options.junitFile !== undefined && (error instanceof Unreachable || error instanceof TargetUnknown))
      writeUnreachedReport(resolve(options.junitFile), error.message, log);
    throw error;
  }
  const { env, target, stopServer } = prepared;
  let outcome: RunOutcome;
  try {
    outcome = await runOrExplore(options, env, log);
  } finally {
    await stopServer?.();
  }
  const { failedCases, rows, coverage, explored } = outcome;
  const checked = explored === undefined ? await logSummary(rows, target, env, log) : undefined;
  const failedChecks = checked?.failedChecks ?? 0;
  // An exploration's: the operations it never called.
  const untouched =
    checked?.untouched ?? coverage.operations.filter((row) => row.exchanges === 0).map((row) => row.operationId);
  log(`\nCoverage of the document (operation x documented status x parameter, and links):\n`);
  log(formatCoverage(coverage));
  const what = `contracts${explored ? ' --explore' : ''} against ${target}`;
  if (options.coverageDir !== undefined) writeCoverage(options.coverageDir, coverage, what, log);
  const belowCoverage = options.minCoverage === undefined ? [] : belowThresholds(coverage, options.minCoverage);
  if (belowCoverage.length > 0) log(`\nCoverage below --min-coverage: ${belowCoverage.join(', ')}.`);
  const exploredOk = explored === undefined || (!explored.failed && explored.leftBehind.length === 0);
  let { junit } = outcome;
  let pactProblems = 0;
  if (options.pactFiles !== undefined) {
    const checked = checkPactFiles(options.pactFiles, options.shard, log);
    pactProblems = checked.problems;
    junit = withSuite(junit, checked.suite);
  }
  if (options.junitFile !== undefined && junit !== undefined) {
    writeReport(resolve(options.junitFile), junit);
    log(`\nJUnit report written to ${resolve(options.junitFile)}`);
  }
  const ok = !failedCases && failedChecks === 0 && belowCoverage.length === 0 && exploredOk && pactProblems === 0;
  const result = { ok, failedCases, failedChecks, rows, untouched, coverage, belowCoverage, pactProblems };
  return explored ? { ...result, explore: explored } : result;
}

type Log = (line: string) => void;

/** The run's CONTRACT_* variables and target: a mock started when none is named, else the named one checked. */
async function prepareTarget(options: RunContractsOptions, log: Log) {
  const env: Record<string, string> = { ...options.variables };
  if (options.baseUrl !== undefined) env.CONTRACT_BASE_URL = options.baseUrl;
  if (options.target !== undefined) env.CONTRACT_TARGET = options.target;
  if (options.token !== undefined) env.CONTRACT_TOKEN = options.token;
  if (options.allowWrites === true) env.CONTRACT_ALLOW_WRITES = '1';

  const targetImplied = env.CONTRACT_TARGET === undefined || env.CONTRACT_TARGET.trim() === '';
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
    throw new MissingPackage(
      "the msw target runs the kit's MSW handlers, and msw is not installed in this project. Install it with:\n  npm i -D msw@^3",
    );
  }
  log(`contracts: target ${target}${env.CONTRACT_BASE_URL ? ` at ${env.CONTRACT_BASE_URL}` : ''}`);

  // A server this run started answers already; one named by the caller may not be up yet.
  if (stopServer === undefined && env.CONTRACT_BASE_URL !== undefined) {
    await checkReachable(env.CONTRACT_BASE_URL, log, options.waitMs);
    if (targetImplied) await checkIsMock(env.CONTRACT_BASE_URL, readTargetSettings(env).controlUrl!);
  }
  return { env, target, stopServer };
}

interface RunOutcome {
  failedCases: boolean;
  rows: OperationRow[];
  coverage: CoverageReport;
  explored: ExploreOutcome | undefined;
  /** The JUnit report when asked for: written to `junitFile` once whole, at the end. */
  junit: string | undefined;
}

/** The exploration when asked for, else the suites with every exchange recorded for the summary and coverage. */
async function runOrExplore(options: RunContractsOptions, env: Record<string, string>, log: Log): Promise<RunOutcome> {
  if (options.explore !== undefined && options.explore !== false) {
    const settings = options.explore === true ? {} : options.explore;
    const { outcome, coverage } = await runExplore({ ...process.env, ...env }, settings, options, log);
    const junit = options.junitFile === undefined ? undefined : exploreJunit(outcome, coverage);
    return { failedCases: false, rows: [], coverage, explored: outcome, junit };
  }
  const recordDir = mkdtempSync(join(tmpdir(), 'contracts-'));
  env.CONTRACT_RECORD_FILE = join(recordDir, 'exchanges.jsonl');
  // vitest's reporter writes into this private folder, never through a link at the user's path.
  const draft = options.junitFile === undefined ? undefined : join(recordDir, 'junit.xml');
  try {
    if (options.shard !== undefined) log(`contracts: shard ${options.shard} of the suite files`);
    const failedCases = await runSuites(env, options, draft, log);
    const records = readRecords(env.CONTRACT_RECORD_FILE);
    const counted = createCoverage(coverageUniverse(document));
    for (const record of records) if (record.coverage) counted.add(record.coverage);
    const coverage = counted.report();
    // Named for its slice: the N reports of a sharded run merge without two suites of one name.
    const properties = {
      name: options.shard === undefined ? 'openapi coverage' : `openapi coverage (shard ${options.shard})`,
      cases: [],
      properties: coverageProperties(coverage),
    };
    const junit = draft === undefined ? undefined : withSuite(readIfAny(draft), properties);
    return { failedCases, rows: summarize(records), coverage, explored: undefined, junit };
  } finally {
    rmSync(recordDir, { recursive: true, force: true });
  }
}

/** The JUnit report of a run that never reached its target: one failing case that says why. */
function writeUnreachedReport(path: string, why: string, log: Log): void {
  const failure = { message: why, text: why };
  const only = { classname: 'contracts', name: 'the target answers', seconds: 0, failure };
  writeReport(path, junitXml('contracts', [{ name: 'target', cases: [only] }]));
  log(`contracts: JUnit report of the unreached target written to ${path}`);
}

/** A report written whole, its folder created: a link planted at the path is replaced (mocks/node/files.ts). */
function writeReport(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileReplacingSync(path, text, { mode: 0o644 });
}

function readIfAny(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The per-operation summary of the suites' exchanges: how many failed a check, and the operations none reached. */
async function logSummary(rows: OperationRow[], target: string, env: Record<string, string>, log: Log) {
  const { validator } = await import('../openapi/validator.ts');
  log(`\nPer-operation summary (every exchange checked against the OpenAPI document):\n`);
  log(formatSummary(rows, validator.operationIds));
  const failedChecks = rows.reduce((sum, row) => sum + row.failed, 0);
  const untouched = validator.operationIds.filter((id) => !rows.some((row) => row.operationId === id));
  if (untouched.length > 0) log(`\nNot exercised on this target: ${untouched.join(', ')}`);
  // The one configuration a live run cannot discover (contracts/discover.ts): say it once, here.
  if (target === 'live' && !(env.CONTRACT_PROJECT_ID ?? process.env.CONTRACT_PROJECT_ID)) {
    log(
      '\nConnect cases and those creating workflows were skipped: no API lists projects, so name one with ' +
        'CONTRACT_PROJECT_ID (and CONTRACT_ACCOUNT_ID, CONTRACT_TRIGGER_ID for the account and trigger cases).',
    );
  }
  if (failedChecks > 0) log(`\n${failedChecks} exchange(s) failed a contract check (see the failures above).`);
  return { failedChecks, untouched };
}

/** `--coverage-dir`: the coverage as JSON and as HTML, titled with what ran against what. */
function writeCoverage(folder: string, coverage: CoverageReport, what: string, log: Log): void {
  const dir = resolve(folder);
  mkdirSync(dir, { recursive: true });
  writeReport(join(dir, 'coverage.json'), `${JSON.stringify(coverage, null, 2)}\n`);
  writeReport(join(dir, 'coverage.html'), coverageHtml(coverage, `Coverage of the Workflow API document: ${what}`));
  log(`Coverage written to ${join(dir, 'coverage.json')} and coverage.html beside it.`);
}

async function runExplore(
  env: Record<string, string | undefined>,
  settings: ExploreSettings,
  { junitFile, quiet }: RunContractsOptions,
  log: Log,
) {
  const { exploreTarget } = await import('./explore/run.ts');
  const target = readTargetSettings(env);
  const seed = settings.seed ?? Math.floor(Math.random() * 2 ** 31);
  const runs = settings.runs ?? 100;
  const limits = [
    settings.maxTimeMs === undefined ? undefined : `at most ${settings.maxTimeMs / 1000} s`,
    settings.maxRequests === undefined ? undefined : `at most ${settings.maxRequests} requests`,
    settings.maxRps === undefined ? undefined : `at most ${settings.maxRps} requests/s`,
  ].filter(Boolean);
  const mode = target.caps.disposable
    ? 'a fresh world per run'
    : target.caps.writes
      ? 'writes only in walks from what it creates, each undone'
      : 'reads only';
  // What ran so far, for the progress line and for a run interrupted with Ctrl-C (taken before the first line).
  const at = { run: 0, requests: 0 };
  const progress = startProgress('contracts --explore', process.stdout, quiet === true);
  const onRun = (run: number, requests: number) => {
    Object.assign(at, { run, requests });
    progress.update(`run ${run} of ${runs}, ${requests} requests`);
  };
  const stopInterrupt = onInterrupt({
    name: 'contracts --explore',
    junitFile: junitFile === undefined ? undefined : resolve(junitFile),
    log,
    ran: () => {
      progress.done();
      return { after: `in run ${at.run} of ${runs}, after ${at.requests} requests (seed ${seed})`, suites: [] };
    },
  });
  log(
    `contracts: exploring, seed ${seed}, ${settings.path === undefined ? `${runs} runs` : `replaying path ${settings.path}`}${limits.length > 0 ? `, ${limits.join(', ')}` : ''} (${mode})`,
  );
  let result: Awaited<ReturnType<typeof exploreTarget>>;
  try {
    result = await exploreTarget(target, { ...settings, seed, runs, onRun });
  } finally {
    stopInterrupt();
    progress.done();
  }
  const { report } = result;
  const seconds = report.elapsedMs / 1000;
  const statuses = [...result.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  log(
    `contracts: explored ${report.runs} runs, ${result.requests} requests in ${seconds.toFixed(1)} s (${Math.round(result.requests / Math.max(seconds, 0.001))} requests/s; ${statuses.join(', ')})`,
  );
  if (report.interrupted) log(`contracts: --max-time stopped the runs after ${report.runs}`);
  if (result.budgetSpent) log('contracts: the request budget (--max-requests) ended the exploration early');
  const outcome: ExploreOutcome = {
    failed: report.failed,
    seed: report.seed,
    runs: report.runs,
    requests: result.requests,
    elapsedMs: report.elapsedMs,
    leftBehind: result.leftBehind,
  };
  if (report.failed) {
    const replay = [
      'workflow-api-mock contracts --explore',
      `--seed ${report.seed}`,
      ...(report.path ? [`--path ${report.path}`] : []),
      `--target ${target.name}`,
      ...(target.baseUrl ? [`--base-url ${target.baseUrl}`] : []),
    ].join(' ');
    Object.assign(outcome, { invariant: report.invariant, error: report.error, curl: result.curl ?? [], replay });
    log(`\ncontracts: FAILED ${report.error}`);
    log(`\nThe shrunk failing run (${result.curl?.length ?? 0} request(s)), as curl commands that replay it:`);
    for (const line of result.curl ?? []) log(`  ${line}`);
    log(`\nReplay with: ${replay}`);
  } else log('contracts: every invariant held');
  if (result.leftBehind.length > 0) {
    log(
      `\ncontracts: ${result.leftBehind.length} resource(s) the run created could not be undone; remove them by hand:`,
    );
    for (const line of result.leftBehind) log(`  ${line}`);
  }
  return { outcome, coverage: result.coverage.report() };
}

/** The coverage as JUnit `<property>` elements: the totals, then one per operation. */
function coverageProperties(coverage: CoverageReport, extra: Record<string, string> = {}): Array<[string, string]> {
  const props: Array<[string, string]> = Object.entries(extra);
  for (const [name, ratio] of Object.entries(coverage.totals))
    props.push([`coverage.${name}`, `${ratio.covered}/${ratio.total} (${ratio.percent}%)`]);
  for (const row of coverage.operations) {
    props.push([
      `coverage.operation.${row.operationId}`,
      `exchanges ${row.exchanges}; statuses ${row.statuses.documented.length - row.statuses.missing.length}/${row.statuses.documented.length}${row.statuses.missing.length > 0 ? ` (missing ${row.statuses.missing.join(' ')})` : ''}; parameters ${row.parameters.declared.length - row.parameters.missing.length}/${row.parameters.declared.length}; links ${row.links.followed}/${row.links.declared}`,
    ]);
  }
  for (const link of coverage.links)
    props.push([`coverage.link.${link.id.replaceAll(' ', '.')}`, String(link.followed)]);
  return props;
}

/** `pactFiles` through pact check's code path: the problems (an unreadable file counts one) and a JUnit suite. */
function checkPactFiles(files: string[], shard: string | undefined, log: Log): { problems: number; suite: JunitSuite } {
  log('\nPact files against the document (as pact check, docs/pact.md):\n');
  let problems = 0;
  const cases = files.map((file) => {
    let report: ReturnType<typeof pactFileReport>;
    try {
      report = pactFileReport(file, readFileSync(file, 'utf8'));
    } catch (error) {
      report = { refused: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
    }
    const lines = 'refused' in report ? [`${file} ${report.refused}`] : report.lines;
    for (const line of lines) log(line);
    const found = 'refused' in report ? 1 : report.problems.length;
    problems += found;
    const failure = { message: lines[0]!, text: lines.join('\n') };
    return { classname: 'pact check', name: file, seconds: 0, ...(found > 0 ? { failure } : {}) };
  });
  // Named for its slice, as the coverage's suite is: the reports of a sharded run merge without a clash.
  const name = shard === undefined ? 'pact check' : `pact check (shard ${shard})`;
  if (problems > 0) log(`\n${problems} problem(s) in the pact files (see above).`);
  return { problems, suite: { name, cases } };
}

/** A JUnit report with one more testsuite; none when there is no report (no suite file matched). */
function withSuite(report: string | undefined, suite: JunitSuite): string | undefined {
  return report?.replace(/<\/testsuites>\s*$/, `${junitSuite(suite)}</testsuites>\n`);
}

/** The JUnit report of an exploration: one case, failed with the invariant and the curl replay when it failed. */
function exploreJunit(outcome: ExploreOutcome, coverage: CoverageReport): string {
  const extra = {
    'explore.seed': `${outcome.seed}`,
    'explore.runs': `${outcome.runs}`,
    'explore.requests': `${outcome.requests}`,
  };
  const failure = {
    message: `[${outcome.invariant}] ${(outcome.error ?? '').split('\n')[0]}`,
    text: `${outcome.error}\n\n${(outcome.curl ?? []).join('\n')}\n\nreplay: ${outcome.replay}`,
  };
  const only = {
    classname: 'explore',
    name: `every invariant holds (${outcome.runs} runs, seed ${outcome.seed})`,
    seconds: outcome.elapsedMs / 1000,
    ...(outcome.failed ? { failure } : {}),
  };
  return junitXml('contracts --explore', [
    { name: 'explore', cases: [only], properties: coverageProperties(coverage, extra) },
  ]);
}

function resolvable(specifier: string): boolean {
  try {
    createRequire(import.meta.url).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/** A finished case as the interrupted report holds it. */
type RanCase = JunitSuite['cases'][number];

/** A finished case's outcome as vitest reports it, for the report of an interrupted run. */
function ranCase(testCase: TestCase): RanCase {
  const result = testCase.result();
  const text = result.state === 'failed' ? result.errors.map((error) => error.message).join('\n') : '';
  return {
    classname: testCase.module.relativeModuleId,
    name: testCase.fullName,
    seconds: (testCase.diagnostic()?.duration ?? 0) / 1000,
    ...(result.state === 'skipped' ? { skipped: result.note ?? 'skipped' } : {}),
    ...(result.state === 'failed' ? { failure: { message: text.split('\n')[0]!, text } } : {}),
  };
}

/** Ctrl-C during the suites: the per-operation table of the exchanges checked so far, and how far the cases went. */
function suitesSoFar(cases: RanCase[], records: string, operationIds: string[], log: Log) {
  const rows = summarize(readRecords(records));
  if (rows.length > 0) log(`\nPer-operation summary of what ran:\n\n${formatSummary(rows, operationIds)}`);
  const count = (what: 'failure' | 'skipped') => cases.filter((item) => item[what] !== undefined).length;
  const passed = cases.length - count('failure') - count('skipped');
  const after = `after ${cases.length} case(s): ${passed} passed, ${count('failure')} failed, ${count('skipped')} skipped`;
  return { after, suites: [{ name: 'contracts', cases }] };
}

async function runSuites(
  env: Record<string, string>,
  options: RunContractsOptions,
  junitFile: string | undefined,
  log: Log,
) {
  const { startVitest, JUnitReporter } = await import('vitest/node');
  const { validator } = await import('../openapi/validator.ts');
  const cases: RanCase[] = [];
  const collect = { onTestCaseResult: (testCase: TestCase) => void cases.push(ranCase(testCase)) };
  const stopInterrupt = onInterrupt({
    name: 'contracts',
    junitFile: options.junitFile === undefined ? undefined : resolve(options.junitFile),
    log,
    ran: () => suitesSoFar(cases, env.CONTRACT_RECORD_FILE!, validator.operationIds, log),
  });
  // vitest's reporter writes its draft into the run's private folder (runOrExplore) and names that
  // folder in a line of its own; the user's path is named once the report is written there.
  type Reporter = InstanceType<typeof JUnitReporter>;
  class DraftJUnitReporter extends JUnitReporter {
    #logger: { log: (...message: unknown[]) => void } | undefined;
    override onInit(vitest: Parameters<Reporter['onInit']>[0]): ReturnType<Reporter['onInit']> {
      this.#logger = vitest.logger as never;
      return super.onInit(vitest);
    }
    override async onTestRunEnd(...args: Parameters<Reporter['onTestRunEnd']>): Promise<void> {
      const logger = this.#logger;
      const log = logger?.log;
      if (logger !== undefined && log !== undefined)
        logger.log = (...message) => {
          if (!String(message[0]).startsWith('JUNIT report written to')) log.apply(logger, message);
        };
      try {
        await super.onTestRunEnd(...args);
      } finally {
        if (logger !== undefined && log !== undefined) logger.log = log;
      }
    }
  }
  // vitest reports failure through process.exitCode (as its own CLI does); keep ours out of it.
  const before = process.exitCode;
  process.exitCode = undefined;
  const { filters = [], shard, quiet } = options;
  // --quiet: vitest's per-file lines without its live summary at the bottom of a terminal.
  const terminal: ['default', { summary: boolean }] = ['default', { summary: quiet !== true }];
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
    ...(shard === undefined ? {} : { shard }),
    // Each suite file needs its own module state (docs/contracts.md); said, so vitest stops suggesting otherwise.
    isolate: true,
    // Nothing written into the folder the kit is installed in (results cache, transformed-module cache).
    cache: false,
    fsModuleCache: false,
    reporters: [
      terminal,
      collect,
      ...(junitFile === undefined ? [] : [new DraftJUnitReporter({ outputFile: junitFile })]),
    ],
  }).finally(stopInterrupt);
  const failed = process.exitCode !== undefined && process.exitCode !== 0;
  process.exitCode = before;
  return failed;
}
