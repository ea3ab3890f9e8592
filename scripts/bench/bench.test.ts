// The benchmark's parsing, verdicts and report, from made-up runs, and its worlds driver and
// reference servers as real children on loopback. No timing assertions: the numbers are
// `npm run bench`'s business (docs/performance.md).
import { describe, expect, it } from 'vitest';
import { freePort } from '../../cli/prism-launcher.ts';
import { parseBenchArgs } from '../bench.ts';
import { get, start } from './children.ts';
import { hybridSection, leftOut } from './hybrid.ts';
import { clientCommand, findWrk, type Load, parseReport } from './load.ts';
import { formatReport } from './report.ts';
import { type PathRuns, SERVERS, throughputSection } from './throughput.ts';
import { measureWorlds, worldsSection } from './worlds.ts';

const run = (rps: number, p99 = 2, errors = 0): Load => ({ requests: rps * 5, rps, p50: p99 / 4, p99, errors });
const verdicts = (section: { targets: Array<{ pass: boolean; measured: string }> }) =>
  section.targets.map((t) => [t.pass, t.measured]);

describe('bench options', () => {
  it('parses flags, with --quick defaults, and answers errors as messages', () => {
    expect(parseBenchArgs([])).toMatchObject({ durationS: 5, rounds: 3, quick: false, strict: false });
    const quick = parseBenchArgs(['--quick', '--only', 'startup,weight', '--strict']);
    expect(quick).toMatchObject({ durationS: 2, rounds: 1, quick: true, strict: true });
    expect(typeof quick === 'object' && [...quick.sections]).toEqual(['startup', 'weight']);
    expect(parseBenchArgs(['--duration', '7', '--rounds', '4'])).toMatchObject({ durationS: 7, rounds: 4 });
    expect(parseBenchArgs(['-h'])).toBe('help');
    expect(parseBenchArgs(['--duration', 'x'])).toMatch(/--duration must be a positive number/);
    expect(parseBenchArgs(['--rounds', '1.5'])).toMatch(/--rounds must be a positive integer/);
    expect(parseBenchArgs(['--only', 'pagination'])).toMatch(/unknown section "pagination"/);
    expect(parseBenchArgs(['--port', '1'])).toMatch(/Unknown option '--port'/);
  });
});

