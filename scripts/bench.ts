// `npm run bench`: measures the targets of docs/performance.md on this machine (docs/bench.md).
// A measurement, not a gate: exit 0 when a target is missed unless --strict. `--help` for details.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { measureWeights, weightLines } from './browser-weight.ts';
import { get, killAll, serve } from './bench/children.ts';
import { measureHybrid } from './bench/hybrid.ts';
import { findWrk } from './bench/load.ts';
import { fmt, formatReport, judge, median, type Section } from './bench/report.ts';
import { measureThroughput } from './bench/throughput.ts';
import { measureWorlds, worldsSection } from './bench/worlds.ts';

const SECTIONS = ['throughput', 'hybrid', 'worlds', 'startup', 'weight'] as const;

export const HELP = `npm run bench [-- options]: the targets of docs/performance.md, measured on this machine.

Sections, all by default (docs/bench.md says how each measures): throughput (the mock against a bare
node:http server and prism mock), hybrid (the live route; needs wrk), worlds (RSS after 20,000
tokens), startup (serve to its first 200), weight (the MSW handlers in a page beyond msw).
  --only <list>    comma-separated sections
  --duration <s>   measured seconds per server and request  default 5 (--quick: 2)
  --rounds <n>     interleaved rounds, medians reported      default 3 (--quick: 1)
  --quick          a short smoke run (noisier numbers)
  --strict         exit 1 when a target is missed (exit 2: a section could not run, or bad flags)
The load generator is wrk when installed (Debian: apt-get install wrk), else autocannon
(BENCH_CLIENT=autocannon forces it).`;

export interface BenchOptions {
  sections: Set<(typeof SECTIONS)[number]>;
  quick: boolean;
  durationS: number;
  rounds: number;
  strict: boolean;
}

/** The command line: the options, 'help', or an error message. */
export function parseBenchArgs(argv: string[]): BenchOptions | 'help' | string {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        only: { type: 'string', default: SECTIONS.join(',') },
        duration: { type: 'string' },
        rounds: { type: 'string' },
        quick: { type: 'boolean', default: false },
        strict: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) return 'help';
    const durationS = Number(values.duration ?? (values.quick ? 2 : 5));
    const rounds = Number(values.rounds ?? (values.quick ? 1 : 3));
    if (!(durationS > 0)) return `--duration must be a positive number, got "${values.duration}"`;
    if (!(Number.isInteger(rounds) && rounds > 0)) return `--rounds must be a positive integer, got "${values.rounds}"`;
    const sections = new Set(values.only.split(',').filter(Boolean)) as BenchOptions['sections'];
    const unknown = [...sections].find((name) => !SECTIONS.includes(name));
    if (unknown !== undefined) return `--only: unknown section "${unknown}" (sections: ${SECTIONS.join(', ')})`;
    return { sections, quick: values.quick, durationS, rounds, strict: values.strict };
  } catch (error) {
    return (error as Error).message;
  }
}

async function startup(runs: number, log: (line: string) => void): Promise<Section> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await serve();
    const answer = await get(`${server.origin}/v1/users/me`, { authorization: `Bearer bench-startup-${i}` });
    times.push(performance.now() - server.spawnedAt);
    await server.stop();
    if (answer.status !== 200) throw new Error(`GET /v1/users/me answered ${answer.status}: ${answer.body}`);
    log(`startup: run ${i + 1}/${runs}: ${fmt(times[i]!, 0)} ms`);
  }
  return {
    title: `4. Start-up: spawning \`node cli/checkout-bin.js serve --port <free> --quiet\` to the first 200 of GET /v1/users/me`,
    lines: [`   median ${fmt(median(times), 0)} ms (runs: ${times.map((t) => fmt(t, 0)).join(', ')} ms)`],
    targets: [
      judge('first 200 within 500 ms of process start', `${fmt(median(times), 0)} ms (median)`, median(times) < 500),
    ],
  };
}

async function weight(): Promise<Section> {
  const apps = await measureWeights();
  const worst = Math.max(...apps.slice(1).map((app) => app.beyondMswGzip)) / 1000;
  return {
    title: '5. Browser weight: Vite production builds, minified, gzip level 9 (scripts/browser-weight.ts)',
    lines: weightLines(apps).map((line) => `   ${line}`),
    targets: [
      judge(
        'the kit adds <= 110 kB gzip beyond msw to a page (/msw and /browser)',
        `${fmt(worst, 1)} kB`,
        worst <= 110,
      ),
    ],
  };
}

async function main(): Promise<number> {
  const options = parseBenchArgs(process.argv.slice(2));
  if (typeof options === 'string') {
    if (options === 'help') console.log(HELP);
    else console.error(`bench: ${options} (npm run bench -- --help)`);
    return options === 'help' ? 0 : 2;
  }
  process.on('exit', killAll);
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
  const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  const load = { connections: 32, durationS: options.durationS, warmupS: 1, rounds: options.rounds };
  const wrk = findWrk();
  const run: Record<(typeof SECTIONS)[number], () => Promise<Section>> = {
    throughput: () => measureThroughput(load, log),
    hybrid: async () =>
      wrk === undefined
        ? {
            title: '2. Live route: NOT RUN, wrk is not installed (Debian: apt-get install wrk)',
            lines: [],
            targets: [],
          }
        : measureHybrid({ ...load, connections: 10 }, wrk, log),
    worlds: async () =>
      worldsSection(
        await measureWorlds({ checkpoints: [1000, 10_000, 20_000], concurrency: 32 }, log),
        '3. Worlds: `serve` with its defaults, one first request (GET /v1/users/me) per distinct token, 32 at a time',
      ),
    startup: () => startup(options.quick ? 3 : 5, log),
    weight,
  };
  const sections: Section[] = [];
  let failed = false;
  for (const name of SECTIONS.filter((name) => options.sections.has(name))) {
    try {
      sections.push(await run[name]());
    } catch (error) {
      failed = true;
      sections.push({ title: `${name}: ERROR`, lines: [`   ${(error as Error).stack ?? error}`], targets: [] });
    }
  }
  const cpu = `${cpus().length} CPUs (${cpus()[0]?.model.trim()})`;
  const load1 = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const header = `Workflow API mock kit: benchmark (${new Date().toISOString()})\nNode ${process.version}, ${process.platform} ${process.arch}, ${cpu}, load average ${load1}${options.quick ? ', --quick' : ''}`;
  console.log(formatReport(header, sections));
  if (failed) return 2;
  return options.strict && sections.some((s) => s.targets.some((t) => !t.pass)) ? 1 : 0;
}

if (import.meta.main) process.exitCode = await main();
