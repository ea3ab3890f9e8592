// `npm run bench`: measures the performance targets of docs/performance.md (throughput against prism mock
// and a bare node:http server, p99 latency, start-up time, pagination at 100,000 sources and RSS, the
// live route beside an upstream).
// A measurement, not a gate: exit 0 when targets are missed unless --strict. `--help` for details.
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { HELP, parseBenchArgs, type BenchOptions } from './bench/args.ts';
import { installCleanup, killAll } from './bench/children.ts';
import { machineMeter } from './bench/cpu.ts';
import { measurePagination } from './bench/pagination.ts';
import { evaluateTargets, formatReport, type BenchResults } from './bench/report.ts';
import { measureStartup } from './bench/startup.ts';
import { measureHybrid } from './bench/hybrid.ts';
import { findWrk } from './bench/load-client.ts';
import { measureThroughput } from './bench/throughput.ts';
import { measureWorlds } from './bench/worlds.ts';
import { findNginx, measureScaling } from './bench/scaling.ts';
import { measureWeights } from './browser-weight.ts';

export async function runBench(options: BenchOptions, log: (line: string) => void): Promise<BenchResults> {
  const cpuList = cpus();
  // One quiet second first: how busy is the rest of the machine?
  const before = machineMeter();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const busyBefore = before.stop()?.busy;
  const { sections, ...rest } = options;
  const results: Omit<BenchResults, 'targets'> = {
    environment: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
      loadAverage: loadavg(),
      ...(busyBefore === undefined ? {} : { busyBefore }),
      date: new Date().toISOString(),
    },
    options: { ...rest, sections: [...sections] },
    errors: [],
  };
  const section = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      results.errors.push({ section: name, message: (error as Error)?.stack ?? String(error) });
      log(`${name}: FAILED: ${(error as Error)?.message ?? error}`);
    }
  };

  if (sections.has('throughput')) {
    await section('throughput', async () => {
      results.throughput = await measureThroughput(
        {
          connections: options.connections,
          durationS: options.durationS,
          warmupS: options.warmupS,
          rounds: options.rounds,
          ...(options.cpuProf === undefined ? {} : { cpuProfDir: resolve(options.cpuProf) }),
        },
        log,
      );
      if (options.cpuProf !== undefined)
        log(`throughput: CPU profile of the mock server written to ${resolve(options.cpuProf)}`);
    });
  }
  if (sections.has('startup')) {
    await section('startup', async () => {
      results.startup = await measureStartup(options.startupRuns, log);
    });
  }
  if (sections.has('pagination')) {
    await section('pagination', async () => {
      results.pagination = await measurePagination({
        small: options.smallSources,
        large: options.largeSources,
        limit: 100,
        samples: options.samples,
        warmup: Math.min(50, options.samples),
        log,
      });
    });
  }
  if (sections.has('worlds')) {
    await section('worlds', async () => {
      results.worlds = await measureWorlds(
        { checkpoints: options.worldCheckpoints, concurrency: options.connections, serveArgs: options.worldsServeArgs },
        log,
      );
    });
  }
  if (sections.has('scaling')) {
    // nginx is no npm package: without it the section is reported as not run, not as an error.
    if (findNginx() === undefined) {
      results.skipped = [
        ...(results.skipped ?? []),
        'scaling: nginx is not installed (Debian: apt-get install nginx), so the scaling recipe was not run',
      ];
      log('scaling: SKIPPED, nginx is not installed (Debian: apt-get install nginx)');
    } else {
      await section('scaling', async () => {
        results.scaling = await measureScaling({ replicas: 3, tokens: 60, readsPerToken: 5 }, log);
      });
    }
  }
  if (sections.has('weight')) {
    await section('weight', async () => {
      log("weight: building the msw-only app and the kit's apps with Vite");
      const apps = await measureWeights();
      results.weight = apps.flatMap((app) =>
        app.beyondMswGzip === undefined
          ? []
          : [
              {
                app: app.name,
                gzipBytes: app.gzipBytes,
                beyondMswGzip: app.beyondMswGzip,
                onUseGzip: app.onUse?.gzipBytes ?? 0,
              },
            ],
      );
    });
  }
  if (sections.has('hybrid')) {
    // wrk is a Debian package, not an npm one: without it the section is reported as not run.
    const wrk = findWrk();
    if (wrk === undefined) {
      const why = 'hybrid: wrk is not installed (Debian: apt-get install wrk), so the live route was not measured';
      results.skipped = [...(results.skipped ?? []), why];
      log('hybrid: SKIPPED, wrk is not installed (Debian: apt-get install wrk)');
    } else {
      await section('hybrid', async () => {
        const { durationS, warmupS, rounds } = options;
        const cpuProfDir = options.cpuProf === undefined ? {} : { cpuProfDir: resolve(options.cpuProf) };
        results.hybrid = await measureHybrid({ connections: 10, durationS, warmupS, rounds, wrk, ...cpuProfDir }, log);
        if (options.cpuProf !== undefined)
          log(`hybrid: CPU profile of the live route's proxy in ${resolve(options.cpuProf)}`);
      });
    }
  }
  return { ...results, targets: evaluateTargets(results) };
}

async function main(): Promise<number> {
  const parsed = parseBenchArgs(process.argv.slice(2));
  if (parsed.kind === 'help') {
    console.log(HELP);
    return 0;
  }
  if (parsed.kind === 'error') {
    console.error(`bench: ${parsed.message}\nRun "npm run bench -- --help" for the options.`);
    return 2;
  }
  const options = parsed.options;
  installCleanup((signal) => process.stderr.write(`\nbench: ${signal}, stopping the servers\n`));
  const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

  const started = performance.now();
  const results = await runBench(options, log);
  killAll();
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  if (options.json) {
    const { pages: _pages, ...pagination } = results.pagination ?? {};
    console.log(JSON.stringify({ ...results, pagination: results.pagination ? pagination : undefined }, null, 2));
  } else {
    console.log(formatReport(results));
  }
  if (results.errors.length > 0) return 2;
  if (options.strict && results.targets.some((target) => target.pass === false)) return 1;
  return 0;
}

if (import.meta.main) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error('bench: unexpected error:', error);
      killAll();
      process.exitCode = 2;
    },
  );
}
