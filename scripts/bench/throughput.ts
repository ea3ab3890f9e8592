// Section 1: throughput and latency. Each server runs alone in its own child process; autocannon
// (the same client for all three) runs here, with the same connections, durations and request mix.
import autocannon, { type AutocannonResult } from 'autocannon';
import { randomBytes } from 'node:crypto';
import { startPrism } from '../../cli/prism-launcher.ts';
import { cpuMeter, machineMeter } from './cpu.ts';
import { SERVERS_DIR, spawnServer, track } from './children.ts';
import { get, getJson } from './http.ts';
import { Samples, summarize, type LatencySummary } from './stats.ts';

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
  /** When set, the mock server child runs with --cpu-prof and writes its profile into this folder. */
  cpuProfDir?: string;
}

export interface LoadResult extends LatencySummary {
  server: string;
  url: string;
  /** Responses per second over the measured run (all statuses). */
  rps: number;
  requests: number;
  durationS: number;
  /** Socket errors (refused, reset...), timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** Mean response size (headers and body), bytes. */
  bytesPerResponse: number;
  /** CPU use during the measured run, percent of one core: the server process, and this process (the client). */
  serverCpu?: number;
  clientCpu?: number;
  /** Everything else on the machine during the run (other processes), and CPU stolen by the hypervisor. */
  otherCpu?: number;
  stealCpu?: number;
}

/** The request mix, relative to the API root (the mock's /v1, Prism's root). */
export function requestMix(ids: { orgId: string; workflowId: string }): string[] {
  return [`/users/me`, `/workspaces/${ids.orgId}`, `/orgs/${ids.orgId}/sources?limit=10`, `/workflows/${ids.workflowId}`];
}

function cannon(origin: string, paths: string[], headers: Record<string, string>, connections: number, durationS: number, onLatency?: (ms: number) => void) {
  return new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections,
        duration: durationS,
        timeout: 10,
        headers,
        requests: paths.map((path) => ({ method: 'GET', path })),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // autocannon's own histogram keeps whole milliseconds; keep the exact times for p50/p99.
    if (onLatency) instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => onLatency(ms));
  });
}

/** Warm-up (discarded), then the measured run. */
export async function runLoad(
  server: string,
  serverPid: number | undefined,
  origin: string,
  paths: string[],
  headers: Record<string, string>,
  options: LoadOptions,
): Promise<LoadResult> {
  if (options.warmupS > 0) await cannon(origin, paths, headers, options.connections, options.warmupS);
  const samples = new Samples();
  const serverMeter = cpuMeter(serverPid);
  const clientMeter = cpuMeter(process.pid);
  const machine = machineMeter();
  const result = await cannon(origin, paths, headers, options.connections, options.durationS, (ms) => samples.push(ms));
  const serverCpu = serverMeter.stop();
  const clientCpu = clientMeter.stop();
  const total = machine.stop();
  const otherCpu = total === undefined || serverCpu === undefined || clientCpu === undefined ? undefined : Math.max(0, total.busy - serverCpu - clientCpu);
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
  const requests = result.requests.total;
  return {
    server,
    url: origin + (paths[0] ?? ''),
    ...summarize(samples.values()),
    rps: requests / result.duration,
    requests,
    durationS: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    bytesPerResponse: requests === 0 ? 0 : result.throughput.total / requests,
    ...(serverCpu === undefined ? {} : { serverCpu }),
    ...(clientCpu === undefined ? {} : { clientCpu }),
    ...(otherCpu === undefined ? {} : { otherCpu }),
    ...(total === undefined ? {} : { stealCpu: total.steal }),
  };
}

export interface ThroughputResult {
  token: string;
  paths: string[];
  options: LoadOptions;
  mock: LoadResult;
  prism: LoadResult;
  bare: LoadResult;
  /** mock req/s divided by prism's and by bare node:http's. */
  mockOverPrism: number;
  mockOverBare: number;
}

export async function measureThroughput(options: LoadOptions, log: (line: string) => void = () => {}): Promise<ThroughputResult> {
  const token = `bench-${randomBytes(6).toString('hex')}`;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };

  // (a) the mock server; IDs discovered from its API and control API.
  const nodeArgs = options.cpuProfDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`];
  const mockChild = await spawnServer(`${SERVERS_DIR}mock.ts`, ['--seed', '1'], { nodeArgs });
  let mock: LoadResult;
  let paths: string[];
  let userBody: string;
  try {
    const me = await get(`${mockChild.origin}/v1/users/me`, headers);
    if (me.status !== 200) throw new Error(`mock GET /v1/users/me answered ${me.status}: ${me.body}`);
    userBody = me.body;
    const orgId = (JSON.parse(me.body) as { data: { orgs: Array<{ id: string }> } }).data.orgs[0]!.id;
    const world = await getJson<{ data: { workflows: Array<{ id: string }> } }>(`${mockChild.origin}/__mock/world`, headers);
    paths = requestMix({ orgId, workflowId: world.data.workflows[0]!.id });
    for (const path of paths) {
      const res = await get(`${mockChild.origin}/v1${path}`, headers);
      if (res.status !== 200) throw new Error(`mock GET /v1${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
    }
    log(`throughput: mock server (pid ${mockChild.process.pid}) ...`);
    mock = await runLoad(
      'mock server',
      mockChild.process.pid,
      mockChild.origin,
      paths.map((p) => `/v1${p}`),
      headers,
      options,
    );
  } finally {
    await mockChild.stop();
  }

  // (b) prism mock on the same document, same paths and IDs (they match the document's patterns).
  log('throughput: starting prism mock ...');
  const prismProcess = await startPrism({ mode: 'mock', port: 0 });
  track(prismProcess.child);
  let prism: LoadResult;
  try {
    for (const path of paths) {
      const res = await get(`${prismProcess.url}${path}`, headers);
      if (res.status !== 200) throw new Error(`prism GET ${path} answered ${res.status}: ${res.body.slice(0, 300)}`);
    }
    log(`throughput: prism mock (pid ${prismProcess.child.pid}) ...`);
    prism = await runLoad('prism mock', prismProcess.child.pid, prismProcess.url, paths, headers, options);
  } finally {
    await prismProcess.close();
  }

  // (c) bare node:http answering the mock's own /users/me body to every request.
  const bareChild = await spawnServer(`${SERVERS_DIR}bare.ts`, [], { env: { ...process.env, BENCH_BODY: userBody } });
  let bare: LoadResult;
  try {
    log(`throughput: bare node:http (pid ${bareChild.process.pid}) ...`);
    bare = await runLoad(
      'bare node:http',
      bareChild.process.pid,
      bareChild.origin,
      paths.map((p) => `/v1${p}`),
      headers,
      options,
    );
  } finally {
    await bareChild.stop();
  }

  return { token, paths, options, mock, prism, bare, mockOverPrism: mock.rps / prism.rps, mockOverBare: mock.rps / bare.rps };
}
