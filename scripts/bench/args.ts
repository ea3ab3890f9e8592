// Command line of `npm run bench`.
import { parseArgs } from 'node:util';

const SECTIONS = ['throughput', 'startup', 'pagination', 'worlds', 'scaling', 'weight', 'hybrid'] as const;
type Section = (typeof SECTIONS)[number];

export interface BenchOptions {
  sections: Set<Section>;
  quick: boolean;
  /** Measured seconds per server and request of the mix, per round. */
  durationS: number;
  warmupS: number;
  /** Back-to-back mock/bare rounds of the throughput section (medians reported). */
  rounds: number;
  connections: number;
  startupRuns: number;
  /** Sources of the small and large workspaces. */
  smallSources: number;
  largeSources: number;
  /** Timed requests per page kind. */
  samples: number;
  json: boolean;
  strict: boolean;
  /** Folder for a CPU profile of the mock server during the throughput run. */
  cpuProf?: string;
  /** Distinct tokens after which the worlds section reads the server's RSS. */
  worldCheckpoints: number[];
  /** Extra `serve` flags for the worlds section (e.g. --max-worlds 1000000 to see memory without eviction). */
  worldsServeArgs: string[];
}

export const HELP = `npm run bench [-- options]: the performance targets of docs/performance.md, measured on this machine.

Sections (all by default; ~3 min in total, ~1 min with --quick):
  throughput  The mock server (mocks/node/server.ts), \`prism mock\` on openapi/openapi.yaml and a bare
              node:http server answering each request with the mock's own body for it, each in its
              own child process. The load generator runs in a process of its own: wrk (2 threads)
              when installed, else autocannon (scripts/bench/autocannon-driver.ts); BENCH_CLIENT=
              autocannon forces the fallback. Each request of the mix is measured on its own, with
              a bearer token:
                GET /users/me, /workspaces/{org_id}, /orgs/{org_id}/sources?limit=10, /workflows/{id}
              (IDs discovered from the mock's /v1/users/me and /__mock/world; Prism gets the same
              paths, which match the document's ID patterns). 32 connections; per request a warm-up,
              then the mock and the bare server back to back, --rounds times (medians reported, so
              a busy neighbour disturbs both alike), and Prism once at each log level: -v error (its
              fastest, the one judged) and its default, info. Reports req/s, p50/p99/max latency,
              errors and statuses >= 400, the server's CPU per request, and the CPU used (% of one core) by the server,
              the client and the rest of the machine, so a client-bound or disturbed run shows.
  startup     Time from spawning \`node cli/checkout-bin.js serve --port <free> --quiet\` to the first 200 of
              GET /v1/users/me, several runs; the median is judged. The request goes out as soon
              as the server prints its first line (polling every 25 ms until then: a tighter
              loop would steal CPU from the starting process on a small machine).
  pagination  Two mock-server children: the first workspace of one world holds 100 sources, of the
              other 100,000 (added by mock.control.addSources before the server reports ready). Times
              100-item pages over keep-alive HTTP (median of sequential requests): the small
              world's first page, the large world's first page and a page deep in it (after the
              cursor of the item at ~90%). Checks contents and cursors (first, deep and before
              pages, a walk of every page with after=end_cursor) and reads the large process's RSS.

  worlds      Memory per world: \`node cli/checkout-bin.js serve --port <free> --quiet\` with its defaults (eviction on,
              --max-worlds 4000), and a load generator in its own process (scripts/bench/worlds-driver.ts)
              sending one first request (GET /v1/users/me) per distinct token, 32 at a time over
              keep-alive loopback connections, up to each checkpoint (1k, 10k, 20k, 100k tokens); the
              server's RSS after each (/proc, Linux) and (RSS - RSS at start) / tokens. At the end the
              server must still answer a new token and the run's first (re-seeded) one.

  scaling     The recipe of docs/scaling.md on loopback: 3 \`serve\` replicas, each with its own --state,
              behind Debian's nginx routing by token (hash $http_authorization consistent). 60 tokens
              each write a webhook and read it back 5 times through nginx; each replica's journal
              says which tokens it holds; 3,000 reads through nginx; the busiest replica is
              restarted on its port and state file and its tokens must keep their webhooks. Needs
              nginx (apt-get install nginx); without it the section says so and does not run.
  weight      What the kit's MSW handlers add to a page: scripts/browser-weight.ts builds, with Vite in
              production mode (minified, nothing written), an app using msw alone and apps using the
              kit's /msw and /browser entries; the gzip size of each minus the msw-only app's. Chunks
              only import() reaches (the upstream step) are reported apart and not counted.
  hybrid      The live route beside a real service: the upstream is a second \`serve\` on 127.0.0.1; wrk
              (2 threads, 10 connections) on GET /v1/users/me directly, through \`serve --upstream
              <it>/v1 --live getCurrentUser\`, and through the same with --record and --drift-report
              (temporary files); the three back to back, --rounds times (medians). Reports req/s,
              latency, CPU per request of the proxy and of the upstream, and how many exchanges the
              recording server left out of its report and recording (its queue full). Needs wrk
              (apt-get install wrk); without it the section says so and does not run.

Targets (docs/performance.md), each reported PASS or FAIL:
  on every request of the mix: mock req/s >= 10x prism mock -v error, >= 0.75x bare node:http
  (median of the interleaved rounds), mock p99 <= 1.5x bare's own p99 (median of the same rounds)
  first 200 within 500 ms of process start (median)
  100-item page of 100,000 sources within 2x the time of the 100-source page (first and deep)
  RSS of the 100,000-source process < 300 MB
  RSS after 20,000 tokens < 1 GB, after 100,000 tokens < 1 GB (with the default eviction), still answering
  the kit adds <= 110 kB gzip beyond msw to a page (/msw and /browser entries)
  hybrid: live route req/s >= 0.5x the upstream directly; with --record --drift-report >= 0.35x

Options:
  --duration <s>      measured seconds per server and request, per round default 5 (--quick: 2)
  --warmup <s>        warm-up seconds per server and request, unmeasured default 1 (--quick: 1)
  --rounds <n>        back-to-back mock/bare rounds (medians reported)  default 3 (--quick: 1)
  --connections <n>   concurrent connections of the load generator      default 32
  --startup-runs <n>  start-up measurements                             default 5 (--quick: 3)
  --sources <n>       sources of the large workspace                    default 100000
  --samples <n>       timed requests per page kind                      default 300 (--quick: 100)
  --tokens <list>     checkpoints of the worlds section                 default 1000,10000,20000,100000
                                                                         (--quick: 1000,10000)
  --serve-args=<s>    extra serve flags for the worlds section, e.g. --serve-args="--max-worlds 1000000"
  --only <list>       comma-separated sections: throughput,startup,pagination,worlds,scaling,weight,hybrid
  --quick             short smoke run (the numbers are noisier)
  --cpu-prof <dir>    run the mock server of the throughput section (and the live route's proxy of the
                      hybrid section) under node --cpu-prof and write the .cpuprofile into <dir>
                      (open it in Chrome DevTools; profiling slows it down)
  --json              print the results as JSON on stdout (progress still goes to stderr)
  --strict            exit 1 when a target is missed (default: exit 0, it is a measurement)
  -h, --help          this text

Exit code: 0 when every section ran (targets missed or not, unless --strict), 1 when a target was
missed under --strict, 2 when a section could not run (e.g. a server failed to start) or on bad flags.
Every server listens on a free port chosen by the OS; all child processes are killed at the end,
also on errors and Ctrl-C.`;

