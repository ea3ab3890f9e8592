// The load generator, in a process of its own (docs/performance.md): wrk when installed, else autocannon in a
// child, this file run as a script (`node load.ts <run as JSON>`). Both print one `BENCHJSON {...}` line, latencies in µs.
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AutocannonResult } from 'autocannon';
import { cpuMs, track } from './children.ts';

export interface Run {
  /** Origin and path (with its query) every connection requests. */
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
}

/** One measured run; latencies in milliseconds. */
export interface Load {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors, timeouts and answers of 400 or more. */
  errors: number;
  /** The server's CPU per request, µs (undefined off Linux). */
  cpuUs?: number;
}

/** wrk on PATH (or in /usr/bin), unless BENCH_CLIENT=autocannon asks for the fallback. */
export function findWrk(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.BENCH_CLIENT === 'autocannon') return undefined;
  for (const dir of [...(env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin']) {
    try {
      accessSync(join(dir, 'wrk'), constants.X_OK);
      return join(dir, 'wrk');
    } catch {}
  }
  return undefined;
}

// wrk's done() hook; errors.status counts answers of 400 and more.
const WRK_REPORT = `done = function(s, latency, requests)
  local e = s.errors
  io.write(string.format('BENCHJSON {"requests":%d,"durationUs":%d,"errors":%d,"p50":%d,"p99":%d}\\n',
    s.requests, s.duration, e.connect + e.read + e.write + e.timeout + e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;

/** The BENCHJSON line of a client's output, latencies to milliseconds. */
export function parseReport(output: string): Omit<Load, 'cpuUs'> {
  const line = output.split('\n').find((l) => l.startsWith('BENCHJSON '));
  if (line === undefined) throw new Error(`the load generator printed no report:\n${output.slice(-2000)}`);
  const raw = JSON.parse(line.slice('BENCHJSON '.length));
  const rps = raw.requests / (raw.durationUs / 1e6);
  return { requests: raw.requests, rps, p50: raw.p50 / 1000, p99: raw.p99 / 1000, errors: raw.errors };
}

/** The command of one run: wrk with 2 threads, or this file with autocannon. */
export function clientCommand(wrk: string | undefined, run: Run, script: string): string[] {
  if (wrk === undefined) return [process.execPath, fileURLToPath(import.meta.url), JSON.stringify(run)];
  const headers = Object.entries(run.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const seconds = `${Math.max(1, Math.round(run.durationS))}s`;
  return [wrk, '-t2', `-c${run.connections}`, `-d${seconds}`, '--timeout', '10s', '-s', script, ...headers, run.url];
}

/** Runs the load generator once against the server `pid` and measures that server's CPU. */
export async function load(wrk: string | undefined, run: Run, pid: number): Promise<Load> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  writeFileSync(join(dir, 'report.lua'), WRK_REPORT);
  try {
    const [file, ...args] = clientCommand(wrk, run, join(dir, 'report.lua'));
    const before = cpuMs(pid);
    const child = track(spawn(file!, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    const after = cpuMs(pid);
    if (code !== 0) throw new Error(`${file} exited with ${code}:\n${output.slice(-2000)}`);
    const result = parseReport(output);
    if (before === undefined || after === undefined) return result;
    return { ...result, cpuUs: ((after - before) * 1000) / result.requests };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  // The fallback client, with the exact latency of every answer (autocannon's histogram keeps whole ms).
  const { default: autocannon } = await import('autocannon');
  const run = JSON.parse(process.argv[2]!) as Run;
  const latencies: number[] = [];
  const options = { url: run.url, connections: run.connections, duration: run.durationS, timeout: 10 };
  const result = await new Promise<AutocannonResult>((resolve, reject) =>
    autocannon({ ...options, headers: run.headers }, (error, answer) => (error ? reject(error) : resolve(answer))).on(
      'response',
      (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms),
    ),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round((latencies[Math.ceil(p * latencies.length) - 1] ?? 0) * 1000);
  const report = { requests: result.requests.total, durationUs: Math.round(result.duration * 1e6) };
  const errors = result.errors + result.non2xx;
  process.stdout.write(`BENCHJSON ${JSON.stringify({ ...report, errors, p50: at(0.5), p99: at(0.99) })}\n`);
}
