// Smoke test of the benchmark's pagination-at-scale helper with small numbers (10 vs 1,000
// sources): real mock-server child processes, page contents and cursors checked. No timing
// assertions: the numbers are `npm run bench`'s business (docs/performance.md).
import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './args.ts';
import { liveChildren } from './children.ts';
import { type HybridResult, skippedExchanges } from './hybrid.ts';
import { clientCommand, findWrk, parseClientReport } from './load-client.ts';
import { measurePagination } from './pagination.ts';
import { type BenchResults, evaluateTargets, formatReport } from './report.ts';
import { type PathRuns, summarize } from './throughput.ts';
import { measureWorlds } from './worlds.ts';

// openapi/ASSUMPTIONS.md: a cursor is base64url of the boundary item's ID.
const encodeCursor = (id: string) => Buffer.from(id).toString('base64url');

describe('bench pagination helper', () => {
  it('lists the right 100-item pages with the right cursors in a 10- and a 1,000-source workspace', async () => {
    const result = await measurePagination({ small: 10, large: 1000, limit: 100, samples: 3, warmup: 1 });

    expect(result.checks.filter((check) => !check.ok)).toEqual([]);
    expect(result.correct).toBe(true);
    expect(result.small.sources).toBe(10);
    expect(result.large.sources).toBe(1000);

    const small = result.pages.small;
    expect(small.walked).toHaveLength(10);
    expect(small.first.data.map((s) => s.id)).toEqual(small.walked);
    expect(small.first.page_info).toEqual({
      total_count: 10,
      count: 10,
      start_cursor: encodeCursor(small.walked[0]!),
      end_cursor: encodeCursor(small.walked[9]!),
    });

    const large = result.pages.large;
    expect(new Set(large.walked).size).toBe(1000);
    expect(large.first.data.map((s) => s.id)).toEqual(large.walked.slice(0, 100));
    expect(large.first.page_info).toEqual({
      total_count: 1000,
      count: 100,
      start_cursor: encodeCursor(large.walked[0]!),
      end_cursor: encodeCursor(large.walked[99]!),
    });
    // The deep page: after the cursor of item #899, i.e. the last 100 items.
    expect(result.large.deepAfterIndex).toBe(899);
    expect(result.large.deep.query).toContain(`after=${encodeCursor(large.walked[899]!)}`);
    expect(large.deep.data.map((s) => s.id)).toEqual(large.walked.slice(900));
    expect(large.deep.page_info.end_cursor).toBe(encodeCursor(large.walked[999]!));
    expect(result.large.rssBytes).toBeGreaterThan(0);

    expect(liveChildren()).toBe(0);
  }, 60_000);
});

describe('bench worlds helper', () => {
  it('drives first requests from its own process through real HTTP and reads the server RSS at each checkpoint', async () => {
    const result = await measureWorlds({ checkpoints: [40, 20], concurrency: 4, serveArgs: ['--max-worlds', '10'] });
    expect(result.steps.map((step) => [step.tokens, step.failed])).toEqual([
      [20, 0],
      [40, 0],
    ]);
    for (const step of result.steps) expect(step.rssBytes).toBeGreaterThan(result.startRssBytes / 2);
    expect(result.stillAnswers).toBe(true);
    expect(liveChildren()).toBe(0);
  }, 60_000);
});

