// Throughput and latency: the mock, a bare node:http server and `prism mock`, each a child of its own, measured
// as docs/performance.md ("How `npm run bench` measures them", 1) says, Prism after all the rounds.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort, startPrism } from '../../cli/prism-launcher.ts';
import { get, getJson, serve, start, track } from './children.ts';
import { findWrk, type Load, load } from './load.ts';
import { fmt, int, median, type Section, table } from './report.ts';

export const SERVERS = fileURLToPath(new URL('./servers.ts', import.meta.url));

export interface LoadOptions {
  connections: number;
  /** Measured seconds per server and request, per round. */
  durationS: number;
  /** Unmeasured seconds before a server's first run of a request. */
  warmupS: number;
  rounds: number;
}

/** Every run of one request of the mix. */
export interface PathRuns {
  path: string;
  mock: Load[];
  bare: Load[];
  prism: Load;
  prismInfo: Load;
}

/** The run whose req/s is the median of the rounds. */
export const medianRun = (runs: Load[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)]!;

/** The median over the rounds of a / b, pairing the rounds of two servers. */
export const medianRatio = (a: Load[], b: Load[], key: 'rps' | 'p99' = 'rps') =>
  median(a.map((run, i) => run[key] / b[i]![key]));

/** A table row of one server's run. */
export const row = (name: string, run: Load, last = '') => {
  const cpu = run.cpuUs === undefined ? 'n/a' : fmt(run.cpuUs, 1);
  return [name, int(run.rps), fmt(run.p50), fmt(run.p99), String(run.errors), cpu, last];
};

