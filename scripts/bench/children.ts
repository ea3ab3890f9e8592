// Child processes of the benchmark: every server runs in its own process, started here and
// always killed at the end (normal end, error, Ctrl-C or SIGTERM). Bench server scripts talk to
// the parent over IPC: they send {type: 'ready', ...} once listening and answer {id, type} calls.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const live = new Set<ChildProcess>();

/** Remembers a child so that killAll (and the exit/signal handlers) can end it. */
export function track(child: ChildProcess): ChildProcess {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** SIGKILLs every child still running (synchronous: safe inside an 'exit' handler). */
export function killAll(): void {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  live.clear();
  // Also children not tracked yet, e.g. Prism while startPrism still waits for it to answer.
  for (const pid of untrackedChildPids()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** PIDs of this process's direct children, from /proc (Linux); empty elsewhere. */
function untrackedChildPids(): number[] {
  if (process.platform !== 'linux') return [];
  try {
    return readdirSync('/proc/self/task').flatMap((tid) =>
      readFileSync(`/proc/self/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

export function liveChildren(): number {
  return live.size;
}

let installed = false;

/** Children die with the bench: on exit, and on SIGINT/SIGTERM (which then exit 130/143). */
export function installCleanup(onSignal?: (signal: NodeJS.Signals) => void): void {
  if (installed) return;
  installed = true;
  process.on('exit', killAll);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      onSignal?.(signal);
      killAll();
      process.exit(code);
    });
  }
}

/** Asks a child to stop and waits for it; SIGKILL when it has not gone within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface ReadyMessage {
  type: 'ready';
  port: number;
  [key: string]: unknown;
}

export interface ServerChild<R extends ReadyMessage = ReadyMessage> {
  process: ChildProcess;
  ready: R;
  origin: string;
  /** One request/answer over IPC (e.g. {type: 'memory'}). */
  call<T>(type: string, timeoutMs?: number): Promise<T>;
  output(): string;
  stop(): Promise<void>;
}

export const SERVERS_DIR = fileURLToPath(new URL('./servers/', import.meta.url));

/** Spawns `node <script> ...args` with an IPC channel and waits for its ready message. */
export async function spawnServer<R extends ReadyMessage>(
  script: string,
  args: string[],
  options: {
    timeoutMs?: number;
    env?: NodeJS.ProcessEnv /** Flags for node itself, e.g. --cpu-prof. */;
    nodeArgs?: string[];
  } = {},
): Promise<ServerChild<R>> {
  const child = track(
    spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: options.env ?? process.env,
    }),
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: { id?: number; error?: string }) => {
    if (typeof message?.id !== 'number') return;
    const waiter = pending.get(message.id);
    if (waiter === undefined) return;
    pending.delete(message.id);
    if (message.error !== undefined) waiter.reject(new Error(message.error));
    else waiter.resolve(message);
  });
  child.once('exit', () => {
    for (const waiter of pending.values()) waiter.reject(new Error(`bench server ${script} exited`));
    pending.clear();
  });

  const timeoutMs = options.timeoutMs ?? 60_000;
  const ready = await new Promise<R>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bench server ${script} was not ready within ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    const onMessage = (message: { type?: string }) => {
      if (message?.type !== 'ready') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as R);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`bench server ${script} exited before it was ready (${signal ?? `code ${code}`}):\n${log}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });

  return {
    process: child,
    ready,
    origin: `http://127.0.0.1:${ready.port}`,
    call<T>(type: string, callTimeoutMs = 30_000): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`bench server ${script}: no answer to "${type}" within ${callTimeoutMs} ms`));
        }, callTimeoutMs);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value as T);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        child.send({ id, type });
      });
    },
    output: () => log,
    // A profiled child needs time to write its profile on the way out.
    stop: () => stopChild(child, options.nodeArgs?.length ? 15_000 : 2000),
  };
}
