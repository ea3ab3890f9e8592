// The load generator of the throughput section, always in a process of its own so the client's CPU
// is never the bench's (docs/performance.md): wrk when it is installed (C, a fraction of the CPU an
// in-process Node client needs, so the server rather than the client sets the pace), else autocannon
// in a child (scripts/bench/autocannon-driver.ts). Both print one line of the same JSON shape.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { track } from './children.ts';
import { processCpuMs } from './cpu.ts';

export type ClientTool = 'wrk' | 'autocannon';

export interface ClientRun {
  origin: string;
  /** One path, with its query, requested by every connection. */
  path: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
}

/** What one run measured; latencies in milliseconds. */
export interface ClientResult {
  requests: number;
  durationS: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers with a status of 400 or more (wrk counts those only; autocannon's non-2xx otherwise). */
  non2xx: number;
  bytesPerResponse: number;
  /** CPU of the client process, percent of one core. */
  clientCpu?: number;
}

/** wrk on PATH (or Debian's /usr/bin/wrk), unless BENCH_CLIENT=autocannon asks for the fallback. */
export function findWrk(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.BENCH_CLIENT === 'autocannon') return undefined;
  const dirs = [...(env.PATH ?? '').split(delimiter).filter(Boolean), '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs) {
    const candidate = join(dir, 'wrk');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there
    }
  }
  return undefined;
}

// wrk's done() hook: one machine-readable line. Latencies are microseconds; errors.status counts
// answers of 400 and more.
const WRK_REPORT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCHJSON {"requests":%d,"durationUs":%d,"bytes":%d,"errors":%d,"non2xx":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`;

interface RawReport {
  requests: number;
  durationUs: number;
  bytes: number;
  errors: number;
  non2xx: number;
  /** Microseconds. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** The one BENCHJSON line of a client's output as a result (latencies to ms). */
export function parseClientReport(output: string): ClientResult {
  const line = output.split('\n').find((l) => l.startsWith('BENCHJSON '));
  if (line === undefined) throw new Error(`the load generator printed no report:\n${output.slice(-2000)}`);
  const raw = JSON.parse(line.slice('BENCHJSON '.length)) as RawReport;
  const durationS = raw.durationUs / 1e6;
  return {
    requests: raw.requests,
    durationS,
    rps: durationS > 0 ? raw.requests / durationS : 0,
    p50: raw.p50 / 1000,
    p90: raw.p90 / 1000,
    p99: raw.p99 / 1000,
    max: raw.max / 1000,
    errors: raw.errors,
    non2xx: raw.non2xx,
    bytesPerResponse: raw.requests === 0 ? 0 : raw.bytes / raw.requests,
  };
}

const DRIVER = fileURLToPath(new URL('./autocannon-driver.ts', import.meta.url));

/** The command line of one run: wrk with 2 threads (the machine's cores) or the autocannon driver. */
export function clientCommand(
  tool: ClientTool,
  wrk: string | undefined,
  run: ClientRun,
  scriptPath: string,
): { file: string; args: string[] } {
  if (tool === 'wrk') {
    return {
      file: wrk ?? 'wrk',
      args: [
        '-t',
        String(Math.min(2, run.connections)),
        '-c',
        String(run.connections),
        '-d',
        // wrk takes whole seconds.
        `${Math.max(1, Math.round(run.durationS))}s`,
        '--timeout',
        '10s',
        '-s',
        scriptPath,
        ...Object.entries(run.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
        run.origin + run.path,
      ],
    };
  }
  return { file: process.execPath, args: [DRIVER, JSON.stringify(run)] };
}

/** Runs the load generator once in its own process and measures its CPU. */
export async function runClient(tool: ClientTool, wrk: string | undefined, run: ClientRun): Promise<ClientResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const script = join(dir, 'report.lua');
  writeFileSync(script, WRK_REPORT);
  try {
    const { file, args } = clientCommand(tool, wrk, run, script);
    const child = track(spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    // The child is reaped before 'exit' fires, and its /proc entry with it: sample while it runs.
    const startCpu = processCpuMs(child.pid);
    const startWall = performance.now();
    let last: { cpu: number; wall: number } | undefined;
    const sampler = setInterval(() => {
      const cpu = processCpuMs(child.pid);
      if (cpu !== undefined) last = { cpu, wall: performance.now() };
    }, 200);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    clearInterval(sampler);
    const clientCpu =
      startCpu === undefined || last === undefined
        ? undefined
        : ((last.cpu - startCpu) / (last.wall - startWall)) * 100;
    if (code !== 0) throw new Error(`${tool} exited with ${code}:\n${output.slice(-2000)}`);
    const result = parseClientReport(output);
    return clientCpu === undefined ? result : { ...result, clientCpu };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
