// `workflow-api-mock contracts`: flags and CONTRACT_* variables into one run of contracts/runner.ts, an exit code.
import { IN_PROCESS, readTargetSettings } from '../contracts/targets/env.ts';
import type { TargetName } from '../contracts/targets/types.ts';
import type { CoverageThresholds, ExploreSettings, RunContractsOptions } from '../contracts/runner.ts';
import {
  defineCommand,
  EXIT_FAILED,
  EXIT_OK,
  EXIT_USAGE,
  fromEnv,
  parseHttpUrl,
  parsePerSecond,
  parseSeed,
  PROGRAM,
  runCommand,
  usage,
  type Env,
  type UsageError,
} from './args.ts';

const TARGETS: readonly TargetName[] = ['mock', 'prism', 'prism-proxy', 'live', 'inprocess', 'msw'];
const REPORTERS = ['default', 'junit'] as const;

const HELP = () => `${PROGRAM} contracts: runs the contract suites against one target (or, with --explore, explores it
with property-based runs drawn from the document) and prints a per-operation table and the coverage of the document.

Every exchange is checked against the kit's OpenAPI document (status, content type, response
schema, ID prefixes...); cases a target cannot run (writes on a read-only live target, the mock
control API elsewhere) are skipped with the reason in their name. With no --base-url, a mock
server is started on a free port for the run. A 3xx answer is never followed: it is checked as the
answer it is, so no request (nor a write's body) reaches the host a Location names.

Usage:
  ${PROGRAM} contracts [flags] [file filter...]
  (in the kit's checkout: npm run contracts -- [flags] [file filter...])

Flags (a flag wins over its environment variable):
  --base-url URL      base URL with the version segment, e.g. http://127.0.0.1:4010/v1; Prism serves
                      the document at its root (http://127.0.0.1:4011)
                      default: a mock server started for this run              env CONTRACT_BASE_URL
  --target NAME       ${TARGETS.join(' | ')}
                      default: mock; with --base-url only when the server answers the mock's
                      control API (GET /__mock/clock), else refused (exit 1) asking for --target
                                                                                env CONTRACT_TARGET
  --token T           bearer token; required for live
                      default: a fresh random user API key per suite file      env CONTRACT_TOKEN
  --allow-writes      live only: the run may create resources (each one is deleted or
                      deactivated afterwards)
                      default: read-only                             env CONTRACT_ALLOW_WRITES=1
  --reporter NAME     ${REPORTERS.join(' | ')}; junit writes JUnit XML to --output as well as the
                      console output                                   default: default (console)
  --output FILE       where the junit reporter writes; required with --reporter junit
  --wait SECONDS      how long to wait for --base-url to accept connections (a server started in
                      the background a moment ago); 0 = not at all      default: 10   env CONTRACT_WAIT
  --coverage-dir DIR  write the coverage as DIR/coverage.json and DIR/coverage.html
  --shard I/N         run the I-th of N slices of the suite files (vitest's sharding), for a CI
                      matrix of N machines; each writes its own --output, whose suite names do not
                      clash, so the N JUnit files merge as they are                  default: all
  --min-coverage OPS,STATUSES
                      fail (exit 1) when under OPS % of the operations or STATUSES % of the
                      documented statuses were seen, e.g. 100,55 (what the kit's own mock meets)
  --quiet             no updating progress on a terminal (vitest's live summary, --explore's line);
                      off a terminal plain lines (--explore: one every 30 s)
  -h, --help          this text

Progress and interruption: on a terminal the run shows its counts and time as it goes. Ctrl-C
(SIGINT) stops it with a summary of what ran and, with --reporter junit, a whole JUnit file that
marks the run interrupted; a target that cannot be reached still leaves a JUnit file, one failing
case that says why.

Explore (instead of the suites):
  --explore           property-based runs drawn from the document: valid requests from its schemas
                      and examples, invalid ones (wrong types, missing or extra fields, bad media
                      types, malformed tokens), and walks through its links (create a webhook -> read
                      it in the list -> subscribe it -> delete it -> it is gone). Every answer must
                      keep the invariants (no 5xx, valid against the document, a documented refusal
                      for invalid input, a created resource readable until deleted and 404 after); a
                      failure is shrunk and printed as curl commands, with the command that replays it
  --runs N            runs, each in a fresh world where the target allows           default: 100
  --seed S            the seed (0 to 2147483647)                        default: a random one, printed
  --path P            with --seed: replay the failing run a report named
  --max-time SECONDS  start no run after this long                              default: no limit
  --max-requests N    a request budget                            default: 500 on live, no limit
  --max-rps N         at most N requests per second                 default: 5 on live, no limit
  On live: reads only unless --allow-writes; then writes only in walks from what the run creates,
  each undone at the end of its walk (anything that could not be undone is listed); never the
  mock control API.
  file filter         run only the suite files whose path contains it (webhooks, sources...)

Environment only:
  CONTRACT_ORG_ID, CONTRACT_PROJECT_ID, CONTRACT_ACCOUNT_ID, CONTRACT_TRIGGER_ID
                      IDs to use; discovered from /users/me (or the mock's world) when absent
  CONTRACT_CONTROL_URL origin of the mock control API (default: the base URL's origin on mock)

Targets: mock = the kit's mock server; prism = prism mock (stateless: schema-level cases only);
prism-proxy = prism proxy in front of a mock server; live = a real server (never uses the control
API; read-only unless --allow-writes); inprocess = the kit's fake in this process, no network;
msw = the kit's MSW handlers under setupServer in this process (needs msw installed).

Examples:
  ${PROGRAM} contracts
  ${PROGRAM} contracts --base-url http://127.0.0.1:4010/v1 --reporter junit --output contracts.xml
  ${PROGRAM} contracts --target prism --base-url http://127.0.0.1:4011
  ${PROGRAM} contracts --shard 2/3 --reporter junit --output contracts-2.xml
  ${PROGRAM} contracts --target live --base-url https://api.example.com/v1 --token "$API_KEY" webhooks
  ${PROGRAM} contracts --explore --runs 500 --base-url http://127.0.0.1:4010/v1 --min-coverage 100,55

Exit codes: 0 every case passed and every exchange passed every check (with --explore: every
invariant held), 1 a case, a check or an invariant failed, the coverage is under --min-coverage,
something created could not be undone (or no suite file matched the filters, nothing answers at the
base URL, a --base-url without --target is no mock, or the msw target without msw installed), 2 bad
flags or environment, or a peer the run needs is not installed: the suites run on vitest
(npm i -D vitest@^5), --explore on fast-check (npm i -D fast-check@^4); 130 interrupted (SIGINT).`;