describe('bench throughput verdicts', () => {
  /** Rounds of one request: [mock req/s, mock p99, bare req/s, bare p99] each; Prism at `prism` req/s. */
  const request = (path: string, rounds: Array<[number, number, number, number]>, prism = 2_000): PathRuns => ({
    path,
    mock: rounds.map(([rps, p99]) => run(rps, p99)),
    bare: rounds.map(([, , rps, p99]) => run(rps, p99)),
    prism: run(prism, 70),
    prismInfo: run(prism / 2, 260),
  });

  it('passes at 10x Prism, 0.75x bare and 1.5x bare p99 on every request, naming the worst', () => {
    const section = throughputSection(
      [
        request('/users/me', [
          [24_000, 4.5, 32_000, 3],
          [20_000, 6, 26_000, 4],
          [22_000, 3, 29_000, 2.5],
        ]),
        request('/workflows/p_1', [[30_000, 2, 30_000, 2]], 3_000),
      ],
      'throughput',
    );
    // /users/me: 22,000 / 2,000 = 11x Prism; round ratios 0.75, 0.77, 0.76 (median 0.76); p99 1.5, 1.5, 1.2.
    expect(verdicts(section)).toEqual([
      [true, '10.00x (worst: GET /workflows/p_1)'],
      [true, '0.76x (worst: GET /users/me)'],
      [true, '1.50x (worst: GET /users/me)'],
    ]);
  });

  it('fails below 10x Prism, below 0.75x bare, above 1.5x bare p99 on any one request, or with mock errors', () => {
    const section = throughputSection(
      [
        request('/users/me', [[30_000, 2, 30_000, 2]]),
        request('/orgs/o_1/sources?limit=10', [[19_900, 2, 20_000, 2]]),
        request('/workspaces/o_1', [
          [29_000, 3.1, 30_000, 2],
          [22_000, 2, 30_000, 2],
          [29_000, 3.2, 30_000, 2],
        ]),
      ],
      'throughput',
    );
    // /workspaces/o_1: one slow round (0.73x) does not decide the median (0.97x); two slow tails do (1.55x, 1.60x).
    expect(verdicts(section)).toEqual([
      [false, '9.95x (worst: GET /orgs/o_1/sources?limit=10)'],
      [true, '0.97x (worst: GET /workspaces/o_1)'],
      [false, '1.55x (worst: GET /workspaces/o_1)'],
    ]);
    const slower = throughputSection([request('/users/me', [[22_000, 2, 30_000, 2]])], 't');
    expect(verdicts(slower)[1]).toEqual([false, '0.73x (worst: GET /users/me)']);
    // A busy shared machine: both tails long, the mock's within 1.5x of the bare server's: no absolute p99.
    expect(verdicts(throughputSection([request('/users/me', [[30_000, 14, 30_000, 10]])], 't'))[2]![0]).toBe(true);
    const failing = request('/users/me', [[30_000, 2, 30_000, 2]], 1_000);
    failing.mock[0] = run(30_000, 2, 7);
    expect(verdicts(throughputSection([failing], 't'))[0]).toEqual([
      false,
      '30.00x (worst: GET /users/me), 7 mock errors',
    ]);
  });

  it("reports each round's req/s and p99 of both servers, and the ratios of each request", () => {
    const users = request('/users/me', [
      [24_000, 4.5, 32_000, 3],
      [20_000, 6, 26_000, 4],
    ]);
    users.mock[0] = { ...users.mock[0]!, cpuUs: 25 };
    const report = formatReport('header', [throughputSection([users], '1. Throughput')]);
    expect(report).toContain('GET /users/me per round: mock 24,000 / 20,000, bare 32,000 / 26,000 req/s');
    expect(report).toContain('p99 mock 4.50 / 6.00, bare 3.00 / 4.00 ms');
    // The median run of two rounds is the slower one: the first round's CPU is not shown, the second's unknown.
    expect(report).toMatch(
      /GET \/users\/me +mock +20,000 +1\.50 +6\.00 +0 +n\/a +10\.0x prism, 0\.75x bare, p99 1\.50x bare/,
    );
    expect(report).toContain('   PASS  mock req/s >= 10x prism mock -v error, every request of the mix: 10.00x');
  });
});

describe('bench live-route verdicts', () => {
  const section = (live: number, recorded: number, log = '', liveErrors = 0) =>
    hybridSection(
      {
        runs: {
          direct: [run(40_000)],
          'bare proxy': [run(24_000)],
          live: [run(live, 2, liveErrors)],
          'live --record --drift-report': [run(recorded)],
        },
        leftOut: leftOut(log),
      },
      'hybrid',
    );

  it('passes the live route at 0.5x direct and the recorded one at 0.35x, and fails below, with errors or with exchanges left out', () => {
    expect(verdicts(section(20_000, 14_000))).toEqual([
      [true, '0.50x'],
      [true, '0.35x, 0 left out'],
    ]);
    expect(verdicts(section(19_600, 13_000))).toEqual([
      [false, '0.49x'],
      [false, '0.33x, 0 left out'],
    ]);
    // Fast enough but not keeping up with the recording is no pass: what a recording leaves out is lost.
    const dropped = section(
      20_000,
      16_000,
      '[upstream] 1 exchanges were left out of the recording (its queue was full)',
    );
    expect(verdicts(dropped)[1]).toEqual([false, '0.40x, 1 left out']);
    expect(verdicts(section(30_000, 20_000, '', 2))[0]).toEqual([false, '0.75x, 2 errors']);
    expect(section(20_000, 14_000).lines.join('\n')).toMatch(/bare proxy +24,000 .* 0\.60$/m);
  });

  it('reads the exchanges the recording server left out from its exit lines, 0 without one', () => {
    const lines = [
      '[upstream] 5835 exchanges were left out of the drift report (its queue was full)',
      '[upstream] 12 exchanges were left out of the recording (its queue was full)',
    ];
    expect(leftOut(`SIGTERM: shutting down\n${lines.join('\n')}\n`)).toEqual({ drift: 5835, recording: 12 });
    expect(leftOut('Workflow API mock listening on http://127.0.0.1:1/v1\n')).toEqual({ drift: 0, recording: 0 });
  });
});