export type ParsedBenchArgs =
  | { kind: 'help' }
  | { kind: 'error'; message: string }
  | { kind: 'run'; options: BenchOptions };

function positiveNumber(name: string, text: string | undefined, fallback: number, integer: boolean): number | string {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    return `--${name} must be a positive ${integer ? 'integer' : 'number'}, got "${text}"`;
  }
  return value;
}

export function parseBenchArgs(argv: string[]): ParsedBenchArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        duration: { type: 'string' },
        warmup: { type: 'string' },
        rounds: { type: 'string' },
        connections: { type: 'string' },
        'startup-runs': { type: 'string' },
        sources: { type: 'string' },
        samples: { type: 'string' },
        only: { type: 'string' },
        'cpu-prof': { type: 'string' },
        tokens: { type: 'string' },
        'serve-args': { type: 'string' },
        quick: { type: 'boolean' },
        json: { type: 'boolean' },
        strict: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  const quick = values.quick === true;
  const str = (name: string) => values[name] as string | undefined;

  const numbers = {
    durationS: positiveNumber('duration', str('duration'), quick ? 2 : 5, false),
    warmupS: str('warmup') === '0' ? 0 : positiveNumber('warmup', str('warmup'), 1, false),
    rounds: positiveNumber('rounds', str('rounds'), quick ? 1 : 3, true),
    connections: positiveNumber('connections', str('connections'), 32, true),
    startupRuns: positiveNumber('startup-runs', str('startup-runs'), quick ? 3 : 5, true),
    largeSources: positiveNumber('sources', str('sources'), 100_000, true),
    samples: positiveNumber('samples', str('samples'), quick ? 100 : 300, true),
  };
  for (const value of Object.values(numbers)) if (typeof value === 'string') return { kind: 'error', message: value };
  const n = numbers as Record<keyof typeof numbers, number>;
  if (n.largeSources < 100)
    return { kind: 'error', message: '--sources must be at least 100 (the small workspace holds 100)' };

  const worldCheckpoints = (str('tokens') ?? (quick ? '1000,10000' : '1000,10000,20000,100000'))
    .split(',')
    .map((part) => Number(part.trim()));
  if (worldCheckpoints.some((n) => !Number.isInteger(n) || n < 1))
    return { kind: 'error', message: `--tokens must list positive integers, got "${str('tokens')}"` };

  const sections = new Set<Section>();
  for (const name of (str('only') ?? SECTIONS.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(SECTIONS as readonly string[]).includes(name))
      return { kind: 'error', message: `--only: unknown section "${name}" (sections: ${SECTIONS.join(', ')})` };
    sections.add(name as Section);
  }
  if (sections.size === 0) return { kind: 'error', message: '--only needs at least one section' };

  return {
    kind: 'run',
    options: {
      sections,
      quick,
      ...n,
      smallSources: 100,
      json: values.json === true,
      strict: values.strict === true,
      ...(str('cpu-prof') === undefined ? {} : { cpuProf: str('cpu-prof') }),
      worldCheckpoints,
      worldsServeArgs: (str('serve-args') ?? '').split(/\s+/).filter(Boolean),
    },
  };
}