describe('bench options and verdicts', () => {
  it('parses flags, with --quick defaults and errors as messages', () => {
    const quick = parseBenchArgs(['--quick', '--json', '--only', 'startup']);
    expect(quick.kind === 'run' && quick.options).toMatchObject({
      durationS: 2,
      warmupS: 1,
      rounds: 1,
      connections: 32,
      startupRuns: 3,
      json: true,
      strict: false,
    });
    expect(quick.kind === 'run' && [...quick.options.sections]).toEqual(['startup']);
    expect(parseBenchArgs(['--duration', '7']).kind === 'run').toBe(true);
    expect(parseBenchArgs(['--duration', 'x'])).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--rounds', '1.5'])).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs([])).toMatchObject({ kind: 'run', options: { durationS: 5, rounds: 3 } });
    expect(parseBenchArgs(['--only', 'nope'])).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['--port', '1'])).toMatchObject({ kind: 'error' });
    expect(parseBenchArgs(['-h'])).toEqual({ kind: 'help' });
    expect(parseBenchArgs(['--tokens', '10,200', '--serve-args=--max-worlds 5'])).toMatchObject({
      kind: 'run',
      options: { worldCheckpoints: [10, 200], worldsServeArgs: ['--max-worlds', '5'] },
    });
    expect(parseBenchArgs(['--tokens', '10,x'])).toMatchObject({ kind: 'error' });
  });

  it('marks sections that did not run as not run, never as passed', () => {
    const parsed = parseBenchArgs(['--only', 'startup']);
    if (parsed.kind !== 'run') throw new Error('expected options');
    const { sections, ...rest } = parsed.options;
    const targets = evaluateTargets({
      environment: { node: 'v24', platform: 'linux x64', cpus: 2, cpuModel: 'x', loadAverage: [0, 0, 0], date: '' },
      options: { ...rest, sections: [...sections] },
      startup: { runs: [600, 400, 450], medianMs: 450, minMs: 400, maxMs: 600 },
      errors: [],
    });
    expect(targets.find((t) => t.id === 'startup')).toMatchObject({ pass: true, value: 450 });
    for (const id of ['mock_over_prism', 'mock_over_bare', 'mock_p99_over_bare'])
      expect(targets.find((t) => t.id === id)).toMatchObject({ pass: null, measured: 'not run' });
    expect(targets.find((t) => t.id === 'pagination_rss')).toMatchObject({ pass: null });
    expect(targets.find((t) => t.id === 'browser_weight')).toMatchObject({ pass: null, measured: 'not run' });
  });

  it("judges the browser weight by the heavier of the kit's apps", () => {
    const parsed = parseBenchArgs(['--only', 'weight']);
    if (parsed.kind !== 'run') throw new Error('expected options');
    const { sections, ...rest } = parsed.options;
    const verdict = (beyond: number[]) =>
      evaluateTargets({
        environment: { node: 'v24', platform: 'linux x64', cpus: 2, cpuModel: 'x', loadAverage: [0, 0, 0], date: '' },
        options: { ...rest, sections: [...sections] },
        weight: beyond.map((beyondMswGzip, i) => ({
          app: `app ${i}`,
          gzipBytes: 151_000 + beyondMswGzip,
          beyondMswGzip,
          onUseGzip: 0,
        })),
        errors: [],
      }).find((t) => t.id === 'browser_weight');
    expect(verdict([106_800, 106_900])).toMatchObject({ pass: true, measured: '106.9 kB' });
    expect(verdict([106_800, 110_100])).toMatchObject({ pass: false, measured: '110.1 kB' });
  });
});

