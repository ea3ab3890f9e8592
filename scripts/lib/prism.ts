// Starts Prism (the project's pinned @stoplight/prism-cli) as a child process and waits until it
// answers. Used by `npm run prism`, `npm run prism:proxy`, the Prism tests and the contract runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const DOCUMENT_FILE = fileURLToPath(new URL('../../openapi/openapi.yaml', import.meta.url));

export interface PrismOptions {
  mode: 'mock' | 'proxy';
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** proxy mode: the server Prism forwards to, with its /v1 base path. */
  upstream?: string;
  /** mock mode: generate bodies from the schemas (json-schema-faker) instead of serving the examples. */
  dynamic?: boolean;
  /** Answer request/response violations with an error instead of only logging them. */
  errors?: boolean;
  /** Where Prism's own log lines go; default: kept in memory (see `output()`). */
  inheritOutput?: boolean;
  timeoutMs?: number;
}

export interface PrismProcess {
  /** Prism's base URL. Prism serves the document's paths at its root (no /v1 prefix). */
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  close(): Promise<void>;
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startPrism(options: PrismOptions): Promise<PrismProcess> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const entry = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
  const args = [entry, options.mode, DOCUMENT_FILE];
  if (options.mode === 'proxy') {
    if (!options.upstream) throw new Error('proxy mode needs an upstream URL');
    args.push(options.upstream);
  }
  args.push('-h', host, '-p', String(port));
  if (options.dynamic) args.push('--dynamic');
  if (options.errors) args.push('--errors');

  // process.execPath: the same (pinned) Node that runs us, whatever `node` is on PATH.
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SCARF_ANALYTICS: 'false' } });
  let log = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    log += text;
    if (options.inheritOutput) process.stdout.write(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const url = `http://${host}:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  // Readiness: Prism prints its routes and then answers HTTP; poll until any answer arrives.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism ${options.mode} exited with code ${child.exitCode}:\n${log}`);
    try {
      await fetch(`${url}/__prism_ready_probe`, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`prism ${options.mode} did not answer on ${url} within ${options.timeoutMs ?? 30_000} ms:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100)); // poll interval for readiness, not a sleep to pass a test
    }
  }

  return {
    url,
    port,
    child,
    output: () => log,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
