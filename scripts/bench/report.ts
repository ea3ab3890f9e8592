// Targets (docs/performance.md) and the readable report.
import type { BenchOptions } from './args.ts';
import type { HybridResult } from './hybrid.ts';
import type { PaginationResult } from './pagination.ts';
import type { StartupResult } from './startup.ts';
import type { ThroughputResult } from './throughput.ts';
import type { WorldsResult } from './worlds.ts';
import type { ScalingResult } from './scaling.ts';

export interface TargetVerdict {
  id: string;
  target: string;
  measured: string;
  value: number | null;
  /** null: the section did not run. */
  pass: boolean | null;
  note?: string;
}

export interface BenchResults {
  environment: {
    node: string;
    platform: string;
    cpus: number;
    cpuModel: string /** 1/5/15-minute load averages when the bench started. */;
    loadAverage: number[] /** CPU used by other processes in the second before the bench started, % of one core (Linux). */;
    busyBefore?: number;
    date: string;
  };
  options: Omit<BenchOptions, 'sections'> & { sections: string[] };
  throughput?: ThroughputResult;
  startup?: StartupResult;
  pagination?: PaginationResult;
  worlds?: WorldsResult;
  scaling?: ScalingResult;
  hybrid?: HybridResult;
  /** The kit's apps of scripts/browser-weight.ts: gzip bytes, beyond the msw-only app, and loaded on use. */
  weight?: Array<{ app: string; gzipBytes: number; beyondMswGzip: number; onUseGzip: number }>;
  /** Sections that could not run on this machine, and why (not errors). */
  skipped?: string[];
  errors: Array<{ section: string; message: string }>;
  targets: TargetVerdict[];
}

const MB = 1024 * 1024;
const fmt = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
/** A process's CPU over a run, in % of one core. */
const cpu = (percent: number | undefined) => (percent === undefined ? 'n/a' : `${fmt(percent, 0)}%`);
/** A server's CPU per request in µs, from its CPU (% of one core) over a run and the run's req/s. */
const perRequest = (cpuPercent: number | undefined, rps: number) =>
  cpuPercent === undefined || rps === 0 ? 'n/a' : fmt((cpuPercent / 100) * (1e6 / rps), 1);
const int = (value: number) => Math.round(value).toLocaleString('en-US');
/** A request's ratios as the table's last column shows them. */
const ratios = (p: ThroughputResult['perPath'][number]) =>
  `${fmt(p.mockOverPrism, 1)}x prism, ${fmt(p.mockOverBare, 2)}x bare, p99 ${fmt(p.mockP99OverBare, 2)}x bare`;

