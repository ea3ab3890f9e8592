// Section 1: throughput and latency, per request of the mix. The mock server, a bare node:http
// server (answering each path with the mock's own body for it) and `prism mock` each run in their
// own child process; the load generator (wrk, else autocannon: ./load-client.ts) runs in another.
// For every request of the mix the mock and the bare server are measured back to back, `rounds`
// times, and the medians reported, so a busy neighbour disturbs both alike; Prism, ten times
// slower, once per request, after all those rounds.
import { randomBytes } from 'node:crypto';
import { startPrism } from '../../cli/prism-launcher.ts';
import { SERVERS_DIR, spawnServer, track } from './children.ts';
import { cpuMeter, machineMeter } from './cpu.ts';
import { get, getJson } from './http.ts';
import { findWrk, runClient, type ClientResult, type ClientTool } from './load-client.ts';
import { median } from './stats.ts';

export interface LoadOptions {
  connections: number;
  /** Measured seconds per server and request, per round. */
  durationS: number;
  /** Warm-up seconds per server and request (first round only). */
  warmupS: number;
  /** Back-to-back mock/bare measurements per request; medians are reported. */
  rounds: number;
  /** When set, the mock server child runs with --cpu-prof and writes its profile into this folder. */
  cpuProfDir?: string;
}

export interface LoadResult extends ClientResult {
  server: string;
  /** CPU during the measured run, percent of one core: the server process. */
  serverCpu?: number;
  /** Everything else on the machine (the client excluded), and CPU stolen by the hypervisor. */
  otherCpu?: number;
  stealCpu?: number;
}

interface PathThroughput {
  /** Relative to the API root (the mock's /v1, Prism's root). */
  path: string;
  /** The median round (by req/s) of each server. */
  mock: LoadResult;
  bare: LoadResult;
  /** Prism at its fastest: `-v error`, its output not kept. */
  prism: LoadResult;
  /** Prism at its default log level (`info`, a line per request), as `prism mock` starts. */
  prismDefault: LoadResult;
  /** req/s and p99 (ms) of every round. */
  mockRounds: number[];
  bareRounds: number[];
  mockP99Rounds: number[];
  bareP99Rounds: number[];
  /** The server's CPU (% of one core) in every round; undefined where /proc could not tell. */
  mockCpuRounds: Array<number | undefined>;
  bareCpuRounds: Array<number | undefined>;
  /** Median mock req/s over fastest prism's; median over the rounds of mock req/s / bare req/s (a neighbour's burst hits a pair alike). */
  mockOverPrism: number;
  mockOverBare: number;
  /** Median over the rounds of mock p99 / bare p99: the bare server's own tail, same machine, same time. */
  mockP99OverBare: number;
}

export interface ThroughputResult {
  token: string;
  tool: ClientTool;
  paths: string[];
  options: LoadOptions;
  perPath: PathThroughput[];
  /** The worst request of the mix for each target. */
  mockOverPrism: number;
  mockOverBare: number;
  mockP99OverBare: number;
  /** The highest p99 of the mock's median rounds, in ms (reported, not judged: docs/performance.md). */
  mockP99: number;
  mockErrors: number;
}

/** The request mix, relative to the API root (the mock's /v1, Prism's root). */
function requestMix(ids: { orgId: string; workflowId: string }): string[] {
  return [
    `/users/me`,
    `/workspaces/${ids.orgId}`,
    `/orgs/${ids.orgId}/sources?limit=10`,
    `/workflows/${ids.workflowId}`,
  ];
}

export interface Target {
  server: string;
  pid: number | undefined;
  origin: string;
  /** Prefix before each path of the mix ('/v1' for the mock and the bare server). */
  prefix: string;
}