/** The runner's options as the flags fill them, with the CONTRACT_* variables (flags merged in) and whether a mock is started. */
export type ContractsOptions = Pick<
  RunContractsOptions,
  'filters' | 'junitFile' | 'waitMs' | 'coverageDir' | 'minCoverage' | 'shard' | 'quiet'
> & { env: Record<string, string>; startMock: boolean; explore: ExploreSettings | undefined };

export const CONTRACTS = defineCommand({
  name: 'contracts',
  help: HELP,
  positionals: true,
  flags: {
    'base-url': { type: 'string' },
    target: { type: 'string' },
    token: { type: 'string' },
    'allow-writes': { type: 'boolean' },
    reporter: { type: 'string' },
    output: { type: 'string' },
    wait: { type: 'string' },
    'coverage-dir': { type: 'string' },
    'min-coverage': { type: 'string' },
    shard: { type: 'string' },
    explore: { type: 'boolean' },
    runs: { type: 'string' },
    seed: { type: 'string' },
    path: { type: 'string' },
    'max-time': { type: 'string' },
    'max-requests': { type: 'string' },
    'max-rps': { type: 'string' },
    quiet: { type: 'boolean' },
  },
  interpret(values, positionals, processEnv): ContractsOptions | UsageError {
    const targeted = readTarget(values, processEnv);
    if ('kind' in targeted) return targeted;
    const waitMs = readReporting(values, processEnv);
    if (typeof waitMs !== 'number') return waitMs;
    const minCoverage = readMinCoverage(values['min-coverage']);
    if (minCoverage !== undefined && 'kind' in minCoverage) return minCoverage;
    const shard = values.shard;
    if (shard !== undefined) {
      const match = /^(\d{1,4})\/(\d{1,4})$/.exec(shard);
      if (match === null || Number(match[1]) < 1 || Number(match[1]) > Number(match[2]))
        return usage(`--shard must be I/N with 1 <= I <= N, e.g. 2/3, got "${shard}"`);
      if (values.explore)
        return usage('--shard splits the suite files; --explore runs none (give each machine its own --seed instead)');
      const whole = 'judge the merged coverage instead';
      if (minCoverage !== undefined) {
        return usage(`--min-coverage judges a whole run, and a shard sees part of it: ${whole}`);
      }
    }
    const explore = readExplore(values, positionals);
    if (explore !== undefined && 'kind' in explore) return explore;
    const { env, startMock } = targeted;
    const { output: junitFile, 'coverage-dir': coverageDir } = values;
    const quiet = values.quiet === true;
    return { env, startMock, filters: positionals, junitFile, waitMs, explore, coverageDir, minCoverage, shard, quiet };
  },
});