export function evaluateTargets(results: Omit<BenchResults, 'targets'>): TargetVerdict[] {
  const t = results.throughput;
  const s = results.startup;
  const p = results.pagination;
  const targets: TargetVerdict[] = [];
  const push = (
    id: string,
    target: string,
    value: number | undefined,
    pass: (v: number) => boolean,
    measured: (v: number) => string,
    note?: string,
  ) =>
    targets.push(
      value === undefined
        ? { id, target, measured: 'not run', value: null, pass: null }
        : { id, target, measured: measured(value), value, pass: pass(value), ...(note ? { note } : {}) },
    );
  const mockErrors = t && t.mockErrors > 0 ? `mock had ${t.mockErrors} errors or statuses >= 400` : undefined;
  const worst = (key: 'mockOverPrism' | 'mockOverBare' | 'mockP99OverBare') => {
    const path = t?.perPath.find((p) => p[key] === t[key])?.path;
    return path === undefined ? '' : ` (worst: GET ${path})`;
  };

  push(
    'mock_over_prism',
    'mock req/s >= 10x prism mock at its fastest (-v error), every request of the mix',
    t?.mockOverPrism,
    (v) => v >= 10,
    (v) => `${fmt(v, 1)}x${worst('mockOverPrism')}`,
    mockErrors,
  );
  push(
    'mock_over_bare',
    'mock req/s >= 0.75x bare node:http, median of interleaved rounds, every request of the mix',
    t?.mockOverBare,
    (v) => v >= 0.75,
    (v) => `${fmt(v, 2)}x${worst('mockOverBare')}`,
    mockErrors,
  );
  // Against the bare server's own tail in the same rounds: an absolute p99 on a shared 2-vCPU machine
  // measures the machine (docs/performance.md).
  push(
    'mock_p99_over_bare',
    "mock p99 <= 1.5x bare node:http's own p99, median of the same rounds, every request of the mix",
    t?.mockP99OverBare,
    (v) => v <= 1.5,
    (v) => `${fmt(v, 2)}x${worst('mockP99OverBare')}`,
  );
  push(
    'startup',
    'first 200 within 500 ms of process start',
    s?.medianMs,
    (v) => v < 500,
    (v) => `${fmt(v, 0)} ms (median)`,
  );
  push(
    'pagination_ratio',
    `${int(p?.large.sources ?? results.options.largeSources)}-source page within 2x of the ${int(p?.small.sources ?? 100)}-source page`,
    p?.ratio,
    (v) => v <= 2,
    (v) => `${fmt(v)}x (first ${fmt(p!.ratioFirst)}x, deep ${fmt(p!.ratioDeep)}x)`,
  );
  push(
    'pagination_rss',
    `RSS of the ${int(p?.large.sources ?? results.options.largeSources)}-source process < 300 MB`,
    p === undefined ? undefined : p.large.rssBytes / MB,
    (v) => v < 300,
    (v) => `${fmt(v, 0)} MB`,
  );
  push(
    'pagination_correct',
    'page contents and cursors correct (a check, not a performance target)',
    p === undefined ? undefined : p.checks.filter((c) => !c.ok).length,
    (v) => v === 0,
    (v) => (v === 0 ? `${p!.checks.length} checks ok` : `${v} of ${p!.checks.length} checks failed`),
  );
  const w = results.worlds;
  const at = (tokens: number) => w?.steps.find((step) => step.tokens === tokens);
  for (const tokens of [20_000, 100_000]) {
    const step = at(tokens);
    push(
      `worlds_rss_${tokens}`,
      `RSS after ${int(tokens)} tokens < 1 GB${tokens > 20_000 ? ' (with eviction)' : ''}, every request answered`,
      step === undefined ? undefined : step.rssBytes / MB,
      (v) => v < 1024 && step!.failed === 0 && w!.stillAnswers,
      (v) =>
        `${fmt(v, 0)} MB${step!.failed > 0 ? `, ${step!.failed} failed` : ''}${w!.stillAnswers ? '' : ', no longer answering'}`,
    );
  }
  const sc = results.scaling;
  push(
    'scaling_sticky',
    'scaling: every token on one replica, every read sees its own write',
    sc === undefined ? undefined : sc.staleReads + sc.unplaced + sc.splitTokens,
    (v) => v === 0,
    (v) =>
      v === 0
        ? `${sc!.reads} reads, ${sc!.tokens} tokens on one replica each`
        : `${sc!.staleReads} stale reads, ${sc!.splitTokens} tokens split, ${sc!.unplaced} unplaced`,
  );
  push(
    'scaling_spread',
    'scaling: every replica holds tokens (at least half its fair share)',
    sc === undefined ? undefined : Math.min(...sc.tokensPerReplica) / (sc.tokens / sc.replicas),
    (v) => v >= 0.5,
    () => `tokens per replica ${sc!.tokensPerReplica.join(' / ')}`,
  );
  push(
    'scaling_restart',
    'scaling: a restarted replica keeps its worlds',
    sc === undefined ? undefined : sc.restart.kept / Math.max(1, sc.restart.tokens),
    (v) => v === 1 && sc!.restart.tokens > 0,
    () => `${sc!.restart.kept} of ${sc!.restart.tokens} tokens kept their webhook`,
  );
  const wt = results.weight;
  push(
    'browser_weight',
    'the kit adds <= 110 kB gzip beyond msw to a page (/msw and /browser entries)',
    wt === undefined || wt.length === 0 ? undefined : Math.max(...wt.map((app) => app.beyondMswGzip)) / 1000,
    (v) => v <= 110,
    (v) => `${fmt(v, 1)} kB`,
  );
  const h = results.hybrid;
  const hybridNote = (run: HybridResult['live'] | undefined) => {
    const failed = run === undefined ? 0 : run.errors + run.non2xx;
    return failed === 0 ? undefined : `${failed} errors or statuses >= 400`;
  };
  // A recording that left exchanges out did not keep up: its req/s is not the feature's (nothing lost).
  const skipped = h?.recordedSkipped ?? 0;
  const leftOut = skipped === 0 ? '' : ` (${int(skipped)} exchanges left out of the recording, queue full)`;
  push(
    'hybrid_live',
    'hybrid: live route (serve --upstream --live) req/s >= 0.5x the upstream directly',
    h?.liveOverDirect,
    (v) => v >= 0.5 && hybridNote(h!.live) === undefined,
    (v) => `${fmt(v, 2)}x`,
    hybridNote(h?.live),
  );
  push(
    'hybrid_recorded',
    'hybrid: live route with --record --drift-report req/s >= 0.35x the upstream directly',
    h?.recordedOverDirect,
    (v) => v >= 0.35 && skipped === 0 && hybridNote(h!.recorded) === undefined,
    (v) => `${fmt(v, 2)}x${leftOut}`,
    hybridNote(h?.recorded),
  );
  return targets;
}