export async function measure(
  tool: ClientTool,
  wrk: string | undefined,
  target: Target,
  path: string,
  headers: Record<string, string>,
  options: LoadOptions,
  warm: boolean,
) {
  const run = { origin: target.origin, path: target.prefix + path, headers, connections: options.connections };
  if (warm && options.warmupS > 0) await runClient(tool, wrk, { ...run, durationS: options.warmupS });
  const server = cpuMeter(target.pid);
  const machine = machineMeter();
  const result = await runClient(tool, wrk, { ...run, durationS: options.durationS });
  const serverCpu = server.stop();
  const total = machine.stop();
  const otherCpu =
    total === undefined || serverCpu === undefined || result.clientCpu === undefined
      ? undefined
      : Math.max(0, total.busy - serverCpu - result.clientCpu);
  const measured: LoadResult = {
    server: target.server,
    ...result,
    ...(serverCpu === undefined ? {} : { serverCpu }),
    ...(otherCpu === undefined ? {} : { otherCpu }),
    ...(total === undefined ? {} : { stealCpu: total.steal }),
  };
  return measured;
}

/** The run whose req/s is the median of the rounds (the lower middle one for an even count). */
export function medianRun(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Every run of one request of the mix: the mock's and the bare server's rounds, Prism's one run at each level. */
export interface PathRuns {
  path: string;
  mock: LoadResult[];
  bare: LoadResult[];
  prism?: LoadResult;
  prismDefault?: LoadResult;
}

/**
 * The per-request figures and the worst request of the mix for each target: req/s and p99 as
 * ratios to the bare server's in the same round, their medians over the interleaved rounds.
 *
 * @example
 * const { mockOverBare, mockP99OverBare } = summarize([{ path: '/users/me', mock, bare, prism, prismDefault }]);
 */
export function summarize(runs: readonly PathRuns[]): Omit<ThroughputResult, 'token' | 'tool' | 'paths' | 'options'> {
  const perPath = runs.map((entry): PathThroughput => {
    const mockRounds = entry.mock.map((r) => r.rps);
    const bareRounds = entry.bare.map((r) => r.rps);
    const mockP99Rounds = entry.mock.map((r) => r.p99);
    const bareP99Rounds = entry.bare.map((r) => r.p99);
    return {
      path: entry.path,
      mock: medianRun(entry.mock),
      bare: medianRun(entry.bare),
      prism: entry.prism!,
      prismDefault: entry.prismDefault!,
      mockRounds,
      bareRounds,
      mockP99Rounds,
      bareP99Rounds,
      mockCpuRounds: entry.mock.map((r) => r.serverCpu),
      bareCpuRounds: entry.bare.map((r) => r.serverCpu),
      mockOverPrism: median(mockRounds) / entry.prism!.rps,
      mockOverBare: median(mockRounds.map((rps, i) => rps / bareRounds[i]!)),
      mockP99OverBare: median(mockP99Rounds.map((p99, i) => p99 / bareP99Rounds[i]!)),
    };
  });
  return {
    perPath,
    mockOverPrism: Math.min(...perPath.map((p) => p.mockOverPrism)),
    mockOverBare: Math.min(...perPath.map((p) => p.mockOverBare)),
    mockP99OverBare: Math.max(...perPath.map((p) => p.mockP99OverBare)),
    mockP99: Math.max(...perPath.map((p) => p.mock.p99)),
    mockErrors: perPath.reduce((sum, p) => sum + p.mock.errors + p.mock.non2xx, 0),
  };
}

export async function measureThroughput(
  options: LoadOptions,
  log: (line: string) => void = () => {},
): Promise<ThroughputResult> {
  const token = `bench-${randomBytes(6).toString('hex')}`;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const wrk = findWrk();
  const tool: ClientTool = wrk === undefined ? 'autocannon' : 'wrk';
  log(`throughput: load generator ${tool}${wrk === undefined ? ' (wrk not found; in its own process)' : ` (${wrk})`}`);

  const nodeArgs = options.cpuProfDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`];
  const mockChild = await spawnServer(`${SERVERS_DIR}mock.ts`, ['--seed', '1'], { nodeArgs });
  const stops: Array<() => Promise<void>> = [() => mockChild.stop()];
  try {
    // IDs discovered from the mock's API and control API; each path's body handed to the bare server.
    const me = await get(`${mockChild.origin}/v1/users/me`, headers);
    if (me.status !== 200) throw new Error(`mock GET /v1/users/me answered ${me.status}: ${me.body}`);
    const orgId = (JSON.parse(me.body) as { data: { orgs: Array<{ id: string }> } }).data.orgs[0]!.id;
    const world = await getJson<{ data: { workflows: Array<{ id: string }> } }>(
      `${mockChild.origin}/__mock/world`,
      headers,
    );
    const paths = requestMix({ orgId, workflowId: world.data.workflows[0]!.id });
    const bodies: Record<string, string> = {};
    for (const path of paths) {
      const res = await get(`${mockChild.origin}/v1${path}`, headers);
      if (res.status !== 200) throw new Error(`mock GET /v1${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
      bodies[`/v1${path}`] = res.body;
    }
    const bareChild = await spawnServer(`${SERVERS_DIR}bare.ts`, [], {
      env: { ...process.env, BENCH_BODY: me.body, BENCH_BODIES: JSON.stringify(bodies) },
    });
    stops.push(() => bareChild.stop());
    const mock: Target = { server: 'mock server', pid: mockChild.process.pid, origin: mockChild.origin, prefix: '/v1' };
    const bare: Target = {
      server: 'bare node:http',
      pid: bareChild.process.pid,
      origin: bareChild.origin,
      prefix: '/v1',
    };
    const runs = new Map<string, PathRuns>(paths.map((path) => [path, { path, mock: [], bare: [] }]));
    for (let round = 1; round <= options.rounds; round++) {
      for (const path of paths) {
        const entry = runs.get(path)!;
        const m = await measure(tool, wrk, mock, path, headers, options, round === 1);
        const b = await measure(tool, wrk, bare, path, headers, options, round === 1);
        entry.mock.push(m);
        entry.bare.push(b);
        log(
          `throughput: round ${round}/${options.rounds} GET ${path}: mock ${Math.round(m.rps)} req/s (p99 ${m.p99.toFixed(2)} ms), bare ${Math.round(b.rps)} req/s`,
        );
      }
    }

    // Prism twice, only after the mock's and the bare server's rounds: at its fastest (`-v error`),
    // the one the target is judged against, and at its default level, as `prism mock` starts. What a
    // Prism process does after its start or a run of load took CPU from the mock, first of each pair
    // (docs/performance.md, "A fair Prism").
    const startedPrism = async (verboseLevel: 'error' | undefined, server: string): Promise<Target> => {
      log(`throughput: starting prism mock${verboseLevel === undefined ? '' : ` -v ${verboseLevel}`} ...`);
      const prismProcess = await startPrism({
        mode: 'mock',
        port: 0,
        ...(verboseLevel === undefined ? {} : { verboseLevel }),
      });
      track(prismProcess.child);
      stops.push(() => prismProcess.close());
      for (const path of paths) {
        const res = await get(`${prismProcess.url}${path}`, headers);
        if (res.status !== 200) throw new Error(`prism GET ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
      }
      return { server, pid: prismProcess.child.pid, origin: prismProcess.url, prefix: '' };
    };
    const prism = await startedPrism('error', 'prism mock -v error');
    const prismInfo = await startedPrism(undefined, 'prism mock (default -v info)');
    for (const path of paths) {
      const entry = runs.get(path)!;
      entry.prism = await measure(tool, wrk, prism, path, headers, options, true);
      entry.prismDefault = await measure(tool, wrk, prismInfo, path, headers, options, true);
      log(
        `throughput: GET ${path}: prism ${Math.round(entry.prism.rps)} req/s at -v error, ${Math.round(entry.prismDefault.rps)} at its default level`,
      );
    }

    return { token, tool, paths, options, ...summarize([...runs.values()]) };
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