/** The target and its CONTRACT_* variables, checked as the suites will read them (contracts/targets/env.ts). */
function readTarget(
  values: { target?: string; 'base-url'?: string; token?: string; 'allow-writes'?: boolean },
  processEnv: Env,
): { env: Record<string, string>; startMock: boolean } | UsageError {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(processEnv)) {
    if (name.startsWith('CONTRACT_') && value !== undefined && value !== '') env[name] = value;
  }

  if (values.target !== undefined) env.CONTRACT_TARGET = values.target;
  const targetFrom = values.target !== undefined ? '--target' : 'CONTRACT_TARGET';
  const target = env.CONTRACT_TARGET;
  if (target !== undefined && !TARGETS.includes(target as TargetName)) {
    return usage(`${targetFrom} must be one of ${TARGETS.join(', ')}, got "${target}"`);
  }

  const baseUrl = values['base-url'] ?? fromEnv(processEnv, 'CONTRACT_BASE_URL');
  if (baseUrl !== undefined) {
    const parsed = parseHttpUrl(values['base-url'] !== undefined ? '--base-url' : 'CONTRACT_BASE_URL', baseUrl);
    if (typeof parsed !== 'string') return parsed;
    env.CONTRACT_BASE_URL = parsed;
  }
  if (values.token !== undefined) env.CONTRACT_TOKEN = values.token;
  if (values['allow-writes'] === true) env.CONTRACT_ALLOW_WRITES = '1';

  const startMock = baseUrl === undefined && (target === undefined || target === 'mock');
  if (baseUrl === undefined && !startMock && !IN_PROCESS.includes(target as TargetName))
    return usage(`--target ${target} needs --base-url (or CONTRACT_BASE_URL)`);
  if (target === 'live' && env.CONTRACT_TOKEN === undefined)
    return usage('--target live needs --token (or CONTRACT_TOKEN): a user API key of the account under test');
  // The suites' own reading of the same variables (contracts/targets/env.ts) must accept them too.
  try {
    const started = { CONTRACT_TARGET: 'mock', CONTRACT_BASE_URL: 'http://127.0.0.1:1/v1' };
    readTargetSettings(startMock ? { ...env, ...started } : env);
  } catch (error) {
    return usage((error as Error).message);
  }
  return { env, startMock };
}

/** `--reporter`, `--output` and `--wait` (env CONTRACT_WAIT): how long to wait for the target, in ms. */
function readReporting(values: { reporter?: string; output?: string; wait?: string }, processEnv: Env) {
  const reporter = values.reporter ?? 'default';
  if (!(REPORTERS as readonly string[]).includes(reporter)) {
    return usage(`--reporter must be one of ${REPORTERS.join(', ')}, got "${reporter}"`);
  }
  if (reporter === 'junit' && values.output === undefined) return usage('--reporter junit needs --output FILE');
  if (reporter !== 'junit' && values.output !== undefined) return usage('--output is for --reporter junit');
  const waitText = values.wait ?? fromEnv(processEnv, 'CONTRACT_WAIT');
  if (waitText !== undefined && (!/^\d{1,3}$/.test(waitText) || Number(waitText) > 600)) {
    const from = values.wait !== undefined ? '--wait' : 'CONTRACT_WAIT';
    return usage(`${from} must be whole seconds from 0 to 600, got "${waitText}"`);
  }
  return waitText === undefined ? 10_000 : Number(waitText) * 1000;
}