describe('bench throughput verdicts', () => {
  const run = (rps: number, p99: number, non2xx = 0) => ({
    server: 's',
    requests: rps * 5,
    durationS: 5,
    rps,
    p50: p99 / 4,
    p90: p99 / 2,
    p99,
    max: p99 * 3,
    errors: 0,
    non2xx,
    bytesPerResponse: 1100,
  });
  /** Rounds of one request: [mock req/s, mock p99, bare req/s, bare p99] each; Prism at 2,000 req/s. */
  const request = (path: string, rounds: Array<[number, number, number, number]>, prismRps = 2_000): PathRuns => ({
    path,
    mock: rounds.map(([rps, p99]) => run(rps, p99)),
    bare: rounds.map(([, , rps, p99]) => run(rps, p99)),
    prism: run(prismRps, 70),
    prismDefault: run(prismRps / 2, 260),
  });
  /** A bench run of the throughput section alone, from made-up rounds. */
  const bench = (requests: PathRuns[]): BenchResults => {
    const parsed = parseBenchArgs(['--only', 'throughput']);
    if (parsed.kind !== 'run') throw new Error('expected options');
    const { sections, ...rest } = parsed.options;
    const paths = requests.map((r) => r.path);
    const results = {
      environment: { node: 'v24', platform: 'linux x64', cpus: 2, cpuModel: 'x', loadAverage: [0, 0, 0], date: '' },
      options: { ...rest, sections: [...sections] },
      throughput: { token: 't', tool: 'wrk' as const, paths, options: rest, ...summarize(requests) },
      errors: [],
    };
    return { ...results, targets: evaluateTargets(results) };
  };
  const verdicts = (requests: PathRuns[]) => {
    const { targets } = bench(requests);
    const of = (id: string) => targets.find((t) => t.id === id)!;
    return { prism: of('mock_over_prism'), bare: of('mock_over_bare'), p99: of('mock_p99_over_bare') };
  };

  it('passes at 10x Prism, 0.75x bare and 1.5x bare p99 on every request, naming the worst', () => {
    const { prism, bare, p99 } = verdicts([
      request('/users/me', [
        [24_000, 4.5, 32_000, 3],
        [20_000, 6, 26_000, 4],
        [22_000, 3, 29_000, 2.5],
      ]),
      request('/workflows/p_1', [[30_000, 2, 30_000, 2]], 3_000),
    ]);
    // /users/me: req/s 22,000 / 2,000 = 11x Prism; round ratios 0.75, 0.77, 0.76 (median 0.76); p99 1.5, 1.5, 1.2.
    expect([prism.pass, prism.measured]).toEqual([true, '10.0x (worst: GET /workflows/p_1)']);
    expect([bare.pass, bare.measured]).toEqual([true, '0.76x (worst: GET /users/me)']);
    expect([p99.pass, p99.measured]).toEqual([true, '1.50x (worst: GET /users/me)']);
  });

  it('fails below 10x Prism, below 0.75x bare or above 1.5x bare p99 on any one request of the mix', () => {
    const { prism, bare, p99 } = verdicts([
      request('/users/me', [[30_000, 2, 30_000, 2]], 2_000),
      request('/orgs/o_1/sources?limit=10', [[19_900, 2, 20_000, 2]], 2_000),
      request('/workspaces/o_1', [
        [29_000, 3.1, 30_000, 2],
        [22_000, 2, 30_000, 2],
        [29_000, 3.2, 30_000, 2],
      ]),
    ]);
    expect([prism.pass, prism.measured]).toEqual([false, '9.9x (worst: GET /orgs/o_1/sources?limit=10)']);
    // /workspaces/o_1: one slow round (0.73x) does not decide the median (0.97x); two slow tails do (1.55x, 1.60x).
    expect([bare.pass, bare.measured]).toEqual([true, '0.97x (worst: GET /workspaces/o_1)']);
    expect([p99.pass, p99.measured]).toEqual([false, '1.55x (worst: GET /workspaces/o_1)']);
    const slower = verdicts([request('/users/me', [[22_000, 2, 30_000, 2]])]).bare;
    expect([slower.pass, slower.measured]).toEqual([false, '0.73x (worst: GET /users/me)']);
  });

  it("reports each round's req/s and p99 of both servers, and the ratios judged", () => {
    const users = request('/users/me', [
      [24_000, 4.5, 32_000, 3],
      [20_000, 6, 26_000, 4],
    ]);
    users.mock = users.mock.map((round, i) => ({ ...round, serverCpu: [60, 80][i]! }));
    const report = formatReport(bench([users]));
    expect(report).toContain('GET /users/me: mock 24,000 / 20,000, bare 32,000 / 26,000 req/s per round');
    expect(report).toContain('p99 mock 4.50 / 6.00, bare 3.00 / 4.00 ms');
    // CPU per request of each round: 60% of a core at 24,000 req/s is 25 µs; the made-up bare rounds have no CPU.
    expect(report).toContain('CPU us/req mock 25.0 / 40.0, bare n/a / n/a');
    expect(report).toContain('10.0x prism, 0.75x bare, p99 1.50x bare');
  });

  it("judges the tail against the bare server's own, whatever the machine's: no absolute p99", () => {
    // A busy shared machine: both tails long, the mock's within 1.5x of the bare server's.
    expect(verdicts([request('/users/me', [[30_000, 14, 30_000, 10]])]).p99).toMatchObject({ pass: true, value: 1.4 });
  });
});

