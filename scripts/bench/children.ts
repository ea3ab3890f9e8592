// The bench's child processes, started here and killed at the end, on errors and on Ctrl-C (docs/performance.md);
// Linux's /proc gives each one's CPU and RSS.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../cli/prism-launcher.ts';

const CLI_BIN = fileURLToPath(new URL('../../cli/checkout-bin.js', import.meta.url));
const live = new Set<ChildProcess>();

/** Remembers a child so that killAll ends it. */
export function track<T extends ChildProcess>(child: T): T {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** SIGKILLs every child still running (synchronous: safe in an 'exit' handler). */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

/** A server child: its origin, what it printed (the last 64 kB), and how to stop it. */
export interface Child {
  pid: number;
  origin: string;
  /** performance.now() just before the spawn. */
  spawnedAt: number;
  output(): string;
  stop(): Promise<void>;
}

/** `node ...args`, listening on 127.0.0.1:`port`, once it has printed its first line (servers print it once listening). */
export async function start(port: number, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Child> {
  const spawnedAt = performance.now();
  const child = track(spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env }));
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-64 * 1024));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    setTimeout(() => reject(new Error(`${args.join(' ')} did not listen within 60 s:\n${output}`)), 60_000).unref();
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before listening:\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { pid: child.pid!, origin: `http://127.0.0.1:${port}`, spawnedAt, output: () => output, stop };
}

/** `serve --port <free> --quiet ...args` (`npm start`'s command) in a child. */
export async function serve(args: string[] = []): Promise<Child> {
  const port = await freePort();
  return start(port, [CLI_BIN, 'serve', '--port', String(port), '--quiet', ...args]);
}

/** User + system CPU milliseconds of `pid` so far (USER_HZ is 100 on mainstream Linux), undefined off Linux. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Resident set size of `pid` in MB (VmRSS), NaN off Linux. */
export function rssMb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** One GET on a connection of its own: the status and the body as text. */
export function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** The body of a GET that must answer 200, parsed. */
export async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const res = await get(url, headers);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as T;
}
