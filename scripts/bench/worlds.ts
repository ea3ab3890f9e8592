// Section 4: memory per world (docs/performance.md, "Worlds: memory and eviction"). Starts
// `node cli/checkout-bin.js serve --port <free> --quiet [serveArgs]` (`npm start`), then a load generator in
// its own process (worlds-driver.ts) sends one first request per distinct token over loopback,
// step by step up to each checkpoint (1k, 10k, 100k tokens by default); after each step the
// server's RSS is read from /proc (Linux). At the end the server must still answer a new token and
// the first token of the run (which eviction may have re-seeded).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../cli/prism-launcher.ts';
import { stopChild, track } from './children.ts';
import { get } from './http.ts';
import { CLI_BIN } from './startup.ts';

const DRIVER = fileURLToPath(new URL('./worlds-driver.ts', import.meta.url));

interface WorldsStep {
  tokens: number;
  rssBytes: number;
  /** (RSS now - RSS at start) / tokens. */
  bytesPerToken: number;
  failed: number;
  /** Wall time of this step's requests. */
  ms: number;
}

export interface WorldsResult {
  serveArgs: string[];
  concurrency: number;
  startRssBytes: number;
  steps: WorldsStep[];
  /** A new token and the run's first token both answered 200 after the last step. */
  stillAnswers: boolean;
}

/** Resident set size of process `pid` in bytes (VmRSS of /proc/<pid>/status); NaN off Linux. */
function rssOf(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? Number.NaN : Number(match[1]) * 1024;
  } catch {
    return Number.NaN;
  }
}

function drive(
  origin: string,
  from: number,
  count: number,
  concurrency: number,
  prefix: string,
): Promise<{ ok: number; failed: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, [DRIVER, origin, String(from), String(count), String(concurrency), prefix], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`worlds driver exited with code ${code}:\n${out}`);
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? ''));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** A `serve` child of the bench: its pid and origin; `output()`: what it printed so far. */
export interface ServeChild {
  pid: number;
  origin: string;
  stop: () => Promise<void>;
  output: () => string;
}

/**
 * `serve --port <free> --quiet ...serveArgs` in a child, once it has printed its first line;
 * `nodeArgs`: flags for node itself (`--cpu-prof`).
 * @example
 * const upstream = await startServe(['--seed', '1']);
 * await upstream.stop();
 */
export async function startServe(serveArgs: string[], nodeArgs: string[] = []): Promise<ServeChild> {
  const port = await freePort();
  const args = [...nodeArgs, CLI_BIN, 'serve', '--port', String(port), '--quiet', ...serveArgs];
  const child = track(spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`serve exited with code ${code} before listening:\n${output}`)));
  });
  // Notices (the server's own lines) go to stdout; kept, bounded, for a caller that looks for one.
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-64 * 1024)));
  // A profiled child needs time to write its profile on the way out.
  const stop = () => stopChild(child, nodeArgs.length > 0 ? 30_000 : 10_000);
  return { pid: child.pid!, origin: `http://127.0.0.1:${port}`, stop, output: () => output };
}

export async function measureWorlds(
  options: { checkpoints: number[]; concurrency: number; serveArgs: string[] },
  log: (line: string) => void = () => {},
): Promise<WorldsResult> {
  const server = await startServe(options.serveArgs);
  const prefix = `bench-world-${process.pid}`;
  try {
    // One request first, so the start figure includes a loaded app (as every later one does).
    await get(`${server.origin}/v1/users/me`, { authorization: `Bearer ${prefix}-warm` });
    const startRssBytes = rssOf(server.pid);
    const steps: WorldsStep[] = [];
    let done = 0;
    for (const checkpoint of [...options.checkpoints].sort((a, b) => a - b)) {
      const run = await drive(server.origin, done, checkpoint - done, options.concurrency, prefix);
      done = checkpoint;
      const rssBytes = rssOf(server.pid);
      steps.push({
        tokens: checkpoint,
        rssBytes,
        bytesPerToken: (rssBytes - startRssBytes) / checkpoint,
        failed: run.failed,
        ms: run.ms,
      });
      log(
        `worlds: ${checkpoint} tokens: RSS ${(rssBytes / 1024 / 1024).toFixed(0)} MB, ${run.failed} failed, ${(run.ms / 1000).toFixed(1)} s`,
      );
    }
    const fresh = await get(`${server.origin}/v1/users/me`, { authorization: `Bearer ${prefix}-after` });
    const first = await get(`${server.origin}/v1/users/me`, { authorization: `Bearer ${prefix}-0` });
    return {
      serveArgs: options.serveArgs,
      concurrency: options.concurrency,
      startRssBytes,
      steps,
      stillAnswers: fresh.status === 200 && first.status === 200,
    };
  } finally {
    await server.stop();
  }
}
