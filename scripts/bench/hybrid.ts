// The live route, measured as docs/performance.md ("Hybrid: the live route") says: wrk only, since a Node
// client would be as busy as the proxy it measures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../cli/prism-launcher.ts';
import { type Child, get, serve, start } from './children.ts';
import { type Load, load } from './load.ts';
import { fmt, int, judge, type Section, table } from './report.ts';
import { type LoadOptions, medianRatio, medianRun, row, SERVERS } from './throughput.ts';

const NAMES = ['direct', 'bare proxy', 'live', 'live --record --drift-report'] as const;

export interface HybridRuns {
  /** Runs of each server, in the order of NAMES. */
  runs: Record<(typeof NAMES)[number], Load[]>;
  /** Exchanges the recording server left out of its recording and of its drift report (queue full). */
  leftOut: { recording: number; drift: number };
}

/** The counts of the recording server's exit lines (mocks/node/upstream.ts), 0 without one. */
export function leftOut(output: string): HybridRuns['leftOut'] {
  const count = (feeds: string) =>
    Number(new RegExp(`\\[upstream\\] (\\d+) exchanges were left out of ${feeds} `).exec(output)?.[1] ?? 0);
  return { recording: count('the recording'), drift: count('the drift report') };
}

/** The report of the section and its two targets. */
export function hybridSection({ runs, leftOut }: HybridRuns, title: string): Section {
  const rows = [['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'CPU µs/req', 'x direct']];
  const over = (name: (typeof NAMES)[number]) => medianRatio(runs[name], runs.direct);
  for (const name of NAMES) rows.push(row(name, medianRun(runs[name]), fmt(over(name))));
  const errors = (name: (typeof NAMES)[number]) => runs[name].reduce((n, run) => n + run.errors, 0);
  const note = (name: (typeof NAMES)[number]) => (errors(name) === 0 ? '' : `, ${errors(name)} errors`);
  const recorded = over('live --record --drift-report');
  return {
    title,
    lines: [
      ...table(rows),
      `   exchanges left out of the recording: ${int(leftOut.recording)}, of the drift report: ${int(leftOut.drift)}`,
    ],
    targets: [
      judge(
        'live route (serve --upstream --live) req/s >= 0.5x the upstream directly',
        `${fmt(over('live'))}x${note('live')}`,
        over('live') >= 0.5 && errors('live') === 0,
      ),
      judge(
        'live route with --record --drift-report req/s >= 0.35x the upstream directly, nothing left out',
        `${fmt(recorded)}x, ${leftOut.recording} left out${note('live --record --drift-report')}`,
        recorded >= 0.35 && leftOut.recording === 0 && errors('live --record --drift-report') === 0,
      ),
    ],
  };
}

export async function measureHybrid(options: LoadOptions, wrk: string, log: (line: string) => void): Promise<Section> {
  const headers = { authorization: 'Bearer bench-hybrid', accept: 'application/json' };
  const folder = mkdtempSync(join(tmpdir(), 'bench-hybrid-'));
  const started: Child[] = [];
  try {
    const upstream = await serve(['--seed', '1']);
    started.push(upstream);
    const port = await freePort();
    started.push(await start(port, [SERVERS, 'proxy', String(port), upstream.origin]));
    const live = ['--upstream', `${upstream.origin}/v1`, '--live', 'getCurrentUser'];
    started.push(await serve(live));
    const files = ['--record', join(folder, 'bench.har'), '--drift-report', join(folder, 'drift.json')];
    const recording = await serve([...live, ...files]);
    started.push(recording);
    for (const server of started) {
      const answer = await get(`${server.origin}/v1/users/me`, headers);
      if (answer.status !== 200)
        throw new Error(`${server.origin}/v1/users/me answered ${answer.status}: ${answer.body}`);
    }
    const runs = { direct: [], 'bare proxy': [], live: [], 'live --record --drift-report': [] } as HybridRuns['runs'];
    for (let round = 1; round <= options.rounds; round++) {
      for (const [i, name] of NAMES.entries()) {
        const run = { url: `${started[i]!.origin}/v1/users/me`, headers, connections: options.connections };
        if (round === 1) await load(wrk, { ...run, durationS: options.warmupS }, started[i]!.pid);
        runs[name].push(await load(wrk, { ...run, durationS: options.durationS }, started[i]!.pid));
      }
      const figures = NAMES.map((name) => `${name} ${int(runs[name].at(-1)!.rps)}`).join(', ');
      log(`hybrid: round ${round}/${options.rounds} GET /v1/users/me req/s: ${figures}`);
    }
    await recording.stop();
    const title =
      `2. Live route: GET /v1/users/me, wrk with ${options.connections} connections, ${options.durationS} s per run, ` +
      `${options.rounds} interleaved round(s) (medians)`;
    return hybridSection({ runs, leftOut: leftOut(recording.output()) }, title);
  } finally {
    for (const server of started.reverse()) await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}
