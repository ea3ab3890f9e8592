// Section 7: the live route (docs/performance.md, "Hybrid"). The upstream is a second mock server
// (`serve`) on 127.0.0.1; wrk requests GET /v1/users/me from it directly, through
// `serve --upstream ... --live getCurrentUser`, and through the same with `--record FILE
// --drift-report FILE` (temporary files), in interleaved rounds, medians reported, so a busy
// neighbour disturbs all alike. A bare node:http keep-alive proxy (servers/bare-proxy.ts) runs in
// the same rounds: what any proxy gets on the cores it shares with wrk and the upstream. wrk only:
// an in-process Node client would be as busy as the proxy it measures.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVERS_DIR, spawnServer } from './children.ts';
import { cpuMeter } from './cpu.ts';
import { get } from './http.ts';
import type { ClientTool } from './load-client.ts';
import { median } from './stats.ts';
import { type LoadOptions, type LoadResult, measure, medianRun, type Target } from './throughput.ts';
import { startServe } from './worlds.ts';

const HYBRID_PATH = '/users/me';

/** The load of the throughput section, and the wrk to run it (the section needs wrk). */
export type HybridOptions = LoadOptions & { wrk: string };
// `cpuProfDir` (LoadOptions): the live route's proxy runs under node --cpu-prof and writes its profile there.

interface HybridRun extends LoadResult {
  /** CPU of the upstream (the second mock) during the run, % of one core; undefined for the direct run's own server. */
  upstreamCpu?: number;
}

export interface HybridResult {
  tool: ClientTool;
  options: LoadOptions;
  /** The median round (by req/s) of each. */
  direct: HybridRun;
  /** The bare keep-alive proxy (servers/bare-proxy.ts): the reference a proxy can reach here. */
  proxy: HybridRun;
  live: HybridRun;
  recorded: HybridRun;
  directRounds: number[];
  liveRounds: number[];
  recordedRounds: number[];
  proxyRounds: number[];
  /** Medians over the rounds of live/direct and recorded/direct req/s (a neighbour's burst hits a round alike). */
  liveOverDirect: number;
  recordedOverDirect: number;
  /** Median over the rounds of the bare proxy's req/s over direct. */
  proxyOverDirect: number;
  /** Exchanges the recording server left out of its recording (its queue full), from its exit log. */
  recordedSkipped: number;
  /** Exchanges the recording server left out of its drift report (its queue full), from its exit log. */
  driftSkipped: number;
}

/** The counts of the recording server's exit lines (mocks/node/upstream.ts), 0 without one. */
export function skippedExchanges(output: string): { drift: number; recording: number } {
  const count = (feeds: string) => {
    const match = new RegExp(`\\[upstream\\] (\\d+) exchanges were left out of ${feeds} `).exec(output);
    return match === null ? 0 : Number(match[1]);
  };
  return { drift: count('the drift report'), recording: count('the recording') };
}

/**
 * The hybrid section: direct, live and live with --record --drift-report, `rounds` times back to back.
 * @example
 * const result = await measureHybrid({ connections: 10, durationS: 5, warmupS: 1, rounds: 3, wrk: '/usr/bin/wrk' });
 * result.liveOverDirect; // 0.26 on the project's VM
 */
export async function measureHybrid(options: HybridOptions, log = (_line: string) => {}): Promise<HybridResult> {
  const token = `bench-hybrid-${randomBytes(6).toString('hex')}`;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const folder = mkdtempSync(join(tmpdir(), 'bench-hybrid-'));
  const started: Array<{ stop(): Promise<void> }> = [];
  try {
    const upstream = await startServe(['--seed', '1']);
    started.push(upstream);
    const hybridArgs = ['--upstream', `${upstream.origin}/v1`, '--live', 'getCurrentUser'];
    const profile = options.cpuProfDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`];
    const live = await startServe(hybridArgs, profile);
    started.push(live);
    const bareProxy = await spawnServer(join(SERVERS_DIR, 'bare-proxy.ts'), [], {
      env: { ...process.env, BENCH_UPSTREAM: upstream.origin },
    });
    started.push(bareProxy);
    const files = ['--record', join(folder, 'bench.har'), '--drift-report', join(folder, 'drift.json')];
    const recording = await startServe([...hybridArgs, ...files]);
    started.push(recording);
    for (const server of [upstream, bareProxy, live, recording]) {
      const answer = await get(`${server.origin}/v1${HYBRID_PATH}`, headers);
      const url = `${server.origin}/v1${HYBRID_PATH}`;
      if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    }
    const targets: Record<'direct' | 'proxy' | 'live' | 'recorded', Target> = {
      direct: { server: 'upstream directly', pid: upstream.pid, origin: upstream.origin, prefix: '/v1' },
      proxy: {
        server: 'bare node:http proxy',
        pid: bareProxy.ready.pid as number,
        origin: bareProxy.origin,
        prefix: '/v1',
      },
      live: { server: 'serve --live getCurrentUser', pid: live.pid, origin: live.origin, prefix: '/v1' },
      recorded: { server: '... --record --drift-report', pid: recording.pid, origin: recording.origin, prefix: '/v1' },
    };
    const runs: Record<keyof typeof targets, HybridRun[]> = { direct: [], proxy: [], live: [], recorded: [] };
    for (let round = 1; round <= options.rounds; round++) {
      for (const name of ['direct', 'proxy', 'live', 'recorded'] as const) {
        const upstreamMeter = name === 'direct' ? undefined : cpuMeter(upstream.pid);
        const warm = round === 1;
        const run: HybridRun = await measure('wrk', options.wrk, targets[name], HYBRID_PATH, headers, options, warm);
        const upstreamCpu = upstreamMeter?.stop();
        runs[name].push(upstreamCpu === undefined ? run : { ...run, upstreamCpu });
      }
      const [d, p, l, r] = [runs.direct, runs.proxy, runs.live, runs.recorded].map((list) =>
        Math.round(list.at(-1)!.rps),
      );
      const figures = `direct ${d} req/s, bare proxy ${p}, live ${l}, live with --record --drift-report ${r}`;
      log(`hybrid: round ${round}/${options.rounds} GET /v1${HYBRID_PATH}: ${figures}`);
    }
    await recording.stop();
    const { connections, durationS, warmupS } = options;
    const rounds = (name: keyof typeof targets) => runs[name].map((run) => run.rps);
    const skipped = skippedExchanges(recording.output());
    const over = (name: 'proxy' | 'live' | 'recorded') =>
      median(rounds(name).map((rps, i) => rps / rounds('direct')[i]!));
    return {
      tool: 'wrk',
      options: { connections, durationS, warmupS, rounds: options.rounds },
      direct: medianRun(runs.direct),
      live: medianRun(runs.live),
      recorded: medianRun(runs.recorded),
      proxy: medianRun(runs.proxy),
      directRounds: rounds('direct'),
      liveRounds: rounds('live'),
      recordedRounds: rounds('recorded'),
      proxyRounds: rounds('proxy'),
      liveOverDirect: over('live'),
      recordedOverDirect: over('recorded'),
      proxyOverDirect: over('proxy'),
      recordedSkipped: skipped.recording,
      driftSkipped: skipped.drift,
    };
  } finally {
    for (const server of started.reverse()) await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
