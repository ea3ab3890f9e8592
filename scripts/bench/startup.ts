// Section 2: start-up. Time from spawning `node cli/checkout-bin.js serve --port <free> --quiet` (`npm start`) to the
// first 200 of GET /v1/users/me (the first request also builds that token's world), several runs.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../cli/prism-launcher.ts';
import { stopChild, track } from './children.ts';
import { get } from './http.ts';
import { median } from './stats.ts';

export const CLI_BIN = fileURLToPath(new URL('../../cli/checkout-bin.js', import.meta.url));

export interface StartupResult {
  runs: number[];
  medianMs: number;
  minMs: number;
  maxMs: number;
}

/**
 * Polling while the server is not listening yet. Slow on purpose: on a 2-core machine a tight
 * connect loop steals CPU from the starting child (2 ms polling added ~100 ms). The child's first
 * line on stdout (printed right after it listens) triggers an immediate request instead.
 */
const POLL_MS = 25;

async function measureStartupOnce(timeoutMs = 15_000): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/v1/users/me`;
  const headers = { authorization: `Bearer bench-startup-${port}` };
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [CLI_BIN, 'serve', '--port', String(port), '--quiet'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let wake: () => void = () => {};
  let printed = false;
  child.stdout?.on('data', () => {
    printed = true;
    wake();
  });
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`serve exited with code ${child.exitCode} before answering:\n${stderr}`);
      if (performance.now() - started > timeoutMs)
        throw new Error(`serve did not answer 200 within ${timeoutMs} ms:\n${stderr}`);
      try {
        const res = await get(url, headers, undefined, 5000);
        if (res.status === 200) return performance.now() - started;
        throw new Error(`GET /v1/users/me answered ${res.status}: ${res.body.slice(0, 300)}`);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ECONNREFUSED' && code !== 'ECONNRESET') throw error;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, printed ? 1 : POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
    }
  } finally {
    child.stdout?.removeAllListeners('data');
    child.stdout?.resume();
    await stopChild(child);
  }
}

export async function measureStartup(runs: number, log: (line: string) => void = () => {}): Promise<StartupResult> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    times.push(await measureStartupOnce());
    log(`start-up: run ${i + 1}/${runs}: ${times[i]!.toFixed(0)} ms`);
  }
  return { runs: times, medianMs: median(times), minMs: Math.min(...times), maxMs: Math.max(...times) };
}