function readMinCoverage(text: string | undefined): CoverageThresholds | undefined | UsageError {
  if (text === undefined) return undefined;
  const match = /^(\d{1,3}(?:\.\d+)?),(\d{1,3}(?:\.\d+)?)$/.exec(text.trim());
  if (match === null || Number(match[1]) > 100 || Number(match[2]) > 100)
    return usage(`--min-coverage must be OPS,STATUSES in percent (0 to 100), e.g. 100,55, got "${text}"`);
  return { operations: Number(match[1]), statuses: Number(match[2]) };
}

const EXPLORE_ONLY = ['runs', 'seed', 'path', 'max-time', 'max-requests', 'max-rps'] as const;
type ExploreFlags = { explore?: boolean } & { [flag in (typeof EXPLORE_ONLY)[number]]?: string };

function readExplore(values: ExploreFlags, positionals: readonly string[]): ExploreSettings | undefined | UsageError {
  const exploreOnly = EXPLORE_ONLY.filter((name) => values[name] !== undefined);
  if (!values.explore && exploreOnly.length > 0) return usage(`--${exploreOnly[0]} is for --explore`);
  if (!values.explore) return undefined;
  if (positionals.length > 0) {
    return usage(`--explore explores the whole document; file filters are for the suites, got "${positionals[0]}"`);
  }
  const explore: ExploreSettings = {};
  const whole = (name: 'runs' | 'max-requests', max: number) => {
    const text = values[name];
    if (text === undefined) return undefined;
    if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) {
      return usage(`--${name} must be a whole number from 1 to ${max}, got "${text}"`);
    }
    return Number(text);
  };
  const runs = whole('runs', 10_000_000);
  if (typeof runs === 'object') return runs;
  if (runs !== undefined) explore.runs = runs;
  const budget = whole('max-requests', 1_000_000_000);
  if (typeof budget === 'object') return budget;
  if (budget !== undefined) explore.maxRequests = budget;
  if (values.seed !== undefined) {
    const seed = parseSeed({ text: values.seed, from: '--seed' });
    if (typeof seed !== 'number') return seed;
    explore.seed = seed;
  }
  if (values.path !== undefined) {
    if (values.seed === undefined) return usage('--path needs the --seed it came with');
    if (!/^\d+(:\d+)*$/.test(values.path)) return usage(`--path must look like 12:0:3, got "${values.path}"`);
    explore.path = values.path;
  }
  if (values['max-time'] !== undefined) {
    if (!/^\d{1,6}$/.test(values['max-time']) || Number(values['max-time']) < 1)
      return usage(`--max-time must be whole seconds (1 or more), got "${values['max-time']}"`);
    explore.maxTimeMs = Number(values['max-time']) * 1000;
  }
  if (values['max-rps'] !== undefined) {
    const rps = parsePerSecond({ text: values['max-rps'], from: '--max-rps' });
    if (typeof rps === 'object') return rps;
    explore.maxRps = rps;
  }
  return explore;
}

async function contracts(options: ContractsOptions): Promise<number> {
  const { MissingPackage, runContracts, TargetUnknown, Unreachable } = await import('../contracts/runner.ts');
  try {
    // The runner reads an undefined option as an absent one.
    const { env: variables, startMock: _, ...same } = options;
    const result = await runContracts({ variables, ...same });
    return result.ok ? EXIT_OK : EXIT_FAILED;
  } catch (error) {
    // A missing peer is the environment's, like a bad flag: one line, nothing run.
    if (error instanceof MissingPackage && error.peer !== undefined) {
      console.error(`${PROGRAM} ${error.message}`);
      return EXIT_USAGE;
    }
    const told = error instanceof MissingPackage || error instanceof Unreachable || error instanceof TargetUnknown;
    if (!told) throw error;
    console.error(`${PROGRAM} contracts: ${error.message}`);
    return EXIT_FAILED;
  }
}

/** The `contracts` subcommand: argv after its name, answers the exit code. */
export function run(argv: string[]): Promise<number> {
  return runCommand(CONTRACTS, argv, contracts);
}