function table(headers: string[], rows: string[][], rightAligned: boolean[]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (rightAligned[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatReport(results: BenchResults): string {
  const out: string[] = [];
  const env = results.environment;
  const o = results.options;
  out.push(`Workflow API mock kit: benchmark (${env.date})`);
  out.push(
    `Node ${env.node}, ${env.platform}, ${env.cpus} CPUs (${env.cpuModel}), load average ${env.loadAverage.map((l) => l.toFixed(2)).join(' ')}${env.busyBefore === undefined ? '' : `, other processes ${env.busyBefore.toFixed(0)}% of a core at start`}${o.quick ? ', --quick' : ''}`,
  );
  if ((env.busyBefore ?? 0) >= 25) {
    out.push(
      `WARNING: other processes used ${env.busyBefore!.toFixed(0)}% of a core just before the bench started: the numbers below may be disturbed (see "other CPU").`,
    );
  }

  const t = results.throughput;
  if (t) {
    out.push('');
    out.push(
      `1. Throughput and latency: ${t.tool} in its own process, ${o.connections} connections, per request ${o.warmupS} s warm-up, then ${o.durationS} s measured per server: mock and bare back to back, ${o.rounds} round${o.rounds === 1 ? '' : 's'} (medians), then prism once at each log level`,
    );
    const rows = t.perPath.flatMap((p) =>
      [p.mock, p.bare, p.prism, p.prismDefault].map((r) => [
        `GET ${p.path}`,
        r.server,
        int(r.rps),
        fmt(r.p50),
        fmt(r.p99),
        fmt(r.max),
        String(r.errors),
        String(r.non2xx),
        int(r.bytesPerResponse),
        cpu(r.serverCpu),
        perRequest(r.serverCpu, r.rps),
        cpu(r.clientCpu),
        cpu(r.otherCpu),
        r === p.mock ? ratios(p) : '',
      ]),
    );
    out.push(
      indent(
        table(
          [
            'request',
            'server',
            'req/s',
            'p50 ms',
            'p99 ms',
            'max ms',
            'errors',
            '>=400',
            'bytes/resp',
            'server CPU',
            'CPU us/req',
            'client CPU',
            'other CPU',
            'ratios',
          ],
          rows,
          [false, false, true, true, true, true, true, true, true, true, true, true, true, false],
        ),
      ),
    );
    if (o.rounds > 1) {
      for (const p of t.perPath) {
        // show(value) alone: map's index would be fmt's digits.
        const each = (rounds: number[], show: (v: number) => string) => rounds.map((v) => show(v)).join(' / ');
        // The CPU per request of each round: steadier than req/s on a shared machine, and it shows
        // a process whose cost changed between rounds (docs/performance.md, "Reading the numbers").
        const perRound = (percents: Array<number | undefined>, rps: number[]) =>
          percents.map((percent, i) => perRequest(percent, rps[i]!)).join(' / ');
        out.push(
          `   GET ${p.path}: mock ${each(p.mockRounds, int)}, bare ${each(p.bareRounds, int)} req/s per round; ` +
            `p99 mock ${each(p.mockP99Rounds, fmt)}, bare ${each(p.bareP99Rounds, fmt)} ms; ` +
            `CPU us/req mock ${perRound(p.mockCpuRounds, p.mockRounds)}, bare ${perRound(p.bareCpuRounds, p.bareRounds)}`,
        );
      }
    }
    out.push(
      `   worst over the mix: mock/prism ${fmt(t.mockOverPrism, 1)}x, mock/bare ${fmt(t.mockOverBare, 2)}x, ` +
        `mock p99/bare p99 ${fmt(t.mockP99OverBare, 2)}x (mock p99 up to ${fmt(t.mockP99)} ms)`,
      '   (CPU: % of one core during the measured run; other = the rest of the machine)',
    );
    const all = t.perPath.flatMap((p) => [p.mock, p.bare, p.prism, p.prismDefault]);
    const busy = all.filter((r) => (r.otherCpu ?? 0) + (r.stealCpu ?? 0) >= 20);
    if (busy.length > 0) {
      out.push(
        `   note: other processes or the hypervisor took >= 20% of a core during ${busy.length} of ${all.length} runs: those numbers are disturbed.`,
      );
    }
    const clientBound = all.filter((r) => (r.clientCpu ?? 0) >= 90);
    if (clientBound.length > 0) {
      out.push(
        `   note: the client used >= 90% of a core in ${clientBound.length} runs: those servers may be faster than measured.`,
      );
    }
  }

  const s = results.startup;
  if (s) {
    out.push('');
    out.push(
      `2. Start-up: spawn \`node cli/checkout-bin.js serve --port <free> --quiet\` -> first 200 of GET /v1/users/me, ${s.runs.length} runs`,
    );
    out.push(
      `   median ${fmt(s.medianMs, 0)} ms (min ${fmt(s.minMs, 0)}, max ${fmt(s.maxMs, 0)}; runs: ${s.runs.map((r) => fmt(r, 0)).join(', ')} ms)`,
    );
  }

  const p = results.pagination;
  if (p) {
    out.push('');
    out.push(
      `3. Pagination at scale: limit=${p.limit}, ${p.samples} timed sequential keep-alive requests per page (interleaved), median/p90/p99`,
    );
    const rows = [
      [
        'small',
        int(p.small.sources),
        'first page',
        String(p.small.first.items),
        fmt(p.small.first.medianMs, 3),
        fmt(p.small.first.p90Ms, 3),
        fmt(p.small.first.p99Ms, 3),
      ],
      [
        'small',
        int(p.small.sources),
        `after #${int(p.small.deepAfterIndex)}`,
        String(p.small.deep.items),
        fmt(p.small.deep.medianMs, 3),
        fmt(p.small.deep.p90Ms, 3),
        fmt(p.small.deep.p99Ms, 3),
      ],
      [
        'large',
        int(p.large.sources),
        'first page',
        String(p.large.first.items),
        fmt(p.large.first.medianMs, 3),
        fmt(p.large.first.p90Ms, 3),
        fmt(p.large.first.p99Ms, 3),
      ],
      [
        'large',
        int(p.large.sources),
        `after #${int(p.large.deepAfterIndex)}`,
        String(p.large.deep.items),
        fmt(p.large.deep.medianMs, 3),
        fmt(p.large.deep.p90Ms, 3),
        fmt(p.large.deep.p99Ms, 3),
      ],
    ];
    out.push(
      indent(
        table(['world', 'sources', 'page', 'items', 'median ms', 'p90 ms', 'p99 ms'], rows, [
          false,
          true,
          false,
          true,
          true,
          true,
          true,
        ]),
      ),
    );
    out.push(
      `   ratio to the small world's first page: large first ${fmt(p.ratioFirst)}x, large deep ${fmt(p.ratioDeep)}x`,
    );
    out.push(
      `   large world: ${int(p.large.sources - p.large.seeded)} sources added in ${fmt(p.large.buildMs / 1000)} s; RSS ${fmt(p.large.rssBytes / MB, 0)} MB (heap used ${fmt(p.large.heapUsedBytes / MB, 0)} MB); small world process: RSS ${fmt(p.small.rssBytes / MB, 0)} MB`,
    );
    const failed = p.checks.filter((c) => !c.ok);
    out.push(
      `   contents and cursors: ${failed.length === 0 ? `all ${p.checks.length} checks ok` : `${failed.length} FAILED: ${failed.map((c) => `${c.name} (${c.detail ?? ''})`).join('; ')}`}`,
    );
  }

  const w = results.worlds;
  if (w) {
    out.push('');
    out.push(
      `4. Worlds: \`serve ${w.serveArgs.join(' ') || '(defaults)'}\`, one first request per distinct token (GET /v1/users/me), ${w.concurrency} at a time from a load generator in its own process`,
    );
    const rows = w.steps.map((step) => [
      int(step.tokens),
      fmt(step.rssBytes / MB, 0),
      fmt(step.bytesPerToken / 1024, 1),
      String(step.failed),
      fmt(step.ms / 1000, 1),
    ]);
    out.push(
      indent(table(['tokens', 'RSS MB', 'kB per token', 'failed', 'step s'], rows, [true, true, true, true, true])),
    );
    out.push(
      `   RSS at start ${fmt(w.startRssBytes / MB, 0)} MB; afterwards a new token and the run's first token ${w.stillAnswers ? 'both answered 200' : 'were NOT both answered'}`,
    );
  }

  const sc = results.scaling;
  if (sc) {
    out.push('');
    out.push(
      `5. Scaling: ${sc.replicas} \`serve --state\` replicas behind ${sc.nginx} (hash $http_authorization consistent), ${sc.tokens} tokens`,
    );
    out.push(
      `   tokens per replica: ${sc.tokensPerReplica.join(' / ')}; ${sc.staleReads} of ${sc.reads} reads missed their own write; ${sc.splitTokens} tokens on several replicas`,
    );
    out.push(
      `   ${int(sc.throughput.requests)} reads through nginx: ${int(sc.throughput.rps)} req/s, ${sc.throughput.failed} failed`,
    );
    out.push(
      `   replica ${sc.restart.replica} restarted in ${fmt(sc.restart.ms, 0)} ms: ${sc.restart.kept} of ${sc.restart.tokens} of its tokens kept their webhook`,
    );
  }
  const wt = results.weight;
  if (wt) {
    out.push('');
    out.push('6. Browser weight: Vite production build, minified, gzip level 9 (scripts/browser-weight.ts)');
    for (const app of wt)
      out.push(
        `   ${app.app}: ${fmt(app.gzipBytes / 1000, 1)} kB, ${fmt(app.beyondMswGzip / 1000, 1)} kB beyond msw${app.onUseGzip > 0 ? `; ${fmt(app.onUseGzip / 1000, 1)} kB more loaded on use` : ''}`,
      );
  }
  const h = results.hybrid;
  if (h) {
    out.push('');
    out.push(
      `7. Hybrid: the upstream a second \`serve\` on 127.0.0.1, GET /v1/users/me, ${h.tool} with ` +
        `${h.options.connections} connections, ${h.options.durationS} s per run, ` +
        `${h.options.rounds} interleaved round${h.options.rounds === 1 ? '' : 's'} (medians)`,
    );
    const rows = [h.direct, h.proxy, h.live, h.recorded].map((r) => [
      r.server,
      int(r.rps),
      fmt(r.p50),
      fmt(r.p99),
      String(r.errors + r.non2xx),
      cpu(r.serverCpu),
      perRequest(r.serverCpu, r.rps),
      r === h.direct ? '' : perRequest(r.upstreamCpu, r.rps),
      cpu(r.otherCpu),
    ]);
    const headers = ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'server CPU', 'CPU us/req', 'upstream us/req'];
    headers.push('other CPU');
    out.push(indent(table(headers, rows, [false, true, true, true, true, true, true, true, true])));
    out.push(
      `   per round: direct ${h.directRounds.map(int).join(' / ')}, bare proxy ${h.proxyRounds.map(int).join(' / ')}, ` +
        `live ${h.liveRounds.map(int).join(' / ')}, recorded ${h.recordedRounds.map(int).join(' / ')} req/s`,
    );
    out.push(
      `   live/direct ${fmt(h.liveOverDirect, 2)}x, recorded/direct ${fmt(h.recordedOverDirect, 2)}x, ` +
        `bare proxy/direct ${fmt(h.proxyOverDirect, 2)}x (what a proxy gets on these cores); ` +
        `exchanges left out of the recording: ${int(h.recordedSkipped)}, of the drift report: ${int(h.driftSkipped)}`,
    );
  }
  for (const skipped of results.skipped ?? []) {
    out.push('');
    out.push(`NOT RUN: ${skipped}`);
  }

  for (const error of results.errors) {
    out.push('');
    out.push(`ERROR in ${error.section}: ${error.message}`);
  }

  out.push('');
  out.push('Targets (docs/performance.md)');
  out.push(
    indent(
      table(
        ['target', 'measured', 'verdict'],
        results.targets.map((v) => [
          v.target,
          v.measured,
          (v.pass === null ? 'NOT RUN' : v.pass ? 'PASS' : 'FAIL') + (v.note ? `  (${v.note})` : ''),
        ]),
        [false, true, false],
      ),
    ),
  );
  return out.join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n');
}