describe('bench worlds', () => {
  const step = (tokens: number, rssMb: number, failed = 0) => ({ tokens, rssMb, failed, ms: 1000 });

  it('judges the RSS after 20,000 tokens against 600 MB, with every request answered', () => {
    const of = (steps: ReturnType<typeof step>[], stillAnswers = true) =>
      verdicts(worldsSection({ startRssMb: 90, steps, stillAnswers }, 'worlds'));
    expect(of([step(1000, 300), step(20_000, 480)])).toEqual([[true, '480 MB, 0 failed']]);
    expect(of([step(1000, 300), step(20_000, 600)])).toEqual([[false, '600 MB, 0 failed']]);
    expect(of([step(1000, 300, 3), step(20_000, 480)])).toEqual([[false, '480 MB, 3 failed']]);
    expect(of([step(20_000, 480)], false)).toEqual([[false, '480 MB, 0 failed, no longer answering']]);
    expect(of([step(1000, 300)])).toEqual([]);
  });

  it('drives first requests from its own process over real HTTP and reads the server RSS at each checkpoint', async () => {
    const result = await measureWorlds({ checkpoints: [40, 20], concurrency: 4, serveArgs: ['--max-worlds', '10'] });
    expect(result.steps.map((s) => [s.tokens, s.failed])).toEqual([
      [20, 0],
      [40, 0],
    ]);
    for (const s of result.steps) expect(s.rssMb).toBeGreaterThan(result.startRssMb / 2);
    expect(result.stillAnswers).toBe(true);
  }, 60_000);
});

describe('bench load generator and reference servers', () => {
  it('reads the one report line of wrk or the autocannon client, microseconds to milliseconds', () => {
    const output =
      'Running 5s test\nBENCHJSON {"requests":100000,"durationUs":5000000,"errors":2,"p50":770,"p99":4390}\n';
    expect(parseReport(output)).toEqual({ requests: 100_000, rps: 20_000, p50: 0.77, p99: 4.39, errors: 2 });
    expect(() => parseReport('unable to connect to 127.0.0.1:1')).toThrow(/no report/);
  });

  it('builds the wrk and the fallback command lines from one run, and falls back when asked', () => {
    const load = {
      url: 'http://127.0.0.1:8080/v1/x?limit=10',
      headers: { authorization: 'Bearer t' },
      connections: 32,
      durationS: 2.4,
    };
    expect(clientCommand('/opt/wrk', load, '/tmp/report.lua')).toEqual([
      '/opt/wrk',
      '-t2',
      '-c32',
      '-d2s',
      '--timeout',
      '10s',
      '-s',
      '/tmp/report.lua',
      '-H',
      'authorization: Bearer t',
      'http://127.0.0.1:8080/v1/x?limit=10',
    ]);
    const [node, script, json] = clientCommand(undefined, load, '/tmp/report.lua');
    expect([node, script]).toEqual([process.execPath, expect.stringMatching(/bench\/load\.ts$/)]);
    expect(JSON.parse(json!)).toEqual(load);
    expect(findWrk({ PATH: '/usr/bin', BENCH_CLIENT: 'autocannon' })).toBeUndefined();
  });

  it("answers each path with the mock's body, and proxies to an upstream", async () => {
    const [barePort, proxyPort] = [await freePort(), await freePort()];
    const env = { ...process.env, BENCH_BODIES: JSON.stringify({ '/v1/users/me': '{"data":{"id":"u_1"}}' }) };
    const bare = await start(barePort, [SERVERS, 'bare', String(barePort)], env);
    const proxy = await start(proxyPort, [SERVERS, 'proxy', String(proxyPort), bare.origin]);
    try {
      expect(await get(`${bare.origin}/v1/users/me`)).toEqual({ status: 200, body: '{"data":{"id":"u_1"}}' });
      expect(await get(`${proxy.origin}/v1/users/me`)).toEqual({ status: 200, body: '{"data":{"id":"u_1"}}' });
    } finally {
      await proxy.stop();
      await bare.stop();
    }
  });
});