describe('bench hybrid verdicts', () => {
  const run = (rps: number, errors = 0) => ({
    server: 's',
    requests: rps * 5,
    durationS: 5,
    rps,
    p50: 1,
    p90: 1,
    p99: 2,
    max: 3,
    errors,
    non2xx: 0,
    bytesPerResponse: 1100,
  });
  const verdicts = (live: number, recorded: number, options: { liveErrors?: number; skipped?: number } = {}) => {
    const parsed = parseBenchArgs(['--only', 'hybrid']);
    if (parsed.kind !== 'run') throw new Error('expected options');
    const { sections, ...rest } = parsed.options;
    const hybrid: HybridResult = {
      tool: 'wrk',
      options: { connections: 10, durationS: 5, warmupS: 1, rounds: 3 },
      direct: run(40_000),
      live: run(live, options.liveErrors),
      recorded: run(recorded),
      proxy: run(24_000),
      directRounds: [40_000],
      liveRounds: [live],
      recordedRounds: [recorded],
      proxyRounds: [24_000],
      liveOverDirect: live / 40_000,
      recordedOverDirect: recorded / 40_000,
      proxyOverDirect: 0.6,
      recordedSkipped: options.skipped ?? 0,
      driftSkipped: 0,
    };
    const targets = evaluateTargets({
      environment: { node: 'v24', platform: 'linux x64', cpus: 2, cpuModel: 'x', loadAverage: [0, 0, 0], date: '' },
      options: { ...rest, sections: [...sections] },
      hybrid,
      errors: [],
    });
    return [targets.find((t) => t.id === 'hybrid_live'), targets.find((t) => t.id === 'hybrid_recorded')];
  };

  it('passes the live route at 0.5x direct and the recording one at 0.35x, and fails below or with errors', () => {
    expect(verdicts(20_000, 14_000).map((v) => [v?.pass, v?.measured])).toEqual([
      [true, '0.50x'],
      [true, '0.35x'],
    ]);
    expect(verdicts(19_600, 13_000, { skipped: 1234 }).map((v) => [v?.pass, v?.measured])).toEqual([
      [false, '0.49x'],
      [false, '0.33x (1,234 exchanges left out of the recording, queue full)'],
    ]);
    // Fast enough but not keeping up with the recording is no pass: what a recording leaves out is lost.
    expect(verdicts(20_000, 16_000, { skipped: 1 })[1]?.pass).toBe(false);
    const withErrors = verdicts(30_000, 20_000, { liveErrors: 2 })[0];
    expect(withErrors).toMatchObject({ pass: false, note: '2 errors or statuses >= 400' });
  });

  it('reads the count of exchanges the recording server left out from its exit line, 0 without one', () => {
    const lines = [
      '[upstream] 5835 exchanges were left out of the drift report (its queue was full)',
      '[upstream] 12 exchanges were left out of the recording (its queue was full)',
    ];
    expect(skippedExchanges(`SIGTERM: shutting down\n${lines.join('\n')}\n`)).toEqual({ drift: 5835, recording: 12 });
    expect(skippedExchanges('Workflow API mock listening on http://127.0.0.1:1/v1\n')).toEqual({
      drift: 0,
      recording: 0,
    });
  });
});

describe('bench load generator', () => {
  it('reads the one report line of wrk or the autocannon driver, microseconds to milliseconds', () => {
    const output = [
      'Running 5s test @ http://127.0.0.1:1/v1/users/me',
      'BENCHJSON {"requests":100000,"durationUs":5000000,"bytes":135000000,"errors":2,"non2xx":3,"p50":770,"p90":1500,"p99":4390,"max":22430}',
      '',
    ].join('\n');
    expect(parseClientReport(output)).toEqual({
      requests: 100_000,
      durationS: 5,
      rps: 20_000,
      p50: 0.77,
      p90: 1.5,
      p99: 4.39,
      max: 22.43,
      errors: 2,
      non2xx: 3,
      bytesPerResponse: 1350,
    });
    expect(() => parseClientReport('unable to connect to 127.0.0.1:1')).toThrow(/no report/);
  });

  it('builds wrk and fallback command lines from one run, and falls back when asked or when wrk is absent', () => {
    const run = {
      origin: 'http://127.0.0.1:8080',
      path: '/v1/orgs/o_1/sources?limit=10',
      headers: { authorization: 'Bearer t' },
      connections: 32,
      durationS: 2.4,
    };
    const wrk = clientCommand('wrk', '/opt/wrk', run, '/tmp/report.lua');
    expect(wrk.file).toBe('/opt/wrk');
    expect(wrk.args).toEqual([
      '-t',
      '2',
      '-c',
      '32',
      '-d',
      '2s',
      '--timeout',
      '10s',
      '-s',
      '/tmp/report.lua',
      '-H',
      'authorization: Bearer t',
      'http://127.0.0.1:8080/v1/orgs/o_1/sources?limit=10',
    ]);
    const fallback = clientCommand('autocannon', undefined, run, '/tmp/report.lua');
    expect(fallback.file).toBe(process.execPath);
    expect(fallback.args[0]).toMatch(/autocannon-driver\.ts$/);
    expect(JSON.parse(fallback.args[1]!)).toEqual(run);
    expect(findWrk({ PATH: '/usr/bin', BENCH_CLIENT: 'autocannon' })).toBeUndefined();
  });
});