/** The report of the section and its three targets, each judged on the worst request of the mix. */
export function throughputSection(paths: PathRuns[], title: string): Section {
  const rows = [['request', 'server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'CPU µs/req', 'mock is']];
  // Per request: mock/Prism, and the medians over the rounds of mock/bare req/s and p99.
  const judged = paths.map((p) => ({
    path: p.path,
    prism: median(p.mock.map((run) => run.rps)) / p.prism.rps,
    bare: medianRatio(p.mock, p.bare),
    p99: medianRatio(p.mock, p.bare, 'p99'),
  }));
  for (const [i, p] of paths.entries()) {
    const { prism, bare, p99 } = judged[i]!;
    const mockIs = `${fmt(prism, 1)}x prism, ${fmt(bare)}x bare, p99 ${fmt(p99)}x bare`;
    for (const [name, run, last] of [
      ['mock', medianRun(p.mock), mockIs],
      ['bare node:http', medianRun(p.bare), ''],
      ['prism -v error', p.prism, ''],
      ['prism (default)', p.prismInfo, ''],
    ] as const)
      rows.push([`GET ${p.path}`, ...row(name, run, last)]);
  }
  const lines = table(rows, 2);
  if (paths[0]!.mock.length > 1) {
    const each = (runs: Load[], key: 'rps' | 'p99') =>
      runs.map((r) => (key === 'rps' ? int(r.rps) : fmt(r.p99))).join(' / ');
    for (const p of paths)
      lines.push(
        `   GET ${p.path} per round: mock ${each(p.mock, 'rps')}, bare ${each(p.bare, 'rps')} req/s; p99 mock ${each(p.mock, 'p99')}, bare ${each(p.bare, 'p99')} ms`,
      );
  }
  const errors = paths.reduce((sum, p) => sum + p.mock.reduce((n, run) => n + run.errors, 0), 0);
  const note = errors === 0 ? '' : `, ${errors} mock errors`;
  const worst = (key: 'prism' | 'bare' | 'p99') =>
    judged.reduce((a, b) => ((key === 'p99' ? b[key] > a[key] : b[key] < a[key]) ? b : a));
  const verdict = (target: string, key: 'prism' | 'bare' | 'p99', pass: (v: number) => boolean) => {
    const w = worst(key);
    return { target, measured: `${fmt(w[key])}x (worst: GET ${w.path})${note}`, pass: pass(w[key]) && errors === 0 };
  };
  return {
    title,
    lines,
    targets: [
      verdict('mock req/s >= 10x prism mock -v error, every request of the mix', 'prism', (v) => v >= 10),
      verdict('mock req/s >= 0.75x bare node:http, median of interleaved rounds', 'bare', (v) => v >= 0.75),
      verdict("mock p99 <= 1.5x bare node:http's p99, median of the same rounds", 'p99', (v) => v <= 1.5),
    ],
  };
}

export async function measureThroughput(options: LoadOptions, log: (line: string) => void): Promise<Section> {
  const wrk = findWrk();
  const headers = { authorization: `Bearer bench-${randomBytes(6).toString('hex')}`, accept: 'application/json' };
  const stops: Array<() => Promise<void>> = [];
  try {
    const mock = await serve(['--seed', '1']);
    stops.push(mock.stop);
    type Me = { data: { orgs: Array<{ id: string }> } };
    const orgId = (await getJson<Me>(`${mock.origin}/v1/users/me`, headers)).data.orgs[0]!.id;
    type World = { data: { workflows: Array<{ id: string }> } };
    const workflow = (await getJson<World>(`${mock.origin}/__mock/world`, headers)).data.workflows[0]!.id;
    const paths = ['/users/me', `/workspaces/${orgId}`, `/orgs/${orgId}/sources?limit=10`, `/workflows/${workflow}`];
    const bodies: Record<string, string> = {};
    for (const path of paths) {
      const answer = await get(`${mock.origin}/v1${path}`, headers);
      if (answer.status !== 200) throw new Error(`GET /v1${path} answered ${answer.status}: ${answer.body}`);
      bodies[`/v1${path}`] = answer.body;
    }
    const port = await freePort();
    const bare = await start(port, [SERVERS, 'bare', String(port)], {
      ...process.env,
      BENCH_BODIES: JSON.stringify(bodies),
    });
    stops.push(bare.stop);
    const measure = async (origin: string, pid: number, path: string, warm: boolean) => {
      const run = { url: origin + path, headers, connections: options.connections };
      if (warm) await load(wrk, { ...run, durationS: options.warmupS }, pid);
      return load(wrk, { ...run, durationS: options.durationS }, pid);
    };
    const runs = paths.map((path) => ({ path, mock: [] as Load[], bare: [] as Load[] }));
    for (let round = 1; round <= options.rounds; round++) {
      for (const entry of runs) {
        entry.mock.push(await measure(`${mock.origin}/v1`, mock.pid, entry.path, round === 1));
        entry.bare.push(await measure(`${bare.origin}/v1`, bare.pid, entry.path, round === 1));
        const [m, b] = [entry.mock.at(-1)!, entry.bare.at(-1)!];
        log(
          `throughput: round ${round}/${options.rounds} GET ${entry.path}: mock ${int(m.rps)}, bare ${int(b.rps)} req/s`,
        );
      }
    }
    const prisms = [];
    for (const level of ['error', undefined] as const) {
      log(`throughput: starting prism mock${level === undefined ? '' : ` -v ${level}`}`);
      const prism = await startPrism({
        mode: 'mock',
        port: 0,
        ...(level === undefined ? {} : { verboseLevel: level }),
      });
      track(prism.child);
      stops.push(() => prism.close());
      for (const path of paths)
        if ((await get(prism.url + path, headers)).status !== 200)
          throw new Error(`prism GET ${path} did not answer 200`);
      prisms.push({ url: prism.url, pid: prism.child.pid! });
    }
    const results: PathRuns[] = [];
    for (const entry of runs) {
      const [prism, prismInfo] = [
        await measure(prisms[0]!.url, prisms[0]!.pid, entry.path, true),
        await measure(prisms[1]!.url, prisms[1]!.pid, entry.path, true),
      ];
      log(
        `throughput: GET ${entry.path}: prism ${int(prism.rps)} req/s at -v error, ${int(prismInfo.rps)} at its default`,
      );
      results.push({ ...entry, prism, prismInfo });
    }
    const { connections, durationS, warmupS, rounds } = options;
    const title =
      `1. Throughput: ${wrk === undefined ? 'autocannon' : 'wrk'} in its own process, ${connections} connections; per request ` +
      `${warmupS} s warm-up, then ${durationS} s per server, mock and bare back to back, ${rounds} round(s) (medians), then prism`;
    return throughputSection(results, title);
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
